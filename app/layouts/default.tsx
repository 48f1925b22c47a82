import { AppShell, Avatar, Burger, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useT } from '#app/lib/use-t.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { NotificationBell } from '#app/components/notification-bell.tsx';
import { LanguageSwitch } from '#app/components/language-switch.tsx';
import { Logo } from '#app/components/logo.tsx';
import { StoreSwitcher } from '#app/components/store-switcher.tsx';
import { mainMenu, visibleMenu } from '#app/lib/menu.ts';
import { LogoutLink, MenuLinks, menuScroll } from '#app/components/menu-links.tsx';
import { requireUser } from '#app/lib/require-user.ts';
import { resolveStoreContext } from '#app/lib/store-scope.server.ts';
import { loadCatalog } from '#common/i18n/load-catalog.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/default';
import { useDefaultLayoutData } from './default-layout-data.ts';
import { defaultLayoutLoader } from './default.server.ts';

export const middleware = [requireUser, resolveStoreContext];

// The logged-in screens' messages, before a navigation into them renders (after a login, say): the
// public pages never load them (decision 020).
const loadDashboardMessages: Route.ClientMiddlewareFunction = async ({ request }) => {
  await loadCatalog(localeFromPath(new URL(request.url).pathname), ['dashboard']);
};
export const clientMiddleware = [loadDashboardMessages];

export const loader = (args: Route.LoaderArgs) => defaultLayoutLoader(args);

function HeaderBell() {
  const data = useDefaultLayoutData();
  return data?.user ? <NotificationBell unread={data.unread} latest={data.latest} /> : null;
}

function UserMenu() {
  const t = useT();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const user = useDefaultLayoutData()?.user;
  if (!user) return null;
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        {/* Named by its content (the visible name, then hidden words), never by an aria-label
            that would not contain what is seen (WCAG 2.5.3). */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size="sm" aria-hidden="true">
              {user.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text fw={600} fz="sm" visibleFrom="xs" data-testid="user-name">
              {user.name}
            </Text>
            <VisuallyHidden>{t('profile.userMenu')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={localizePath('/profile', locale)}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component="a" href={localizePath('/user/logout', locale)} color="red">
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export default function DefaultLayout() {
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const data = useDefaultLayoutData();
  const role = data?.user?.role;
  const menu = visibleMenu(mainMenu, { isStaff: role === 'staff' || role === 'admin', isAdmin: role === 'admin', access: data?.store.access ?? null });
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      data-layout="default"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggleMenu')} />
            <Link to={localizePath('/', locale)} style={{ textDecoration: 'none' }}>
              <Logo size={28} />
              <VisuallyHidden>{t('nav.desk')}</VisuallyHidden>
            </Link>
          </Group>
          <Group gap="md" wrap="nowrap">
            <LanguageSwitch compact />
            <StoreSwitcher store={data?.store.store ?? null} stores={data?.store.stores ?? []} />
            <HeaderBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.mainMenu')}>
        <div className={menuScroll}>
          <MenuLinks items={menu} queues={data?.queues ?? null} onNavigate={close} />
          <LogoutLink />
        </div>
      </AppShell.Navbar>
      <AppShell.Main id="main" bg="gray.0">
        <Outlet />
        <Text c="dimmed" fz="xs" ta="center" mt="xl">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}

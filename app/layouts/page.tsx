import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { appContext } from '#app-context';
import { LanguageSwitch } from '#app/components/language-switch.tsx';
import { Logo } from '#app/components/logo.tsx';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/page';

// Only the session user's name: a visitor's page stays the same for every visitor (page cache).
export function loader({ context }: Route.LoaderArgs) {
  return { userName: context.get(appContext).user?.name ?? null };
}

/** Public content pages (terms): a light header, a readable column, a footer. */
export default function PageLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Box mih="100dvh" bg="gray.0" data-layout="page">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between" wrap="nowrap">
            {/* A logo, not a text link: no underline */}
            <Anchor component={Link} to={localizePath('/', locale)} aria-label={t('app.name')} underline="never" data-testid="page-logo">
              <Logo size={28} />
            </Anchor>
            <Group gap="md" wrap="nowrap">
              {/* Someone logged in goes back to their desk; a visitor is offered the login */}
              {loaderData.userName ? (
                <Group gap={6} wrap="nowrap">
                  <Text fz="sm" visibleFrom="xs" data-testid="page-user">
                    {loaderData.userName}
                  </Text>
                  <Anchor component={Link} to={localizePath('/', locale)} fz="sm" fw={600}>
                    {t('nav.desk')}
                  </Anchor>
                </Group>
              ) : (
                <Anchor component={Link} to={localizePath('/user/login', locale)} fz="sm" fw={600}>
                  {t('nav.login')}
                </Anchor>
              )}
              <LanguageSwitch />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="md" py="xl" component="main" id="main">
        <Outlet />
      </Container>
      <Container size="md" pb="xl" component="footer" c="dimmed" fz="xs">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </Container>
    </Box>
  );
}

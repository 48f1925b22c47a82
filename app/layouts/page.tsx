import { Anchor, Box, Container, Group } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '#app/components/language-switch.tsx';
import { Logo } from '#app/components/logo.tsx';
import { localeFromPath, localizePath } from '#common/locale.ts';

/** Public content pages (terms): a light header, a readable column, a footer. */
export default function PageLayout() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Box mih="100dvh" bg="gray.0" data-layout="page">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Link to={localizePath('/', locale)} aria-label={t('app.name')}>
              <Logo size={28} />
            </Link>
            <Group gap="md" wrap="nowrap">
              <Anchor component={Link} to={localizePath('/user/login', locale)} fz="sm" fw={600}>
                {t('nav.login')}
              </Anchor>
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

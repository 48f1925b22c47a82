import { Center, Group, Paper, Stack } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '#app/components/language-switch.tsx';
import { Logo } from '#app/components/logo.tsx';
import { localeFromPath, localizePath } from '#common/locale.ts';

/** Account screens outside the dashboard (e.g. the landing of a password-reset link). */
export default function UserLayout() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Center mih="100dvh" p="md" bg="gray.0" data-layout="user" component="main" id="main">
      <Stack w="100%" maw={440} gap="md">
        <Group justify="space-between">
          <Link to={localizePath('/user/login', locale)} aria-label={t('app.name')} style={{ textDecoration: 'none' }}>
            <Logo size={30} />
          </Link>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          <Outlet />
        </Paper>
      </Stack>
    </Center>
  );
}

import { Button, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { AuthScreen } from '#app/components/auth-screen.tsx';
import { forwardHeaders } from '#app/lib/headers.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/logout';
import { logoutLoader } from './logout.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.logout');
export const loader = (args: Route.LoaderArgs) => logoutLoader(args);
export const headers = forwardHeaders;

export default function Logout() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <AuthScreen title={t('auth.logoutTitle')}>
      <Text>{t('auth.logoutText')}</Text>
      <Button component={Link} to={localizePath('/user/login', locale)} fullWidth size="md">
        {t('auth.backToLogin')}
      </Button>
    </AuthScreen>
  );
}

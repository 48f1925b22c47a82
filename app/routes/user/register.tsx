import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthScreen } from '#app/components/auth-screen.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.register');

export default function Register() {
  const { t } = useTranslation();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <AuthScreen title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <Text c="dimmed">{t('auth.comingSoon')}</Text>
      <Text ta="center" fz="sm">
        {t('auth.haveAccount')}{' '}
        <Anchor component={Link} to={localizePath('/user/login', locale)} fw={600}>
          {t('nav.login')}
        </Anchor>
      </Text>
    </AuthScreen>
  );
}

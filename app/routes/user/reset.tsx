import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthScreen } from '#app/components/auth-screen.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/reset';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.reset');

export default function Reset() {
  const { t } = useTranslation();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <AuthScreen title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      <Text c="dimmed">{t('auth.comingSoon')}</Text>
      <Anchor component={Link} to={localizePath('/user/login', locale)} ta="center" fz="sm" fw={600}>
        {t('auth.backToLogin')}
      </Anchor>
    </AuthScreen>
  );
}

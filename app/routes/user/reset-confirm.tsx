import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/reset-confirm';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.reset');

export default function ResetConfirm() {
  const { t } = useTranslation();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('auth.resetTitle')}
      </Title>
      <Text c="dimmed">{t('auth.comingSoon')}</Text>
      <Anchor component={Link} to={localizePath('/user/login', locale)} fw={600}>
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}

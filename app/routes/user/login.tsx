import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { AuthScreen } from '#app/components/auth-screen.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.login');

export default function Login() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  return (
    <AuthScreen title={t('auth.welcome')} subtitle={t('auth.subtitle')}>
      <Form method="post" noValidate>
        <Stack gap="md">
          <TextInput
            name="email"
            type="email"
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            autoComplete="email"
            required
          />
          <PasswordInput
            name="password"
            label={t('auth.password')}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={localizePath('/user/reset', locale)} fz="sm">
              {t('auth.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md">
            {t('auth.submit')}
          </Button>
        </Stack>
      </Form>
      <Text ta="center" fz="sm">
        {t('auth.noAccount')}{' '}
        <Anchor component={Link} to={localizePath('/user/register', locale)} fw={600}>
          {t('auth.register')}
        </Anchor>
      </Text>
    </AuthScreen>
  );
}

import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { AuthScreen } from '#app/components/auth-screen.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { forwardHeaders } from '#app/lib/headers.ts';
import { publicPageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/login';
import { loginAction, loginLoader } from './login.server.ts';
import { sharedRender } from '#app/lib/shared-render.ts';

export const meta: Route.MetaFunction = (args) => publicPageMeta(args, 'page.login');
// The same page for every visitor who is not logged in: served from the page cache.
export const handle = sharedRender;
export const loader = (args: Route.LoaderArgs) => loginLoader(args);
export const headers = forwardHeaders;
export const action = (args: Route.ActionArgs) => loginAction(args);

export default function Login({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { pathname, search } = useLocation();
  const locale = localeFromPath(pathname);
  const { fieldError, formError, value, formProps } = useFormResult(); // no schema: zod stays off the login page (< 200 kB); a fixed field's error is just cleared
  const busy = useSending();
  return (
    <AuthScreen title={t('auth.welcome')} subtitle={t('auth.subtitle')}>
      <FormAlert error={formError} notice={loaderData.notice ? t(loaderData.notice) : undefined} />
      <Form method="post" action={`${pathname}${search}`} noValidate {...formProps}>
        <Stack gap="md">
          <TextInput
            name="email"
            type="email"
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            autoComplete="email"
            defaultValue={value('email')}
            error={fieldError('email')}
            required
          />
          <PasswordInput
            name="password"
            label={t('auth.password')}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            error={fieldError('password')}
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={localizePath('/user/reset', locale)} fz="sm">
              {t('auth.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={busy}>
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

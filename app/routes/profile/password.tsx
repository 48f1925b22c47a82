import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { Form, useLocation, useSearchParams } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { ProfileNav } from '#app/components/profile-nav.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { ChangePasswordSchema } from '#common/schemas/user.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/password';
import { changePasswordAction } from './profile.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.profilePassword');
export const action = (args: Route.ActionArgs) => changePasswordAction(args);

export default function ChangePassword() {
  const t = useT();
  const { fieldError, formError, formProps, result } = useFormResult(ChangePasswordSchema);
  const busy = useSending();
  // Set by the action's redirect after a change: this session was kept (under a new id), the others ended.
  const changed = useSearchParams()[0].get('notice') === 'changed';
  // Emptied when the change's redirect arrives (no action answer), so the passwords typed are gone;
  // a refused try (an action answer, under a new location key too) keeps what was typed.
  const { key } = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const answered = Boolean(result);
  useEffect(() => {
    if (changed && !answered) form.current?.reset();
  }, [key, changed, answered]);
  return (
    <>
      <PageHeader title={t('page.profilePassword')} />
      <ProfileNav />
      <Paper withBorder p="lg" radius="md" maw={480}>
        <FormAlert error={formError} notice={changed ? t('auth.passwordChangedKept') : undefined} />
        <Form ref={form} method="post" noValidate {...formProps}>
          <Stack gap="md">
            <PasswordInput name="currentPassword" label={t('auth.currentPassword')} autoComplete="current-password" error={fieldError('currentPassword')} required />
            <PasswordInput name="password" label={t('auth.newPassword')} description={t('auth.passwordHint')} autoComplete="new-password" error={fieldError('password')} required />
            <PasswordInput name="passwordRepeat" label={t('auth.passwordRepeat')} autoComplete="new-password" error={fieldError('passwordRepeat')} required />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('profile.changePassword')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </>
  );
}

import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { FormAlert } from '#app/components/form-alert.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { NewPasswordSchema } from '#common/schemas/user.ts';
import { forwardHeaders } from '#app/lib/headers.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/reset-confirm';
import { resetConfirmAction, resetConfirmLoader } from './reset-confirm.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.resetConfirm');
export const loader = (args: Route.LoaderArgs) => resetConfirmLoader(args);
export const headers = forwardHeaders;
export const action = (args: Route.ActionArgs) => resetConfirmAction(args);

/** The landing of the e-mailed link (user layout). */
export default function ResetConfirm({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { fieldError, formError, formProps } = useFormResult(NewPasswordSchema);
  const busy = useSending();
  if (loaderData.status !== 'valid') {
    return (
      <Stack>
        <Title order={1} fz={24}>
          {t('auth.resetNewTitle')}
        </Title>
        <FormAlert error={t(`auth.reset.${loaderData.status}`)} />
        <Anchor component={Link} to={localizePath('/user/reset', locale)} fw={600}>
          {t('auth.requestNewLink')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1} fz={24}>
        {t('auth.resetNewTitle')}
      </Title>
      <Text c="dimmed">{t('auth.passwordHint')}</Text>
      <FormAlert error={formError} />
      <Form method="post" noValidate {...formProps}>
        <input type="hidden" name="token" value={loaderData.token} />
        <Stack gap="md">
          <PasswordInput name="password" label={t('auth.newPassword')} autoComplete="new-password" error={fieldError('password')} required />
          <PasswordInput name="passwordRepeat" label={t('auth.passwordRepeat')} autoComplete="new-password" error={fieldError('passwordRepeat')} required />
          <Button type="submit" fullWidth loading={busy}>
            {t('auth.resetSave')}
          </Button>
        </Stack>
      </Form>
    </Stack>
  );
}

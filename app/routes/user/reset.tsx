import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { AuthScreen } from '#app/components/auth-screen.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { ResetRequestSchema } from '#common/schemas/user.ts';
import { forwardHeaders } from '#app/lib/headers.ts';
import { publicPageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/reset';
import { resetAction } from './reset.server.ts';
import { sharedRender } from '#app/lib/shared-render.ts';

export const meta: Route.MetaFunction = (args) => publicPageMeta(args, 'page.reset');
// The same page for every visitor who is not logged in: served from the page cache.
export const handle = sharedRender;
export const headers = forwardHeaders;
export const action = (args: Route.ActionArgs) => resetAction(args);

export default function Reset() {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { fieldError, formError, notice, value, formProps } = useFormResult(ResetRequestSchema);
  const busy = useSending();
  return (
    <AuthScreen title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      <FormAlert error={formError} notice={notice} />
      <Form method="post" noValidate {...formProps}>
        <Stack gap="md">
          <TextInput name="email" type="email" label={t('auth.email')} placeholder={t('auth.emailPlaceholder')} autoComplete="email" defaultValue={value('email')} error={fieldError('email')} required />
          <Button type="submit" fullWidth size="md" loading={busy}>
            {t('auth.resetSubmit')}
          </Button>
        </Stack>
      </Form>
      <Anchor component={Link} to={localizePath('/user/login', locale)} ta="center" fz="sm" fw={600}>
        {t('auth.backToLogin')}
      </Anchor>
    </AuthScreen>
  );
}

import { Alert, Anchor, Button, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useLocation } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PersonalDataFields } from '#app/components/personal-data-fields.tsx';
import { TermsCheckbox } from '#app/components/terms-checkbox.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { forwardHeaders } from '#app/lib/headers.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/invitation';
import { invitationAction, invitationLoader } from './invitation.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'invitation.title');
export const loader = (args: Route.LoaderArgs) => invitationLoader(args);
export const headers = forwardHeaders;
export const action = (args: Route.ActionArgs) => invitationAction(args);

/** The landing of an invitation's e-mail (user layout): the store, the role and who invited; then join, log in or make an account. */
export default function InvitationLanding({ loaderData: { view, token, loginHref } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { fieldError, formError, value, formProps, result } = useFormResult();
  const busy = useSending();
  const heading = (
    <Title order={1} fz={24}>
      {t('invitation.title')}
    </Title>
  );
  if (view.status !== 'valid') {
    return (
      <Stack data-testid="invitation-refused" data-status={view.status}>
        {heading}
        <FormAlert error={t(`invitation.${view.status}`)} />
        <Anchor component={Link} to={localizePath('/user/login', locale)} fw={600}>
          {t('invitation.toLogin')}
        </Anchor>
      </Stack>
    );
  }
  const role = t(`invitation.roles.${view.role}`);
  return (
    <Stack data-testid="invitation" data-visitor={view.visitor}>
      {heading}
      <Text>{view.inviter ? t('invitation.lead', { inviter: view.inviter, store: view.storeName }) : t('invitation.leadAnonymous', { store: view.storeName })}</Text>
      <List size="sm" spacing={4} listStyleType="none">
        <List.Item>
          <Text component="span" fw={600}>
            {t('invitation.role')}:
          </Text>{' '}
          <span data-testid="invitation-role">{role}</span>
        </List.Item>
        <List.Item>
          <Text component="span" fw={600}>
            {t('invitation.for')}:
          </Text>{' '}
          <span style={{ wordBreak: 'break-all' }}>{view.email}</span>
        </List.Item>
        <List.Item>
          <Text component="span" fw={600}>
            {t('invitation.expires')}:
          </Text>{' '}
          {formatDate(view.expiresAt, locale, true)}
        </List.Item>
      </List>
      <FormAlert error={formError} />
      {view.visitor === 'invitee' ? (
        <ConfirmButton
          intent="join"
          fields={{ token }}
          label={t('invitation.join')}
          title={t('invitation.joinTitle', { store: view.storeName })}
          message={t('invitation.joinText', { role })}
          confirmLabel={t('invitation.joinConfirm')}
          color="brand"
          variant="filled"
          confirmColor="brand"
          fullWidth
          size="md"
          data-testid="join"
        />
      ) : null}
      {view.visitor === 'otherAccount' ? (
        <Alert color="yellow" variant="light" data-testid="other-account">
          <Stack gap="xs">
            <Text size="sm">{t('invitation.otherAccount', { email: view.email })}</Text>
            <Anchor href={localizePath('/user/logout', locale)} fw={600}>
              {t('invitation.logout')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {view.visitor === 'hasAccount' ? (
        <Stack gap="sm">
          <Text size="sm">{t('invitation.loginText', { email: view.email })}</Text>
          <Button component={Link} to={loginHref} fullWidth size="md" data-testid="invitation-login">
            {t('invitation.login')}
          </Button>
        </Stack>
      ) : null}
      {view.visitor === 'newAccount' ? (
        <Form method="post" noValidate {...formProps} data-testid="invitation-register">
          <input type="hidden" name="intent" value="register" />
          <input type="hidden" name="token" value={token} />
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('invitation.newAccountTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('invitation.newAccountText', { email: view.email })}
            </Text>
            <TextInput label={t('auth.email')} value={view.email} readOnly autoComplete="email" />
            <PasswordInput name="password" label={t('auth.password')} description={t('auth.passwordHint')} autoComplete="new-password" error={fieldError('password')} required />
            <PasswordInput name="passwordRepeat" label={t('auth.passwordRepeat')} autoComplete="new-password" error={fieldError('passwordRepeat')} required />
            <PersonalDataFields values={{ country: 'Ecuador', ...result?.values }} error={fieldError} />
            <TermsCheckbox checked={value('terms') === 'on'} error={fieldError('terms')} />
            <Button type="submit" fullWidth size="md" loading={busy} data-testid="create-and-join">
              {t('invitation.createAndJoin')}
            </Button>
          </Stack>
        </Form>
      ) : null}
    </Stack>
  );
}

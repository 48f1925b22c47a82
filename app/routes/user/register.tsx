import { Anchor, Box, Button, PasswordInput, Stack, Stepper, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useFetcher, useLocation, useSubmit } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { AuthScreen } from '#app/components/auth-screen.tsx';
import { BotCheck, type BotCheckHandle } from '#app/components/bot-check.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PersonalDataFields } from '#app/components/personal-data-fields.tsx';
import { TermsCheckbox } from '#app/components/terms-checkbox.tsx';
import { type FormResult, useFormResult } from '#app/lib/form-result.ts';
import { forwardHeaders } from '#app/lib/headers.ts';
import { publicPageMeta } from '#app/lib/meta.ts';
import { type FieldErrors, formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { CredentialsSchema, RegisterSchema } from '#common/schemas/user.ts';
import type { Route } from './+types/register';
import { registerAction, registerLoader } from './register.server.ts';
import { sharedRender } from '#app/lib/shared-render.ts';

export const meta: Route.MetaFunction = (args) => publicPageMeta(args, 'page.register');
// The same page for every visitor who is not logged in: served from the page cache.
export const handle = sharedRender;
export const loader = (args: Route.LoaderArgs) => registerLoader(args);
export const headers = forwardHeaders;
export const action = (args: Route.ActionArgs) => registerAction(args);

const STEP_ONE_FIELDS = ['email', 'password', 'passwordRepeat'];

export default function Register({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const submit = useSubmit();
  const sending = useSending();
  // Browser checks, server answers and the fixing of a field share one error state (useFormResult).
  const { result, setErrors, fieldError, formError, value, formProps } = useFormResult(RegisterSchema);
  const form = useRef<HTMLFormElement>(null);
  const botCheck = useRef<BotCheckHandle>(null);
  const [step, setStep] = useState(0);
  const [checking, setChecking] = useState(false);
  // Step 1 asks the server whether the e-mail is free before moving on (intent=check-email).
  const emailCheck = useFetcher<FormResult>();
  const [focusRequest, setFocusRequest] = useState(0);

  // A server answer about the first step's fields takes the user back to it.
  const [answered, setAnswered] = useState(result);
  if (result !== answered) {
    setAnswered(result);
    if (Object.keys(result?.errors ?? {}).some((field) => STEP_ONE_FIELDS.includes(field))) setStep(0);
  }
  const [emailAnswer, setEmailAnswer] = useState(emailCheck.data);
  if (emailCheck.data !== emailAnswer) {
    setEmailAnswer(emailCheck.data);
    const taken = emailCheck.data?.errors;
    if (taken && Object.keys(taken).length > 0) {
      setErrors((current) => ({ ...current, ...taken }));
      setFocusRequest((count) => count + 1);
    } else if (emailCheck.data && !emailCheck.data.formError) {
      setStep(1);
    }
  }
  // Any answer spends the proof of work: the next try solves a new challenge.
  useEffect(() => {
    if (result) botCheck.current?.reset();
  }, [result]);
  // The cursor goes to the first field with a problem once the render has marked it (aria-invalid).
  useEffect(() => {
    if (focusRequest) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const error = fieldError;
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    setFocusRequest((count) => count + 1);
  };

  // Leaving step 1: its fields by the shared schema here, then the e-mail's availability there.
  const next = () => {
    const values = formValues(new FormData(form.current!));
    const parsed = parseWith(CredentialsSchema, values);
    if (!parsed.ok) return showErrors(parsed.errors);
    setErrors({});
    void emailCheck.submit({ intent: 'check-email', email: values.email ?? '' }, { method: 'post' });
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 0) return next();
    // Leaving step 2: the whole form by the shared schema before the (slow) bot check runs.
    const parsed = parseWith(RegisterSchema, formValues(new FormData(form.current!)));
    if (!parsed.ok) {
      if (Object.keys(parsed.errors).some((field) => STEP_ONE_FIELDS.includes(field))) setStep(0);
      return showErrors(parsed.errors);
    }
    setChecking(true);
    const solved = await botCheck.current?.solve().catch(() => false);
    setChecking(false);
    // An unsolved check still goes to the server, which refuses it with the robot message.
    void solved;
    void submit(form.current!, { method: 'post' });
  };

  const busy = checking || sending;
  return (
    <AuthScreen title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <FormAlert error={emailCheck.data?.formError ? String(t(emailCheck.data.formError.key, (emailCheck.data.formError.vars ?? {}) as never)) : formError} />
      <Form method="post" ref={form} onSubmit={onSubmit} noValidate {...formProps}>
        {/* The card is too narrow for the descriptions on one line: only screen readers get them. */}
        <Stepper active={step} size="sm" mb="lg" allowNextStepsSelect={false} onStepClick={setStep}>
          <Stepper.Step label={t('auth.stepAccount')} description={<VisuallyHidden>{t('auth.stepAccountText')}</VisuallyHidden>} />
          <Stepper.Step label={t('auth.stepPersonal')} description={<VisuallyHidden>{t('auth.stepPersonalText')}</VisuallyHidden>} />
        </Stepper>
        {/* Both steps stay in the form: going back never loses what was typed. */}
        <Box display={step === 0 ? 'block' : 'none'} data-step="1">
          <Stack gap="md">
            <TextInput name="email" type="email" label={t('auth.email')} placeholder={t('auth.emailPlaceholder')} autoComplete="email" defaultValue={value('email')} error={error('email')} required />
            <PasswordInput name="password" label={t('auth.password')} description={t('auth.passwordHint')} autoComplete="new-password" error={error('password')} required />
            <PasswordInput name="passwordRepeat" label={t('auth.passwordRepeat')} autoComplete="new-password" error={error('passwordRepeat')} required />
            <Button onClick={next} fullWidth size="md" loading={emailCheck.state !== 'idle'}>
              {t('auth.next')}
            </Button>
          </Stack>
        </Box>
        <Box display={step === 1 ? 'block' : 'none'} data-step="2">
          <Stack gap="md">
            <PersonalDataFields values={{ country: 'Ecuador', ...result?.values }} error={error} />
            <TermsCheckbox checked={value('terms') === 'on'} error={error('terms')} />
            <BotCheck ref={botCheck} config={loaderData.botCheck} language={locale} />
            {checking ? (
              <Text fz="sm" c="dimmed" role="status">
                {t('auth.botChecking')}
              </Text>
            ) : null}
            {/* Full width, the main action first: side by side they do not fit the card's width. */}
            <Stack gap="sm">
              <Button type="submit" fullWidth size="md" loading={busy}>
                {t('auth.createAccount')}
              </Button>
              <Button variant="default" onClick={() => setStep(0)} fullWidth size="md">
                {t('auth.back')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </Form>
      <Text ta="center" fz="sm">
        {t('auth.haveAccount')}{' '}
        <Anchor component={Link} to={localizePath('/user/login', locale)} fw={600}>
          {t('nav.login')}
        </Anchor>
      </Text>
    </AuthScreen>
  );
}

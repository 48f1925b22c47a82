import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { EmailCheckSchema, RegisterSchema } from '#common/schemas/user.ts';
import type { Services } from '#server/services.ts';
import { echo, failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { sessionCookie } from '#server/modules/auth/session.service.ts';
import { BOT_CHECK_CHALLENGE_PATH } from '#server/captcha/bot-check.ts';

export function registerLoader({ request, context }: LoaderFunctionArgs) {
  const { user, botCheck } = context.get(appContext);
  if (user) throw redirect(localizePath('/', localeFromPath(new URL(request.url).pathname)));
  return {
    botCheck:
      botCheck.kind === 'altcha'
        ? ({ kind: 'altcha', challengeUrl: BOT_CHECK_CHALLENGE_PATH } as const)
        : ({ kind: 'recaptcha', siteKey: botCheck.siteKey } as const),
  };
}

/** Step 1's question "is this e-mail free?" (the trade-off: auth.service's assertEmailFree). */
async function checkEmail(services: Services, values: Record<string, string>, ip: string) {
  const parsed = parseWith(EmailCheckSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services.auth.assertEmailFree(parsed.data.email, ip);
  } catch (error) {
    return failure(error, values);
  }
  return data<FormResult>({ values: echo(values) });
}

export async function registerAction({ request, context }: LoaderFunctionArgs) {
  const { services, ip, config, botCheck } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const values = formValues(await readForm(request));
  if (values.intent === 'check-email') return checkEmail(services, values, ip);
  try {
    await services.auth.guardRegistration(ip);
  } catch (error) {
    return failure(error, values);
  }
  const parsed = parseWith(RegisterSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  const human = botCheck.kind === 'altcha' ? await botCheck.verify(values.altcha) : await botCheck.verify(values.recaptchaToken, ip);
  if (!human) return data<FormResult>({ formError: { key: 'auth.robot' }, values: echo(values) }, { status: 400 });
  try {
    const { token } = await services.auth.register(parsed.data, { locale });
    return redirect(`${localizePath('/', locale)}?welcome=1`, { headers: { 'Set-Cookie': sessionCookie(config, token) } });
  } catch (error) {
    return failure(error, values);
  }
}

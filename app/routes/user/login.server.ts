import { type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { formValues, parseWith } from '#common/forms.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { safeRedirect } from '#common/safe-redirect.ts';
import { LoginSchema } from '#common/schemas/user.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import { services } from '#app/lib/services.server.ts';
import { sessionCookie } from '#server/modules/auth/session.service.ts';

const NOTICES: Record<string, MessageKey> = {
  deleted: 'auth.accountDeleted',
  password: 'auth.passwordChangedLogin',
  reset: 'auth.resetDone',
};

function destination(request: Request): string {
  const url = new URL(request.url);
  return safeRedirect(url.searchParams.get('redirect'), localizePath('/', localeFromPath(url.pathname)));
}

export function loginLoader({ request, context }: LoaderFunctionArgs) {
  if (context.get(appContext).user) throw redirect(destination(request));
  const notice = new URL(request.url).searchParams.get('notice') ?? '';
  return { notice: NOTICES[notice] ?? null };
}

export async function loginAction({ request, context }: LoaderFunctionArgs) {
  const { ip, config } = context.get(appContext);
  const values = formValues(await readForm(request));
  const parsed = parseWith(LoginSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    const { token } = await services(context).auth.login(parsed.data, { ip });
    return redirect(destination(request), { headers: { 'Set-Cookie': sessionCookie(config, token) } });
  } catch (error) {
    return failure(error, values);
  }
}

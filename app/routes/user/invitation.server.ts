import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { InvitationAccountSchema } from '#common/schemas/staff.ts';
import { echo, failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { sessionCookie } from '#server/modules/auth/session.service.ts';

// `/user/invitation?token=…` (issue 38 §2): the landing of an invitation's e-mail. Its answer holds
// the token and the invitee's address: never kept by a cache.
const NO_STORE = { 'Cache-Control': 'no-store' };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token')?.slice(0, 200) ?? '';

export async function invitationLoader({ request, context }: LoaderFunctionArgs) {
  const { services, user } = context.get(appContext);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const token = tokenOf(request);
  const view = await services.staff.viewInvitation(token, user ? { email: user.email } : null);
  // Back here after logging in (the login screen takes same-site paths only).
  const here = `${localizePath('/user/invitation', locale)}?token=${encodeURIComponent(token)}`;
  return data(
    {
      view,
      token: view.status === 'valid' ? token : '',
      loginHref: `${localizePath('/user/login', locale)}?redirect=${encodeURIComponent(here)}`,
      signedInAs: user?.email ?? null,
    },
    { headers: NO_STORE },
  );
}

export async function invitationAction({ request, context }: LoaderFunctionArgs) {
  const { services, user, sessionToken, ip, config } = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const values = formValues(await readForm(request));
  const token = values.token ?? '';
  const landing = localizePath('/store', locale);
  try {
    if (values.intent === 'join') {
      if (!user) return data<FormResult>({ formError: { key: 'invitation.hasAccount' } }, { status: 401, headers: NO_STORE });
      await services.staff.acceptInvitation(token, user, { sessionToken });
      return redirect(landing, { headers: NO_STORE });
    }
    if (values.intent === 'register') {
      // The account's address is the invitation's, whatever the form says: the link proves it is theirs.
      const view = await services.staff.viewInvitation(token, null);
      if (view.status !== 'valid') return data<FormResult>({ formError: { key: `invitation.${view.status}` }, values: echo(values) }, { status: view.status === 'invalid' ? 400 : 410, headers: NO_STORE });
      const parsed = parseWith(InvitationAccountSchema, { ...values, email: view.email });
      if (!parsed.ok) return invalid(parsed.errors, values);
      const { sessionToken: made } = await services.staff.acceptWithNewAccount(token, parsed.data, { locale, ip });
      return redirect(landing, { headers: { ...NO_STORE, 'Set-Cookie': sessionCookie(config, made) } });
    }
  } catch (error) {
    return failure(error, values);
  }
  return data<FormResult>({ formError: { key: 'error.generic' } }, { status: 400 });
}

import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { isNotificationKind } from '#common/enums/accounts.ts';
import { ChangePasswordSchema, ProfileSchema } from '#common/schemas/user.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { clearedSessionCookie, sessionCookie } from '#server/modules/auth/session.service.ts';
import { services } from '#app/lib/services.server.ts';

const localized = (request: Request, path: string) => localizePath(path, localeFromPath(new URL(request.url).pathname));

export async function profileLoader({ context }: LoaderFunctionArgs) {
  const profile = await services(context).users.getProfile({ userId: currentUser(context).id });
  return {
    profile: {
      email: profile.email,
      name: profile.name,
      lastname: profile.lastname,
      documentType: profile.documentType,
      documentNumber: profile.documentNumber,
      phone: profile.phone,
      address: profile.address,
      country: profile.country,
      state: profile.state,
      city: profile.city,
      zip: profile.zip,
      lockerCode: profile.lockerCode ?? '',
      emailNotifications: profile.emailNotifications,
      // Staff are also offered the back office's queues (new tickets, consolidation requests).
      isStaff: profile.role !== 'client',
    },
  };
}

export async function updateProfileAction({ request, context }: LoaderFunctionArgs) {
  const values = formValues(await readForm(request));
  const parsed = parseWith(ProfileSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).users.updateProfile({ userId: currentUser(context).id }, parsed.data);
  } catch (error) {
    // A cédula another account has: said on its field, what was typed kept.
    return failure(error, values);
  }
  throw redirect(`${localized(request, '/profile')}?notice=updated`);
}

export async function changePasswordAction({ request, context }: LoaderFunctionArgs) {
  const { config } = context.get(appContext);
  const values = formValues(await readForm(request));
  const parsed = parseWith(ChangePasswordSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  let token: string;
  try {
    token = await services(context).users.changePassword({ userId: currentUser(context).id }, parsed.data);
  } catch (error) {
    return failure(error, values);
  }
  // The other sessions are gone; this one continues under a new id (the old cookie value is dead).
  throw redirect(`${localized(request, '/profile/password')}?notice=changed`, { headers: { 'Set-Cookie': sessionCookie(config, token) } });
}

export async function notificationsAction({ request, context }: LoaderFunctionArgs) {
  const form = await readForm(request);
  const kinds = form.getAll('kind').filter(isNotificationKind);
  await services(context).users.setEmailNotifications({ userId: currentUser(context).id }, kinds);
  return data<FormResult>({ notice: 'record.updated' });
}

export async function deleteAccountAction({ request, context }: LoaderFunctionArgs) {
  const { config } = context.get(appContext);
  const values = formValues(await readForm(request));
  // As the store's deletion (issue 20 §6): the button first asks to check (`intent=check`) the
  // password, and only when it is right does the screen ask the last question, whose answer sends
  // `intent=delete` (checked again). Without JavaScript the form deletes at once, the password typed.
  if (values.intent === 'check') {
    try {
      await services(context).users.confirmPassword({ userId: currentUser(context).id }, values.password ?? '');
    } catch (error) {
      return failure(error, values);
    }
    return { confirm: true, values: {} } satisfies FormResult;
  }
  try {
    await services(context).users.deleteAccount({ userId: currentUser(context).id }, values.password ?? '');
  } catch (error) {
    return failure(error, values);
  }
  throw redirect(`${localized(request, '/user/login')}?notice=deleted`, { headers: { 'Set-Cookie': clearedSessionCookie(config) } });
}

import { type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { NewPasswordSchema } from '#common/schemas/user.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import { services } from '#app/lib/services.server.ts';

export async function resetConfirmLoader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const status = token ? await services(context).auth.checkResetToken(token) : 'invalid';
  return { token: status === 'valid' ? token : '', status };
}

export async function resetConfirmAction({ request, context }: LoaderFunctionArgs) {
  const values = formValues(await readForm(request));
  const parsed = parseWith(NewPasswordSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).auth.resetPassword(parsed.data);
  } catch (error) {
    return failure(error, values);
  }
  throw redirect(`${localizePath('/user/login', localeFromPath(new URL(request.url).pathname))}?notice=reset`);
}

import { data, type LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath } from '#common/locale.ts';
import { ResetRequestSchema } from '#common/schemas/user.ts';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';

export async function resetAction({ request, context }: LoaderFunctionArgs) {
  const { services, ip } = context.get(appContext);
  const values = formValues(await readForm(request));
  const parsed = parseWith(ResetRequestSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services.auth.requestPasswordReset(parsed.data.email, {
      locale: localeFromPath(new URL(request.url).pathname),
      ip,
    });
  } catch (error) {
    return failure(error, values);
  }
  // The same answer whether the account exists or not.
  return data<FormResult>({ notice: 'auth.resetSent', values: {} });
}

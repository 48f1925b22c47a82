import { type LoaderFunctionArgs, redirect } from 'react-router';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { PackageEditSchema } from '#common/schemas/casillero.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';

// The back office's detail screens (`?id=`, decision 016). The back-office layout's middleware lets
// only staff and admins in; an unknown, malformed or huge id is the 404 screen.

export async function packageShowLoader({ request, context }: LoaderFunctionArgs) {
  return { pkg: await orNotFound(services(context).packages.getPackageForStaff({ id: recordId(request) })) };
}

export async function packageShowAction({ request, context }: LoaderFunctionArgs) {
  const id = recordId(request);
  const staff = currentUser(context);
  const locale = localeFromPath(new URL(request.url).pathname);
  const values = formValues(await readForm(request));
  const parsed = parseForm(PackageEditSchema, values, locale);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).packages.updatePackageForStaff({ id, staffId: staff.id }, parsed.data);
    return redirect(`${localizePath('/admin/package/show', locale)}?id=${id}&notice=updated`);
  } catch (error) {
    return failure(error, values);
  }
}

export async function clientShowLoader({ request, context }: LoaderFunctionArgs) {
  return orNotFound(services(context).desk.clientOverview({ id: recordId(request) }));
}

export async function alertShowLoader({ request, context }: LoaderFunctionArgs) {
  return { alert: await orNotFound(services(context).alerts.getAlertForStaff({ id: recordId(request) })) };
}

import { type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { ConsolidationListQuery, ConsolidationStatusInputSchema } from '#common/schemas/consolidation.ts';
import { currentStaff } from '#app/lib/current-user.server.ts';
import { failure, invalid, orNotFound } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';

// Back office: staff and admin only; anyone else gets the 404 of an unknown page.
export async function adminConsolidationListLoader({ request, context }: LoaderFunctionArgs) {
  currentStaff(context);
  const query = parseListQuery(ConsolidationListQuery, new URL(request.url));
  return { query, page: await services(context).consolidations.listAllConsolidations(query) };
}

export async function adminConsolidationShowLoader({ request, context }: LoaderFunctionArgs) {
  currentStaff(context);
  return orNotFound(services(context).consolidations.getConsolidationForStaff({ id: recordId(request) }));
}

export async function adminConsolidationShowAction({ request, context }: LoaderFunctionArgs) {
  currentStaff(context);
  const id = recordId(request);
  const values = formValues(await request.formData());
  const parsed = parseWith(ConsolidationStatusInputSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).consolidations.changeConsolidationStatus({ id }, parsed.data);
    return redirect(`${localizePath('/admin/consolidate/show', localeFromPath(new URL(request.url).pathname))}?id=${id}&notice=updated`);
  } catch (error) {
    return failure(error, values);
  }
}

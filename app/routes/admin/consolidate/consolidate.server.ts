import { type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues } from '#common/forms.ts';
import { parseForm } from '#common/form-parse.ts';
import { parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { ConsolidationListQuery, ConsolidationShipInputSchema, ConsolidationStatusInputSchema } from '#common/schemas/consolidation.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';

// Back office: the back-office layout's middleware lets only staff and admins in.
export async function adminConsolidationListLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(ConsolidationListQuery, new URL(request.url));
  return { query, page: await services(context).consolidations.listAllConsolidations(query) };
}

export async function adminConsolidationShowLoader({ request, context }: LoaderFunctionArgs) {
  return orNotFound(services(context).consolidations.getConsolidationForStaff({ id: recordId(request) }));
}

export async function adminConsolidationShowAction({ request, context }: LoaderFunctionArgs) {
  const id = recordId(request);
  const values = formValues(await readForm(request));
  // Shipping asks for the final figures, typed in the page's language ("3,2" lb on a Spanish page).
  const schema = values.status === 'shipped' ? ConsolidationShipInputSchema : ConsolidationStatusInputSchema;
  const parsed = parseForm(schema, values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).consolidations.changeConsolidationStatus({ id }, parsed.data);
    return redirect(`${localizePath('/admin/consolidate/show', localeFromPath(new URL(request.url).pathname))}?id=${id}&notice=updated`);
  } catch (error) {
    return failure(error, values);
  }
}

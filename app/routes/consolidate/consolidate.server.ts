import { type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { ConsolidationChoiceQuery, ConsolidationInputSchema, ConsolidationListQuery } from '#common/schemas/consolidation.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';

const here = (request: Request, path: string) => localizePath(path, localeFromPath(new URL(request.url).pathname));

export async function consolidationListLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(ConsolidationListQuery, new URL(request.url));
  const page = await services(context).consolidations.listConsolidations({ userId: currentUser(context).id }, query);
  return { query, page };
}

export async function consolidationNewLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = ConsolidationChoiceQuery.parse(Object.fromEntries(url.searchParams));
  return { query, ...(await services(context).consolidations.consolidationDraft({ userId: currentUser(context).id }, query)) };
}

export async function consolidationNewAction({ request, context }: LoaderFunctionArgs) {
  const formData = await readForm(request);
  // Each ticked box is one `packageIds` field; the echo keeps them ticked if the form comes back.
  const packageIds = formData.getAll('packageIds').map(String);
  const values = { ...formValues(formData), packageIds: packageIds.join(',') };
  const parsed = parseWith(ConsolidationInputSchema, { ...values, packageIds });
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    const id = await services(context).consolidations.createConsolidation({ userId: currentUser(context).id }, parsed.data);
    return redirect(`${here(request, '/consolidate/show')}?id=${id}&notice=created`);
  } catch (error) {
    return failure(error, values);
  }
}

export async function consolidationShowLoader({ request, context }: LoaderFunctionArgs) {
  return orNotFound(services(context).consolidations.getConsolidation({ userId: currentUser(context).id, id: recordId(request) }));
}

export async function consolidationShowAction({ request, context }: LoaderFunctionArgs) {
  const owner = { userId: currentUser(context).id, id: recordId(request) };
  const values = formValues(await readForm(request));
  try {
    if (values.intent !== 'cancel') return invalid({ form: 'validation.invalid' }, values);
    await services(context).consolidations.cancelConsolidation(owner);
    return redirect(`${here(request, '/consolidate/show')}?id=${owner.id}&notice=updated`);
  } catch (error) {
    return failure(error, values);
  }
}

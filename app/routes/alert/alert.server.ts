import { type LoaderFunctionArgs, redirect } from 'react-router';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { AlertInputSchema, AlertListQuery } from '#common/schemas/casillero.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';

const here = (request: Request, path: string) => localizePath(path, localeFromPath(new URL(request.url).pathname));

export async function alertListLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(AlertListQuery, new URL(request.url));
  const page = await services(context).alerts.listAlerts({ userId: currentUser(context).id }, query);
  return { query, page };
}

export async function alertListAction({ request, context }: LoaderFunctionArgs) {
  const values = formValues(await readForm(request));
  const parsed = parseForm(AlertInputSchema, values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return invalid(parsed.errors, { ...values, intent: 'create' });
  try {
    const id = await services(context).alerts.createAlert({ userId: currentUser(context).id }, parsed.data);
    return redirect(`${here(request, '/alert/show')}?id=${id}&notice=created`);
  } catch (error) {
    return failure(error, { ...values, intent: 'create' });
  }
}

export async function alertShowLoader({ request, context }: LoaderFunctionArgs) {
  return orNotFound(services(context).alerts.getAlert({ userId: currentUser(context).id, id: recordId(request) }));
}

export async function alertShowAction({ request, context }: LoaderFunctionArgs) {
  const owner = { userId: currentUser(context).id, id: recordId(request) };
  const values = formValues(await readForm(request));
  try {
    if (values.intent === 'delete') {
      await services(context).alerts.deleteAlert(owner);
      return redirect(`${here(request, '/alert')}?notice=deleted`);
    }
    const parsed = parseForm(AlertInputSchema, values, localeFromPath(new URL(request.url).pathname));
    if (!parsed.ok) return invalid(parsed.errors, values);
    await services(context).alerts.updateAlert(owner, parsed.data);
    return redirect(`${here(request, '/alert/show')}?id=${owner.id}&notice=updated`);
  } catch (error) {
    return failure(error, values);
  }
}

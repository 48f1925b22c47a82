import { data, type LoaderFunctionArgs } from 'react-router';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath } from '#common/locale.ts';
import { salesSettingsFromForm, salesSettingsToForm, SalesSettingsFormSchema } from '#common/schemas/sales-settings.ts';
import { echo, failure, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { StoreSalesInvalid } from '#server/modules/sales/store-sales/store-sales.service.ts';

// /store/payments (issue 23 §2): thin adapters over the store-sales service. The form types
// dollars and a percentage the page's way; the service keeps cents and basis points.

export async function paymentsLoader({ context }: LoaderFunctionArgs) {
  const settings = await services(context).storeSales.loadStoreSales(storeScope(context));
  return { values: salesSettingsToForm(settings) };
}

export async function paymentsAction({ request, context }: LoaderFunctionArgs) {
  const scope = storeScope(context);
  const values = formValues(await readForm(request));
  // An unticked switch sends nothing: said as "off", so a form sent back keeps it unticked.
  for (const name of ['cashOnDelivery', 'bankTransfer']) values[name] ??= '';
  const parsed = parseForm(SalesSettingsFormSchema, values, localeFromPath(new URL(request.url).pathname));
  if (!parsed.ok) return data<FormResult>({ errors: parsed.errors, formError: { key: 'store.updateFailed' }, values: echo(values) }, { status: 400 });
  const { storeSales } = services(context);
  try {
    await storeSales.saveStoreSales(scope, salesSettingsFromForm(parsed.data, await storeSales.loadStoreSales(scope)));
  } catch (error) {
    // Every refused field beside itself, not only the first.
    if (error instanceof StoreSalesInvalid) return data<FormResult>({ errors: error.fields, formError: { key: 'store.updateFailed' }, values: echo(values) }, { status: 400 });
    return failure(error, values);
  }
  return data<FormResult>({ notice: 'store.updated', values: echo(values) });
}

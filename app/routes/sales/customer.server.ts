import { type LoaderFunctionArgs, redirect } from 'react-router';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formValues, parseWith } from '#common/forms.ts';
import { parseListQuery } from '#common/list-query.ts';
import { CustomerInputSchema, CustomerListQuery } from '#common/schemas/sales-customer.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';

// The store's customers (/sales/customer): thin adapters over the customer service, in the store's scope.

export async function customerListLoader({ request, context }: LoaderFunctionArgs) {
  const query = parseListQuery(CustomerListQuery, new URL(request.url));
  return { query, page: await services(context).customers.listCustomers(storeScope(context), query) };
}

export async function customerShowLoader({ request, context }: LoaderFunctionArgs) {
  return orNotFound(services(context).customers.getCustomer(storeScope(context), recordId(request)));
}

export async function customerShowAction({ request, context }: LoaderFunctionArgs) {
  const id = recordId(request);
  const values = formValues(await readForm(request));
  const parsed = parseWith(CustomerInputSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).customers.updateCustomer(storeScope(context), id, parsed.data);
    const path = localizePath('/sales/customer/show', localeFromPath(new URL(request.url).pathname));
    return redirect(`${path}?id=${id}&notice=updated`);
  } catch (error) {
    return failure(error, values);
  }
}

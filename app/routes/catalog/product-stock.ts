import { redirect } from 'react-router';
import { failure, invalid, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { parseForm } from '#common/form-parse.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { productResource } from '#common/resources/product.ts';
import { safeRedirect } from '#common/safe-redirect.ts';
import type { Route } from './+types/product-stock';

// `POST /catalog/product/stock?id=7` with `stock` and `back`: a product's stock typed in the list
// (issue 20 §21). Read by the product form's own rule for stock; the list it came from opens again,
// with a toast. A product with variants keeps their sum (a field error). Not a page: a GET is a 404.

const StockSchema = productResource.input.pick({ stock: true });

export async function action({ request, context }: Route.ActionArgs) {
  const id = recordId(request);
  const values = formValues(await readForm(request));
  const locale = localeFromPath(new URL(request.url).pathname);
  const parsed = parseForm(StockSchema, { stock: values.stock ?? '' }, locale);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).productActions.setStock(storeScope(context), id, parsed.data.stock);
  } catch (error) {
    return failure(error, values);
  }
  const back = new URL(safeRedirect(values.back, localizePath(productResource.path, locale)), 'http://same-site.invalid');
  back.searchParams.set('notice', 'updated');
  return redirect(`${back.pathname}${back.search}`);
}

export function loader(): never {
  throw new Response(null, { status: 404 });
}

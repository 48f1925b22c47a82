import { redirect } from 'react-router';
import { failure, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { translator } from '#common/i18n/all-languages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { productResource } from '#common/resources/product.ts';
import type { Route } from './+types/product-duplicate';

// `POST /catalog/product/duplicate?id=7`, from the product screen's confirmed "Duplicate" (issue
// 20 §21): the copy is made and its screen opens, with a toast. Not a page: a GET is a 404.

export async function action({ request, context }: Route.ActionArgs) {
  const id = recordId(request);
  await readForm(request);
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  try {
    const copy = await services(context).productActions.duplicate(storeScope(context), id, (name) => String(t('catalog.product.copyName', { name })));
    return redirect(`${localizePath(`${productResource.path}/show`, locale)}?id=${copy}&notice=duplicated`);
  } catch (error) {
    return failure(error, {});
  }
}

export function loader(): never {
  throw new Response(null, { status: 404 });
}

import { data, redirect } from 'react-router';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { parseForm } from '#common/form-parse.ts';
import type { FieldErrors } from '#common/forms.ts';
import { formValues } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { productResource, variantResource } from '#common/resources/product.ts';
import { GridQuery, gridField, MAX_GRID_ROWS } from '#common/resources/variant-grid.ts';
import type { Route } from './+types/product-variants';

// The grid of a product's new variants (issue 20 §17). Choosing colors and sizes is a GET (the
// address holds the choice, the page works without JavaScript); creating the chosen rows is one
// POST, each row read by the variant form's own schema and all of them saved in one transaction.

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = recordId(request);
  const url = new URL(request.url);
  const query = GridQuery.parse({ colorIds: url.searchParams.getAll('color'), sizeIds: url.searchParams.getAll('size'), pattern: url.searchParams.get('pattern') ?? undefined });
  const grid = await orNotFound(services(context).variantGrids.variantGrid(storeScope(context), id, query));
  return { ...grid, query };
}

export async function action({ request, context }: Route.ActionArgs) {
  const productId = recordId(request);
  const form = await readForm(request);
  const values = formValues(form);
  const locale = localeFromPath(new URL(request.url).pathname);
  const offered = form.getAll('row').map(Number).filter((row) => Number.isSafeInteger(row) && row >= 0 && row < MAX_GRID_ROWS);
  const errors: FieldErrors = {};
  const rows = [];
  for (const row of offered) {
    if (values[gridField('include', row)] !== 'on') continue;
    const cell = (field: Parameters<typeof gridField>[0]) => values[gridField(field, row)] ?? '';
    const parsed = parseForm(variantResource.input, { productId: String(productId), name: cell('name'), sku: cell('sku'), price: cell('price'), stock: cell('stock'), colorId: cell('colorId'), sizeId: cell('sizeId'), enabled: 'on' }, locale);
    if (parsed.ok) rows.push({ row, input: parsed.data });
    else for (const [field, key] of Object.entries(parsed.errors)) errors[gridField(field as 'name', row)] = key;
  }
  if (Object.keys(errors).length > 0) return invalid(errors, values);
  if (rows.length === 0) return data<FormResult>({ formError: { key: 'catalog.variantGrid.none' }, values }, { status: 400 });
  try {
    const created = await services(context).variantGrids.createVariantGrid(storeScope(context), productId, rows);
    return redirect(`${localizePath(`${productResource.path}/show`, locale)}?id=${productId}&notice=variantsCreated&count=${created}`);
  } catch (error) {
    return failure(error, values);
  }
}

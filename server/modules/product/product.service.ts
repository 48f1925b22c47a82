import type { FormOptions } from '#common/resource.ts';
import { productResource } from '#common/resources/product.ts';
import type { z } from 'zod';
import { toCents } from '#common/money.ts';
import { AppError } from '#server/errors.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { assertUnderPlanLimit } from '#server/modules/store/store.service.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';
import { products, syncVariantStock as syncStock, variantsOf } from './product.repository.ts';
import { type Choice, categoryOfSubcategory, choiceOf, choicesOf, countOfProduct, productOfVariant, subcategoryChoices } from './choices.repository.ts';
import { checkOwnReferences } from './references.ts';

type ProductInput = z.output<typeof productResource.input>;

/** Percent as typed ("12,5") to basis points (1250): exact for the two decimals a form allows. */
export const toBasisPoints = (percent: number) => Math.round(percent * 100);

export const { list, get, create, update, remove, cascade } = storeResourceService(products, productResource, {
  slugFrom: 'name',
  toValues(input) {
    const { price, discount, tax, ...rest } = input as ProductInput;
    return { ...rest, priceCents: toCents(price), discountBp: toBasisPoints(discount), taxBp: toBasisPoints(tax) };
  },
  async check(deps, scope, values, id) {
    await checkOwnReferences(deps, scope, values);
    const subcategoryId = values.subcategoryId as number | null;
    if (subcategoryId !== null) {
      if ((await categoryOfSubcategory(deps.db, scope, subcategoryId)) !== values.categoryId) throw new AppError('catalog.product.subcategoryElsewhere', 422, { field: 'subcategoryId' });
    }
    if (id === undefined) await assertUnderPlanLimit(deps, scope, 'products');
  },
  // A product with variants keeps their total as its stock, whatever the form sent.
  afterWrite: (deps, scope, id) => syncStock(deps.db, scope, id),
  async cascade(deps, scope, id) {
    const [subproducts, reviews] = await Promise.all([countOfProduct(deps.db, scope, 'subproduct', id), countOfProduct(deps.db, scope, 'review', id)]);
    return { subproducts, reviews };
  },
});

/** The product's variants, for its screen. */
export const related = (deps: ServiceDeps, scope: StoreScope, id: number) => variantsOf(deps, scope, id);

/** A product's stock follows its variants' while it has some (the subproduct service calls this after each change). */
export const syncVariantStock = (deps: ServiceDeps, scope: StoreScope, productId: number) => syncStock(deps.db, scope, productId);

/** The choices of the product form's selects, all of the caller's store. */
export async function formOptions(deps: ServiceDeps, scope: StoreScope): Promise<FormOptions> {
  const [categories, subcategories, brands, colors, sizes] = await Promise.all([
    choicesOf(deps.db, scope, 'category'),
    subcategoryChoices(deps.db, scope),
    choicesOf(deps.db, scope, 'brand'),
    choicesOf(deps.db, scope, 'color'),
    choicesOf(deps.db, scope, 'size'),
  ]);
  return {
    categoryId: choices(categories),
    subcategoryId: subcategories.map((row) => ({ value: String(row.id), label: `${row.category} › ${row.name}` })),
    brandId: choices(brands),
    colorId: choices(colors),
    sizeId: choices(sizes),
  };
}

/** Records as a select's choices. */
export const choices = (rows: Choice[]) => rows.map((row) => ({ value: String(row.id), label: row.name }));

/** The store's records of a table, as a select's choices (a variant form's colours and sizes). */
export const ownChoices = async (deps: ServiceDeps, scope: StoreScope, table: 'category' | 'product' | 'color' | 'size') => choices(await choicesOf(deps.db, scope, table));

/** How many products a product select starts with; it searches the rest (decision 033). */
export const PRODUCT_CHOICES = 50;

/**
 * A product select's first choices (the variant and review forms): the first products by name and
 * the one already chosen, wherever it sorts. A store may have 100,000 products: the field finds
 * the others through the products API's indexed search, not in one huge page.
 */
export async function productChoices(deps: ServiceDeps, scope: StoreScope, chosen: unknown) {
  const rows = await choicesOf(deps.db, scope, 'product', PRODUCT_CHOICES);
  const id = Number(chosen);
  if (Number.isSafeInteger(id) && id > 0 && !rows.some((row) => row.id === id)) {
    const one = await choiceOf(deps.db, scope, 'product', id);
    if (one) rows.unshift(one);
  }
  return choices(rows);
}

/** The product a variant of the store belongs to (a variant stays with its product). */
export const productOfVariantId = (deps: ServiceDeps, scope: StoreScope, id: number) => productOfVariant(deps.db, scope, id);

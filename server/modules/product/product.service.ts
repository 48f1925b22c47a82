import type { FormOptions } from '#common/resource.ts';
import { productResource } from '#common/resources/product.ts';
import type { z } from 'zod';
import { toCents } from '#common/money.ts';
import { AppError } from '#server/errors.ts';
import { emitStockMove } from '#server/events/inventory.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { CATALOG_IMAGE_SIZE } from '#common/upload-limits.ts';
import { claimStoreImage, takeImages } from '#server/resources/resource-images.ts';
import { removeFiles } from '#server/modules/upload/file-removal.ts';
import { galleryOf, imagesOfProducts, writeGallery } from './product-image.repository.ts';
import { assertUnderPlanLimit, getStore, refreshRating } from '#server/modules/store/store.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { products, syncVariantStock as syncStock, variantsOf } from './product.repository.ts';
import { type Choice, categoryOfSubcategory, choiceOf, choicesOf, countOfProduct, productOfVariant, subcategoryChoices } from './choices.repository.ts';
import { checkOwnReferences } from './references.ts';
import { skuTaken } from './sku.repository.ts';
import { sanitizePageHtml } from '#server/modules/page/page-html.ts';

type ProductInput = z.output<typeof productResource.input>;

/** The fields whose before and after a product's update records (the audit log's "what changed"). */
export const PRODUCT_EVENT_FIELDS = ['name', 'slug', 'sku', 'code', 'priceCents', 'compareAtCents', 'discountBp', 'ivaCode', 'stock', 'enabled', 'featured', 'categoryId', 'subcategoryId', 'brandId', 'weightGrams'] as const;

/** Percent as typed ("12,5") to basis points (1250): exact for the two decimals a form allows. */
export const toBasisPoints = (percent: number) => Math.round(percent * 100);

const kit = storeResourceService(products, productResource, {
  slugFrom: 'name',
  toValues(input) {
    // The gallery is not a column: saveGallery writes it in the same transaction.
    const { price, compareAtPrice, discount, description, imageIds: _gallery, ...rest } = input as ProductInput;
    return {
      ...rest,
      // Formatted text, shown to shoppers: only what the editor writes survives (as a page's content).
      description: sanitizePageHtml(description),
      priceCents: toCents(price),
      compareAtCents: compareAtPrice === null ? null : toCents(compareAtPrice),
      discountBp: toBasisPoints(discount),
    };
  },
  async check(deps, scope, values, id) {
    // A "before" price at or under the price would show a saving that is not there.
    if (values.compareAtCents !== null && (values.compareAtCents as number) <= (values.priceCents as number)) throw new AppError('catalog.product.compareAtBelow', 422, { field: 'compareAtPrice' });
    await checkOwnReferences(deps, scope, values);
    if (await skuTaken(deps.db, scope, String(values.sku ?? ''), { table: 'product', id })) throw new AppError('validation.skuTaken', 409, { field: 'sku' });
    const subcategoryId = values.subcategoryId as number | null;
    if (subcategoryId !== null) {
      if ((await categoryOfSubcategory(deps.db, scope, subcategoryId)) !== values.categoryId) throw new AppError('catalog.product.subcategoryElsewhere', 422, { field: 'subcategoryId' });
    }
    if (id === undefined) await assertUnderPlanLimit(deps, scope, 'products');
  },
  // A product with variants keeps their total as its stock, whatever the form sent.
  afterWrite: (deps, scope, id) => syncStock(deps.db, scope, id),
  // Its gallery and its variants' images leave the disk with it.
  filesOf: (deps, scope, id) => imagesOfProducts(deps.db, scope, { productId: id }),
  // Its reviews go with it (foreign key): the store's rating must no longer count them.
  afterRemove: async (deps, scope) => {
    await refreshRating(deps, scope);
  },
  async cascade(deps, scope, id) {
    const [variants, reviews] = await Promise.all([countOfProduct(deps.db, scope, 'variant', id), countOfProduct(deps.db, scope, 'review', id)]);
    return { variants, reviews };
  },
  events: {
    kind: 'product',
    created: 'product.created',
    updated: 'product.updated',
    deleted: 'product.deleted',
    label: (row) => row.name,
    fields: PRODUCT_EVENT_FIELDS,
    // An edit that moved the stock is an inventory change too (one with variants follows theirs).
    also: async (tx, scope, before, after) => {
      if (before && after) await emitStockMove(tx, scope, { productId: after.id, variantId: null, name: after.name, sku: after.sku, before: before.stock, after: after.stock });
    },
  },
});

export const { list, get, remove, cascade, cascadeMany, bulk } = kit;

/**
 * Saves the gallery with the product, in its transaction (decision 033): new upload ids are claimed
 * as the store's images (checked by content, fitted, given WebP variants), ids left out are taken,
 * and their files leave the disk after the commit. Answers those files' storage keys.
 */
async function saveGallery(deps: ServiceDeps, scope: StoreScope, productId: number, imageIds: readonly string[] = []): Promise<string[]> {
  const current = await galleryOf(deps.db, scope, productId);
  const added = imageIds.filter((id) => !current.includes(id));
  if (added.length > 0) {
    const owner = (await getStore(deps, scope)).userId;
    for (const id of added) await claimStoreImage(deps, scope, id, { field: 'imageIds', box: CATALOG_IMAGE_SIZE, owner });
  }
  const freed = await takeImages(deps, scope, current.filter((id) => !imageIds.includes(id)));
  await writeGallery(deps.db, scope, productId, imageIds);
  return freed;
}

export async function create(deps: ServiceDeps, scope: StoreScope, input: ProductInput): Promise<number> {
  // The gallery in the product's transaction, the whole of it tried again when a product beside it
  // took the same derived slug first (kit.saving).
  const { id, freed } = await kit.saving(deps, scope, input, async (tx) => {
    const id = await kit.create(tx, scope, input);
    return { id, freed: await saveGallery(tx, scope, id, input.imageIds) };
  });
  await removeFiles(deps, freed);
  return id;
}

export async function update(deps: ServiceDeps, scope: StoreScope, id: number, input: ProductInput): Promise<void> {
  const freed = await kit.saving(deps, scope, input, async (tx) => {
    await kit.update(tx, scope, id, input);
    return saveGallery(tx, scope, id, input.imageIds);
  }, id);
  // After the commit (decision 029): a rolled-back save must not have lost a kept image.
  await removeFiles(deps, freed);
}

/** The images deleting a category's products takes along (the category service's `filesOf`). */
export const imagesOfCategoryProducts = (deps: ServiceDeps, scope: StoreScope, categoryId: number) => imagesOfProducts(deps.db, scope, { categoryId });

/** The product's variants, for its screen. */
export const related = (deps: ServiceDeps, scope: StoreScope, id: number) => variantsOf(deps.db, scope, id);

/** A product's stock follows its variants' while it has some (the variant service calls this after each change). */
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
    // each with its category: the form offers the chosen category's only (and names it without JavaScript)
    subcategoryId: subcategories.map((row) => ({ value: String(row.id), label: row.name, parent: String(row.categoryId) })),
    brandId: choices(brands),
    colorId: choices(colors),
    sizeId: choices(sizes),
  };
}

/** Records as a select's choices. */
export const choices = (rows: Choice[]) => rows.map((row) => ({ value: String(row.id), label: row.name }));

/** The store's records of a table, as a select's choices (a variant form's colours and sizes). */
export const ownChoices = async (deps: ServiceDeps, scope: StoreScope, table: 'category' | 'product' | 'color' | 'size') => choices(await choicesOf(deps.db, scope, table));

/** How many products a product select starts with; it searches the rest (decision 036). */
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

/** Whether a product or variant of the store other than `except` has this SKU (issue 20 §4; the variant service asks too). */
export const skuInUse = (deps: ServiceDeps, scope: StoreScope, sku: string, except: { table: 'product' | 'variant'; id?: number }) => skuTaken(deps.db, scope, sku, except);

/** The product a variant of the store belongs to (a variant stays with its product). */
export const productOfVariantId = (deps: ServiceDeps, scope: StoreScope, id: number) => productOfVariant(deps.db, scope, id);

import { mediaUrl } from '#common/media-url.ts';
import type { Db } from '#server/db/database.ts';
import { searchProductText } from '#server/db/product-text.ts';
import { storeResourceRepository } from '#server/db/store-resource.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { galleriesOf } from './product-image.repository.ts';

// A product's `stock` is its own, or the sum of its variants' when it has some (kept so by the
// variant service), so the stock filter and sort read one indexed column.
export const products = storeResourceRepository('product', {
  columns: ['id', 'name', 'slug', 'description', 'code', 'sku', 'categoryId', 'subcategoryId', 'brandId', 'colorId', 'sizeId', 'priority', 'keywords', 'content', 'unit', 'type', 'stock', 'weightGrams', 'priceCents', 'compareAtCents', 'discountBp', 'ivaCode', 'enabled', 'featured', 'updatedAt'],
  booleans: ['enabled', 'featured'],
  search: ['name', 'sku', 'code'],
  // its FTS5 / pg_trgm index: migration 2026-11-25-001-catalogue-search
  searchIndex: true,
  // and the catalogue's text index the storefront searches too: migration 2026-12-06-103
  // (its list keeps its own order: which matches have every word in the name is not asked)
  words: (db, scope, query, options) => searchProductText(db, scope, query, options),
  sort: { updated: 'updatedAt', name: 'name', price: 'priceCents', stock: 'stock', priority: 'priority', category: 'categoryId', brand: 'brandSort' },
  filters: {
    status: (value) => ['enabled', value === 'enabled'],
    category: (value) => ['categoryId', Number(value)],
    brand: (value) => ['brandId', Number(value)],
    stock: (value) => (value === 'in_stock' ? ['stock', '>', 0] : ['stock', '=', 0]),
    featured: (value) => ['featured', value === 'featured'],
  },
  // How many variants each product of the page has and its gallery: one query each per page.
  async decorate(db, scope, rows) {
    const galleries = await galleriesOf(db, scope, rows.map((row) => row.id));
    for (const row of rows) {
      const imageIds = galleries.get(row.id) ?? [];
      Object.assign(row, { imageIds, images: imageIds.map((id) => ({ id, url: mediaUrl(scope.storeId, id, 320) })) });
    }
    const counts = await db
      .selectFrom('variant')
      .select(['productId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('storeId', '=', scope.storeId)
      .where('productId', 'in', rows.map((row) => row.id))
      .groupBy('productId')
      .execute();
    const byProduct = new Map(counts.map((row) => [row.productId, Number(row.count)]));
    for (const row of rows) (row as typeof row & { variantCount: number }).variantCount = byProduct.get(row.id) ?? 0;
    // The list's category column names it: one query per page;
    const categories = await db.selectFrom('category').select(['id', 'name']).where('storeId', '=', scope.storeId).where('id', 'in', [...new Set(rows.map((row) => row.categoryId))]).execute();
    const categoryName = new Map(categories.map((row) => [row.id, row.name]));
    // and its brand column, when the page has branded products
    const brandIds = [...new Set(rows.flatMap((row) => (row.brandId === null ? [] : [row.brandId])))];
    const brands = brandIds.length > 0 ? await db.selectFrom('brand').select(['id', 'name']).where('storeId', '=', scope.storeId).where('id', 'in', brandIds).execute() : [];
    const brandName = new Map(brands.map((row) => [row.id, row.name]));
    for (const row of rows) Object.assign(row, { categoryName: categoryName.get(row.categoryId) ?? '', brandName: row.brandId === null ? '' : (brandName.get(row.brandId) ?? '') });
  },
});

/** A product's stock follows its variants' while it has some. */
export async function syncVariantStock(db: Db, scope: StoreScope, productId: number): Promise<void> {
  const total = await db
    .selectFrom('variant')
    .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('stock').as('stock')])
    .where('storeId', '=', scope.storeId)
    .where('productId', '=', productId)
    .executeTakeFirstOrThrow();
  if (Number(total.count) === 0) return;
  await db.updateTable('product').set({ stock: Number(total.stock) }).where('storeId', '=', scope.storeId).where('id', '=', productId).execute();
}

/**
 * The variants of one product of the store as the storefront lists them: by colour name, then by
 * size in the store's order of sizes (S, M, L — not L, M, S by name), then as they were made.
 */
export const variantsOf = (db: Db, scope: StoreScope, productId: number) =>
  db
    .selectFrom('variant')
    .leftJoin('color', (join) => join.onRef('color.id', '=', 'variant.colorId').onRef('color.storeId', '=', 'variant.storeId'))
    .leftJoin('size', (join) => join.onRef('size.id', '=', 'variant.sizeId').onRef('size.storeId', '=', 'variant.storeId'))
    .select(['variant.id', 'variant.name', 'variant.sku', 'variant.colorId', 'variant.sizeId', 'variant.priceCents', 'variant.stock', 'variant.ivaCode', 'variant.enabled'])
    .where('variant.storeId', '=', scope.storeId)
    .where('variant.productId', '=', productId)
    .orderBy((eb) => eb.fn.coalesce('color.name', eb.val('')))
    .orderBy((eb) => eb.fn.coalesce('size.sortOrder', eb.val(0)))
    .orderBy((eb) => eb.fn.coalesce('size.id', eb.val(0)))
    .orderBy('variant.id')
    .execute();

/** Whether a product or a variant of the store already has this SKU. */
export async function skuTaken(db: Db, scope: StoreScope, sku: string): Promise<boolean> {
  const [product, variant] = await Promise.all([
    db.selectFrom('product').select('id').where('storeId', '=', scope.storeId).where('sku', '=', sku).executeTakeFirst(),
    db.selectFrom('variant').select('id').where('storeId', '=', scope.storeId).where('sku', '=', sku).executeTakeFirst(),
  ]);
  return Boolean(product ?? variant);
}

/** The product's columns a copy starts from (its id, stamps and gallery aside). */
export const productForCopy = (db: Db, scope: StoreScope, id: number) =>
  db
    .selectFrom('product')
    .select(['name', 'slug', 'description', 'code', 'sku', 'categoryId', 'subcategoryId', 'brandId', 'colorId', 'sizeId', 'priority', 'keywords', 'content', 'unit', 'type', 'stock', 'weightGrams', 'priceCents', 'compareAtCents', 'discountBp', 'ivaCode'])
    .where('storeId', '=', scope.storeId)
    .where('id', '=', id)
    .executeTakeFirst();

/** Writes a product's variants, all at once (a copy's, a grid's). */
export async function insertVariants(db: Db, scope: StoreScope, rows: { productId: number; name: string; sku: string; colorId: number | null; sizeId: number | null; priceCents: number; stock: number; ivaCode?: string | null; enabled: number; createdAt: string; updatedAt: string }[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('variant').values(rows.map((row) => ({ ...row, storeId: scope.storeId, imageId: null }))).execute();
}

/** A product's own stock (one without variants: the list's stock cell). Answers whether it was the store's and had no variants. */
export async function setOwnStock(db: Db, scope: StoreScope, id: number, stock: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('product')
    .set({ stock, updatedAt: now })
    .where('storeId', '=', scope.storeId)
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('variant').select('variant.id').where('variant.storeId', '=', scope.storeId).whereRef('variant.productId', '=', 'product.id'))))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import type { Insertable, Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { ProductTable, VariantTable } from '#server/db/schema.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';

// The catalog CSV's reads and writes: the whole store's catalog at once (one query per table,
// not one per line), and batched inserts.

export const PRODUCT_FIELDS = ['name', 'slug', 'sku', 'code', 'description', 'categoryId', 'subcategoryId', 'brandId', 'colorId', 'sizeId', 'priceCents', 'discountBp', 'taxBp', 'stock', 'weightGrams', 'unit', 'type', 'priority', 'keywords', 'featured', 'enabled', 'content'] as const;
export const VARIANT_FIELDS = ['name', 'sku', 'colorId', 'sizeId', 'priceCents', 'stock', 'enabled'] as const;
const BATCH = 500;

type Slugged = 'category' | 'brand' | 'color' | 'size';

/** The store's taxonomy, each record's id and slug (subcategories with their category). */
export async function taxonomyRows(db: Db, scope: StoreScope) {
  const rows = (table: Slugged) => db.selectFrom(table).select(['id', 'slug']).where('storeId', '=', scope.storeId).execute();
  const [category, subcategory, brand, color, size] = await Promise.all([
    rows('category'),
    db.selectFrom('subcategory').select(['id', 'slug', 'categoryId']).where('storeId', '=', scope.storeId).execute(),
    rows('brand'),
    rows('color'),
    rows('size'),
  ]);
  return { category, subcategory, brand, color, size };
}

/** A page of the store's products in id order, after `afterId`: the export and the import read the catalog page by page. */
export const productPage = (db: Db, scope: StoreScope, afterId: number, limit: number) =>
  db.selectFrom('product').select(['id', ...PRODUCT_FIELDS]).where('storeId', '=', scope.storeId).where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** A page of the store's variants in id order, after `afterId`. */
export const variantPage = (db: Db, scope: StoreScope, afterId: number, limit: number) =>
  db.selectFrom('variant').select(['id', 'productId', ...VARIANT_FIELDS]).where('storeId', '=', scope.storeId).where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** The variants of some products of the store, by product then id (a page of the export). */
export const variantsOfProducts = (db: Db, scope: StoreScope, productIds: readonly number[]) =>
  productIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('variant').select(['id', 'productId', ...VARIANT_FIELDS]).where('storeId', '=', scope.storeId).where('productId', 'in', [...productIds]).orderBy('productId').orderBy('id').execute();

/**
 * What changes when anything of the store's catalog changes: each table's count, last id and last
 * update. An import is planned outside its transaction (so the long part holds no connection) and
 * written inside it only while this is what it was when planned.
 */
export async function catalogFingerprint(db: Db, scope: StoreScope): Promise<string> {
  const tables = ['product', 'variant', 'category', 'subcategory', 'brand', 'color', 'size'] as const;
  const rows = await Promise.all(
    tables.map((table) =>
      db
        .selectFrom(table)
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('id').as('last'), eb.fn.max('updatedAt').as('updated')])
        .where('storeId', '=', scope.storeId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return JSON.stringify(rows.map((row) => [Number(row.count), Number(row.last ?? 0), String(row.updated ?? '')]));
}

/** The store plan's product limit; null without a plan. */
export async function maxProducts(db: Db, scope: StoreScope): Promise<number | null> {
  const row = await db.selectFrom('store').leftJoin('plan', 'plan.id', 'store.planId').select('plan.maxProducts').where('store.id', '=', scope.storeId).executeTakeFirst();
  return row?.maxProducts ?? null;
}

type NewProduct = Omit<Insertable<ProductTable>, 'storeId'>;
type NewVariant = Omit<Insertable<VariantTable>, 'storeId'>;

/** Inserts products in batches; returns each new product's id by its slug. */
export async function insertProducts(db: Db, scope: StoreScope, rows: NewProduct[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < rows.length; start += BATCH) {
    const inserted = await db.insertInto('product').values(rows.slice(start, start + BATCH).map((row) => ({ ...row, storeId: scope.storeId }))).returning(['id', 'slug']).execute();
    for (const row of inserted) ids.set(row.slug, row.id);
  }
  return ids;
}

export async function insertVariants(db: Db, scope: StoreScope, rows: NewVariant[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.insertInto('variant').values(rows.slice(start, start + BATCH).map((row) => ({ ...row, storeId: scope.storeId }))).execute();
  }
}

export const updateProduct = (db: Db, scope: StoreScope, id: number, values: Updateable<ProductTable>) =>
  db.updateTable('product').set(values).where('storeId', '=', scope.storeId).where('id', '=', id).execute();

export const updateVariant = (db: Db, scope: StoreScope, id: number, values: Updateable<VariantTable>) =>
  db.updateTable('variant').set(values).where('storeId', '=', scope.storeId).where('id', '=', id).execute();

/** Every product of the store that has variants takes their total stock (after an import wrote both). */
export async function syncStockFromVariants(db: Db, scope: StoreScope): Promise<void> {
  await db
    .updateTable('product')
    .set((eb) => ({
      stock: eb
        .selectFrom('variant')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('variant.stock'), inner.lit(0)).as('total'))
        .whereRef('variant.productId', '=', 'product.id')
        .where('variant.storeId', '=', scope.storeId),
    }))
    .where('product.storeId', '=', scope.storeId)
    .where((eb) => eb.exists(eb.selectFrom('variant').select('variant.id').whereRef('variant.productId', '=', 'product.id').where('variant.storeId', '=', scope.storeId)))
    .execute();
}

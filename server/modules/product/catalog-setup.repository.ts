import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The catalog's part of the desk's set-up checklist and its low-stock list (issue 20 §23): small
// reads on the store's own rows, each on an index that starts with store_id.

/** Whether the store has a category yet. */
export async function hasCategory(db: Db, scope: StoreScope): Promise<boolean> {
  return Boolean(await db.selectFrom('category').select('id').where('storeId', '=', scope.storeId).limit(1).executeTakeFirst());
}

/** Whether some product of the store has an image in its gallery. */
export async function hasProductWithImage(db: Db, scope: StoreScope): Promise<boolean> {
  return Boolean(await db.selectFrom('productImage').select('id').where('storeId', '=', scope.storeId).limit(1).executeTakeFirst());
}

/**
 * The store's enabled products running low, fewest first, and how many there are. A product without
 * variants is low at or under `threshold` units; one with variants when any enabled variant is (its
 * stock is their sum, which hid "one Negro/L left" behind the other sizes: issue 40, defect 5) — its
 * row then carries the low variants, and its stock is the lowest of theirs.
 */
export async function lowStockProducts(db: Db, scope: StoreScope, { threshold, limit }: { threshold: number; limit: number }) {
  const lowVariants = db
    .selectFrom('variant')
    .select((eb) => ['variant.productId as id', eb.fn.min('variant.stock').as('stock')])
    .where('variant.storeId', '=', scope.storeId)
    .where('variant.enabled', '=', 1)
    .where('variant.stock', '<=', threshold)
    .groupBy('variant.productId');
  const lowPlain = db
    .selectFrom('product')
    .select(['product.id as id', 'product.stock as stock'])
    .where('product.storeId', '=', scope.storeId)
    .where('product.stock', '<=', threshold)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('variant').select('variant.id').where('variant.storeId', '=', scope.storeId).whereRef('variant.productId', '=', 'product.id'))));
  const low = db
    .selectFrom(lowVariants.unionAll(lowPlain).as('low'))
    .innerJoin('product', 'product.id', 'low.id')
    .where('product.storeId', '=', scope.storeId)
    .where('product.enabled', '=', 1);
  const [rows, count] = await Promise.all([
    low.select(['product.id', 'product.name', 'low.stock']).orderBy('low.stock').orderBy('product.name').orderBy('product.id').limit(limit).execute(),
    low.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((row) => row.id);
  const variants = ids.length
    ? await db
        .selectFrom('variant')
        .select(['productId', 'name', 'stock'])
        .where('storeId', '=', scope.storeId)
        .where('productId', 'in', ids)
        .where('enabled', '=', 1)
        .where('stock', '<=', threshold)
        .orderBy('stock')
        .orderBy('name')
        .orderBy('id')
        .execute()
    : [];
  return {
    rows: rows.map((row) => ({ id: row.id, name: row.name, stock: Number(row.stock), variants: variants.filter((v) => v.productId === row.id).map((v) => ({ name: v.name, stock: v.stock })) })),
    total: Number(count.count),
  };
}

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

/** The store's enabled products at or under `threshold` units, fewest first, and how many there are. */
export async function lowStockProducts(db: Db, scope: StoreScope, { threshold, limit }: { threshold: number; limit: number }) {
  const low = db.selectFrom('product').where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('stock', '<=', threshold);
  const [rows, count] = await Promise.all([
    low.select(['id', 'name', 'stock']).orderBy('stock').orderBy('name').orderBy('id').limit(limit).execute(),
    low.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

// The SQL of bench:csv (bench/csv.ts): the bench's own statements, never a request's.
import type { Db } from '#server/db/database.ts';

/** Gives the store a plan of its own with this product limit, so a file of any size is accepted. */
export async function bigPlan(db: Db, storeId: number, maxProducts: number): Promise<void> {
  const now = new Date().toISOString();
  const [plan] = await db.insertInto('plan').values({ name: `Bench CSV ${maxProducts}`, priceCents: 0, maxProducts, maxBanners: 10, maxPages: 10, features: '[]', isDefault: 0, createdAt: now, updatedAt: now }).returning('id').execute();
  await db.updateTable('store').set({ planId: plan!.id }).where('id', '=', storeId).execute();
}

/** How many products the store has (after an import). */
export async function productCount(db: Db, storeId: number): Promise<number> {
  const row = await db.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('count')).where('storeId', '=', storeId).executeTakeFirstOrThrow();
  return Number(row.count);
}

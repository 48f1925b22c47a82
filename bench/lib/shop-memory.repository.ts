// The SQL of bench:shop-memory (bench/shop-memory.ts): the bench's own read, never a request's.
import type { Db } from '#server/db/database.ts';

/** The ids of the stores whose slug starts with `prefix` (the scale fill's other stores). */
export async function storeIdsBySlug(db: Db, prefix: string): Promise<number[]> {
  const rows = await db.selectFrom('store').select('id').where('slug', 'like', `${prefix}%`).orderBy('id').execute();
  return rows.map((row) => row.id);
}

// The SQL of bench:invoice-pdf (bench/invoice-pdf.ts): the bench's own statements, never a request's.
import type { Db } from '#server/db/database.ts';

/** Publishes the store, so its storefront (and the shopper's invoice link) answers. */
export async function publishStore(db: Db, storeId: number): Promise<void> {
  await db.updateTable('store').set({ published: 1 }).where('id', '=', storeId).execute();
}

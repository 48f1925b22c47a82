import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';

/** One use fewer of a coupon of the store, never below zero. */
export async function decrementTimesUsed(db: Db, scope: StoreScope, couponId: number): Promise<void> {
  await db
    .updateTable('coupon')
    .set((eb) => ({ timesUsed: eb('timesUsed', '-', 1) }))
    .where('storeId', '=', scope.storeId)
    .where('id', '=', couponId)
    .where('timesUsed', '>', 0)
    .execute();
}

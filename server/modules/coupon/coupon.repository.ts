import type { Db } from '#server/db/database.ts';
import { storeResourceRepository } from '#server/db/store-resource.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

export const coupons = storeResourceRepository('coupon', {
  columns: ['id', 'code', 'discountType', 'discount', 'minimumCents', 'expiresAt', 'usageLimit', 'timesUsed', 'enabled', 'updatedAt'],
  booleans: ['enabled'],
  search: ['code'],
  sort: { code: 'code', updated: 'updatedAt' },
  filters: { status: (value) => ['enabled', value === 'enabled'] },
});

/** The store's coupon with this code (codes are kept upper-case), or undefined. */
export const findByCode = (db: Db, scope: StoreScope, code: string) =>
  db.selectFrom('coupon').select(['id', 'code', 'discountType', 'discount', 'minimumCents', 'expiresAt', 'usageLimit', 'timesUsed', 'enabled']).where('storeId', '=', scope.storeId).where('code', '=', code).executeTakeFirst();

/**
 * Counts one use of the coupon if it has uses left: one conditional statement, so coupons with a
 * limit are never used past it by orders placed at the same moment. False: none left.
 */
export async function countCouponUse(db: Db, scope: StoreScope, id: number): Promise<boolean> {
  const result = await db.updateTable('coupon').set((eb) => ({ timesUsed: eb('timesUsed', '+', 1) }))
    .where('storeId', '=', scope.storeId).where('id', '=', id)
    .where((eb) => eb.or([eb('usageLimit', 'is', null), eb('timesUsed', '<', eb.ref('usageLimit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One use fewer (an order cancelled), never below zero. */
export async function uncountCouponUse(db: Db, scope: StoreScope, id: number): Promise<void> {
  await db.updateTable('coupon').set((eb) => ({ timesUsed: eb('timesUsed', '-', 1) })).where('storeId', '=', scope.storeId).where('id', '=', id).where('timesUsed', '>', 0).execute();
}

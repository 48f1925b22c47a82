import type { Db } from '#server/db/database.ts';
import { storeResourceRepository } from '#server/db/store-resource.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';

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

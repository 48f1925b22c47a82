import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';
import { decrementTimesUsed } from './coupon-use.repository.ts';

/**
 * A cancelled order gives its coupon's use back (times used − 1, never below 0), so a limited coupon
 * may be used again; a coupon deleted since is left alone. Runs in the caller's transaction.
 */
export const giveBackCouponUse = (deps: ServiceDeps, scope: StoreScope, couponId: number) => decrementTimesUsed(deps.db, scope, couponId);

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { couponResource } from '#common/resources/coupon.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { formatMoney, toCents } from '#common/money.ts';
import { translator } from '#common/i18n/all-languages.ts';
import type { Locale } from '#common/locale.ts';
import { AppError } from '#server/errors.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { countCouponUse, coupons, findByCode, uncountCouponUse } from './coupon.repository.ts';

type CouponInput = z.output<typeof couponResource.input>;

/**
 * A coupon is good through the whole of its last day in Ecuador (UTC−5 all year, no summer time):
 * "valid until 2026-12-31" ends at 2027-01-01 04:59:59.999 UTC.
 */
export const endOfDayInEcuador = (day: string) => new Date(`${day}T23:59:59.999-05:00`).toISOString();

export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(coupons, couponResource, {
  unique: [{ field: 'code', error: 'catalog.coupon.codeTaken' }],
  toValues(input) {
    const { discount, minimum, expiresOn, ...rest } = input as CouponInput;
    return { ...rest, discount: rest.discountType === 'percentage' ? Math.round(discount * 100) : toCents(discount), minimumCents: toCents(minimum), expiresAt: expiresOn ? endOfDayInEcuador(expiresOn) : null };
  },
  async check(_deps, _scope, values) {
    if (values.discountType === 'percentage' && Number(values.discount) > 10_000) throw new AppError('catalog.coupon.percentRange', 422, { field: 'discount' });
  },
});

export type CouponVerdict =
  | { ok: true; couponId: number; code: string; discountCents: number }
  | { ok: false; reason: MessageKey; values?: { minimumCents: number } };

/**
 * Whether a coupon applies to a cart of this subtotal, and how much it takes off (issue 11 §4, PRODUCT
 * §6): the one place that decides it — the storefront's cart and its checkout both ask here, once
 * when the code is applied and again when the order is placed. Exact in cents: a percentage rounds
 * half up, a fixed amount never takes off more than the subtotal.
 *
 * A shopper never learns which codes exist (issue 36 §9, decision 081): an unknown code, a disabled
 * one, an expired one and one used up are all "not valid". Only a code that would apply now says
 * what it needs (its minimum purchase): whoever reads that can use the code anyway.
 */
export async function couponVerdict(deps: ServiceDeps, scope: StoreScope, code: string, cart: { subtotalCents: number }): Promise<CouponVerdict> {
  const coupon = await findByCode(deps.db, scope, code.trim().toUpperCase().slice(0, 40));
  const invalid = { ok: false, reason: 'catalog.coupon.verdict.invalid' } as const;
  if (!coupon || !coupon.enabled) return invalid;
  if (coupon.expiresAt !== null && Date.parse(coupon.expiresAt) < deps.clock.now().getTime()) return invalid;
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) return invalid;
  if (cart.subtotalCents < coupon.minimumCents) return { ok: false, reason: 'catalog.coupon.verdict.minimum', values: { minimumCents: coupon.minimumCents } };
  const discountCents = coupon.discountType === 'percentage' ? Math.round((cart.subtotalCents * coupon.discount) / 10_000) : coupon.discount;
  return { ok: true, couponId: coupon.id, code: coupon.code, discountCents: Math.min(discountCents, cart.subtotalCents) };
}

const sealOf = (secret: string, storeId: number, code: string) => createHmac('sha256', secret).update(`coupon:${storeId}:${code}`).digest('base64url').slice(0, 22);

/**
 * The seal a cart keeps beside a code the storefront applied (decision 081): the cart cookie is the
 * shopper's to write, so a code in it counts only when this server put it there, after the
 * rate-limited attempt. Without it every page that prices a cart would answer a guessed code.
 */
export const couponSeal = (deps: ServiceDeps, storeId: number, code: string) => sealOf(deps.config.secret, storeId, code);

/** Whether the seal is this server's for this store's code. */
export function couponSealed(deps: ServiceDeps, storeId: number, code: string, seal: string | undefined): boolean {
  if (!seal) return false;
  const expected = Buffer.from(couponSeal(deps, storeId, code));
  const given = Buffer.from(seal);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Why a coupon does not apply, as the shopper reads it in the page's language (the minimum as money
 * of that locale): what the cart and the checkout show beside the code.
 */
export function couponReason(verdict: Extract<CouponVerdict, { ok: false }>, locale: Locale): string {
  const values = verdict.values ? { minimum: formatMoney(verdict.values.minimumCents, locale) } : {};
  return String(translator(locale)(verdict.reason, values as never));
}

/**
 * Counts a use of the coupon when an order is placed, inside the placing transaction (`deps.db` is
 * it): false when its last use was taken meanwhile, and the placing is refused.
 */
export const takeCouponUse = (deps: ServiceDeps, scope: StoreScope, couponId: number) => countCouponUse(deps.db, scope, couponId);

/**
 * A cancelled order gives its coupon's use back (times used − 1, never below 0), inside the
 * cancelling transaction, so a limited coupon may be used again; a coupon deleted since is left alone.
 */
export const giveBackCouponUse = (deps: ServiceDeps, scope: StoreScope, couponId: number) => uncountCouponUse(deps.db, scope, couponId);

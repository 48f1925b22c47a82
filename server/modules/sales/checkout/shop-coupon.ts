import { randomBytes } from 'node:crypto';
import type { Locale } from '#common/locale.ts';
import { AppError } from '#server/errors.ts';
import type { CartCookie, CartFlash } from '#server/modules/sales/checkout/cart-cookie.ts';
import { priceCart } from '#server/modules/sales/checkout/cart.service.ts';
import { couponReason, couponSeal } from '#server/modules/coupon/coupon.service.ts';
import { LIMITS, refundAttempt, takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { ShopFrame } from '../../shop/shop.service.ts';

// A code typed on a storefront's cart (issue 36 §9, decision 081). Codes can be guessed: each
// refused attempt counts against the address (over every store) and against the cart, and past
// either limit nothing more is tried for a while. A code that applies gives its attempt back. The
// cart keeps the code with the server's seal, so the pages that price it later never answer a code
// written into the cookie by hand (cart.service's priceCart ignores one without the seal).

export type CouponAttempt =
  | { ok: true; cart: CartCookie }
  | { ok: false; cart: CartCookie }
  | { ok: false; tooMany: true; cart: CartCookie; retryAfterSeconds: number };

/** The cart after trying `code` (upper-case, trimmed) from address `ip`; its flash says how it went. */
export async function tryCoupon(deps: ServiceDeps, frame: ShopFrame, cart: CartCookie, code: string, ip: string, locale: Locale): Promise<CouponAttempt> {
  const key = cart.key ?? randomBytes(16).toString('base64url');
  const keys = [
    { key: `coupon:${ip}`, limit: LIMITS.couponPerIp },
    { key: `coupon-cart:${frame.store.id}:${key}`, limit: LIMITS.couponPerCart },
  ];
  const kept = { ...cart, key };
  const taken: string[] = [];
  try {
    for (const { key: name, limit } of keys) {
      await takeAttempt(deps, name, limit);
      taken.push(name);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    return { ok: false, tooMany: true, cart: kept, retryAfterSeconds: error.retryAfterSeconds ?? 60 };
  }
  const sealed = { ...kept, coupon: code, couponSeal: couponSeal(deps, frame.store.id, code) };
  const priced = await priceCart(deps, frame.scope, sealed, locale);
  if (priced.coupon?.ok) {
    for (const name of taken) await refundAttempt(deps, name);
    return { ok: true, cart: { ...sealed, coupon: priced.coupon.code, flash: { key: 'couponApplied', name: priced.coupon.code } } };
  }
  // Refused: the cart keeps the code it had; the flash carries why, so the next page need not ask again.
  const minimum = priced.coupon && !priced.coupon.ok ? priced.coupon.minimumCents : undefined;
  return { ok: false, cart: { ...kept, flash: { key: 'couponRefused', name: code, ...(minimum !== undefined ? { n: minimum } : {}) } } };
}

/** Why the flash's code was refused, in the page's language: its minimum, or "not valid". */
export function refusedReason(flash: CartFlash, locale: Locale): string {
  return flash.n !== undefined
    ? couponReason({ ok: false, reason: 'catalog.coupon.verdict.minimum', values: { minimumCents: flash.n } }, locale)
    : couponReason({ ok: false, reason: 'catalog.coupon.verdict.invalid' }, locale);
}

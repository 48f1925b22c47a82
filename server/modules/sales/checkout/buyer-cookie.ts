import type { Config } from '#server/config.ts';
import { openWithServerKey, sealWithServerKey } from '#server/modules/sales/sri-certificate/sealed.ts';
import { readCookie, serializeCookie } from '#server/plugins/cookies.ts';
import { shopPath } from '../../shop/shop-url.ts';
import type { CheckoutValues } from './checkout-form.ts';

// The shopper's details remembered in their browser for the next checkout (issue 40 §4), only when
// they tick "Remember my details": the contact and the delivery address as typed, never the
// payment, nor the notes (they are one order's). They are personal data in a cookie, so the value is
// sealed with the server's key (AES-GCM, sealed.ts) and labelled with the store: a copy read off the
// disk or moved to another store's cookie opens nowhere. HttpOnly, SameSite=Lax, Secure on https,
// and sent only to the store's own pages (its path, in both languages). Only the checkout, a page
// never cached (`no-store`), draws them: no page the shop's cache keeps ever holds them.

/** The checkout's fields kept (a field added to the checkout, such as the canton, is one word here). */
export const REMEMBERED_FIELDS = ['name', 'email', 'phone', 'documentType', 'documentNumber', 'address', 'city', 'province', 'canton'] as const satisfies readonly (keyof CheckoutValues)[];
export type RememberedBuyer = Record<(typeof REMEMBERED_FIELDS)[number], string>;

const PURPOSE = 'buyer-cookie';
const HALF_A_YEAR = 182 * 24 * 60 * 60;
/** A sealed value of the fields at their maximum lengths is well under this; a longer cookie is not ours. */
const MAX_COOKIE = 4000;

type Keys = Pick<Config, 'certificateKey' | 'secret'>;

export const buyerCookieName = (storeId: number) => `tb_buyer_${storeId}`;
const label = (storeId: number) => `buyer:${storeId}`;
/** Both languages' paths of the store: `/shop/{slug}` and `/en/shop/{slug}`. */
const storePaths = (slug: string) => [shopPath('es', slug), shopPath('en', slug)];

/** The details this browser keeps for the store, or null (none, or not ones this server sealed). */
export function readBuyer(keys: Keys, cookieHeader: string | undefined, storeId: number): RememberedBuyer | null {
  const raw = readCookie(cookieHeader, buyerCookieName(storeId));
  if (!raw || raw.length > MAX_COOKIE || !/^[\w-]+$/.test(raw)) return null;
  let data: unknown;
  try {
    data = JSON.parse(openWithServerKey(keys, PURPOSE, Buffer.from(raw, 'base64url'), label(storeId)));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const buyer = {} as RememberedBuyer;
  for (const field of REMEMBERED_FIELDS) {
    const value = (data as Record<string, unknown>)[field];
    buyer[field] = typeof value === 'string' ? value.slice(0, 300) : '';
  }
  return buyer;
}

/** The Set-Cookie headers that keep these details for the store (both of its paths). */
export function rememberBuyerHeaders(keys: Keys, values: CheckoutValues, store: { id: number; slug: string }, secure: boolean): string[] {
  const kept = Object.fromEntries(REMEMBERED_FIELDS.map((field) => [field, values[field].trim().slice(0, 300)]));
  const sealed = sealWithServerKey(keys, PURPOSE, JSON.stringify(kept), label(store.id)).toString('base64url');
  return storePaths(store.slug).map((path) => serializeCookie(buyerCookieName(store.id), sealed, { httpOnly: true, secure, path, maxAge: HALF_A_YEAR }));
}

/** The Set-Cookie headers that forget them. */
export function forgetBuyerHeaders(store: { id: number; slug: string }, secure: boolean): string[] {
  return storePaths(store.slug).map((path) => serializeCookie(buyerCookieName(store.id), '', { httpOnly: true, secure, path, maxAge: 0 }));
}

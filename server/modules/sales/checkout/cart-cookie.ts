import { parseCookies, readCookie, serializeCookie } from '#server/plugins/cookies.ts';

// The shopper's cart, kept in a cookie per store (decision 060): what they chose, never a price.
// Nothing read from it is trusted — every page and every step looks the products up again — so it
// needs no signature: a cart edited by hand only asks for other products, which are checked too.

export type CartLine = { productId: number; variantId: number | null; quantity: number };
/**
 * A message for the next page, after a form post redirects (PRG): a text key and its one number;
 * `line` is what was just added (the cart page tells the merchant's pixel, decision 064).
 */
export type CartFlash = { key: string; n?: number; name?: string; line?: CartLine };
export type CartCookie = {
  lines: CartLine[]; coupon: string; flash: CartFlash | null;
  /** The server's seal on `coupon` (coupon.service's couponSeal): a code without it is not applied. */
  couponSeal?: string;
  /** A random name the cart takes at its first coupon attempt: the key of its own attempt limit. */
  key?: string;
};

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 999;
const THIRTY_DAYS = 30 * 24 * 60 * 60;

export const cartCookieName = (storeId: number) => `tb_cart_${storeId}`;
const CART_COOKIE = /^tb_cart_\d+$/;
/**
 * Whether the request carries any store's cart: the storefront's page cache serves such a shopper no
 * stored page. Read by the parser `readCart` reads with, so a cart it would read is always seen here.
 */
export function hasCartCookie(cookieHeader: string | undefined): boolean {
  for (const [name, value] of parseCookies(cookieHeader)) if (value && CART_COOKIE.test(name)) return true;
  return false;
}
export const emptyCart = (): CartCookie => ({ lines: [], coupon: '', flash: null });

const positive = (value: unknown, max: number) => (Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= max ? (value as number) : null);

/** The cart in the request's cookie; anything malformed is left out, never an error. */
export function readCart(cookieHeader: string | undefined, storeId: number): CartCookie {
  const raw = readCookie(cookieHeader, cartCookieName(storeId));
  if (!raw || raw.length > 4000) return emptyCart();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyCart();
  }
  if (typeof data !== 'object' || data === null) return emptyCart();
  const { l, c, f, cs, k } = data as { l?: unknown; c?: unknown; f?: unknown; cs?: unknown; k?: unknown };
  const lines: CartLine[] = [];
  for (const item of Array.isArray(l) ? l.slice(0, MAX_CART_LINES) : []) {
    const line = lineOf(item);
    if (!line || lines.some((other) => other.productId === line.productId && other.variantId === line.variantId)) continue;
    lines.push(line);
  }
  const coupon = typeof c === 'string' ? c.trim().toUpperCase().slice(0, 40) : '';
  const flashData = typeof f === 'object' && f !== null ? (f as Record<string, unknown>) : null;
  const added = lineOf(flashData?.a);
  const flash = flashData && typeof flashData.k === 'string' && flashData.k.length <= 40
    ? { key: flashData.k, ...(Number.isSafeInteger(flashData.n) ? { n: flashData.n as number } : {}), ...(typeof flashData.s === 'string' ? { name: flashData.s.slice(0, 200) } : {}), ...(added ? { line: added } : {}) }
    : null;
  const token = (value: unknown) => (typeof value === 'string' && /^[\w-]{16,32}$/.test(value) ? value : undefined);
  const couponSeal = coupon ? token(cs) : undefined;
  const key = token(k);
  return { lines, coupon, flash, ...(couponSeal ? { couponSeal } : {}), ...(key ? { key } : {}) };
}

/** `[productId, variantId or 0, quantity]`, or null when any part is not a plausible value. */
function lineOf(item: unknown): CartLine | null {
  if (!Array.isArray(item)) return null;
  const productId = positive(item[0], 2 ** 31 - 1);
  const variantId = item[1] === 0 ? null : positive(item[1], 2 ** 31 - 1);
  const quantity = positive(item[2], MAX_LINE_QUANTITY);
  if (productId === null || quantity === null || (item[1] !== 0 && variantId === null)) return null;
  return { productId, variantId, quantity };
}

const lineTuple = (line: CartLine) => [line.productId, line.variantId ?? 0, line.quantity];

/** The Set-Cookie header for this cart; an empty cart removes the cookie. */
export function cartCookieHeader(cart: CartCookie, storeId: number, secure: boolean): string {
  const empty = cart.lines.length === 0 && cart.coupon === '' && cart.flash === null;
  const value = empty ? '' : JSON.stringify({
    l: cart.lines.slice(0, MAX_CART_LINES).map(lineTuple),
    ...(cart.coupon ? { c: cart.coupon, ...(cart.couponSeal ? { cs: cart.couponSeal } : {}) } : {}),
    ...(cart.key ? { k: cart.key } : {}),
    ...(cart.flash ? { f: { k: cart.flash.key, ...(cart.flash.n !== undefined ? { n: cart.flash.n } : {}), ...(cart.flash.name ? { s: cart.flash.name.slice(0, 200) } : {}), ...(cart.flash.line ? { a: lineTuple(cart.flash.line) } : {}) } } : {}),
  });
  return serializeCookie(cartCookieName(storeId), value, { httpOnly: true, secure, maxAge: empty ? 0 : THIRTY_DAYS });
}

/** How many items the cart holds, for the header's link (a hint; the cart page checks them). */
export const cartCount = (cart: CartCookie) => cart.lines.reduce((sum, line) => sum + line.quantity, 0);

/** The lines as the cookie writes them (`[[productId, variantId or 0, quantity], …]`), for a cart kept elsewhere (an abandoned cart's row, decision 094). */
export const cartLinesJson = (lines: readonly CartLine[]) => JSON.stringify(lines.slice(0, MAX_CART_LINES).map(lineTuple));

/** Lines read back from `cartLinesJson`, as `readCart` reads the cookie's: anything malformed left out. */
export function cartLinesOf(json: string): CartLine[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return [];
  }
  const lines: CartLine[] = [];
  for (const item of Array.isArray(data) ? data.slice(0, MAX_CART_LINES) : []) {
    const line = lineOf(item);
    if (line && !lines.some((other) => other.productId === line.productId && other.variantId === line.variantId)) lines.push(line);
  }
  return lines;
}

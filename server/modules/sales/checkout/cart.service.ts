import { asIvaCode, type IvaCode, ivaBp } from '#common/iva.ts';
import type { Locale } from '#common/locale.ts';
import { orderTotals, type OrderTotals, type TotalsLine, type TotalsShipping } from '#common/order-totals.ts';
import { couponReason, couponSealed, couponVerdict } from '#server/modules/coupon/coupon.service.ts';
import { loadShippingSetup } from '#server/modules/sales/shipping/shipping.service.ts';
import { loadStoreSales, type StoreSalesSettings } from '#server/modules/sales/store-sales/store-sales.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type CartCookie, type CartLine, MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-cookie.ts';
import * as repository from './checkout.repository.ts';
import { basketOf, type DeliveryChoice, type DeliveryQuote, quoteDelivery } from './delivery-quote.ts';

// The cart as it stands now (issue 23 §1): the cookie says what the shopper chose; the database
// says what it costs, whether it is still sold and how many are left. Every page and the placing
// itself start here, so a price changed, a product hidden or stock sold meanwhile is seen at once.

export type PricedLine = CartLine & {
  name: string;
  variantName: string | null;
  slug: string;
  sku: string;
  stock: number;
  /** Before tax and discounts, as the catalogue keeps it. */
  unitPriceCents: number;
  discountBp: number;
  /** SRI's IVA code: the variant's when it has its own, else the product's (decision 087). */
  ivaCode: IvaCode;
  /** Its rate in basis points, from SRI's table (common/iva.ts). */
  taxBp: number;
  /** What the line costs the shopper: after discounts (the coupon's share too), with its IVA. */
  totalCents: number;
  /** The product's, per unit; null: it weighs nothing to a rate by weight. */
  weightGrams: number | null;
};

/** Why the cart changed on its own: a product gone, or fewer units left than the shopper had. */
export type CartNotice = { kind: 'gone'; name: string } | { kind: 'capped'; name: string; count: number };

export type CouponState = { code: string; ok: true; discountCents: number; couponId: number } | { code: string; ok: false; reason: string; minimumCents?: number };

export type PricedCart = {
  lines: PricedLine[];
  /** The cookie as it should now be: gone lines dropped, quantities capped. */
  cart: CartCookie;
  notices: CartNotice[];
  coupon: CouponState | null;
  totals: OrderTotals;
  /** The chosen shipping's fee and the IVA it is charged at, as the totals reckoned them. */
  shipping: TotalsShipping;
  /** The options to the address given (none: the cart page's, before any address), and the one chosen. */
  delivery: DeliveryQuote;
  settings: StoreSalesSettings;
};

type Product = Awaited<ReturnType<typeof repository.cartProducts>>[number];
type Variant = Awaited<ReturnType<typeof repository.cartVariants>>[number];

/** The cookie's lines against the catalogue: the line with its current price and stock, or why it went. */
function resolveLine(line: CartLine, products: Map<number, Product>, variants: Variant[]): { product: Product; variant: Variant | null } | null {
  const product = products.get(line.productId);
  if (!product) return null;
  const own = variants.filter((variant) => variant.productId === product.id);
  if (line.variantId === null) return own.length > 0 ? null : { product, variant: null };
  const variant = own.find((item) => item.id === line.variantId);
  return variant ? { product, variant } : null;
}

/** A line's IVA, each line at its own: the code stored (checked against SRI's table) and its rate. */
function ivaOf(code: string) {
  const ivaCode = asIvaCode(code);
  return { ivaCode, taxBp: ivaBp(ivaCode) };
}

export const lineName = (line: { name: string; variantName: string | null }) => (line.variantName ? `${line.name} — ${line.variantName}` : line.name);

/**
 * Prices the cart now; `locale` is the language of the coupon's refusal reason. `delivery`: the
 * checkout's address and chosen shipping; without it (the cart page) shipping is the store's flat
 * fee, or left to the checkout when the store ships by zone.
 */
export async function priceCart(deps: ServiceDeps, scope: StoreScope, cart: CartCookie, locale: Locale, delivery: DeliveryChoice | null = null): Promise<PricedCart> {
  const lines = cart.lines.slice(0, MAX_CART_LINES);
  const ids = [...new Set(lines.map((line) => line.productId))];
  const [productRows, variants, settings, setup] = await Promise.all([repository.cartProducts(deps.db, scope, ids), repository.cartVariants(deps.db, scope, ids), loadStoreSales(deps, scope), loadShippingSetup(deps, scope)]);
  const products = new Map(productRows.map((row) => [row.id, row]));
  const notices: CartNotice[] = [];
  const kept: Omit<PricedLine, 'totalCents'>[] = [];
  for (const line of lines) {
    const found = resolveLine(line, products, variants);
    if (!found) {
      // The name is the catalogue's when the product is still there (a variant gone), else unknown.
      notices.push({ kind: 'gone', name: products.get(line.productId)?.name ?? `#${line.productId}` });
      continue;
    }
    const { product, variant } = found;
    const stock = variant ? variant.stock : product.stock;
    const name = product.name;
    const variantName = variant?.name ?? null;
    if (stock <= 0) {
      notices.push({ kind: 'gone', name: lineName({ name, variantName }) });
      continue;
    }
    const quantity = Math.min(line.quantity, stock, MAX_LINE_QUANTITY);
    if (quantity < line.quantity) notices.push({ kind: 'capped', name: lineName({ name, variantName }), count: quantity });
    kept.push({
      productId: product.id, variantId: variant?.id ?? null, quantity, name, variantName, slug: product.slug,
      sku: variant?.sku || product.sku || product.code, stock,
      unitPriceCents: variant ? variant.priceCents : product.priceCents,
      discountBp: product.discountBp,
      ...ivaOf(variant?.ivaCode ?? product.ivaCode),
      weightGrams: product.weightGrams,
    });
  }

  const totalsLines: TotalsLine[] = kept.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity, discountBp: line.discountBp, ivaCode: line.ivaCode }));
  const ivaCode = asIvaCode(settings.shippingIvaCode);
  // The goods first: a rate by total and the free threshold read them after the coupon.
  const noShipping: TotalsShipping = { feeCents: 0, freeFromCents: null, ivaCode };
  let totals = orderTotals(totalsLines, null, noShipping);
  let couponTotals: { type: 'fixed'; cents: number } | null = null;
  let coupon: CouponState | null = null;
  // A code counts only with the server's seal (decision 081): one written into the cookie by hand
  // is no coupon at all, so no page that prices a cart answers a guess past the attempt limit.
  if (cart.coupon !== '' && kept.length > 0 && couponSealed(deps, scope.storeId, cart.coupon, cart.couponSeal)) {
    // The coupon's minimum is checked on the goods after their own discounts (order-totals' couponBase).
    const verdict = await couponVerdict(deps, scope, cart.coupon, { subtotalCents: totals.couponBaseCents });
    if (verdict.ok) {
      coupon = { code: verdict.code, ok: true, discountCents: verdict.discountCents, couponId: verdict.couponId };
      // The coupon module decides the amount; order-totals spreads it over the lines to the cent.
      couponTotals = { type: 'fixed', cents: verdict.discountCents };
      totals = orderTotals(totalsLines, couponTotals, noShipping);
    } else {
      coupon = { code: cart.coupon, ok: false, reason: couponReason(verdict, locale), ...(verdict.values ? { minimumCents: verdict.values.minimumCents } : {}) };
    }
  }
  const goodsCents = totals.lines.reduce((sum, line) => sum + line.baseCents, 0);
  const quote = quoteDelivery(setup, delivery, basketOf(goodsCents, kept));
  const shipping: TotalsShipping = { feeCents: quote.chosen?.feeCents ?? 0, freeFromCents: quote.chosen?.freeFromCents ?? null, ivaCode };
  totals = orderTotals(totalsLines, couponTotals, shipping);
  const priced = kept.map((line, index) => ({ ...line, totalCents: totals.lines[index]!.baseCents + totals.lines[index]!.taxCents }));
  return {
    lines: priced,
    cart: { ...cart, lines: kept.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })) },
    notices,
    coupon,
    totals,
    shipping,
    delivery: quote,
    settings,
  };
}

export type AddResult = { ok: true; cart: CartCookie; name: string } | { ok: false; problem: 'unavailable' | 'chooseOption' | 'full' } | { ok: false; problem: 'notEnough'; name: string; count: number };

/** Adds units of a product (a variant when it has some), refusing more than are left. */
export async function addToCart(deps: ServiceDeps, scope: StoreScope, cart: CartCookie, wanted: CartLine): Promise<AddResult> {
  const [productRows, variants] = await Promise.all([repository.cartProducts(deps.db, scope, [wanted.productId]), repository.cartVariants(deps.db, scope, [wanted.productId])]);
  const product = productRows[0];
  if (!product) return { ok: false, problem: 'unavailable' };
  if (variants.length > 0 && wanted.variantId === null) return { ok: false, problem: 'chooseOption' };
  const found = resolveLine(wanted, new Map([[product.id, product]]), variants);
  if (!found) return { ok: false, problem: 'unavailable' };
  const name = lineName({ name: product.name, variantName: found.variant?.name ?? null });
  const stock = found.variant ? found.variant.stock : product.stock;
  const existing = cart.lines.find((line) => line.productId === wanted.productId && line.variantId === wanted.variantId);
  const quantity = (existing?.quantity ?? 0) + wanted.quantity;
  if (quantity > stock || quantity > MAX_LINE_QUANTITY) return { ok: false, problem: 'notEnough', name, count: Math.max(stock, 0) };
  if (!existing && cart.lines.length >= MAX_CART_LINES) return { ok: false, problem: 'full' };
  const lines = existing ? cart.lines.map((line) => (line === existing ? { ...line, quantity } : line)) : [...cart.lines, { ...wanted }];
  return { ok: true, cart: { ...cart, lines }, name };
}

/** Sets a line's quantity (0 removes it); more than is left is refused with how many are. */
export async function setCartQuantity(deps: ServiceDeps, scope: StoreScope, cart: CartCookie, target: CartLine): Promise<AddResult> {
  const others = cart.lines.filter((line) => !(line.productId === target.productId && line.variantId === target.variantId));
  if (target.quantity === 0) return { ok: true, cart: { ...cart, lines: others }, name: '' };
  const result = await addToCart(deps, scope, { ...cart, lines: others }, target);
  if (!result.ok) return result;
  // Kept in its place in the list.
  const lines = cart.lines.map((line) => (line.productId === target.productId && line.variantId === target.variantId ? { ...line, quantity: target.quantity } : line));
  return { ...result, cart: { ...cart, lines } };
}

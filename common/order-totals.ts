// An order's money, in integer cents end to end (issue 23, PRODUCT §5). Ecuador's invoices carry
// each line's discount and its tax base, so every amount is rounded once, on its line, and the
// totals are sums of rounded lines: the invoice's figures add up to the cent, as SRI checks.
//
// Prices are before IVA (each line's own rate is added on top, as the storefront shows it). A
// line's IVA is SRI's code (common/iva.ts), its rate in basis points (1500 is 15 %) read from the
// table. Shipping is a taxed amount of its own, at the rate the store picks for it (decision 087).

import { byRideOrder, type IvaCode, ivaBp } from './iva.ts';

export type TotalsLine = {
  unitPriceCents: number;
  quantity: number;
  /** The product's own discount. */
  discountBp: number;
  /** The line's IVA: the variant's code, else its product's. */
  ivaCode: IvaCode;
};

export type TotalsCoupon = { type: 'percentage'; bp: number } | { type: 'fixed'; cents: number };

/** The store's shipping fee (before IVA), when it is free, and the IVA it is charged at. */
export type TotalsShipping = { feeCents: number; freeFromCents: number | null; ivaCode: IvaCode };

/** What was sold at one IVA code: SRI lists each code's base apart (`totalImpuesto`). */
export type TaxBase = { ivaCode: IvaCode; taxBp: number; baseCents: number; taxCents: number };

/**
 * The IVA bases of what an order, an invoice or a credit note charges: one per SRI code (0 %, exempt
 * and not subject apart though all three charge nothing), in the RIDE's order, highest rate first.
 */
export function basesByCode(items: readonly { ivaCode: IvaCode; baseCents: number; taxCents: number }[]): TaxBase[] {
  const byCode = new Map<IvaCode, TaxBase>();
  for (const item of items) {
    const base = byCode.get(item.ivaCode) ?? { ivaCode: item.ivaCode, taxBp: ivaBp(item.ivaCode), baseCents: 0, taxCents: 0 };
    base.baseCents += item.baseCents;
    base.taxCents += item.taxCents;
    byCode.set(item.ivaCode, base);
  }
  return [...byCode.values()].sort(byRideOrder);
}

export type LineTotals = {
  grossCents: number;
  /** The product's discount and this line's share of the coupon. */
  discountCents: number;
  /** What the tax is reckoned on: gross less discount. */
  baseCents: number;
  taxCents: number;
};

export type OrderTotals = {
  lines: LineTotals[];
  /** Before any discount. */
  subtotalCents: number;
  /** After the products' own discounts, before the coupon: what a coupon's minimum is checked on. */
  couponBaseCents: number;
  discountCents: number;
  couponDiscountCents: number;
  /** Tax bases by IVA code, shipping's included, in the RIDE's order (common/iva.ts). */
  bases: TaxBase[];
  /** All the IVA: the lines' and shipping's. */
  taxCents: number;
  /** Shipping before IVA. */
  shippingCents: number;
  shippingTaxCents: number;
  /** The bases plus the IVA: goods after discounts, shipping, and their taxes. */
  totalCents: number;
};

/**
 * The most one order may amount to: USD 1,000,000 (decision 078). Money columns are `integer` on
 * both databases (PostgreSQL's int4 ends at USD 21,474,836.47); an order past this is refused at
 * checkout, so every amount it stores — a line's gross, discount, base and tax, the order's and
 * its invoice's totals — stays under a twentieth of that. The product form's dearest price is
 * this same amount, and a line holds at most 999 units (cart-cookie.ts's MAX_LINE_QUANTITY).
 */
export const MAX_ORDER_CENTS = 100_000_000;

/**
 * Whether the order goes past MAX_ORDER_CENTS: before any discount (the subtotal, which also
 * bounds every line's gross and discount) or as charged (the total, with tax and shipping).
 */
export const overOrderMaximum = (totals: Pick<OrderTotals, 'subtotalCents' | 'totalCents'>): boolean =>
  totals.subtotalCents > MAX_ORDER_CENTS || totals.totalCents > MAX_ORDER_CENTS;

/** Half away from zero, as SRI rounds: 0.5 ¢ is 1 ¢. */
export function roundHalfUp(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function share(cents: number, bp: number): number {
  return roundHalfUp((cents * bp) / 10_000);
}

/**
 * A fixed amount split over lines in proportion to their amounts, to the cent: each line gets its
 * rounded-down share and the cents left go to the lines with the largest remainders (ties to the
 * earlier line), so the shares always add up to the amount.
 */
export function splitByWeight(amountCents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amountCents * weight) / total);
  const shares = exact.map(Math.floor);
  let left = amountCents - shares.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export function orderTotals(lines: readonly TotalsLine[], coupon: TotalsCoupon | null, shipping: TotalsShipping): OrderTotals {
  const gross = lines.map((line) => line.unitPriceCents * line.quantity);
  const own = lines.map((line, index) => share(gross[index]!, line.discountBp));
  const afterOwn = gross.map((value, index) => value - own[index]!);
  const couponBaseCents = afterOwn.reduce((sum, value) => sum + value, 0);

  let couponShares = lines.map(() => 0);
  if (coupon?.type === 'percentage') couponShares = afterOwn.map((value) => share(value, Math.min(coupon.bp, 10_000)));
  if (coupon?.type === 'fixed') couponShares = splitByWeight(Math.min(coupon.cents, couponBaseCents), afterOwn);

  const lineTotals = lines.map((line, index): LineTotals => {
    const baseCents = afterOwn[index]! - couponShares[index]!;
    return { grossCents: gross[index]!, discountCents: own[index]! + couponShares[index]!, baseCents, taxCents: share(baseCents, ivaBp(line.ivaCode)) };
  });

  const sum = (pick: (line: LineTotals) => number) => lineTotals.reduce((total, line) => total + pick(line), 0);
  const baseCents = sum((line) => line.baseCents);
  // Free shipping is earned by what the shopper pays for the goods: after discounts, before tax.
  const free = shipping.freeFromCents !== null && baseCents >= shipping.freeFromCents;
  const shippingCents = lines.length === 0 || free ? 0 : shipping.feeCents;
  // Shipping is one more line of the invoice, rounded once like the others.
  const shippingTaxCents = share(shippingCents, ivaBp(shipping.ivaCode));

  const taxed = lines.map((line, index) => ({ ivaCode: line.ivaCode, baseCents: lineTotals[index]!.baseCents, taxCents: lineTotals[index]!.taxCents }));
  if (shippingCents > 0) taxed.push({ ivaCode: shipping.ivaCode, baseCents: shippingCents, taxCents: shippingTaxCents });
  const taxCents = sum((line) => line.taxCents) + shippingTaxCents;

  return {
    lines: lineTotals,
    subtotalCents: sum((line) => line.grossCents),
    couponBaseCents,
    discountCents: sum((line) => line.discountCents),
    couponDiscountCents: couponShares.reduce((total, value) => total + value, 0),
    bases: basesByCode(taxed),
    taxCents,
    shippingCents,
    shippingTaxCents,
    totalCents: baseCents + shippingCents + taxCents,
  };
}

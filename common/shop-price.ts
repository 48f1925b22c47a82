import type { IvaCode } from './iva.ts';
import { orderTotals } from './order-totals.ts';

// What a shopper pays for one unit of a product or a variant (issue 22 §1, issue 20 §20): the
// store's price less the product's discount, plus its own IVA (the variant's code, else the product's: common/iva.ts), as prices are shown to consumers
// in Ecuador. Reckoned by `orderTotals` itself, as a one-unit line — the discount rounded, then the
// tax on what is left, each half away from zero — so the price a page shows is the one the order
// charges, to the cent. Prices in cents, discounts in basis points (1500 = 15 %). The storefront's SQL
// filter and sort use the same arithmetic (server/modules/shop/shop.repository.ts), the product
// form's preview this very function.

export type PriceParts = { priceCents: number; discountBp: number; ivaCode: IvaCode; compareAtCents: number | null };

/**
 * `paidCents`: what the shopper pays, IVA included, and `taxCents` the IVA in it. `oldCents`: the
 * price shown struck through beside it — the compare-at price when there is one, else the price
 * before the discount — IVA included, or null when it would not be higher (no saving to show).
 * `savingPercent`: the whole percentage saved against it.
 */
export type ShopPrice = { paidCents: number; taxCents: number; oldCents: number | null; savingPercent: number };

/** One unit as an order line: what is left after the discount, and the tax on it. */
function oneUnit(priceCents: number, discountBp: number, ivaCode: IvaCode) {
  const [line] = orderTotals([{ unitPriceCents: priceCents, quantity: 1, discountBp, ivaCode }], null, { feeCents: 0, freeFromCents: null, ivaCode }).lines;
  return { baseCents: line!.baseCents, taxCents: line!.taxCents };
}

export function shopPrice({ priceCents, discountBp, ivaCode, compareAtCents }: PriceParts): ShopPrice {
  const { baseCents, taxCents } = oneUnit(priceCents, discountBp, ivaCode);
  const paidCents = baseCents + taxCents;
  const before = compareAtCents ?? priceCents;
  const beforeWithTax = before + oneUnit(before, 0, ivaCode).taxCents;
  const oldCents = before > baseCents && beforeWithTax > paidCents ? beforeWithTax : null;
  const savingPercent = oldCents === null ? 0 : Math.round(((oldCents - paidCents) / oldCents) * 100);
  return { paidCents, taxCents, oldCents, savingPercent };
}

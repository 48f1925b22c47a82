// The price a shopper sees for one unit of a product (issue 20 §20): its price less its discount,
// with the IVA added, as prices are shown to consumers in Ecuador. Integer cents and basis points
// in, integer cents out, each step rounded to the cent.

export type PriceParts = { priceCents: number; discountBp: number; taxBp: number; compareAtCents: number | null };

/**
 * `finalCents`: what the shopper pays, IVA included. `beforeCents`: the price shown struck
 * through beside it (the compare-at price, else the price before the discount), IVA included, or
 * null when there is no saving to show. `savingPercent`: the whole percentage saved against it.
 */
export function shopperPrice({ priceCents, discountBp, taxBp, compareAtCents }: PriceParts) {
  const withTax = (cents: number) => Math.round((cents * (10_000 + taxBp)) / 10_000);
  const discounted = Math.round((priceCents * (10_000 - discountBp)) / 10_000);
  const finalCents = withTax(discounted);
  const before = compareAtCents ?? priceCents;
  const beforeCents = before > discounted ? withTax(before) : null;
  const savingPercent = beforeCents === null ? 0 : Math.round(((beforeCents - finalCents) / beforeCents) * 100);
  return { finalCents, beforeCents, taxCents: finalCents - discounted, savingPercent };
}

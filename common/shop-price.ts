// What a shopper pays for a product or a variant (issue 22 §1): the store's price less the
// product's discount, plus its tax (IVA), to the cent. The old price — the same with no discount —
// is shown struck through while there is a discount. Prices are in cents, rates in basis points
// (1500 = 15 %), as the catalogue keeps them. The storefront's SQL filter and sort use the same
// formula (server/modules/shop/shop.repository.ts).

export type ShopPrice = { paidCents: number; oldCents: number | null; discountPercent: number };

export function shopPrice(priceCents: number, discountBp: number, taxBp: number): ShopPrice {
  const paidCents = Math.round((priceCents * (10000 - discountBp) * (10000 + taxBp)) / 100_000_000);
  const oldCents = discountBp > 0 ? Math.round((priceCents * (10000 + taxBp)) / 10000) : null;
  return { paidCents, oldCents, discountPercent: Math.round(discountBp / 100) };
}

import { provinceByName } from '#common/ecuador-places.ts';
import { type Basket, type ShippingOffer, shippingOffer, type ShippingOption, type ShippingSetup, type StorePickup } from '#common/shipping-rates.ts';

// The shipping of one cart to one address (issue 40 §1, decision 090): the options the store
// offers there, the one the shopper chose, or why none can be taken. The cart and its pages price
// with it; the placing refuses an order whose quote has a problem.

/** What the checkout says of the delivery: the province's name, the canton, the chosen option's key. */
export type DeliveryChoice = {
  province: string;
  canton: string;
  option: string;
  /**
   * The checkout page's quote: with nothing chosen yet, or a choice no longer offered, the cheapest
   * option is shown checked and the totals reckon it — once the address is one the store ships to
   * (or the store has one flat fee). The placing never suggests: it refuses what was not chosen.
   */
  suggest?: boolean;
};

export type DeliveryProblem =
  /** The store ships to no zone holding this province (or canton), and pickup was not chosen. */
  | 'provinceNotServed'
  /** The option chosen is not offered here (another province's, or gone since the page was shown). */
  | 'shippingUnavailable'
  /** Several options and none chosen. */
  | 'shippingRequired'
  /** No rate takes this order (past every rate's last bracket) and there is no pickup. */
  | 'shippingNone';

export type DeliveryQuote = {
  /** The store ships by zone; false: its one flat fee, which needs no address. */
  zoned: boolean;
  offer: ShippingOffer;
  chosen: ShippingOption | null;
  problem: DeliveryProblem | null;
  pickup: StorePickup;
};

export function quoteDelivery(setup: ShippingSetup, choice: DeliveryChoice | null, basket: Basket): DeliveryQuote {
  const quoted = quoteChoice(setup, choice, basket);
  const first = quoted.offer.options[0];
  if (!choice?.suggest || quoted.chosen || !first || (quoted.zoned && !(provinceByName(choice.province) && quoted.offer.served))) return quoted;
  return quoteChoice(setup, { ...choice, option: first.key }, basket);
}

function quoteChoice(setup: ShippingSetup, choice: DeliveryChoice | null, basket: Basket): DeliveryQuote {
  const zoned = setup.zones.length > 0;
  const offer = shippingOffer(setup, choice?.province ?? '', choice?.canton ?? '', basket);
  const quote = (chosen: ShippingOption | null, problem: DeliveryProblem | null = null): DeliveryQuote => ({ zoned, offer, chosen, problem, pickup: setup.pickup });
  const flat = offer.options.find((option) => option.key === 'flat') ?? null;
  // A cart not yet at the checkout: the flat fee when that is all there is, else "at checkout".
  if (!choice) return quote(zoned ? null : flat);
  const found = offer.options.find((option) => option.key === choice.option) ?? null;
  if (found?.pickup) return quote(found);
  if (!offer.served) return quote(null, 'provinceNotServed');
  if (found) return quote(found);
  if (choice.option !== '') return quote(null, 'shippingUnavailable');
  // Nothing chosen: the one way to ship there, if there is one; pickup is taken only when chosen.
  const delivered = offer.options.filter((option) => !option.pickup);
  if (delivered.length === 0) return quote(null, offer.options.length > 0 ? 'shippingRequired' : 'shippingNone');
  if (delivered.length === 1) return quote(delivered[0]!);
  return quote(null, 'shippingRequired');
}

/** The basket as rates read it: the goods after discounts, before IVA; a product with no weight weighs nothing. */
export function basketOf(goodsCents: number, lines: readonly { weightGrams: number | null; quantity: number }[]): Basket {
  return { goodsCents, grams: lines.reduce((sum, line) => sum + (line.weightGrams ?? 0) * line.quantity, 0) };
}

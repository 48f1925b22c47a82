import { provinceByName } from './ecuador-places.ts';

// Which shipping a shopper is offered, and at what price (issue 40 §1, decision 090): pure rules,
// read by the cart's pricing, the checkout page and their tests alike.
//
// A zone is a set of provinces (a province whole, or some of its cantons); its rates are flat, by
// the order's total or by its weight, each bracket an inclusive upper limit and a price. The
// order's total here is what free shipping is earned on (common/order-totals.ts): the goods after
// their discounts, before IVA. Its weight is the products' `weight_grams` times their quantity (a
// product with no weight weighs nothing). A store with no zone ships everywhere at its one flat fee.

export const RATE_KINDS = ['flat', 'total', 'weight'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** `upTo`: cents (by total) or grams (by weight), inclusive; null: no limit (always so for a flat rate). */
export type RateBracket = { upTo: number | null; priceCents: number };
/** A province by its code (common/ecuador-places.ts); no cantons is the whole province. */
export type ZonePlace = { province: string; cantons: string[] };

export type ShippingRate = { id: number; name: string; kind: RateKind; brackets: RateBracket[]; daysMin: number; daysMax: number; freeFromCents: number | null };
export type ShippingZone = { id: number; name: string; places: ZonePlace[]; rates: ShippingRate[] };
export type StorePickup = { enabled: boolean; address: string; instructions: string };

/** What the store ships with: its zones, its pickup, and the flat fee that serves while it has no zone. */
export type ShippingSetup = { zones: ShippingZone[]; pickup: StorePickup; flat: { feeCents: number; freeFromCents: number | null } };

/** What the basket weighs and is worth, as rates read it. */
export type Basket = { goodsCents: number; grams: number };

/**
 * One way to get the order: a zone's rate (`rate-{id}`), pickup in the store (`pickup`), or the
 * store's flat fee while it has no zone (`flat`). `feeCents` before the free threshold; `priceCents`
 * what the shopper pays for it (0 once the threshold is reached).
 */
export type ShippingOption = {
  key: string;
  name: string;
  pickup: boolean;
  feeCents: number;
  priceCents: number;
  freeFromCents: number | null;
  daysMin: number | null;
  daysMax: number | null;
};

/** The bracket's price for this basket, or null when the basket is past the rate's last limit. */
export function rateFee(rate: Pick<ShippingRate, 'kind' | 'brackets'>, basket: Basket): number | null {
  if (rate.kind === 'flat') return rate.brackets[0]?.priceCents ?? null;
  const measure = rate.kind === 'total' ? basket.goodsCents : basket.grams;
  const bracket = rate.brackets.find((item) => item.upTo === null || measure <= item.upTo);
  return bracket ? bracket.priceCents : null;
}

/**
 * How closely the zone names this address: 2 the canton itself, 1 its whole province, 0 not at all.
 * A zone that lists the canton wins over one that takes its whole province (Quito city apart from
 * the rest of Pichincha); zones alike in that both offer their rates.
 */
export function zoneMatch(zone: Pick<ShippingZone, 'places'>, provinceCode: string, canton: string): 0 | 1 | 2 {
  let best: 0 | 1 | 2 = 0;
  for (const place of zone.places) {
    if (place.province !== provinceCode) continue;
    if (place.cantons.length === 0) best = Math.max(best, 1) as 1 | 2;
    else if (place.cantons.includes(canton)) return 2;
  }
  return best;
}

const free = (freeFromCents: number | null, basket: Basket) => freeFromCents !== null && basket.goodsCents >= freeFromCents;

export function pickupOption(pickup: StorePickup): ShippingOption | null {
  return pickup.enabled ? { key: 'pickup', name: '', pickup: true, feeCents: 0, priceCents: 0, freeFromCents: null, daysMin: null, daysMax: null } : null;
}

export type ShippingOffer = {
  /** False: the store ships to no zone holding this province (or canton); pickup may still be offered. */
  served: boolean;
  options: ShippingOption[];
};

/**
 * The options for a province (its name, as the checkout sends it) and canton, cheapest first, pickup
 * last. `province` '' (not chosen yet): only what needs no address — pickup, or the flat fee.
 */
export function shippingOffer(setup: ShippingSetup, province: string, canton: string, basket: Basket): ShippingOffer {
  const pickup = pickupOption(setup.pickup);
  const withPickup = (options: ShippingOption[]) => (pickup ? [...options, pickup] : options);
  if (setup.zones.length === 0) {
    const { feeCents, freeFromCents } = setup.flat;
    return { served: true, options: withPickup([{ key: 'flat', name: '', pickup: false, feeCents, priceCents: free(freeFromCents, basket) ? 0 : feeCents, freeFromCents, daysMin: null, daysMax: null }]) };
  }
  const place = provinceByName(province);
  if (!place) return { served: province === '', options: withPickup([]) };
  const matches = setup.zones.map((zone) => ({ zone, match: zoneMatch(zone, place.code, canton) }));
  const best = Math.max(...matches.map((item) => item.match));
  const options: ShippingOption[] = [];
  for (const { zone, match } of matches) {
    if (best === 0 || match !== best) continue;
    for (const rate of zone.rates) {
      const feeCents = rateFee(rate, basket);
      if (feeCents === null) continue;
      options.push({ key: `rate-${rate.id}`, name: rate.name, pickup: false, feeCents, priceCents: free(rate.freeFromCents, basket) ? 0 : feeCents, freeFromCents: rate.freeFromCents, daysMin: rate.daysMin, daysMax: rate.daysMax });
    }
  }
  options.sort((a, b) => a.priceCents - b.priceCents || (a.daysMax ?? 0) - (b.daysMax ?? 0));
  return { served: best > 0, options: withPickup(options) };
}

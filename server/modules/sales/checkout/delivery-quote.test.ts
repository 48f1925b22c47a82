import { describe, expect, it } from 'vitest';
import type { ShippingSetup } from '#common/shipping-rates.ts';
import { basketOf, quoteDelivery } from './delivery-quote.ts';

// Which shipping a checkout takes (issue 40 §1): the option chosen if the address is offered it,
// the one way to ship there when none was chosen, pickup only when chosen, and why not otherwise.

const flat = (id: number, priceCents: number) => ({ id, name: `Tarifa ${id}`, kind: 'flat' as const, brackets: [{ upTo: null, priceCents }], daysMin: 1, daysMax: 2, freeFromCents: null });
const setup = (rates: ReturnType<typeof flat>[], pickup: boolean): ShippingSetup => ({
  zones: [{ id: 1, name: 'Sierra', places: [{ province: 'P', cantons: [] }], rates }],
  pickup: { enabled: pickup, address: 'Av. Amazonas', instructions: '' },
  flat: { feeCents: 400, freeFromCents: null },
});
const basket = { goodsCents: 1000, grams: 0 };
const at = (option: string, province = 'Pichincha', canton = 'Quito') => ({ province, canton, option });

describe('the delivery of a checkout', () => {
  it('suggests the first option on the checkout page while none is chosen, only where the store ships', () => {
    const suggest = (option: string, province?: string, canton?: string) => ({ ...at(option, province, canton), suggest: true });
    expect(quoteDelivery(setup([flat(1, 300), flat(2, 500)], false), suggest(''), basket)).toMatchObject({ chosen: { key: 'rate-1' }, problem: null });
    expect(quoteDelivery(setup([flat(1, 300), flat(2, 500)], false), suggest('rate-9'), basket)).toMatchObject({ chosen: { key: 'rate-1' }, problem: null });
    expect(quoteDelivery(setup([flat(1, 300), flat(2, 500)], false), suggest('rate-2'), basket)).toMatchObject({ chosen: { key: 'rate-2' } });
    expect(quoteDelivery(setup([flat(1, 300)], false), suggest('', 'Galápagos', 'Isabela'), basket)).toMatchObject({ chosen: null, problem: 'provinceNotServed' });
    expect(quoteDelivery(setup([flat(1, 300)], false), suggest('', '', ''), basket)).toMatchObject({ chosen: null });
  });

  it('takes the chosen option when the address is offered it', () => {
    expect(quoteDelivery(setup([flat(1, 300), flat(2, 500)], true), at('rate-2'), basket)).toMatchObject({ chosen: { key: 'rate-2', priceCents: 500 }, problem: null });
    expect(quoteDelivery(setup([flat(1, 300)], true), at('pickup', 'Azuay', 'Cuenca'), basket)).toMatchObject({ chosen: { key: 'pickup', priceCents: 0 }, problem: null });
  });
  it('with none chosen takes the one way to ship there, never pickup unasked', () => {
    expect(quoteDelivery(setup([flat(1, 300)], true), at(''), basket)).toMatchObject({ chosen: { key: 'rate-1' } });
    expect(quoteDelivery(setup([flat(1, 300), flat(2, 500)], false), at(''), basket)).toMatchObject({ chosen: null, problem: 'shippingRequired' });
    expect(quoteDelivery(setup([], true), at(''), basket)).toMatchObject({ chosen: null, problem: 'shippingRequired' });
    expect(quoteDelivery(setup([], false), at(''), basket)).toMatchObject({ chosen: null, problem: 'shippingNone' });
  });
  it('refuses a province not served, and an option the address is not offered', () => {
    expect(quoteDelivery(setup([flat(1, 300)], true), at('rate-1', 'Galápagos', 'Isabela'), basket)).toMatchObject({ chosen: null, problem: 'provinceNotServed' });
    expect(quoteDelivery(setup([flat(1, 300)], false), at('rate-9'), basket)).toMatchObject({ chosen: null, problem: 'shippingUnavailable' });
  });
  it('leaves the cart page’s shipping to the checkout, unless the store has its one flat fee', () => {
    expect(quoteDelivery(setup([flat(1, 300)], false), null, basket)).toMatchObject({ zoned: true, chosen: null, problem: null });
    expect(quoteDelivery({ ...setup([], false), zones: [] }, null, basket)).toMatchObject({ zoned: false, chosen: { key: 'flat', priceCents: 400 } });
  });
  it('weighs the basket by each product’s weight times its quantity, a product without one weighing nothing', () => {
    expect(basketOf(5000, [{ weightGrams: 1200, quantity: 2 }, { weightGrams: null, quantity: 5 }, { weightGrams: 300, quantity: 1 }])).toEqual({ goodsCents: 5000, grams: 2700 });
  });
});

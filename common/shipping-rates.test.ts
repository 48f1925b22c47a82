import { describe, expect, it } from 'vitest';
import { rateFee, type ShippingSetup, type ShippingZone, shippingOffer, zoneMatch } from './shipping-rates.ts';

const flat = (id: number, name: string, priceCents: number, freeFromCents: number | null = null) => ({ id, name, kind: 'flat' as const, brackets: [{ upTo: null, priceCents }], daysMin: 1, daysMax: 3, freeFromCents });
const mainland: ShippingZone = { id: 1, name: 'Continente', places: [{ province: 'P', cantons: [] }, { province: 'G', cantons: [] }], rates: [flat(1, 'Servientrega', 350, 5000)] };
const quito: ShippingZone = { id: 2, name: 'Quito', places: [{ province: 'P', cantons: ['Quito'] }], rates: [flat(2, 'Motorizado', 200)] };
const islands: ShippingZone = {
  id: 3,
  name: 'Galápagos',
  places: [{ province: 'W', cantons: [] }],
  rates: [{ id: 3, name: 'Galápagos — Servientrega', kind: 'weight', brackets: [{ upTo: 1000, priceCents: 1200 }, { upTo: 5000, priceCents: 2500 }], daysMin: 5, daysMax: 10, freeFromCents: null }],
};
const setup = (zones: ShippingZone[], pickup = false): ShippingSetup => ({ zones, pickup: { enabled: pickup, address: 'Av. Amazonas 123', instructions: '' }, flat: { feeCents: 400, freeFromCents: 3000 } });
const basket = (goodsCents: number, grams = 0) => ({ goodsCents, grams });
const keys = (offer: { options: { key: string; priceCents: number }[] }) => offer.options.map((option) => `${option.key}:${option.priceCents}`);

describe('rate fees', () => {
  it('a flat rate costs its one price whatever the basket', () => {
    expect(rateFee(flat(1, 'x', 350), basket(1, 99_999))).toBe(350);
  });
  it('a rate by total takes the first bracket the goods reach, inclusive, and none past the last', () => {
    const rate = { kind: 'total' as const, brackets: [{ upTo: 2000, priceCents: 500 }, { upTo: 10_000, priceCents: 300 }] };
    expect(rateFee(rate, basket(2000))).toBe(500);
    expect(rateFee(rate, basket(2001))).toBe(300);
    expect(rateFee(rate, basket(10_001))).toBeNull();
    expect(rateFee({ kind: 'total', brackets: [...rate.brackets, { upTo: null, priceCents: 0 }] }, basket(50_000))).toBe(0);
  });
  it('a rate by weight reads the grams', () => {
    expect(rateFee(islands.rates[0]!, basket(100, 1000))).toBe(1200);
    expect(rateFee(islands.rates[0]!, basket(100, 1001))).toBe(2500);
    expect(rateFee(islands.rates[0]!, basket(100, 5001))).toBeNull();
  });
});

describe('the options of an address', () => {
  it('offers the zone of the province, with its free threshold', () => {
    expect(keys(shippingOffer(setup([mainland, islands]), 'Guayas', 'Durán', basket(4999)))).toEqual(['rate-1:350']);
    expect(keys(shippingOffer(setup([mainland, islands]), 'Guayas', 'Durán', basket(5000)))).toEqual(['rate-1:0']);
  });
  it('a zone naming the canton wins over the one taking its whole province', () => {
    expect(zoneMatch(quito, 'P', 'Quito')).toBe(2);
    expect(zoneMatch(mainland, 'P', 'Quito')).toBe(1);
    expect(zoneMatch(quito, 'P', 'Cayambe')).toBe(0);
    expect(keys(shippingOffer(setup([mainland, quito]), 'Pichincha', 'Quito', basket(100)))).toEqual(['rate-2:200']);
    expect(keys(shippingOffer(setup([mainland, quito]), 'Pichincha', 'Cayambe', basket(100)))).toEqual(['rate-1:350']);
  });
  it('a province in no zone is not served, though pickup is still offered', () => {
    expect(shippingOffer(setup([mainland]), 'Galápagos', 'Santa Cruz', basket(100))).toEqual({ served: false, options: [] });
    const offer = shippingOffer(setup([mainland], true), 'Galápagos', 'Santa Cruz', basket(100));
    expect(offer.served).toBe(false);
    expect(keys(offer)).toEqual(['pickup:0']);
  });
  it('Galápagos by weight: past the last bracket the rate is not offered', () => {
    expect(keys(shippingOffer(setup([mainland, islands]), 'Galápagos', 'Santa Cruz', basket(100, 2400)))).toEqual(['rate-3:2500']);
    expect(shippingOffer(setup([mainland, islands]), 'Galápagos', 'Santa Cruz', basket(100, 6000))).toEqual({ served: true, options: [] });
  });
  it('cheapest first, pickup last; no province yet offers only pickup', () => {
    const both = { ...mainland, rates: [flat(5, 'Tramaco', 500), flat(6, 'Correos', 250)] };
    expect(keys(shippingOffer(setup([both], true), 'Pichincha', 'Quito', basket(100)))).toEqual(['rate-6:250', 'rate-5:500', 'pickup:0']);
    expect(shippingOffer(setup([both], true), '', '', basket(100))).toMatchObject({ served: true, options: [{ key: 'pickup' }] });
    expect(shippingOffer(setup([both]), 'Narnia', '', basket(100)).served).toBe(false);
  });
  it('a store with no zone ships everywhere at its flat fee, free from its threshold', () => {
    expect(keys(shippingOffer(setup([]), 'Galápagos', 'Isabela', basket(2999)))).toEqual(['flat:400']);
    expect(keys(shippingOffer(setup([]), '', '', basket(3000)))).toEqual(['flat:0']);
  });
});

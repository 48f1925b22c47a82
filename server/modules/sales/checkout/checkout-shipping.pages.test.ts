import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { callApi, postForm } from '../../../../tests/support/forms.ts';
import { cookieJar, publishedStore } from '../../../../tests/support/shops.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// The checkout of a store shipping by zone (issue 40 §1): the province and canton chosen from
// Ecuador's list, only the rates of that address offered with their prices, the one chosen taken
// into the order — and a province the store does not ship to, or a rate of another address,
// refused with a message in the page's language. Through inject() on both databases.
let t: TestApp;
let store: TestStore;
let scope: StoreScope;
const ids = {} as Record<'poncho' | 'mainlandRate' | 'islandsRate' | 'islands', number>;

beforeAll(async () => {
  t = await createTestApp();
  const shop = await publishedStore(t);
  ({ store, scope } = shop);
  const category = await shop.create('/api/v1/categories', { name: 'Ropa', enabled: true });
  // $20 before IVA, 1.2 kg a unit.
  ids.poncho = await shop.create('/api/v1/products', { name: 'Poncho', categoryId: category, priceCents: 2000, ivaCode: '4', stock: 20, weightGrams: 1200, enabled: true });
  const zone = async (body: object) => {
    const response = await callApi(t.app, 'POST', '/api/v1/store/shipping/zones', store.owner.cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const rate = async (zoneId: number, body: object) => {
    const response = await callApi(t.app, 'POST', `/api/v1/store/shipping/zones/${zoneId}/rates`, store.owner.cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const mainland = await zone({ name: 'Continente', places: [{ province: 'P', cantons: [] }, { province: 'G', cantons: [] }] });
  ids.mainlandRate = await rate(mainland, { name: 'Servientrega', kind: 'flat', brackets: [{ upTo: null, priceCents: 350 }], daysMin: 1, daysMax: 3, freeFromCents: 5000 });
  ids.islands = await zone({ name: 'Galápagos', places: [{ province: 'W', cantons: [] }] });
  ids.islandsRate = await rate(ids.islands, { name: 'Galápagos — Servientrega', kind: 'weight', brackets: [{ upTo: 1000, priceCents: 1200 }, { upTo: 5000, priceCents: 2500 }], daysMin: 5, daysMax: 10, freeFromCents: null });
  const pickup = await callApi(t.app, 'PUT', '/api/v1/store/shipping/pickup', store.owner.cookie, { enabled: true, address: 'Av. Amazonas N34-12, Quito', instructions: 'De 9:00 a 18:00.' });
  expect(pickup.statusCode, pickup.body).toBe(200);
}, 120_000);
afterAll(() => t.dispose());

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const buyer = { name: 'Ana Pérez', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Charles Darwin', city: 'Puerto Ayora', province: 'Galápagos', canton: 'Santa Cruz', notes: '', paymentMethod: 'cash_on_delivery' };

/** A shopper with `quantity` ponchos in the cart. */
async function shopper(quantity: number, locale: 'es' | 'en' = 'es') {
  const { cookie, keep } = cookieJar({ lang: locale });
  const url = (rest: string) => `${locale === 'en' ? '/en' : ''}/shop/${store.slug}${rest}`;
  const s = {
    get: async (rest: string) => keep(await t.app.inject({ url: url(rest), headers: { cookie: cookie(), accept: 'text/html' } })),
    post: async (rest: string, fields: Record<string, string>) => keep(await postForm(t.app, url(rest), fields, { cookie: cookie() })),
  };
  expect((await s.post('/cart', { intent: 'add', product: String(ids.poncho), variant: '', quantity: String(quantity) })).statusCode).toBe(303);
  return s;
}

const orderOf = (email: string) => t.db.selectFrom('storeOrder').select(['canton', 'province', 'shippingName', 'shippingPickup', 'shippingCents', 'shippingTaxCents', 'subtotalCents', 'taxCents', 'totalCents']).where('storeId', '=', scope.storeId).where('email', '=', email).executeTakeFirst();

describe('the checkout of a store shipping by zone', () => {
  it('asks for the province and canton from the list, and leaves shipping to the address', async () => {
    const s = await shopper(1);
    expect(text((await s.get('/cart')).body)).toContain('Envío Se calcula al pagar');
    const page = (await s.get('/checkout')).body;
    expect(page).toContain('<select id="checkout-province" name="province"');
    expect(page.match(/<optgroup /g)).toHaveLength(24);
    expect(page).toContain('<optgroup label="Galápagos"><option>San Cristóbal</option><option>Isabela</option><option>Santa Cruz</option></optgroup>');
    // Before an address: pickup only, unchecked; the totals wait for the address.
    expect(page).toContain('value="pickup">');
    expect(page).not.toContain('value="rate-');
    expect(text(page)).toContain('Envío Se calcula al pagar');
  });

  it('offers Galápagos its rate by weight, priced for the order, and places it', async () => {
    const s = await shopper(2);
    // 2 × 1.2 kg = 2.4 kg: the bracket up to 5 kg.
    const shown = await s.post('/checkout', { ...buyer, email: 'islas@example.com', intent: 'shipping' });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(`value="rate-${ids.islandsRate}" checked`);
    expect(shown.body).not.toContain(`value="rate-${ids.mainlandRate}"`);
    expect(text(shown.body)).toContain('Galápagos — Servientrega — $25,00 Llega en 5 a 10 días hábiles');
    expect(await orderOf('islas@example.com')).toBeUndefined();
    const placed = await s.post('/checkout', { ...buyer, email: 'islas@example.com', shippingOption: `rate-${ids.islandsRate}` });
    expect(placed.statusCode, placed.body).toBe(303);
    // $40 + 15 % = $46; shipping $25 + 15 % = $28.75.
    expect(await orderOf('islas@example.com')).toEqual({ canton: 'Santa Cruz', province: 'Galápagos', shippingName: 'Galápagos — Servientrega', shippingPickup: 0, shippingCents: 2500, shippingTaxCents: 375, subtotalCents: 4000, taxCents: 975, totalCents: 7475 });
    const order = await s.get(placed.headers.location!.replace(/^(\/en)?\/shop\/[^/]+/, ''));
    expect(text(order.body)).toContain('Puerto Ayora, Santa Cruz, Galápagos');
    expect(text(order.body)).toContain('Envío: Galápagos — Servientrega');
    // An integrator reads the same in the API and in the order's event (a webhook's data).
    const id = (await t.db.selectFrom('storeOrder').select('id').where('storeId', '=', scope.storeId).where('email', '=', 'islas@example.com').executeTakeFirstOrThrow()).id;
    const how = { canton: 'Santa Cruz', shippingName: 'Galápagos — Servientrega', shippingPickup: false };
    expect((await callApi(t.app, 'GET', `/api/v1/orders/${id}`, store.owner.cookie)).json()).toMatchObject(how);
    const created = await t.db.selectFrom('storeEvent').select('data').where('storeId', '=', scope.storeId).where('type', '=', 'order.created').where('resourceId', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(created.data)).toMatchObject(how);
  });

  it('refuses a province the store does not ship to, in the page’s language, placing nothing', async () => {
    const s = await shopper(1);
    const refused = await s.post('/checkout', { ...buyer, email: 'azuay@example.com', province: 'Azuay', canton: 'Cuenca', shippingOption: `rate-${ids.mainlandRate}` });
    expect(refused.statusCode).toBe(409);
    expect(text(refused.body)).toContain('La tienda no hace envíos a esta provincia o cantón.');
    expect(refused.body).toContain('id="checkout-province-error"');
    expect(refused.body).toContain('value="Av. Charles Darwin"');
    const english = await shopper(1, 'en');
    const refusedEn = await english.post('/checkout', { ...buyer, email: 'azuay@example.com', province: 'Azuay', canton: 'Cuenca' });
    expect(refusedEn.statusCode).toBe(409);
    expect(text(refusedEn.body)).toContain('The store does not ship to this province or canton.');
    expect(await orderOf('azuay@example.com')).toBeUndefined();
  });

  it('refuses a rate that does not apply to the address, and a canton of another province', async () => {
    const s = await shopper(1);
    const stale = await s.post('/checkout', { ...buyer, email: 'stale@example.com', shippingOption: `rate-${ids.mainlandRate}` });
    expect(stale.statusCode).toBe(409);
    expect(text(stale.body)).toContain('La opción de envío que elegiste ya no está disponible para tu dirección');
    const canton = await s.post('/checkout', { ...buyer, email: 'stale@example.com', canton: 'Quito', shippingOption: `rate-${ids.islandsRate}` });
    expect(canton.statusCode).toBe(400);
    expect(text(canton.body)).toContain('Elige un cantón de la provincia que elegiste');
    const unknown = await s.post('/checkout', { ...buyer, email: 'stale@example.com', province: 'Narnia' });
    expect(unknown.statusCode).toBe(400);
    expect(text(unknown.body)).toContain('Elige tu provincia de la lista');
    expect(await orderOf('stale@example.com')).toBeUndefined();
  });

  it('charges the mainland rate until its free threshold, and pickup nothing', async () => {
    const one = await shopper(1);
    expect((await one.post('/checkout', { ...buyer, email: 'quito@example.com', province: 'Pichincha', canton: 'Quito', city: 'Quito', shippingOption: `rate-${ids.mainlandRate}` })).statusCode).toBe(303);
    expect(await orderOf('quito@example.com')).toMatchObject({ canton: 'Quito', shippingName: 'Servientrega', shippingCents: 350 });
    // $60 of goods: past the $50 threshold.
    const three = await shopper(3);
    expect((await three.post('/checkout', { ...buyer, email: 'gratis@example.com', province: 'Guayas', canton: 'Durán', city: 'Durán', shippingOption: `rate-${ids.mainlandRate}` })).statusCode).toBe(303);
    expect(await orderOf('gratis@example.com')).toMatchObject({ shippingName: 'Servientrega', shippingCents: 0, shippingTaxCents: 0 });
    const pickup = await shopper(1, 'en');
    expect((await pickup.post('/checkout', { ...buyer, email: 'retiro@example.com', province: 'Azuay', canton: 'Cuenca', shippingOption: 'pickup' })).statusCode).toBe(303);
    expect(await orderOf('retiro@example.com')).toMatchObject({ shippingName: 'Pickup in store', shippingPickup: 1, shippingCents: 0 });
  });

  it('keeps another store’s zones and rates out of reach, and says what is wrong in a zone', async () => {
    const other = await publishedStore(t);
    expect((await callApi(t.app, 'PUT', `/api/v1/store/shipping/zones/${ids.islands}`, other.store.owner.cookie, { name: 'Mía', places: [{ province: 'W', cantons: [] }] })).statusCode).toBe(404);
    expect((await callApi(t.app, 'DELETE', `/api/v1/store/shipping/rates/${ids.islandsRate}`, other.store.owner.cookie)).statusCode).toBe(404);
    expect((await callApi(t.app, 'GET', '/api/v1/store/shipping', other.store.owner.cookie)).json()).toEqual({ zones: [], pickup: { enabled: false, address: '', instructions: '' } });
    const wrong = await callApi(t.app, 'POST', '/api/v1/store/shipping/zones', other.store.owner.cookie, { name: 'Sierra', places: [{ province: 'P', cantons: ['Cuenca'] }] }, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ places: 'That canton is not in the province' });
    const brackets = await callApi(t.app, 'POST', `/api/v1/store/shipping/zones/${ids.islands}/rates`, store.owner.cookie, { name: 'X', kind: 'weight', brackets: [{ upTo: 5000, priceCents: 100 }, { upTo: 1000, priceCents: 200 }], daysMin: 1, daysMax: 2 });
    expect(brackets.statusCode).toBe(400);
    expect(brackets.json().fields).toEqual({ brackets: 'Los límites deben subir de un tramo al siguiente; solo el último puede quedar sin límite' });
  });
});

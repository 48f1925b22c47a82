import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesFigures } from '#server/modules/desk/desk.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { postForm } from '../../../../tests/support/forms.ts';
import { publishedStore, type PublishedStore } from '../../../../tests/support/shops.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// What a checkout may place (issue 36 §5–6, decision 078): an order's amounts stay under one
// documented maximum, so no amount overflows PostgreSQL's `integer` (nor places a billion-dollar
// order on SQLite), and the delivery address fits what SRI's invoice takes (`direccionComprador`,
// 300 characters). The same answers on both databases, through the pages a shopper posts.
let t: TestApp;
let store: TestStore;
let scope: StoreScope;
const ids = { dear: 0, fair: 0, cheap: 0 };

beforeAll(async () => {
  t = await createTestApp();
  let create: PublishedStore['create'];
  ({ store, scope, create } = await publishedStore(t));
  const categoryId = await create('/api/v1/categories', { name: 'Joyas', enabled: true });
  // The dearest price the product form takes (USD 1,000,000), with IVA.
  ids.dear = await create('/api/v1/products', { name: 'Diamante', categoryId, priceCents: 100_000_000, ivaCode: '4', stock: 1000, enabled: true });
  ids.fair = await create('/api/v1/products', { name: 'Reloj', categoryId, priceCents: 10_000_000, ivaCode: '0', stock: 1000, enabled: true });
  ids.cheap = await create('/api/v1/products', { name: 'Llavero', categoryId, priceCents: 500, ivaCode: '0', stock: 1000, enabled: true });
}, 120_000);
afterAll(() => t.dispose());

/** The cart cookie as a client may write it itself (shop-cart.routes.ts): `[productId, 0, quantity]`. */
const cartCookie = (lines: [number, number][], locale: 'es' | 'en' = 'es') =>
  `lang=${locale}; tb_cart_${store.id}=${encodeURIComponent(JSON.stringify({ l: lines.map(([id, quantity]) => [id, 0, quantity]) }))}`;
const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const buyer = { name: 'Ana Pérez', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' };
const checkout = (cookie: string, fields: Record<string, string>, locale: 'es' | 'en' = 'es') =>
  postForm(t.app, `${locale === 'en' ? '/en' : ''}/shop/${store.slug}/checkout`, fields, { cookie });
const orderCount = async () => Number((await t.db.selectFrom('storeOrder').select((eb) => eb.fn.countAll().as('n')).where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).n);
const stockOf = async (id: number) => (await t.db.selectFrom('product').select('stock').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirstOrThrow()).stock;

describe('an order’s amounts', () => {
  it('refuses 999 units of a USD 1,000,000 product with one clear message, placing nothing, in both languages', async () => {
    const before = await orderCount();
    const cookie = cartCookie([[ids.dear, 999]]);
    const refused = await checkout(cookie, buyer);
    expect(refused.statusCode).toBe(409);
    expect(text(refused.body)).toContain('El total del pedido supera el máximo de $1.000.000,00 por pedido. Reduce las cantidades o haz varios pedidos.');
    // What the shopper typed is still there.
    expect(refused.body).toContain('value="Av. Amazonas N34-12"');
    expect(refused.body).toContain('value="ana@example.com"');
    const english = await checkout(cartCookie([[ids.dear, 999]], 'en'), buyer, 'en');
    expect(english.statusCode).toBe(409);
    expect(text(english.body)).toContain('The order total is over the maximum of $1,000,000.00 per order. Lower the quantities or place several orders.');
    expect(await orderCount()).toBe(before);
    expect(await stockOf(ids.dear)).toBe(1000);

    // The cart page says so before the checkout, and the checkout form sends the shopper back to it.
    const cart = await t.app.inject({ url: `/shop/${store.slug}/cart`, headers: { cookie, accept: 'text/html' } });
    expect(cart.statusCode).toBe(200);
    expect(text(cart.body)).toContain('El total del pedido supera el máximo de $1.000.000,00 por pedido.');
    const form = await t.app.inject({ url: `/shop/${store.slug}/checkout`, headers: { cookie, accept: 'text/html' } });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/shop/${store.slug}/cart`);
  });

  it('refuses a total just past the maximum and places one at it', async () => {
    // 10 × USD 100,000 at IVA 0 % and no shipping fee: USD 1,000,000 exactly.
    const at = await checkout(cartCookie([[ids.fair, 10]]), { ...buyer, email: 'max@example.com' });
    expect(at.statusCode, at.body).toBe(303);
    const placed = await t.db.selectFrom('storeOrder').select(['totalCents', 'subtotalCents']).where('storeId', '=', scope.storeId).where('email', '=', 'max@example.com').executeTakeFirstOrThrow();
    expect(placed).toEqual({ totalCents: 100_000_000, subtotalCents: 100_000_000 });
    // USD 5 more, on a line of its own, is refused.
    const past = await checkout(cartCookie([[ids.fair, 10], [ids.cheap, 1]]), { ...buyer, email: 'past@example.com' });
    expect(past.statusCode).toBe(409);
    expect(await t.db.selectFrom('storeOrder').select('id').where('storeId', '=', scope.storeId).where('email', '=', 'past@example.com').executeTakeFirst()).toBeUndefined();
  });
});

describe('sums over many orders', () => {
  it('reads the desk’s month past what one integer column holds (PostgreSQL sums integers as bigint)', async () => {
    const before = (await salesFigures(t.deps, scope)).total.salesCents;
    // 22 orders of USD 1,000,000: USD 22 million, past integer's USD 21,474,836.47.
    for (let n = 0; n < 22; n++) expect((await checkout(cartCookie([[ids.fair, 10]]), { ...buyer, email: `sum${n}@example.com` })).statusCode).toBe(303);
    const figures = await salesFigures(t.deps, scope);
    expect(figures.total.salesCents - before).toBe(2_200_000_000);
    expect(typeof figures.today.salesCents).toBe('number');
    expect(figures.today.salesCents).toBeGreaterThan(2 ** 31 - 1);
  });
});

describe('the delivery address', () => {
  // The longest province's name (common/ecuador-places.ts) with its canton: what is left is the address's.
  const longest = { address: 'A'.repeat(186), city: 'C'.repeat(80), province: 'Santo Domingo de los Tsáchilas', canton: 'Santo Domingo' };

  it('refuses an address that with its city and province would not fit the invoice’s 300 characters, keeping what was typed', async () => {
    const before = await orderCount();
    const typed = { ...buyer, address: `Calles${' larga'.repeat(49)}`, city: 'C'.repeat(80), province: longest.province, canton: longest.canton };
    expect(typed.address.length).toBe(300);
    const refused = await checkout(cartCookie([[ids.cheap, 1]]), typed);
    expect(refused.statusCode).toBe(400);
    expect(text(refused.body)).toContain('La dirección, la ciudad y la provincia juntas pasan de los 300 caracteres que admite la factura: acorta la dirección a 186 caracteres o menos.');
    expect(refused.body).toContain('id="checkout-address-error"');
    expect(refused.body).toContain(`value="${typed.address}"`);
    expect(refused.body).toContain(`value="${typed.city}"`);
    const english = await checkout(cartCookie([[ids.cheap, 1]], 'en'), typed, 'en');
    expect(english.statusCode).toBe(400);
    expect(text(english.body)).toContain('The address, city and province together are over the 300 characters the invoice takes: shorten the address to 186 characters or fewer.');
    expect(await orderCount()).toBe(before);
  });

  it('names a too-long address in the same answer as an unchosen payment and a wrong cédula', async () => {
    const typed = { ...buyer, address: `Calles${' larga'.repeat(49)}`, city: 'C'.repeat(80), province: 'Santo Domingo de los Tsáchilas', canton: 'Santo Domingo', documentNumber: '1234567890', paymentMethod: '' };
    const refused = await checkout(cartCookie([[ids.cheap, 1]]), typed);
    expect(refused.statusCode).toBe(400);
    for (const field of ['address', 'documentNumber', 'paymentMethod']) expect(refused.body).toContain(`id="checkout-${field}-error"`);
    expect(text(refused.body)).toContain('acorta la dirección a 186 caracteres o menos');
  });

  it('places the longest address that fits, on one line whatever the post carried', async () => {
    const placed = await checkout(cartCookie([[ids.cheap, 1]]), { ...buyer, email: 'long@example.com', ...longest });
    expect(placed.statusCode, placed.body).toBe(303);
    // A line break posted by hand (an <input> sends none) becomes a space: SRI's fields are one line.
    const broken = await checkout(cartCookie([[ids.cheap, 1]]), { ...buyer, email: 'lines@example.com', address: 'Av. Amazonas\r\nN34-12', city: 'Quito\n', province: 'Pichincha', canton: 'Quito' });
    expect(broken.statusCode, broken.body).toBe(303);
    const rows = await t.db.selectFrom('storeOrder').select(['email', 'address', 'city', 'province', 'canton']).where('storeId', '=', scope.storeId).where('email', 'in', ['long@example.com', 'lines@example.com']).orderBy('email').execute();
    expect(rows).toEqual([
      { email: 'lines@example.com', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito' },
      { email: 'long@example.com', ...longest },
    ]);
  });
});

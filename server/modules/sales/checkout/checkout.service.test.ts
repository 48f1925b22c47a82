import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommitStats } from '#server/group-commit.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { renderShopperMail } from '#server/modules/sales/shopper-mail/shopper-mail.ts';
import { shopperMailData } from '#server/modules/sales/shopper-mail/shopper-mail.service.ts';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { callApi } from '../../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { type CartCookie, emptyCart } from './cart-cookie.ts';
import { addToCart, priceCart } from './cart.service.ts';
import { couponSeal } from '#server/modules/coupon/coupon.service.ts';
import type { CheckoutInput } from './checkout-form.ts';
import { loadOrderByCode, type PlaceOrderInput, placeOrder, type PlaceResult } from './checkout.service.ts';

// Placing orders (issue 23 §4) through the service, on the database the suite runs on: numbering,
// the customer, stock and coupon uses under concurrency, and what is told after the commit.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

type Shop = { store: TestStore; scope: StoreScope; category: number; create: (url: string, input: object) => Promise<number> };

async function newShop(): Promise<Shop> {
  const store = await makeStore(t);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  const create = async (url: string, input: object) => {
    const response = await callApi(t.app, 'POST', url, store.owner.cookie, input);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    return response.json().id as number;
  };
  const category = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  return { store, scope, category, create };
}

const product = (shop: Shop, input: { name: string; priceCents: number; stock: number; ivaCode?: string; discountBp?: number }) =>
  shop.create('/api/v1/products', { categoryId: shop.category, ivaCode: '4', discountBp: 0, enabled: true, ...input });

const buyer = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
  name: 'Ana Pérez', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065',
  address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', shippingOption: '', notes: '', paymentMethod: 'cash_on_delivery', ...overrides,
});

/** A cart; a coupon comes with the seal the storefront gives a code it applied in this shop (decision 081). */
const cartOf = (lines: [number, number | null, number][], coupon = '', shop?: Shop): CartCookie => ({
  lines: lines.map(([productId, variantId, quantity]) => ({ productId, variantId, quantity })), coupon, flash: null,
  ...(coupon && shop ? { couponSeal: couponSeal(t.deps, shop.scope.storeId, coupon) } : {}),
});
const place = (shop: Shop, cart: CartCookie, customer = buyer(), locale: 'es' | 'en' = 'es') => placeOrder(t.deps, shop.scope, { cart, customer, locale });
const placed = (result: PlaceResult) => {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.order;
};
const stockOf = async (shop: Shop, table: 'product' | 'variant', id: number) => (await t.db.selectFrom(table).select('stock').where('storeId', '=', shop.scope.storeId).where('id', '=', id).executeTakeFirstOrThrow()).stock;

describe('placeOrder', () => {
  it('numbers orders 1, 2, 3 per store, finds the customer by e-mail, and writes lines, totals and the first event', async () => {
    const shop = await newShop();
    const other = await newShop();
    // 10.00 less 10 % = 9.00 a unit; two are 18.00, IVA 15 % 2.70; a cap without IVA 5.00
    const shirt = await product(shop, { name: 'Camiseta', priceCents: 1000, discountBp: 1000, stock: 10 });
    const cap = await product(shop, { name: 'Gorra', priceCents: 500, ivaCode: '0', stock: 10 });
    await saveStoreSales(t.deps, shop.scope, { shippingFeeCents: 350 });
    const first = placed(await place(shop, cartOf([[shirt, null, 2], [cap, null, 1]])));
    const second = placed(await place(shop, cartOf([[cap, null, 1]]), buyer({ email: 'ANA@example.com', name: 'Ana P.' })));
    const third = placed(await place(shop, cartOf([[cap, null, 1]]), buyer({ email: 'luis@example.com' })));
    expect([first.number, second.number, third.number]).toEqual([1, 2, 3]);
    expect(first.code).toMatch(/^[0-9a-f-]{36}$/);
    const otherCap = await product(other, { name: 'Gorra', priceCents: 500, stock: 1 });
    expect(placed(await place(other, cartOf([[otherCap, null, 1]]))).number).toBe(1);

    const customers = await t.db.selectFrom('customer').select(['id', 'email', 'name', 'code']).where('storeId', '=', shop.scope.storeId).orderBy('id').execute();
    expect(customers.map((row) => [row.email, row.name])).toEqual([['ana@example.com', 'Ana P.'], ['luis@example.com', 'Ana Pérez']]);
    const view = (await loadOrderByCode(t.deps, shop.scope, first.code))!;
    // shipping 3.50 at the store's default 15 %: 0.525 → 0.53 of IVA, in the order's tax
    expect(view.order).toMatchObject({ number: 1, status: 'pending', subtotalCents: 2500, discountCents: 200, taxCents: 270 + 53, shippingCents: 350, shippingIvaCode: '4', shippingTaxCents: 53, totalCents: 2300 + 270 + 350 + 53 });
    expect(view.lines.map((line) => [line.name, line.quantity, line.unitPriceCents, line.discountCents, line.baseCents, line.ivaCode, line.taxBp, line.taxCents])).toEqual([
      ['Camiseta', 2, 1000, 200, 1800, '4', 1500, 270],
      ['Gorra', 1, 500, 0, 500, '0', 0, 0],
    ]);
    const events = await t.db.selectFrom('storeOrderEvent').select('status').where('storeId', '=', shop.scope.storeId).where('orderId', '=', first.id).execute();
    expect(events).toEqual([{ status: 'pending' }]);
    expect([await stockOf(shop, 'product', shirt), await stockOf(shop, 'product', cap)]).toEqual([8, 7]);
    // another store's code is not this store's order
    expect(await loadOrderByCode(t.deps, other.scope, first.code)).toBeNull();
    expect(await loadOrderByCode(t.deps, shop.scope, 'not-a-code')).toBeNull();
  });

  it('sells exactly the units there are when 20 shoppers buy at once, with distinct numbers', async () => {
    const shop = await newShop();
    const mug = await product(shop, { name: 'Taza', priceCents: 800, stock: 10 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => place(shop, cartOf([[mug, null, 1]]), buyer({ email: `s${n}@example.com` }))));
    const sold = results.filter((result) => result.ok);
    expect(sold).toHaveLength(10);
    expect(sold.map((result) => placed(result).number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const result of results.filter((r) => !r.ok)) expect(['stock', 'changed']).toContain((result as { problem: string }).problem);
    expect(await stockOf(shop, 'product', mug)).toBe(0);
    expect(Number((await t.db.selectFrom('storeOrder').select((eb) => eb.fn.countAll().as('n')).where('storeId', '=', shop.scope.storeId).executeTakeFirstOrThrow()).n)).toBe(10);
  });

  it('takes a variant’s stock and its product’s with it', async () => {
    const shop = await newShop();
    const shirt = await product(shop, { name: 'Camiseta', priceCents: 1000, stock: 0 });
    const red = await shop.create('/api/v1/variants', { productId: shirt, name: 'Roja M', priceCents: 1200, stock: 4, enabled: true });
    await shop.create('/api/v1/variants', { productId: shirt, name: 'Azul M', priceCents: 1200, stock: 2, enabled: true });
    expect(await stockOf(shop, 'product', shirt)).toBe(6);
    // a product with variants is sold only as one of them
    expect(await place(shop, cartOf([[shirt, null, 1]]))).toEqual({ ok: false, problem: 'changed' });
    const order = placed(await place(shop, cartOf([[shirt, red, 3]])));
    expect([await stockOf(shop, 'variant', red), await stockOf(shop, 'product', shirt)]).toEqual([1, 3]);
    expect((await loadOrderByCode(t.deps, shop.scope, order.code))!.lines[0]).toMatchObject({ name: 'Camiseta — Roja M', unitPriceCents: 1200, variantId: red });
  });

  it('counts a coupon’s uses to its limit when orders come at once, and refuses the rest', async () => {
    const shop = await newShop();
    const mug = await product(shop, { name: 'Taza', priceCents: 1000, stock: 100 });
    const coupon = await shop.create('/api/v1/coupons', { code: 'TRES', discountType: 'fixed', discount: 200, usageLimit: 3, enabled: true });
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => place(shop, cartOf([[mug, null, 1]], 'TRES', shop), buyer({ email: `c${n}@example.com` }))));
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    for (const result of results.filter((r) => !r.ok)) expect(result).toMatchObject({ ok: false, problem: 'coupon', reason: 'Este cupón no es válido' });
    expect((await t.db.selectFrom('coupon').select('timesUsed').where('storeId', '=', shop.scope.storeId).where('id', '=', coupon).executeTakeFirstOrThrow()).timesUsed).toBe(3);
    expect(await stockOf(shop, 'product', mug)).toBe(97);
    const view = (await loadOrderByCode(t.deps, shop.scope, placed(results.find((r) => r.ok)!).code))!;
    expect(view.order).toMatchObject({ couponCode: 'TRES', discountCents: 200, totalCents: 800 + 120 });
  });

  it('refuses a payment method the store does not take, and an empty cart', async () => {
    const shop = await newShop();
    const mug = await product(shop, { name: 'Taza', priceCents: 1000, stock: 5 });
    expect(await place(shop, cartOf([[mug, null, 1]]), buyer({ paymentMethod: 'bank_transfer' }))).toEqual({ ok: false, problem: 'payment' });
    expect(await place(shop, emptyCart())).toEqual({ ok: false, problem: 'empty' });
    expect(await stockOf(shop, 'product', mug)).toBe(5);
  });

  it('queues the shopper’s e-mail in the order’s language and notifies the owner', async () => {
    const shop = await newShop();
    const mug = await product(shop, { name: 'Taza', priceCents: 1000, stock: 5 });
    await saveStoreSales(t.deps, shop.scope, { bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2200123456', bankAccountHolder: 'Ana' });
    const order = placed(await place(shop, cartOf([[mug, null, 2]]), buyer({ email: 'english@example.com', paymentMethod: 'bank_transfer' }), 'en'));
    const jobs = await t.db.selectFrom('job').select('payload').where('kind', '=', 'order.shopperMail').execute();
    expect(jobs.map((job) => JSON.parse(job.payload))).toContainEqual({ storeId: shop.scope.storeId, orderId: order.id, message: { kind: 'confirmation' } });
    // Drawn as the job draws it when it sends (the app's own worker sends this one).
    const drawn = (await shopperMailData(t.deps, shop.scope, order.id, { kind: 'confirmation' }))!;
    expect(drawn.to).toBe('english@example.com');
    const mail = await renderShopperMail(drawn.to, drawn.data);
    expect(mail.subject).toBe(`Your order #1 at ${shop.store.name}`);
    expect(mail.text).toContain('Total: $23.00');
    expect(mail.text).toContain('Transfer $23.00 and write “Order 1” as the reference.');
    expect(mail.text).toContain('Bank: Banco Pichincha\nAccount type: Savings\nAccount number: 2200123456\nAccount holder: Ana');
    expect(mail.text).toContain(`/en/shop/${shop.store.slug}/order?code=${order.code}`);
    const notices = await t.db.selectFrom('notification').select(['kind', 'params', 'link']).where('userId', '=', shop.store.owner.id).execute();
    expect(notices).toEqual([{ kind: 'order_received', params: JSON.stringify({ number: 1 }), link: `/sales/order/show?id=${order.id}` }]);
  });
});

describe('placings that arrive together (group commit, decision 070)', () => {
  it('share one commit, and each gets the answer it would get placed alone in its turn', async () => {
    const shop = await newShop();
    const few = await product(shop, { name: 'Taza', priceCents: 1000, stock: 3 });
    const many = await product(shop, { name: 'Gorra', priceCents: 500, ivaCode: '0', stock: 10 });
    const coupon = await shop.create('/api/v1/coupons', { code: 'UNA', discountType: 'fixed', discount: 100, usageLimit: 1, enabled: true });
    const once = { key: `order:test-once-${shop.scope.storeId}`, limit: { max: 1, windowMs: 60_000 } };
    const other = { key: `order:test-other-${shop.scope.storeId}`, limit: { max: 5, windowMs: 60_000 } };
    const orders: [string, CartCookie, Partial<CheckoutInput>, PlaceOrderInput['attempt']?][] = [
      ['takes 2 of 3', cartOf([[few, null, 2]]), {}],
      ['wants 2 of the 1 left', cartOf([[few, null, 2]]), {}],
      ['takes the last one', cartOf([[many, null, 1], [few, null, 1]]), {}],
      ['uses the coupon', cartOf([[many, null, 1]], 'UNA', shop), {}],
      ['wants the used coupon', cartOf([[many, null, 1]], 'UNA', shop), {}],
      ['pays in a way the store does not take', cartOf([[many, null, 1]]), { paymentMethod: 'bank_transfer' }],
      ['wants the sold-out one', cartOf([[few, null, 1]]), {}, other],
      ['buys within its limit', cartOf([[many, null, 1]]), {}, once],
      ['buys past its limit', cartOf([[many, null, 1]]), {}, once],
      ['buys after them', cartOf([[many, null, 1]]), {}],
    ];
    const before = { ...groupCommitStats(t.db) };
    // All called in one turn of the event loop: the same batch, in this order.
    const results = await Promise.all(orders.map(([, cart, customer, attempt], n) => placeOrder(t.deps, shop.scope, { cart, customer: buyer({ email: `batch${n}@example.com`, ...customer }), locale: 'es', attempt })));
    const answers = results.map((result, n) => [orders[n]![0], result.ok ? `#${result.order.number}` : result]);
    expect(answers).toEqual([
      ['takes 2 of 3', '#1'],
      ['wants 2 of the 1 left', { ok: false, problem: 'changed' }],
      ['takes the last one', '#2'],
      ['uses the coupon', '#3'],
      ['wants the used coupon', { ok: false, problem: 'coupon', reason: 'Este cupón no es válido' }],
      ['pays in a way the store does not take', { ok: false, problem: 'payment' }],
      ['wants the sold-out one', { ok: false, problem: 'changed' }],
      ['buys within its limit', '#4'],
      ['buys past its limit', { ok: false, problem: 'tooMany' }],
      ['buys after them', '#5'],
    ]);
    const now = groupCommitStats(t.db);
    expect({ commits: now.commits - before.commits, units: now.units - before.units, triedAlone: now.triedAlone - before.triedAlone }).toEqual({ commits: 1, units: 10, triedAlone: 0 });

    // What was refused left nothing behind; what was placed is all there.
    expect([await stockOf(shop, 'product', few), await stockOf(shop, 'product', many)]).toEqual([0, 6]);
    expect((await t.db.selectFrom('coupon').select('timesUsed').where('storeId', '=', shop.scope.storeId).where('id', '=', coupon).executeTakeFirstOrThrow()).timesUsed).toBe(1);
    const placedEmails = ['batch0@example.com', 'batch2@example.com', 'batch3@example.com', 'batch7@example.com', 'batch9@example.com'];
    const stored = await t.db.selectFrom('storeOrder').select(['number', 'email']).where('storeId', '=', shop.scope.storeId).orderBy('number').execute();
    expect(stored).toEqual(placedEmails.map((email, n) => ({ number: n + 1, email })));
    const customers = await t.db.selectFrom('customer').select('email').where('storeId', '=', shop.scope.storeId).orderBy('email').execute();
    expect(customers.map((row) => row.email)).toEqual(placedEmails);
    // One confirmation queued per placed order, in the placing's commit (decision 067; drawn when sent, decision 093).
    const ids = (await t.db.selectFrom('storeOrder').select('id').where('storeId', '=', shop.scope.storeId).orderBy('id').execute()).map((row) => row.id);
    const mailed = (await t.db.selectFrom('job').select('payload').where('kind', '=', 'order.shopperMail').execute()).map((job) => JSON.parse(job.payload) as { orderId: number; message: { kind: string } });
    expect(mailed.filter((job) => ids.includes(job.orderId)).map((job) => [job.orderId, job.message.kind]).sort()).toEqual(ids.map((id) => [id, 'confirmation']));
    // Attempts count whether or not the placing went through (record first), and past the limit too.
    const attempts = await t.db.selectFrom('rateLimit').select(['key', 'count']).where('key', 'in', [once.key, other.key]).orderBy('key').execute();
    expect(attempts).toEqual([{ key: once.key, count: 2 }, { key: other.key, count: 1 }].sort((a, b) => a.key.localeCompare(b.key)));
  });
});

describe('the cart', () => {
  it('shows the price as it is now, refuses more units than are left, and caps a quantity when stock drops', async () => {
    const shop = await newShop();
    const mug = await product(shop, { name: 'Taza', priceCents: 1000, stock: 3 });
    expect(await addToCart(t.deps, shop.scope, emptyCart(), { productId: mug, variantId: null, quantity: 5 })).toEqual({ ok: false, problem: 'notEnough', name: 'Taza', count: 3 });
    const added = await addToCart(t.deps, shop.scope, emptyCart(), { productId: mug, variantId: null, quantity: 2 });
    if (!added.ok) throw new Error('refused');
    expect((await priceCart(t.deps, shop.scope, added.cart, 'es')).lines[0]).toMatchObject({ unitPriceCents: 1000, totalCents: 2300 });
    await t.db.updateTable('product').set({ priceCents: 1200, stock: 1 }).where('storeId', '=', shop.scope.storeId).where('id', '=', mug).execute();
    const priced = await priceCart(t.deps, shop.scope, added.cart, 'es');
    expect(priced.lines[0]).toMatchObject({ unitPriceCents: 1200, quantity: 1, totalCents: 1380 });
    expect(priced.notices).toEqual([{ kind: 'capped', name: 'Taza', count: 1 }]);
    await t.db.updateTable('product').set({ enabled: 0 }).where('storeId', '=', shop.scope.storeId).where('id', '=', mug).execute();
    const gone = await priceCart(t.deps, shop.scope, added.cart, 'es');
    expect([gone.lines, gone.notices, gone.cart.lines]).toEqual([[], [{ kind: 'gone', name: '#' + mug }], []]);
  });

  it('says why a coupon is refused: unknown, expired and used up alike (not valid), a minimum not reached', async () => {
    const shop = await newShop();
    const mug = await product(shop, { name: 'Taza', priceCents: 1000, stock: 9 });
    await shop.create('/api/v1/coupons', { code: 'VIEJO', discountType: 'fixed', discount: 100, expiresOn: '2020-01-01', enabled: true });
    await shop.create('/api/v1/coupons', { code: 'GRANDE', discountType: 'fixed', discount: 100, minimumCents: 5000, enabled: true });
    const used = await shop.create('/api/v1/coupons', { code: 'USADO', discountType: 'percentage', discount: 1000, usageLimit: 1, enabled: true });
    await t.db.updateTable('coupon').set({ timesUsed: 1 }).where('storeId', '=', shop.scope.storeId).where('id', '=', used).execute();
    const reason = async (code: string, locale: 'es' | 'en' = 'es') => (await priceCart(t.deps, shop.scope, cartOf([[mug, null, 1]], code, shop), locale)).coupon;
    expect(await reason('NADA')).toEqual({ code: 'NADA', ok: false, reason: 'Este cupón no es válido' });
    expect(await reason('VIEJO', 'en')).toEqual({ code: 'VIEJO', ok: false, reason: 'This coupon is not valid' });
    expect(await reason('USADO')).toEqual({ code: 'USADO', ok: false, reason: 'Este cupón no es válido' });
    expect(await reason('GRANDE')).toEqual({ code: 'GRANDE', ok: false, reason: 'Este cupón es para compras desde $50,00', minimumCents: 5000 });
    expect(await place(shop, cartOf([[mug, null, 1]], 'GRANDE', shop))).toEqual({ ok: false, problem: 'coupon', reason: 'Este cupón es para compras desde $50,00' });
  });
});

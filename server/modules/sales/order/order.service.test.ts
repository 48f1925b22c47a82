import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOrderListQuery } from '#common/schemas/sales-order.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { makeUser, type TestUser } from '../../../../tests/support/factories.ts';
import { runDueJobs } from '../../../../tests/support/jobs.ts';
import { addCoupon, addProduct, addVariant, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import * as orders from './order.service.ts';

// The owner's order rules on a real database (SQLite, or PostgreSQL with DATABASE_URL) and a real SMTP
// server, with orders placed through checkout's own placeOrder.
let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let deps: ServiceDeps;
let store: SalesStore;
let owner: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestDatabase({ SMTP_URL: smtp.url });
  deps = { ...t.deps, config: { ...t.config, publicUrl: 'https://tiendabox.test' } };
  store = await makeSalesStore(t);
  owner = store.owner;
});
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

const me = () => ({ userId: owner.id });
const stockOf = async (table: 'product' | 'variant', id: number) => Number((await t.db.selectFrom(table).select('stock').where('storeId', '=', store.id).where('id', '=', id).executeTakeFirstOrThrow()).stock);
const timesUsed = async (id: number) => Number((await t.db.selectFrom('coupon').select('timesUsed').where('storeId', '=', store.id).where('id', '=', id).executeTakeFirstOrThrow()).timesUsed);
const query = (params: Record<string, string> = {}) => parseOrderListQuery(params, 'es');

async function oneOrder(options: { locale?: 'es' | 'en'; email?: string } = {}) {
  const productId = await addProduct(deps, store.scope, { price: 20, stock: 5 });
  const order = await placeTestOrder(deps, store.scope, { lines: [{ productId, quantity: 2 }], locale: options.locale, customer: options.email ? { email: options.email } : {} });
  return { productId, ...order };
}

describe('moving an order', () => {
  it('goes pending → paid → shipped → delivered, one event each with who did it and the note', async () => {
    const { id } = await oneOrder();
    await orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'paid', note: 'Transferencia recibida' });
    await orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'shipped', note: '' });
    await orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'delivered', note: '' });
    const { order, events, next } = await orders.getOrder(deps, store.scope, id);
    expect(order.status).toBe('delivered');
    expect(next).toEqual([]);
    expect(events.map((event) => [event.status, event.userId])).toEqual([['pending', null], ['paid', owner.id], ['shipped', owner.id], ['delivered', owner.id]]);
    expect(events[1]).toMatchObject({ note: 'Transferencia recibida', userName: expect.stringContaining('') });
  });

  it('refuses a move the order cannot make, and changes nothing', async () => {
    const { id } = await oneOrder();
    await expect(orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'shipped', note: '' })).rejects.toMatchObject({ status: 409, code: 'order.invalidTransition' });
    await expect(orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'pending', note: '' })).rejects.toMatchObject({ status: 409 });
    await orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'paid', note: '' });
    await orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'shipped', note: '' });
    // Shipped goods are with the carrier: a cancellation now would give back stock that is not here.
    await expect(orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'cancelled', note: '' })).rejects.toMatchObject({ status: 409 });
    const { order, events } = await orders.getOrder(deps, store.scope, id);
    expect(order.status).toBe('shipped');
    expect(events).toHaveLength(3);
  });

  it("treats another store's order as not found, for reading and for moving", async () => {
    const { id } = await oneOrder();
    const other = await makeSalesStore(t);
    await expect(orders.getOrder(deps, other.scope, id)).rejects.toMatchObject({ status: 404 });
    await expect(orders.changeOrderStatus(deps, other.scope, { userId: other.owner.id }, id, { status: 'paid', note: '' })).rejects.toMatchObject({ status: 404 });
    expect((await orders.getOrder(deps, store.scope, id)).order.status).toBe('pending');
  });
});

describe('cancelling an order', () => {
  it('gives back the stock of products and variants, and the coupon use, once', async () => {
    const plain = await addProduct(deps, store.scope, { price: 10, stock: 4 });
    const withVariants = await addProduct(deps, store.scope, { price: 30 });
    const red = await addVariant(deps, store.scope, withVariants, { stock: 3 });
    const blue = await addVariant(deps, store.scope, withVariants, { stock: 2 });
    const coupon = await addCoupon(deps, store.scope, { usageLimit: 5 });
    const { id } = await placeTestOrder(deps, store.scope, { lines: [{ productId: plain, quantity: 3 }, { productId: withVariants, variantId: red, quantity: 2 }], coupon: coupon.code });
    expect([await stockOf('product', plain), await stockOf('variant', red), await stockOf('variant', blue), await stockOf('product', withVariants)]).toEqual([1, 1, 2, 3]);
    expect(await timesUsed(coupon.id)).toBe(1);

    await orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'paid', note: '' });
    await orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'cancelled', note: 'Sin stock real' });
    expect([await stockOf('product', plain), await stockOf('variant', red), await stockOf('variant', blue), await stockOf('product', withVariants)]).toEqual([4, 3, 2, 5]);
    expect(await timesUsed(coupon.id)).toBe(0);

    // A second cancellation is refused: nothing comes back twice.
    await expect(orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'cancelled', note: '' })).rejects.toMatchObject({ status: 409 });
    expect(await stockOf('product', plain)).toBe(4);
    expect((await orders.getOrder(deps, store.scope, id)).events.map((event) => event.status)).toEqual(['pending', 'paid', 'cancelled']);
  });

  it('never takes a coupon below zero uses, and skips a product deleted since', async () => {
    const kept = await addProduct(deps, store.scope, { stock: 2 });
    const gone = await addProduct(deps, store.scope, { stock: 2 });
    const coupon = await addCoupon(deps, store.scope);
    const { id } = await placeTestOrder(deps, store.scope, { lines: [{ productId: kept, quantity: 1 }, { productId: gone, quantity: 1 }], coupon: coupon.code });
    await t.db.updateTable('coupon').set({ timesUsed: 0 }).where('storeId', '=', store.id).where('id', '=', coupon.id).execute();
    await t.db.deleteFrom('product').where('storeId', '=', store.id).where('id', '=', gone).execute();
    await orders.changeOrderStatus(deps, store.scope, me(), id, { status: 'cancelled', note: '' });
    expect(await timesUsed(coupon.id)).toBe(0);
    expect(await stockOf('product', kept)).toBe(2);
    expect((await orders.getOrder(deps, store.scope, id)).lines.map((line) => line.productId)).toEqual([kept, null]);
  });
});

describe("the shopper's e-mail", () => {
  it("goes out for each change, in the order's language, with the store's note, in the store's name", async () => {
    const es = await oneOrder({ email: 'compra.es@example.com' });
    await orders.changeOrderStatus(deps, store.scope, me(), es.id, { status: 'paid', note: 'Gracias por la transferencia' });
    await runDueJobs(t, deps.mailer);
    const paid = smtp.lastTo('compra.es@example.com', 'confirmamos el pago')!;
    expect(paid).toContain(`Hola, Ana Torres: confirmamos el pago de tu pedido #${es.number}. La tienda lo está preparando.`);
    expect(paid).toMatch(/Nota de la tienda:\r?\nGracias por la transferencia/);
    expect(paid).toContain('Total: $46,00');
    expect(paid).toMatch(new RegExp(`From: "?${store.name} via Tiendabox"? <`));
    expect(paid).toContain(`${t.config.publicUrl}/shop/${store.slug}/order?code=${es.code}`);

    const en = await oneOrder({ locale: 'en', email: 'buyer.en@example.com' });
    await orders.changeOrderStatus(deps, store.scope, me(), en.id, { status: 'cancelled', note: '' });
    await runDueJobs(t, deps.mailer);
    const cancelled = smtp.lastTo('buyer.en@example.com', 'was canceled')!;
    expect(cancelled).toContain(`Hello Ana Torres: your order #${en.number} was canceled.`);
    expect(cancelled).toContain('Total: $46.00');
    expect(cancelled).not.toContain('Note from the store');
    expect(cancelled).toContain(`${t.config.publicUrl}/en/shop/${store.slug}/order?code=${en.code}`);
  });
});

describe('the list', () => {
  it('filters by status, customer, total and number, newest first, only the store’s own', async () => {
    const list = await makeSalesStore(t);
    const cheap = await addProduct(deps, list.scope, { price: 5, stock: 50, ivaCode: '0' });
    const dear = await addProduct(deps, list.scope, { price: 100, stock: 50, ivaCode: '0' });
    const first = await placeTestOrder(deps, list.scope, { lines: [{ productId: cheap, quantity: 1 }], customer: { email: 'uno@example.com' } });
    const second = await placeTestOrder(deps, list.scope, { lines: [{ productId: dear, quantity: 1 }], customer: { email: 'dos@example.com', name: 'Bruno Díaz' } });
    await orders.changeOrderStatus(deps, list.scope, { userId: list.owner.id }, second.id, { status: 'paid', note: '' });
    await oneOrder();

    const numbers = async (params: Record<string, string>) => (await orders.listOrders(deps, list.scope, query(params))).rows.map((row) => row.number);
    expect(await numbers({})).toEqual([second.number, first.number]);
    expect(await numbers({ status: 'paid' })).toEqual([second.number]);
    expect(await numbers({ min: '50' })).toEqual([second.number]);
    expect(await numbers({ max: '50,5' })).toEqual([first.number]);
    expect(await numbers({ q: `#${first.number}` })).toEqual([first.number]);
    expect(await numbers({ q: 'bruno' })).toEqual([second.number]);
    const { order } = await orders.getOrder(deps, list.scope, first.id);
    expect(await numbers({ customer: String(order.customerId) })).toEqual([first.number]);
    expect(await numbers({ from: '2000-01-01', to: '2000-01-31' })).toEqual([]);
    expect(await numbers({ from: '2000-01-01', to: '2999-12-31', max: 'nada' })).toEqual([second.number, first.number]);
  });
});

describe('a user', () => {
  it('needs the store’s scope: the owner of another store sees none of these orders', async () => {
    const other = await makeSalesStore(t, { owner: await makeUser(t) });
    expect((await orders.listOrders(deps, other.scope, query())).rows).toEqual([]);
  });
});

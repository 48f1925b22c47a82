import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { saveGateway } from '#server/modules/sales/payment/payment-gateways.ts';
import { orderPayments } from '#server/modules/sales/payment/payment.repository.ts';
import { settle } from '#server/modules/sales/payment/payment.service.ts';
import { getPage } from '../../../../tests/support/forms.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { changeOrderStatus } from './order.service.ts';

// The order list by payment method and payment state (issue 39 §9), on the screen (/sales/order,
// the filters in its address, the state a badge on each row) and in the API (/api/v1/orders, a
// value outside the set is a 400 that names it). Orders are placed through checkout and move as
// shoppers, gateways and owners move them. Needs `npm run build` first.

let t: TestApp;
let store: SalesStore;
let other: SalesStore;
const orders: Record<'cash' | 'transfer' | 'card' | 'declined', { id: number; number: number }> = {} as never;

/** A store taking cash, transfers and PayPhone, with a product. */
async function shop() {
  const made = await makeSalesStore(t);
  await setTaxSettings(t, made, { cashOnDelivery: true, bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2200123456', bankAccountHolder: 'Ana Pérez' });
  // Credentials the gateway is never asked with here: placing an order does not call it.
  await saveGateway(t.deps, made.scope, 'payphone', { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials: { token: 'token-de-prueba', storeId: 'tienda-de-prueba' } });
  return { ...made, productId: await addProduct(t.deps, made.scope, { price: 10, stock: 50 }) };
}

beforeAll(async () => {
  t = await createTestApp();
  const mine = await shop();
  store = mine;
  const place = (paymentMethod: 'cash_on_delivery' | 'bank_transfer' | 'payphone') => placeTestOrder(t.deps, mine.scope, { lines: [{ productId: mine.productId, quantity: 1 }], customer: { paymentMethod } });
  orders.cash = await place('cash_on_delivery');
  orders.transfer = await place('bank_transfer');
  // The owner confirms the transfer by hand: the order and its payment are paid.
  await changeOrderStatus(t.deps, mine.scope, { userId: mine.owner.id }, orders.transfer.id, { status: 'paid', note: '' });
  orders.card = await place('payphone');
  orders.declined = await place('payphone');
  // PayPhone's word on the second card payment: declined (the funnel every outcome passes through).
  const [attempt] = await orderPayments(t.db, mine.scope, orders.declined.id);
  await settle(t.deps, mine.scope, attempt!.id, { state: 'failed', amountCents: null, currency: null, providerPaymentId: null, clientTransactionId: attempt!.clientTransactionId, providerStatus: 'Canceled' });
  // Another store's PayPhone order: never in this store's list.
  const theirs = await shop();
  other = theirs;
  await placeTestOrder(t.deps, theirs.scope, { lines: [{ productId: theirs.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
});
afterAll(() => t.dispose());

const listed = (html: string) => [...html.matchAll(/data-testid="order-(\d+)"/g)].map((match) => Number(match[1])).sort((a, b) => a - b);
const numbers = (...keys: (keyof typeof orders)[]) => keys.map((key) => orders[key].number).sort((a, b) => a - b);
const api = (query: string, lang = 'es') => t.app.inject({ url: `/api/v1/orders${query}`, headers: { cookie: `lang=${lang}; ${store.owner.cookie}`, accept: 'application/json' } });

describe('the order list’s payment filters', () => {
  it('lists by payment method and by payment state, alone or together, with the state as a badge', async () => {
    const all = await getPage(t.app, '/sales/order', store.owner.cookie);
    expect(all.statusCode).toBe(200);
    expect(listed(all.body)).toEqual(numbers('cash', 'transfer', 'card', 'declined'));
    expect(all.body).toMatch(/<select[^>]*name="paymentMethod"/);
    expect(all.body).toContain('Todos los estados de pago');
    const byMethod = await getPage(t.app, '/sales/order?paymentMethod=payphone', store.owner.cookie);
    expect(listed(byMethod.body)).toEqual(numbers('card', 'declined'));
    expect(byMethod.body).toMatch(/<option value="payphone" selected="">PayPhone<\/option>/);
    expect(listed((await getPage(t.app, '/sales/order?paymentState=paid', store.owner.cookie)).body)).toEqual(numbers('transfer'));
    expect(listed((await getPage(t.app, '/sales/order?paymentMethod=payphone&paymentState=pending', store.owner.cookie)).body)).toEqual(numbers('card'));
    expect(listed((await getPage(t.app, '/sales/order?paymentMethod=cash_on_delivery&paymentState=paid', store.owner.cookie)).body)).toEqual([]);
    // Each row's payment state, in the page's language.
    const declined = await getPage(t.app, '/sales/order?paymentState=failed', store.owner.cookie);
    expect(listed(declined.body)).toEqual(numbers('declined'));
    expect(declined.body).toMatch(/data-color="red" data-status="failed">Rechazado</);
    const en = await getPage(t.app, '/en/sales/order?paymentState=failed', store.owner.cookie);
    expect(en.body).toMatch(/data-status="failed">Declined</);
    expect(en.body).toContain('All payment methods');
    // A value outside the set is no filter, never an error page.
    const bogus = await getPage(t.app, '/sales/order?paymentState=robado&paymentMethod=bitcoin', store.owner.cookie);
    expect(bogus.statusCode).toBe(200);
    expect(listed(bogus.body)).toEqual(numbers('cash', 'transfer', 'card', 'declined'));
  });

  it('filters the API’s list the same way, answers each order’s payment state, and names a wrong value', async () => {
    const cards = await api('?paymentMethod=payphone');
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cards.json().rows.map((row: { number: number; paymentState: string }) => [row.number, row.paymentState]).sort()).toEqual([
      [orders.card.number, 'pending'],
      [orders.declined.number, 'failed'],
    ].sort());
    expect((await api('?paymentState=paid')).json().rows.map((row: { number: number; paymentMethod: string }) => [row.number, row.paymentMethod])).toEqual([[orders.transfer.number, 'bank_transfer']]);
    expect((await api('?paymentMethod=payphone&paymentState=failed')).json().total).toBe(1);
    const wrong = await api('?paymentState=robado', 'en');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['paymentState']);
    expect((await api('?paymentMethod=bitcoin')).statusCode).toBe(400);
    // The other store's PayPhone order is its own.
    const theirs = await t.app.inject({ url: '/api/v1/orders?paymentMethod=payphone', headers: { cookie: `lang=es; ${other.owner.cookie}`, accept: 'application/json' } });
    expect(theirs.json().total).toBe(1);
  });
});

import { type Selectable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentTable } from '#server/db/schema/payments.ts';
import { fixedClock } from '#server/service-deps.ts';
import { changeOrderStatus } from '#server/modules/sales/order/order.service.ts';
import { renderShopperMail } from '#server/modules/sales/shopper-mail/shopper-mail.ts';
import { shopperMailData } from '#server/modules/sales/shopper-mail/shopper-mail.service.ts';
import { PAYPAL_DOUBLE_CLIENT_ID, PAYPAL_DOUBLE_CLIENT_SECRET, type PayPalDouble, startPayPalDouble } from '../../../../tests/support/paypal-double.ts';
import { DEFAULT_ACCOUNT, type PayPhoneDouble, startPayPhoneDouble } from '../../../../tests/support/payphone-double.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { saveGateway } from './payment-gateways.ts';
import { expireDuePayments, payOrderByCode, returnByCode } from './payment.service.ts';

// The payment layer (issue 39 §1, §2, §7, decision 089) against a PayPhone that follows its
// published protocol (tests/support/payphone-double.ts): the one funnel settles each outcome once,
// never from the browser's word, refuses another amount, and expires what is never paid.
let t: TestApp;
let payphone: PayPhoneDouble;
let paypal: PayPalDouble;
beforeAll(async () => {
  payphone = await startPayPhoneDouble();
  paypal = await startPayPalDouble();
  t = await createTestApp({ PAYPHONE_API_URL_SANDBOX: payphone.url, PAYPAL_API_URL_SANDBOX: paypal.url });
});
afterAll(async () => {
  await t.dispose();
  await payphone.close();
  await paypal.close();
});

const urls = (code: string) => ({ returnUrl: `http://localhost/shop/x/order/paid?code=${code}`, cancelUrl: `http://localhost/shop/x/order/pay-cancelled?code=${code}`, storeName: 'Tienda' });

/** A store that takes PayPhone (the double's account), with one product of 5 units at USD 10 + IVA. */
async function payphoneStore(): Promise<SalesStore & { productId: number }> {
  const store = await makeSalesStore(t);
  await saveGateway(t.deps, store.scope, 'payphone', { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials: { token: DEFAULT_ACCOUNT.token, storeId: DEFAULT_ACCOUNT.storeId } });
  return { ...store, productId: await addProduct(t.deps, store.scope, { price: 10, stock: 5 }) };
}

const orderRow = async (id: number) => (await sql<{ status: string; paymentState: string }>`select status, payment_state from store_order where id = ${id}`.execute(t.deps.db)).rows[0]!;
// Read across stores on purpose (the store guard wants a scope; the test names the order itself).
const paymentRows = async (orderId: number) => (await sql<Selectable<PaymentTable>>`select * from payment where order_id = ${orderId} order by id`.execute(t.deps.db)).rows;
const stockOf = async (productId: number) => Number((await sql<{ stock: number }>`select stock from product where id = ${productId}`.execute(t.deps.db)).rows[0]!.stock);
const eventsOf = (storeId: number, type: string) => t.deps.db.selectFrom('storeEvent').select('id').where('storeId', '=', storeId).where('type', '=', type).execute();
/** The ids the gateway's return address carries, as the return route reads them. */
const returned = (address: string) => Object.fromEntries(new URL(address).searchParams);

async function startPaying(store: SalesStore, code: string): Promise<string> {
  const started = await payOrderByCode(t.deps, store.scope, code, urls(code));
  if (!started?.ok) throw new Error(`not started: ${JSON.stringify(started)}`);
  return started.redirect;
}

describe('a PayPhone payment', () => {
  it('is paid once through the return, and a second return changes nothing', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 2 }], customer: { paymentMethod: 'payphone' } });
    expect((await paymentRows(order.id))[0]).toMatchObject({ method: 'payphone', state: 'pending', amountCents: 2300 });
    expect((await paymentRows(order.id))[0]!.expiresAt).not.toBeNull();
    expect(await stockOf(store.productId)).toBe(3);
    // The shopper's confirmation says how to pay: through PayPhone, from the order page.
    const email = (await sql<{ email: string }>`select email from store_order where id = ${order.id}`.execute(t.deps.db)).rows[0]!.email;
    const drawn = (await shopperMailData(t.deps, store.scope, order.id, { kind: 'confirmation' }))!;
    expect(drawn.to).toBe(email);
    expect((await renderShopperMail(drawn.to, drawn.data)).text).toContain('hazlo con PayPhone: tarjeta o app PayPhone desde la página de tu pedido');

    const back = await payphone.shopper(await startPaying(store, order.code), 'approve');
    expect(await returnByCode(t.deps, store.scope, order.code, returned(back))).toBe('paid');
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentState: 'paid' });
    expect(await returnByCode(t.deps, store.scope, order.code, returned(back))).toBe('unchanged');
    const rows = await paymentRows(order.id);
    expect(rows.map((row) => row.state)).toEqual(['paid']);
    expect(rows[0]!.confirmedBy).toBeNull();
    expect(await eventsOf(store.scope.storeId, 'order.paid')).toHaveLength(1);
    // PayPhone's Prepare had the amounts split as it asks: taxed base, untaxed base, tax, in cents.
    const prepare = payphone.requests.filter((request) => request.path.endsWith('/Prepare')).at(-1)!.body as Record<string, number>;
    expect(prepare).toMatchObject({ amount: 2300, amountWithTax: 2000, amountWithoutTax: 0, tax: 300 });
  });

  it('is declined, then retried from the order page and paid', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    const declined = await payphone.shopper(await startPaying(store, order.code), 'decline');
    expect(await returnByCode(t.deps, store.scope, order.code, returned(declined))).toBe('failed');
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'failed' });
    expect(await stockOf(store.productId)).toBe(4);
    expect(await eventsOf(store.scope.storeId, 'payment.failed')).toHaveLength(1);

    const approved = await payphone.shopper(await startPaying(store, order.code), 'approve');
    expect(await returnByCode(t.deps, store.scope, order.code, returned(approved))).toBe('paid');
    expect((await paymentRows(order.id)).map((row) => row.state)).toEqual(['failed', 'paid']);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentState: 'paid' });
  });

  it('confirmed for another amount is refused and flagged to the owner, and the order stays unpaid', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    // PayPhone charges USD 1.00 for an order of USD 11.50.
    payphone.next({ outcome: 'differentAmount', amountCents: 100 });
    const back = await payphone.shopper(await startPaying(store, order.code), 'approve');
    expect(await returnByCode(t.deps, store.scope, order.code, returned(back))).toBe('flagged');
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect((await paymentRows(order.id))[0]).toMatchObject({ state: 'pending', flag: 'amount 100 ≠ 1150 cents' });
    expect(await eventsOf(store.scope.storeId, 'payment.flagged')).toHaveLength(1);
    // The owner's bell rings, with the flag's own words, and links to the order.
    const notices = await t.deps.db.selectFrom('notification').select(['kind', 'params']).where('userId', '=', store.owner.id).where('link', '=', `/sales/order/show?id=${order.id}`).execute();
    expect(notices.map((notice) => [notice.kind, JSON.parse(notice.params).context])).toEqual([['order_received', undefined], ['order_received', 'flagged']]);
  });

  it('is never settled from an address that names another order’s attempt', async () => {
    const store = await payphoneStore();
    const mine = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    const other = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    const back = await payphone.shopper(await startPaying(store, other.code), 'approve');
    expect(await returnByCode(t.deps, store.scope, mine.code, returned(back))).toBe('unknown');
    expect(await orderRow(mine.id)).toMatchObject({ status: 'pending', paymentState: 'pending' });
    // Another store's code under this store is no order at all.
    const stranger = await payphoneStore();
    expect(await returnByCode(t.deps, stranger.scope, other.code, returned(back))).toBeNull();
  });

  it('that cannot reach PayPhone leaves the order unpaid, its stock held, for the shopper to retry', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    await payphone.down();
    try {
      expect(await payOrderByCode(t.deps, store.scope, order.code, urls(order.code))).toEqual({ ok: false, problem: 'unavailable' });
    } finally {
      await payphone.up();
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect(await stockOf(store.productId)).toBe(4);
    expect((await payOrderByCode(t.deps, store.scope, order.code, urls(order.code)))?.ok).toBe(true);
  });
});

describe('a PayPal payment', () => {
  async function paypalStore() {
    const store = await makeSalesStore(t);
    await saveGateway(t.deps, store.scope, 'paypal', { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials: { clientId: PAYPAL_DOUBLE_CLIENT_ID, clientSecret: PAYPAL_DOUBLE_CLIENT_SECRET } });
    return { ...store, productId: await addProduct(t.deps, store.scope, { price: 10, stock: 5 }) };
  }

  it('is captured once after the shopper approves, and a second return changes nothing', async () => {
    const store = await paypalStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'paypal' } });
    const back = await paypal.shopper(await startPaying(store, order.code), 'approve');
    expect(await returnByCode(t.deps, store.scope, order.code, returned(back))).toBe('paid');
    expect(await returnByCode(t.deps, store.scope, order.code, returned(back))).toBe('unchanged');
    const [payment] = await paymentRows(order.id);
    expect(payment).toMatchObject({ state: 'paid', amountCents: 1150, providerStatus: 'COMPLETED' });
    expect(JSON.parse(payment!.details)).toHaveProperty('captureId');
    expect(paypal.requests.filter((request) => request.operation === 'capture')).toHaveLength(1);
  });

  it('cancelled at PayPal leaves the order unpaid, and a token of another order is refused', async () => {
    const store = await paypalStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'paypal' } });
    const cancelled = await paypal.shopper(await startPaying(store, order.code), 'cancel');
    expect(await returnByCode(t.deps, store.scope, order.code, returned(cancelled))).toBe('pending');
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect(await returnByCode(t.deps, store.scope, order.code, { token: 'NOT-THIS-ORDER', PayerID: 'X' })).toBe('unknown');
  });
});

describe('an unpaid gateway order past its time', () => {
  const later = (minutes: number) => ({ ...t.deps, clock: fixedClock(new Date(Date.now() + minutes * 60_000)) });

  it('is expired with its stock given back when the shopper never paid', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 2 }], customer: { paymentMethod: 'payphone' } });
    await startPaying(store, order.code);
    await expireDuePayments(later(30));
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    await expireDuePayments(later(61));
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentState: 'expired' });
    expect(await stockOf(store.productId)).toBe(5);
    expect((await paymentRows(order.id)).map((row) => row.state)).toEqual(['expired']);
    expect(await payOrderByCode(t.deps, store.scope, order.code, urls(order.code))).toEqual({ ok: false, problem: 'notPayable' });
  });

  it('is asked of PayPhone first: a shopper who paid and closed the tab is paid, not expired', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    await payphone.shopper(await startPaying(store, order.code), 'approve');
    await expireDuePayments(later(61));
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentState: 'paid' });
    expect(await stockOf(store.productId)).toBe(4);
  });

  it('is expired, its stock given back, when the shopper declined and never tried again', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    const declined = await payphone.shopper(await startPaying(store, order.code), 'decline');
    expect(await returnByCode(t.deps, store.scope, order.code, returned(declined))).toBe('failed');
    await expireDuePayments(later(61));
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentState: 'expired' });
    expect(await stockOf(store.productId)).toBe(5);
  });

  it('is found paid at its deadline when the shopper paid, lost the return and pressed Pay now again', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    await payphone.shopper(await startPaying(store, order.code), 'approve');
    // The order page's "Pay now": PayPhone's form for a new attempt, never used.
    await startPaying(store, order.code);
    await expireDuePayments(later(61));
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentState: 'paid' });
    expect((await paymentRows(order.id)).map((row) => row.state).sort()).toEqual(['expired', 'paid']);
  });

  it('is left for the next run while PayPhone is down', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    await startPaying(store, order.code);
    await payphone.down();
    try {
      await expireDuePayments(later(61));
    } finally {
      await payphone.up();
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentState: 'pending' });
    await expireDuePayments(later(62));
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentState: 'expired' });
  });
});

describe('the owner’s hand', () => {
  it('confirms a transfer, recorded as who and when; a gateway order is paid only by its gateway', async () => {
    const store = await payphoneStore();
    const transfer = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'cash_on_delivery' } });
    await changeOrderStatus(t.deps, store.scope, { userId: store.owner.id }, transfer.id, { status: 'paid', note: '' });
    const [payment] = await paymentRows(transfer.id);
    expect(payment).toMatchObject({ state: 'paid', confirmedBy: store.owner.id, providerStatus: 'manual' });
    expect(payment!.confirmedAt).not.toBeNull();

    const card = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    await expect(changeOrderStatus(t.deps, store.scope, { userId: store.owner.id }, card.id, { status: 'paid', note: '' })).rejects.toMatchObject({ code: 'payment.gatewayOnly', status: 409 });
    expect(await orderRow(card.id)).toMatchObject({ status: 'pending' });
  });

  it('cancelling an unpaid gateway order voids its attempt', async () => {
    const store = await payphoneStore();
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    await changeOrderStatus(t.deps, store.scope, { userId: store.owner.id }, order.id, { status: 'cancelled', note: '' });
    expect((await paymentRows(order.id)).map((row) => row.state)).toEqual(['expired']);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentState: 'expired' });
  });
});

it('keeps the gateway’s credentials sealed: no plain token in the database', async () => {
  const store = await payphoneStore();
  const row = await t.deps.db.selectFrom('storePaymentGateway').select('credentialsSealed').where('storeId', '=', store.scope.storeId).executeTakeFirstOrThrow();
  expect(Buffer.from(row.credentialsSealed!).toString('latin1')).not.toContain(DEFAULT_ACCOUNT.token);
});

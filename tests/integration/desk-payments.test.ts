import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#common/money.ts';
import { setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { changeOrderStatus } from '#server/modules/sales/order/order.service.ts';
import { refundOrder } from '#server/modules/sales/payment/refund.service.ts';
import { fixedClock } from '#server/service-deps.ts';
import { getPage } from '../support/forms.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../support/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 39 §9: the desk's money of the last 30 days' orders — paid (what was taken, refunded later
// or not), still to be paid (unpaid orders not cancelled) and refunded — in the page's money. The
// orders are placed, paid, cancelled and refunded as shoppers and owners do; one older than the
// 30 days is written with its instant, as placing always stamps "now". Needs `npm run build` first.

// 12:00 in Quito on 16 Dec 2026: the 30 days start at 05:00 UTC on 17 Nov.
const clock = fixedClock('2026-12-16T17:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.dispose());

type Shop = SalesStore & { productId: number };
async function shop(): Promise<Shop> {
  const store = await makeSalesStore(t);
  await setTaxSettings(t, store, { cashOnDelivery: true, bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2200123456', bankAccountHolder: 'Ana Pérez' });
  return { ...store, productId: await addProduct(t.deps, store.scope, { price: 20, stock: 50 }) };
}

async function place(store: Shop, paymentMethod: 'cash_on_delivery' | 'bank_transfer', quantity = 1) {
  const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity }], customer: { paymentMethod } });
  return { ...order, totalCents: (await t.services.orders.getOrder(store.scope, order.id)).order.totalCents };
}

const owner = (store: Shop) => ({ userId: store.owner.id });
const markPaid = (store: Shop, id: number) => changeOrderStatus(t.deps, store.scope, owner(store), id, { status: 'paid', note: '' });

describe('the desk’s payment figures', () => {
  it('sums what was paid, what is still to pay and what was refunded, over the desk’s 30 days, in both languages', async () => {
    const store = await shop();
    const paid = await place(store, 'bank_transfer', 2);
    await markPaid(store, paid.id);
    const refunded = await place(store, 'bank_transfer', 3);
    await markPaid(store, refunded.id);
    // A refund made by hand of part of it: still paid, and the part refunded.
    await refundOrder(t.deps, store.scope, owner(store), refunded.id, { amountCents: 1234, reason: 'Llegó tarde' });
    const waiting = await place(store, 'cash_on_delivery', 1);
    const transferDue = await place(store, 'bank_transfer', 4);
    // Cancelled unpaid: it will never be paid, so it is not "to be paid".
    const cancelled = await place(store, 'cash_on_delivery', 5);
    await changeOrderStatus(t.deps, store.scope, owner(store), cancelled.id, { status: 'cancelled', note: '' });
    // One cancelled before payments were kept (migration 097 left those `pending`): not to be paid either.
    const cancelledBefore = await place(store, 'cash_on_delivery', 6);
    await changeOrderStatus(t.deps, store.scope, owner(store), cancelledBefore.id, { status: 'cancelled', note: '' });
    await t.db.updateTable('storeOrder').set({ paymentState: 'pending' }).where('storeId', '=', store.id).where('id', '=', cancelledBefore.id).execute();
    // Paid before the 30 days began (05:00 UTC on 17 Nov is their first instant): not in these figures.
    const old = await place(store, 'bank_transfer', 1);
    await markPaid(store, old.id);
    await t.db.updateTable('storeOrder').set({ createdAt: '2026-11-17T04:59:59.000Z' }).where('storeId', '=', store.id).where('id', '=', old.id).execute();

    const figures = (await t.services.desk.salesFigures(store.scope)).payments;
    expect(figures).toEqual({ paidCents: paid.totalCents + refunded.totalCents, pendingCents: waiting.totalCents + transferDue.totalCents, refundedCents: 1234 });

    const es = (await getPage(t.app, '/', store.owner.cookie)).body;
    expect(es).toContain('Cobros de los últimos 30 días');
    expect(es).toContain(`data-testid="payments-paid">${formatMoney(figures.paidCents, 'es')}<`);
    expect(es).toContain(`data-testid="payments-pending">${formatMoney(figures.pendingCents, 'es')}<`);
    expect(es).toContain(`data-testid="payments-refunded">${formatMoney(1234, 'es')}<`);
    expect(formatMoney(1234, 'es')).toBe('$12,34');
    const en = (await getPage(t.app, '/en', store.owner.cookie)).body;
    expect(en).toContain('Payments in the last 30 days');
    expect(en).toContain(`data-testid="payments-refunded">$12.34<`);
    expect(en).toContain(`data-testid="payments-pending">${formatMoney(figures.pendingCents, 'en')}<`);
  });

  it('never counts another store’s orders, and shows zeros to a store without any', async () => {
    const [mine, theirs] = await Promise.all([shop(), shop()]);
    const order = await place(theirs, 'bank_transfer', 2);
    await markPaid(theirs, order.id);
    await place(theirs, 'cash_on_delivery');
    expect((await t.services.desk.salesFigures(mine.scope)).payments).toEqual({ paidCents: 0, pendingCents: 0, refundedCents: 0 });
    expect((await t.services.desk.salesFigures(theirs.scope)).payments.paidCents).toBe(order.totalCents);
    const body = (await getPage(t.app, '/', mine.owner.cookie)).body;
    expect(body).toContain('data-testid="payments-paid">$0,00<');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#common/money.ts';
import type { RefundRequest } from '#common/schemas/refund.ts';
import { AppError } from '#server/errors.ts';
import { setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { changeOrderStatus } from '#server/modules/sales/order/order.service.ts';
import { PAYPAL_DOUBLE_CLIENT_ID, PAYPAL_DOUBLE_CLIENT_SECRET, type PayPalDouble, startPayPalDouble } from '../../../../tests/support/paypal-double.ts';
import { DEFAULT_ACCOUNT, type PayPhoneDouble, startPayPhoneDouble } from '../../../../tests/support/payphone-double.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { saveGateway } from './payment-gateways.ts';
import { payOrderByCode, returnByCode } from './payment.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { orderRefundMail } from './refund-subscribers.ts';
import { orderPayments, refundOrder } from './refund.service.ts';

// Refunds (issue 39 §5) through the service on the app's database (SQLite, or PostgreSQL with
// DATABASE_URL), a real SMTP server, and the PayPhone and PayPal doubles of their published APIs
// (tests/support/*-double.ts). Orders are placed through checkout and paid as shoppers and owners pay.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let payphone: PayPhoneDouble;
let paypal: PayPalDouble;
/** The deps with the refund's subscriber, whether or not the composition root lists it yet. */
let wired: ServiceDeps;
beforeAll(async () => {
  smtp = await startSmtpServer();
  payphone = await startPayPhoneDouble();
  paypal = await startPayPalDouble();
  t = await createTestApp({ SMTP_URL: smtp.url, PAYPHONE_API_URL_SANDBOX: payphone.url, PAYPAL_API_URL_SANDBOX: paypal.url });
  wired = { ...t.deps, subscribers: [...t.deps.subscribers.filter((item) => item.name !== orderRefundMail.name), orderRefundMail] };
});
afterAll(async () => {
  await t.dispose();
  await Promise.all([smtp.close(), payphone.close(), paypal.close()]);
});

/** A store taking transfers, with its tax settings (it can invoice), a USD 3.50 shipping fee (none: `free`) and a product of 5 units at USD 20 + 15 % IVA. */
async function shop(options: { free?: boolean } = {}): Promise<SalesStore & { productId: number }> {
  const store = await makeSalesStore(t);
  await setTaxSettings(t, store, { cashOnDelivery: true, bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2200123456', bankAccountHolder: 'Ana Pérez', ...(options.free ? { shippingFeeCents: 0 } : {}) });
  return { ...store, productId: await addProduct(t.deps, store.scope, { price: 20, stock: 5 }) };
}

const owner = (store: SalesStore) => ({ userId: store.owner.id });

/** A transfer order of `quantity` units, marked paid by the owner. */
async function paidOrder(store: SalesStore & { productId: number }, options: { quantity?: number; locale?: 'es' | 'en'; email?: string } = {}) {
  const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: options.quantity ?? 3 }], locale: options.locale, customer: { paymentMethod: 'bank_transfer', ...(options.email ? { email: options.email } : {}) } });
  await changeOrderStatus(t.deps, store.scope, owner(store), order.id, { status: 'paid', note: '' });
  const view = await t.services.orders.getOrder(store.scope, order.id);
  return { ...order, totalCents: view.order.totalCents, line: view.lines[0]! };
}

const refund = (store: SalesStore, orderId: number, input: RefundRequest) => refundOrder(wired, store.scope, owner(store), orderId, input);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, status: (error as AppError).status };
}

const stockOf = async (store: SalesStore & { productId: number }) => Number((await t.db.selectFrom('product').select('stock').where('storeId', '=', store.id).where('id', '=', store.productId).executeTakeFirstOrThrow()).stock);
const orderRow = (store: SalesStore, id: number) => t.db.selectFrom('storeOrder').select(['status', 'paymentState', 'refundedCents']).where('storeId', '=', store.id).where('id', '=', id).executeTakeFirstOrThrow();
const paymentsOf = (store: SalesStore, orderId: number) => t.db.selectFrom('payment').select(['id', 'state', 'amountCents', 'refundedCents']).where('storeId', '=', store.id).where('orderId', '=', orderId).orderBy('id').execute();
const refundsOf = (store: SalesStore, orderId: number) => t.db.selectFrom('paymentRefund').selectAll().where('storeId', '=', store.id).where('orderId', '=', orderId).orderBy('id').execute();
const eventsOf = (store: SalesStore, type: string) => t.db.selectFrom('storeEvent').select(['id', 'data']).where('storeId', '=', store.id).where('type', '=', type).execute();

describe('a refund of a transfer payment', () => {
  it('by lines gives back their share, puts the units back in stock, is recorded as made by hand and mails the shopper', async () => {
    const store = await shop();
    const order = await paidOrder(store, { quantity: 3, email: 'reembolso.es@example.com' });
    expect(await stockOf(store)).toBe(2);

    const done = await refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 1 }], restock: true, reason: 'Talla equivocada' });
    // One unit of USD 20 at 15 % IVA: 20.00 + 3.00.
    expect(done).toMatchObject({ amountCents: 2300, kind: 'manual', creditNoteId: null, refundedCents: 2300, paymentState: 'partially_refunded' });
    expect(await stockOf(store)).toBe(3);
    expect(await paymentsOf(store, order.id)).toEqual([expect.objectContaining({ state: 'partially_refunded', amountCents: order.totalCents, refundedCents: 2300 })]);
    expect(await orderRow(store, order.id)).toEqual({ status: 'paid', paymentState: 'partially_refunded', refundedCents: 2300 });
    expect(await refundsOf(store, order.id)).toEqual([expect.objectContaining({ amountCents: 2300, kind: 'manual', reason: 'Talla equivocada', userId: store.owner.id, restocked: 1, providerStatus: '', creditNoteId: null })]);
    expect(JSON.parse((await refundsOf(store, order.id))[0]!.lines)).toEqual([{ lineId: order.line.id, quantity: 1, restocked: 1, throughCreditNote: 0 }]);
    const [event] = await eventsOf(store, 'order.refunded');
    expect(JSON.parse(event!.data)).toMatchObject({ orderId: order.id, amountCents: 2300, kind: 'manual', restocked: true, paymentState: 'partially_refunded' });

    const mail = await smtp.waitForMail('reembolso.es@example.com', 'te reembolsamos');
    expect(mail).toContain(`te reembolsamos ${formatMoney(2300, 'es')} de tu pedido #${order.number}`);
    expect(mail).toContain('Motivo: Talla equivocada');
    expect(mail).toContain(`/order?code=${order.code}`);

    // The rest of the line, then the shipping by amount: everything paid is back, and no more.
    await refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 2 }], restock: false, reason: 'Devolución' });
    const last = await refund(store, order.id, { amountCents: order.totalCents - 6900, reason: 'Envío' });
    expect(last).toMatchObject({ refundedCents: order.totalCents, paymentState: 'refunded' });
    expect(await stockOf(store)).toBe(3);
    expect(await paymentsOf(store, order.id)).toEqual([expect.objectContaining({ state: 'refunded', refundedCents: order.totalCents })]);
    expect(await refusal(refund(store, order.id, { amountCents: 1, reason: 'Otra vez' }))).toEqual({ code: 'payment.refund.nothingLeft', status: 409 });
  });

  it('mails an English order’s shopper in English', async () => {
    const store = await shop();
    const order = await paidOrder(store, { quantity: 1, locale: 'en', email: 'refund.en@example.com' });
    await refund(store, order.id, { amountCents: 500, reason: 'Late delivery' });
    const mail = await smtp.waitForMail('refund.en@example.com', 'we refunded');
    expect(mail).toContain(`we refunded ${formatMoney(500, 'en')} of your order #${order.number}`);
    expect(mail).toContain('Reason: Late delivery');
  });

  it('refuses more than is left of the payment or of a line, and changes nothing', async () => {
    const store = await shop();
    const order = await paidOrder(store, { quantity: 2 });
    expect(await refusal(refund(store, order.id, { amountCents: order.totalCents + 1, reason: 'De más' }))).toEqual({ code: 'payment.refund.overPaid', status: 409 });
    expect(await refusal(refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 3 }], restock: true, reason: 'De más' }))).toEqual({ code: 'payment.refund.tooMany', status: 409 });
    expect(await refusal(refund(store, order.id, { lines: [{ lineId: order.line.id + 100_000, quantity: 1 }], restock: false, reason: 'Otra línea' }))).toEqual({ code: 'payment.refund.unknownLine', status: 409 });
    // A line asked twice counts as one ask of both.
    expect(await refusal(refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 2 }, { lineId: order.line.id, quantity: 1 }], restock: false, reason: 'Dos veces' }))).toMatchObject({ code: 'payment.refund.tooMany' });
    // By amount first: the lines' share then passes what is left of the money.
    await refund(store, order.id, { amountCents: order.totalCents - 2000, reason: 'Casi todo' });
    expect(await refusal(refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 1 }], restock: true, reason: 'Una' }))).toEqual({ code: 'payment.refund.overPaid', status: 409 });
    expect(await stockOf(store)).toBe(3);
    expect(await refundsOf(store, order.id)).toHaveLength(1);
    expect(await paymentsOf(store, order.id)).toEqual([expect.objectContaining({ refundedCents: order.totalCents - 2000, state: 'partially_refunded' })]);
  });

  it('lets no two refunds at once pass what was paid, nor a line’s units', async () => {
    const store = await shop();
    const order = await paidOrder(store, { quantity: 2 });
    const sixty = Math.round(order.totalCents * 0.6);
    const both = await Promise.allSettled([refund(store, order.id, { amountCents: sixty, reason: 'Uno' }), refund(store, order.id, { amountCents: sixty, reason: 'Dos' })]);
    expect(both.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(both.flatMap((result) => (result.status === 'rejected' ? [(result.reason as AppError).code] : []))).toEqual(['payment.refund.overPaid']);
    expect(await paymentsOf(store, order.id)).toEqual([expect.objectContaining({ refundedCents: sixty })]);
    expect(await orderRow(store, order.id)).toMatchObject({ refundedCents: sixty });

    const other = await paidOrder(store, { quantity: 1 });
    const lines = { lines: [{ lineId: other.line.id, quantity: 1 }], restock: true, reason: 'La última' };
    const twice = await Promise.allSettled([refund(store, other.id, lines), refund(store, other.id, lines)]);
    expect(twice.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await refundsOf(store, other.id)).toHaveLength(1);
    expect(await paymentsOf(store, other.id)).toEqual([expect.objectContaining({ refundedCents: 2300 })]);
  });

  it('refuses an order that took no money and another store’s order, and a restock of a cancelled one', async () => {
    const store = await shop();
    const unpaid = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 1 }], customer: { paymentMethod: 'bank_transfer' } });
    expect(await refusal(refund(store, unpaid.id, { amountCents: 100, reason: 'Sin pago' }))).toEqual({ code: 'payment.refund.notPaid', status: 409 });
    const order = await paidOrder(store, { quantity: 1 });
    const stranger = await shop();
    expect(await refusal(refund(stranger, order.id, { amountCents: 100, reason: 'Ajeno' }))).toMatchObject({ status: 404 });
    await expect(orderPayments(t.deps, stranger.scope, order.id)).rejects.toMatchObject({ status: 404 });
    expect(await paymentsOf(store, order.id)).toEqual([expect.objectContaining({ refundedCents: 0, state: 'paid' })]);

    // Cancelled after it was paid: its units came back with the cancellation, its money comes back by refund.
    await changeOrderStatus(t.deps, store.scope, owner(store), order.id, { status: 'cancelled', note: '' });
    const stock = await stockOf(store);
    expect(await refusal(refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 1 }], restock: true, reason: 'Cancelado' }))).toEqual({ code: 'payment.refund.alreadyRestocked', status: 409 });
    // The shipping is not a line: it stays to refund by amount.
    expect(await refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 1 }], restock: false, reason: 'Cancelado' })).toMatchObject({ paymentState: 'partially_refunded', refundedCents: 2300 });
    expect(await stockOf(store)).toBe(stock);
  });

  it('is not given back a second time when the order is cancelled after it', async () => {
    const store = await shop();
    const order = await paidOrder(store, { quantity: 3 });
    await refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 2 }], restock: true, reason: 'Dos de vuelta' });
    expect(await stockOf(store)).toBe(4);
    await changeOrderStatus(t.deps, store.scope, owner(store), order.id, { status: 'cancelled', note: '' });
    expect(await stockOf(store)).toBe(5);
  });
});

describe('a refund of an invoiced order', () => {
  it('by lines issues the credit note of those lines, which puts them back in stock; by amount issues none', async () => {
    const store = await shop();
    const order = await paidOrder(store, { quantity: 3 });
    const invoice = await t.services.invoices.issueInvoice(store.scope, { orderId: order.id });

    const done = await refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 1 }], restock: true, reason: 'Producto fallado' });
    expect(done.creditNoteId).not.toBeNull();
    const note = await t.services.creditNotes.getCreditNote(store.scope, done.creditNoteId!);
    expect(note.note).toMatchObject({ invoiceId: invoice.id, reason: 'Producto fallado', restocked: 1, baseCents: 2000, taxCents: 300, totalCents: done.amountCents });
    expect(note.lines).toEqual([expect.objectContaining({ quantity: 1, baseCents: 2000, taxCents: 300 })]);
    expect(await stockOf(store)).toBe(3);
    expect((await refundsOf(store, order.id))[0]).toMatchObject({ creditNoteId: done.creditNoteId, restocked: 1 });
    // Put back by the note: a cancellation counts the note's return, not the refund's too.
    expect(JSON.parse((await refundsOf(store, order.id))[0]!.lines)).toEqual([{ lineId: order.line.id, quantity: 1, restocked: 1, throughCreditNote: 1 }]);
    expect((await orderPayments(t.deps, store.scope, order.id)).refunds[0]).toMatchObject({ creditNoteNumber: note.note.number });

    // By amount: SRI's credit note credits units and shipping, not a sum; the refund stands alone.
    expect(await refund(store, order.id, { amountCents: 100, reason: 'Descuento' })).toMatchObject({ creditNoteId: null });
    // Cancelled now: the credit note of the rest, and the stock of the units not back yet, once.
    await changeOrderStatus(t.deps, store.scope, owner(store), order.id, { status: 'cancelled', note: '' });
    expect(await stockOf(store)).toBe(5);
  });
});

const urls = (code: string) => ({ returnUrl: `http://localhost/shop/x/order/paid?code=${code}`, cancelUrl: `http://localhost/shop/x/order/pay-cancelled?code=${code}`, storeName: 'Tienda' });
const returned = (address: string) => Object.fromEntries(new URL(address).searchParams);

async function gatewayOrder(gateway: 'payphone' | 'paypal', quantity: number) {
  // No shipping: payment.service.ts's paymentOrder reads shippingCents as if it held its IVA (reported).
  const store = await shop({ free: true });
  const credentials: Record<string, string> = gateway === 'payphone' ? { token: DEFAULT_ACCOUNT.token, storeId: DEFAULT_ACCOUNT.storeId } : { clientId: PAYPAL_DOUBLE_CLIENT_ID, clientSecret: PAYPAL_DOUBLE_CLIENT_SECRET };
  await saveGateway(t.deps, store.scope, gateway, { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials });
  const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity }], customer: { paymentMethod: gateway } });
  const started = await payOrderByCode(t.deps, store.scope, order.code, urls(order.code));
  if (!started?.ok) throw new Error(`not started: ${JSON.stringify(started)}`);
  const back = gateway === 'payphone' ? await payphone.shopper(started.redirect, 'approve') : await paypal.shopper(started.redirect, 'approve');
  expect(await returnByCode(t.deps, store.scope, order.code, returned(back))).toBe('paid');
  const view = await t.services.orders.getOrder(store.scope, order.id);
  return { store, order: { ...order, totalCents: view.order.totalCents, line: view.lines[0]! } };
}

describe('a refund through the gateway', () => {
  it('reverses a whole PayPhone payment; a part, or a PayPhone that does not answer, is refused and nothing is kept', async () => {
    const { store, order } = await gatewayOrder('payphone', 2);
    const untouched = async () => {
      expect(await refundsOf(store, order.id)).toEqual([]);
      expect(await paymentsOf(store, order.id)).toEqual([expect.objectContaining({ state: 'paid', refundedCents: 0 })]);
      expect(await orderRow(store, order.id)).toMatchObject({ paymentState: 'paid', refundedCents: 0 });
    };
    expect(await refusal(refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 1 }], restock: true, reason: 'Uno' }))).toEqual({ code: 'payment.refund.partialUnsupported', status: 409 });
    await untouched();
    expect(await stockOf(store)).toBe(3);

    await payphone.down();
    try {
      expect(await refusal(refund(store, order.id, { amountCents: order.totalCents, reason: 'Todo' }))).toEqual({ code: 'payment.refund.gatewayUnavailable', status: 503 });
    } finally {
      await payphone.up();
    }
    await untouched();

    const done = await refund(store, order.id, { amountCents: order.totalCents, reason: 'Todo' });
    expect(done).toMatchObject({ kind: 'gateway', amountCents: order.totalCents, paymentState: 'refunded' });
    const [row] = await refundsOf(store, order.id);
    expect(row).toMatchObject({ kind: 'gateway', providerStatus: 'Reversed' });
    const transaction = [...payphone.transactions.values()].find((item) => String(item.id) === row!.providerRefundId);
    expect(transaction).toMatchObject({ reversed: true, amount: order.totalCents });
    expect(payphone.requests.filter((request) => request.path.startsWith('/api/Reverse'))).toHaveLength(1);
  });

  it('refunds part of a PayPal capture by lines, and gives the reservation back when PayPal fails', async () => {
    const { store, order } = await gatewayOrder('paypal', 2);
    const done = await refund(store, order.id, { lines: [{ lineId: order.line.id, quantity: 1 }], restock: true, reason: 'Uno de vuelta' });
    expect(done).toMatchObject({ kind: 'gateway', amountCents: 2300, paymentState: 'partially_refunded' });
    expect(await stockOf(store)).toBe(4);
    const [row] = await refundsOf(store, order.id);
    expect(row).toMatchObject({ providerStatus: 'COMPLETED', restocked: 1 });
    const refunds = [...paypal.orders.values()].flatMap((item) => item.refunds);
    expect(refunds).toEqual([expect.objectContaining({ id: row!.providerRefundId, amount: { currency_code: 'USD', value: '23.00' } })]);

    paypal.failNext('refund');
    expect(await refusal(refund(store, order.id, { amountCents: order.totalCents - 2300, reason: 'El resto' }))).toEqual({ code: 'payment.refund.gatewayUnavailable', status: 503 });
    expect(await paymentsOf(store, order.id)).toEqual([expect.objectContaining({ refundedCents: 2300, state: 'partially_refunded' })]);
    expect(await refundsOf(store, order.id)).toHaveLength(1);

    expect(await refund(store, order.id, { amountCents: order.totalCents - 2300, reason: 'El resto' })).toMatchObject({ paymentState: 'refunded', refundedCents: order.totalCents });
  });
});

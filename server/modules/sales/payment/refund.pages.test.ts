import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#common/money.ts';
import { setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { changeOrderStatus } from '#server/modules/sales/order/order.service.ts';
import { addMemberDirectly } from '#server/modules/staff/staff.service.ts';
import { makeUser } from '../../../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../../../tests/support/forms.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { submitReceipt } from './receipt.service.ts';

// The owner's payments where they work with them (issue 39 §4, §5, §9): the JSON API's payments and
// refunds, and the order page's payments section — its figures and attempts, a receipt to view,
// confirm or reject, and the refund form by products or by an amount typed the page's way. Another
// store's order or receipt is a 404; a read-only member sees and cannot refund (needs `npm run build`).
let t: TestApp;
let a: SalesStore & { productId: number };
let b: SalesStore & { productId: number };
beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await shop(), await shop()];
});
afterAll(() => t.dispose());

async function shop(): Promise<SalesStore & { productId: number }> {
  const store = await makeSalesStore(t);
  await setTaxSettings(t, store, { cashOnDelivery: true, bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2200123456', bankAccountHolder: 'Ana Pérez' });
  return { ...store, productId: await addProduct(t.deps, store.scope, { name: 'Camiseta roja', price: 20, stock: 50 }) };
}

/** A transfer order of two units, paid by the owner's hand unless `unpaid`. */
async function transferOrder(store: SalesStore & { productId: number }, options: { unpaid?: boolean } = {}) {
  const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: store.productId, quantity: 2 }], customer: { paymentMethod: 'bank_transfer' } });
  if (!options.unpaid) await changeOrderStatus(t.deps, store.scope, { userId: store.owner.id }, order.id, { status: 'paid', note: '' });
  const view = await t.services.orders.getOrder(store.scope, order.id);
  return { ...order, totalCents: view.order.totalCents, lineId: view.lines[0]!.id };
}

const api = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);
const page = (url: string, cookie: string) => getPage(t.app, url, cookie);
const post = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });
const refundsOf = (store: SalesStore, orderId: number) => t.db.selectFrom('paymentRefund').select(['amountCents', 'kind', 'reason']).where('storeId', '=', store.id).where('orderId', '=', orderId).orderBy('id').execute();

describe('the payments API', () => {
  it('shows an order’s attempt with who confirmed it, refunds it by lines and lists the refund', async () => {
    const order = await transferOrder(a);
    const before = await api('GET', `/api/v1/orders/${order.id}/payments`, a.owner.cookie);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      paidCents: order.totalCents, refundedCents: 0, leftCents: order.totalCents, receipts: [], refunds: [],
      attempts: [{ method: 'bank_transfer', state: 'paid', amountCents: order.totalCents, refundedCents: 0, confirmedBy: a.owner.id, confirmedByName: expect.any(String), flag: '' }],
      lines: [{ id: order.lineId, name: 'Camiseta roja', quantity: 2, refunded: 0 }],
    });

    const made = await api('POST', `/api/v1/orders/${order.id}/refunds`, a.owner.cookie, { lines: [{ lineId: order.lineId, quantity: 1 }], restock: true, reason: 'Talla equivocada' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ amountCents: 2300, kind: 'manual', creditNoteId: null, refundedCents: 2300, paymentState: 'partially_refunded' });
    const after = (await api('GET', `/api/v1/orders/${order.id}/payments`, a.owner.cookie)).json();
    expect(after).toMatchObject({ refundedCents: 2300, leftCents: order.totalCents - 2300, attempts: [{ state: 'partially_refunded' }], lines: [{ refunded: 1 }] });
    expect(after.refunds).toEqual([expect.objectContaining({ amountCents: 2300, kind: 'manual', reason: 'Talla equivocada', restocked: true, userId: a.owner.id, lines: [{ lineId: order.lineId, quantity: 1, restocked: 1, throughCreditNote: 0 }] })]);
  });

  it('refuses a bad body with a 400 and a rule it breaks with a 409, in the caller’s language', async () => {
    const order = await transferOrder(a);
    const url = `/api/v1/orders/${order.id}/refunds`;
    const both = await api('POST', url, a.owner.cookie, { lines: [{ lineId: order.lineId, quantity: 1 }], amountCents: 100, reason: 'Ambos' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ error: 'validation', fields: { lines: 'Reembolsa por productos o por monto, no ambos' } });
    for (const body of [{ reason: 'Nada' }, { amountCents: 100, reason: 'Con stock', restock: true }, { amountCents: 1.5, reason: 'Medio centavo' }, { amountCents: 100, reason: '' }, { amountCents: 100, reason: 'x', extra: 1 }, { lines: [{ lineId: 0, quantity: 1 }], reason: 'Línea 0' }]) {
      expect((await api('POST', url, a.owner.cookie, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const over = await api('POST', url, a.owner.cookie, { amountCents: order.totalCents + 1, reason: 'De más' }, 'en');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'payment.refund.overPaid', message: 'The refund is more than is left to refund of this payment' });
    const unpaid = await transferOrder(a, { unpaid: true });
    expect((await api('POST', `/api/v1/orders/${unpaid.id}/refunds`, a.owner.cookie, { amountCents: 100, reason: 'Sin pago' })).json()).toMatchObject({ error: 'payment.refund.notPaid', message: 'Este pedido no tiene un pago cobrado que reembolsar' });
    expect(await refundsOf(a, order.id)).toEqual([]);
  });

  it('answers 404 for another store’s order, and lets a read-only member look but not refund', async () => {
    const order = await transferOrder(b);
    expect((await api('GET', `/api/v1/orders/${order.id}/payments`, a.owner.cookie)).statusCode).toBe(404);
    expect((await api('POST', `/api/v1/orders/${order.id}/refunds`, a.owner.cookie, { amountCents: 100, reason: 'Ajeno' })).statusCode).toBe(404);
    const viewer = await makeUser(t);
    await addMemberDirectly(t.deps, b.scope, viewer.id, 'viewer');
    expect((await api('GET', `/api/v1/orders/${order.id}/payments`, viewer.cookie)).statusCode).toBe(200);
    expect((await api('POST', `/api/v1/orders/${order.id}/refunds`, viewer.cookie, { amountCents: 100, reason: 'Sin permiso' })).statusCode).toBe(403);
    expect(await refundsOf(b, order.id)).toEqual([]);
  });
});

describe('the order page’s payments', () => {
  it('shows the figures and the attempt, and refunds by products and by an amount typed the page’s way', async () => {
    const order = await transferOrder(a);
    const url = `/sales/order/show?id=${order.id}`;
    const html = (await page(url, a.owner.cookie)).body;
    expect(html).toContain('data-testid="payments"');
    expect(html).toContain('data-state="paid"');
    expect(html).toContain(formatMoney(order.totalCents, 'es'));
    expect(html).toContain('Confirmado por');
    expect(html).toContain('Reembolsar');

    const byLines = await post(url, a.owner.cookie, { intent: 'refund', mode: 'lines', paymentId: '', [`refund.${order.lineId}`]: '1', restock: 'on', reason: 'Talla equivocada' });
    expect(byLines.statusCode, byLines.body.slice(0, 300)).toBe(302);
    expect(byLines.headers.location).toBe(`/sales/order/show?id=${order.id}&notice=refunded`);
    const byAmount = await post(`/en${url}`, a.owner.cookie, { intent: 'refund', mode: 'amount', amount: '1,000.50', reason: 'Shipping' });
    // More than was paid: refused on the form, in the page's language.
    expect(byAmount.statusCode).toBe(409);
    expect(byAmount.body).toContain('The refund is more than is left to refund of this payment');
    const five = await post(`/en${url}`, a.owner.cookie, { intent: 'refund', mode: 'amount', amount: '5.50', reason: 'Shipping' });
    expect(five.statusCode).toBe(302);
    const fiveEs = await post(url, a.owner.cookie, { intent: 'refund', mode: 'amount', amount: '2,25', reason: 'Envío' });
    expect(fiveEs.statusCode).toBe(302);
    expect(await refundsOf(a, order.id)).toEqual([
      { amountCents: 2300, kind: 'manual', reason: 'Talla equivocada' },
      { amountCents: 550, kind: 'manual', reason: 'Shipping' },
      { amountCents: 225, kind: 'manual', reason: 'Envío' },
    ]);
    const listed = (await page(url, a.owner.cookie)).body;
    expect(listed.match(/data-testid="payment-refund"/g)).toHaveLength(3);
    expect(listed).toContain('Hecho a mano');
    expect(listed).toContain('data-state="partially_refunded"');
  });

  it('sends the form back with what is wrong, never guessing an amount', async () => {
    const order = await transferOrder(a);
    const url = `/sales/order/show?id=${order.id}`;
    // Three decimals are not rounded, nor is nothing read as zero. ("5.50" on a Spanish page is five
    // and a half since decision 096: people in a dollar country type it so.)
    for (const amount of ['2,255', '0', '']) {
      const refused = await post(url, a.owner.cookie, { intent: 'refund', mode: 'amount', amount, reason: 'Envío' });
      expect(refused.statusCode, amount).toBe(400);
      expect(refused.body).toContain(amount === '' ? 'Escribe el monto a reembolsar' : 'Escribe un monto mayor que cero, con hasta dos decimales');
    }
    const lines = await post(url, a.owner.cookie, { intent: 'refund', mode: 'lines', [`refund.${order.lineId}`]: 'dos', reason: '' });
    expect(lines.statusCode).toBe(400);
    expect(lines.body).toContain('Escribe un número entero de unidades');
    expect(lines.body).toContain('Escribe el motivo del reembolso');
    const tooMany = await post(url, a.owner.cookie, { intent: 'refund', mode: 'lines', [`refund.${order.lineId}`]: '3', reason: 'Tres' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.body).toContain('Son más unidades de las que quedan por reembolsar');
    expect(await refundsOf(a, order.id)).toEqual([]);
  });

  it('shows a receipt to view, confirms one and rejects another with a reason, each for this store only', async () => {
    const order = await transferOrder(a, { unpaid: true });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
    const first = await submitReceipt(t.deps, a.scope, { code: order.code, data: photo });
    const second = await submitReceipt(t.deps, a.scope, { code: order.code, data: photo });
    if (!first.ok || !second.ok) throw new Error('receipts refused');
    const url = `/sales/order/show?id=${order.id}`;
    const html = (await page(url, a.owner.cookie)).body;
    expect(html.match(/data-testid="payment-receipt" data-state="submitted"/g)).toHaveLength(2);
    expect(html).toContain(`/sales/order/receipt?id=${first.receiptId}`);

    const file = await t.app.inject({ url: `/sales/order/receipt?id=${first.receiptId}`, headers: { cookie: a.owner.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
    expect((await t.app.inject({ url: `/sales/order/receipt?id=${first.receiptId}`, headers: { cookie: b.owner.cookie } })).statusCode).toBe(404);

    const blank = await post(url, a.owner.cookie, { intent: 'receiptReject', receiptId: String(second.receiptId), reason: ' ' });
    expect(blank.statusCode).toBe(400);
    const rejected = await post(url, a.owner.cookie, { intent: 'receiptReject', receiptId: String(second.receiptId), reason: 'El monto no coincide' });
    expect(rejected.headers.location).toBe(`/sales/order/show?id=${order.id}&notice=receiptRejected`);
    // Another store's owner reaches neither the order nor its receipt.
    expect((await post(url, b.owner.cookie, { intent: 'receiptConfirm', receiptId: String(first.receiptId) })).statusCode).toBe(404);
    const confirmed = await post(url, a.owner.cookie, { intent: 'receiptConfirm', receiptId: String(first.receiptId) });
    expect(confirmed.headers.location).toBe(`/sales/order/show?id=${order.id}&notice=receiptConfirmed`);
    const after = (await page(url, a.owner.cookie)).body;
    expect(after).toContain('data-testid="payment-receipt" data-state="confirmed"');
    expect(after).toContain('data-testid="payment-receipt" data-state="rejected"');
    expect(after).toContain('Motivo: El monto no coincide');
    expect(after).toContain('data-testid="payment-attempt" data-state="paid"');
  });

  it('is a 404 for another store’s order, and a read-only member cannot refund', async () => {
    const order = await transferOrder(b);
    const url = `/sales/order/show?id=${order.id}`;
    expect((await post(url, a.owner.cookie, { intent: 'refund', mode: 'amount', amount: '1,00', reason: 'Ajeno' })).statusCode).toBe(404);
    const viewer = await makeUser(t);
    await addMemberDirectly(t.deps, b.scope, viewer.id, 'viewer');
    expect((await page(url, viewer.cookie)).statusCode).toBe(200);
    expect((await post(url, viewer.cookie, { intent: 'refund', mode: 'amount', amount: '1,00', reason: 'Sin permiso' })).statusCode).toBe(403);
    expect(await refundsOf(b, order.id)).toEqual([]);
  });
});

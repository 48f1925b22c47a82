import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingUrl } from '#common/carriers.ts';
import { ShipmentInputSchema } from '#common/schemas/shipment.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { runDueJobs } from '../../../../tests/support/jobs.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { markOrdersPaid, shipOrders } from '../order/order-bulk.service.ts';
import * as orders from '../order/order.service.ts';
import { saveGateway } from '../payment/payment-gateways.ts';
import { saveStoreSales } from '../store-sales/store-sales.service.ts';
import { listShipments, shipOrder } from './shipment.service.ts';

// Shipments on a real database (SQLite, or PostgreSQL with DATABASE_URL) and a real SMTP server,
// with orders placed through checkout's own placeOrder (issue 40 §2, §3, decision 091).
let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let deps: ServiceDeps;
let store: SalesStore;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestDatabase({ SMTP_URL: smtp.url });
  deps = { ...t.deps, config: { ...t.config, publicUrl: 'https://tiendabox.test' } };
  store = await makeSalesStore(t);
});
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

const me = () => ({ userId: store.owner.id });

/** A paid order of two lines: 3 units of a shirt, 1 of a cap. */
async function paidOrder(options: { email?: string; locale?: 'es' | 'en'; paid?: boolean } = {}) {
  const shirt = await addProduct(deps, store.scope, { name: 'Camiseta', price: 10, stock: 20 });
  const cap = await addProduct(deps, store.scope, { name: 'Gorra', price: 8, stock: 20 });
  const order = await placeTestOrder(deps, store.scope, { lines: [{ productId: shirt, quantity: 3 }, { productId: cap, quantity: 1 }], locale: options.locale, customer: options.email ? { email: options.email } : {} });
  if (options.paid !== false) await orders.changeOrderStatus(deps, store.scope, me(), order.id, { status: 'paid', note: '' });
  const { lines } = await orders.getOrder(deps, store.scope, order.id);
  return { ...order, shirtLine: lines[0]!.id, capLine: lines[1]!.id };
}

const shippedEvents = async (scope: StoreScope, orderId: number) =>
  (await t.db.selectFrom('storeEvent').select(['data', 'changes']).where('storeId', '=', scope.storeId).where('type', '=', 'order.shipped').where('resourceId', '=', orderId).orderBy('id').execute()).map((row) => ({
    data: JSON.parse(row.data) as Record<string, unknown>,
    changes: JSON.parse(row.changes) as Record<string, unknown>,
  }));

describe('the carriers', () => {
  it("build each one's tracking link from the number; Tramaco's is its page; other has none of its own", () => {
    expect(trackingUrl('servientrega', ' 1234567890 ')).toBe('https://www.servientrega.com.ec/Tracking/?guia=1234567890&tipo=GUIA');
    expect(trackingUrl('laar', 'LC 12/3')).toBe('https://fenixoper.laarcourier.com/Tracking/Guiacompleta.aspx?guia=LC%2012%2F3');
    expect(trackingUrl('urbano', 'WYB123')).toBe('https://app.urbano.com.ec/plugin/etracking/etracking/?guia=WYB123');
    expect(trackingUrl('correos_ecuador', 'RR123456789EC')).toBe('https://sipostal.serviciopostal.gob.ec/Navegacion/Tracking?codigo=RR123456789EC');
    expect(trackingUrl('tramaco', '55')).toBe('https://www.tramaco.com.ec/');
    expect(trackingUrl('other', '55')).toBeNull();
    expect(trackingUrl('servientrega', '')).toBeNull();
  });

  it("take the owner's link only for other, and only http or https", () => {
    const parse = (input: Record<string, unknown>) => ShipmentInputSchema.safeParse(input);
    expect(parse({ carrier: 'other', trackingNumber: '', trackingUrl: 'https://moto.example/p/1' }).success).toBe(true);
    expect(parse({ carrier: 'other', trackingNumber: '9', trackingUrl: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe('shipment.badTrackingUrl');
    expect(parse({ carrier: 'servientrega', trackingNumber: '9', trackingUrl: 'https://x.example' }).error?.issues[0]?.message).toBe('shipment.urlOnlyForOther');
    expect(parse({ carrier: 'servientrega', trackingNumber: '' }).error?.issues[0]?.message).toBe('shipment.trackingRequired');
    expect(parse({ carrier: 'laar', trackingNumber: '12\n34' }).error?.issues[0]?.message).toBe('shipment.badTrackingNumber');
    expect(parse({ carrier: 'dhl', trackingNumber: '1' }).error?.issues[0]?.message).toBe('shipment.carrierRequired');
  });
});

describe('shipping an order', () => {
  it('in parts: the first parcel leaves the order paid and "partially shipped", the last moves it to shipped; one event and one e-mail each', async () => {
    const order = await paidOrder({ email: 'parcial@example.com' });
    const first = await shipOrder(deps, store.scope, order.id, { carrier: 'servientrega', trackingNumber: 'SV-1001', lines: [{ orderLineId: order.shirtLine, quantity: 2 }] }, me());
    expect(first.complete).toBe(false);
    const between = await orders.getOrder(deps, store.scope, order.id);
    expect(between.order).toMatchObject({ status: 'paid', partlyShipped: true });
    // Units that left with a carrier are not in the store: no cancelling now.
    expect(between.next).toEqual(['shipped']);
    await expect(orders.changeOrderStatus(deps, store.scope, me(), order.id, { status: 'cancelled', note: '' })).rejects.toMatchObject({ status: 409, code: 'shipment.cannotCancel' });

    const second = await shipOrder(deps, store.scope, order.id, { carrier: 'laar', trackingNumber: 'LC777', note: 'Sale la gorra' }, me());
    expect(second.complete).toBe(true);
    const after = await orders.getOrder(deps, store.scope, order.id);
    expect(after.order.status).toBe('shipped');
    expect(after.events.map((event) => event.status)).toEqual(['pending', 'paid', 'shipped']);

    expect(await listShipments(deps, store.scope, order.id)).toEqual([
      expect.objectContaining({ id: first.id, carrier: 'servientrega', carrierLabel: 'Servientrega', trackingNumber: 'SV-1001', trackingUrl: 'https://www.servientrega.com.ec/Tracking/?guia=SV-1001&tipo=GUIA', userId: store.owner.id, lines: [expect.objectContaining({ orderLineId: order.shirtLine, name: 'Camiseta', quantity: 2 })] }),
      // What was left: one shirt and the cap.
      expect.objectContaining({ id: second.id, carrier: 'laar', lines: [expect.objectContaining({ orderLineId: order.shirtLine, quantity: 1 }), expect.objectContaining({ orderLineId: order.capLine, quantity: 1 })] }),
    ]);

    const events = await shippedEvents(store.scope, order.id);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({ changes: {}, data: expect.objectContaining({ status: 'paid', partial: true, shipment: expect.objectContaining({ id: first.id, carrier: 'servientrega', trackingNumber: 'SV-1001', trackingUrl: 'https://www.servientrega.com.ec/Tracking/?guia=SV-1001&tipo=GUIA' }) }) });
    expect(events[1]).toEqual({ changes: { status: ['paid', 'shipped'] }, data: expect.objectContaining({ status: 'shipped', partial: false, note: 'Sale la gorra', shipment: expect.objectContaining({ carrier: 'laar', lines: [expect.objectContaining({ quantity: 1 }), expect.objectContaining({ quantity: 1 })] }) }) });
    expect(events[0]!.data).not.toHaveProperty('code');

    await runDueJobs(t, deps.mailer);
    // Each parcel's e-mail names its own carrier, number and link (the store's e-mail, issue 40 §5).
    const part = smtp.lastTo('parcial@example.com', 'Parte de tu pedido');
    expect(part).toContain('Servientrega: guía SV-1001');
    expect(part).toContain('Seguir el envío: https://www.servientrega.com.ec/Tracking/?guia=SV-1001&tipo=GUIA');
    expect(part).not.toContain('LC777');
    const rest = smtp.lastTo('parcial@example.com', 'va en camino');
    expect(rest).toContain('Laar Courier: guía LC777');
    expect(rest).not.toContain('SV-1001');
    expect(rest).toMatch(/Nota de la tienda:\r?\nSale la gorra/);
  });

  it('refuses more units than are left, a line of another order, and nothing at all; nothing is written', async () => {
    const order = await paidOrder();
    const other = await paidOrder();
    await expect(shipOrder(deps, store.scope, order.id, { carrier: 'urbano', trackingNumber: 'WYB1', lines: [{ orderLineId: order.shirtLine, quantity: 4 }] }, me())).rejects.toMatchObject({ status: 409, code: 'shipment.tooMany', vars: { name: 'Camiseta', left: 3 } });
    // Twice the same line counts as one: 2 + 2 is more than 3.
    await expect(shipOrder(deps, store.scope, order.id, { carrier: 'urbano', trackingNumber: 'WYB1', lines: [{ orderLineId: order.shirtLine, quantity: 2 }, { orderLineId: order.shirtLine, quantity: 2 }] }, me())).rejects.toMatchObject({ code: 'shipment.tooMany' });
    await expect(shipOrder(deps, store.scope, order.id, { carrier: 'urbano', trackingNumber: 'WYB1', lines: [{ orderLineId: other.capLine, quantity: 1 }] }, me())).rejects.toMatchObject({ status: 400, code: 'shipment.unknownLine' });
    await expect(shipOrder(deps, store.scope, order.id, { carrier: 'urbano', trackingNumber: 'WYB1', lines: [{ orderLineId: order.capLine, quantity: 0 }] }, me())).rejects.toMatchObject({ status: 400, code: 'shipment.nothingToShip' });
    await shipOrder(deps, store.scope, order.id, { carrier: 'urbano', trackingNumber: 'WYB1', lines: [{ orderLineId: order.capLine, quantity: 1 }] }, me());
    await expect(shipOrder(deps, store.scope, order.id, { carrier: 'urbano', trackingNumber: 'WYB2', lines: [{ orderLineId: order.capLine, quantity: 1 }] }, me())).rejects.toMatchObject({ code: 'shipment.tooMany', vars: { left: 0 } });
    expect(await listShipments(deps, store.scope, order.id)).toHaveLength(1);
    expect(await shippedEvents(store.scope, order.id)).toHaveLength(1);
  });

  it('counts the units of a shipment made at the same moment: of two parcels of 2 shirts out of 3, one is refused', async () => {
    const order = await paidOrder();
    const parcel = (trackingNumber: string) => shipOrder(deps, store.scope, order.id, { carrier: 'servientrega', trackingNumber, lines: [{ orderLineId: order.shirtLine, quantity: 2 }] }, me());
    const results = await Promise.allSettled([parcel('R-1'), parcel('R-2')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { status: 409, code: 'shipment.tooMany' } });
    expect((await listShipments(deps, store.scope, order.id)).flatMap((shipment) => shipment.lines.map((line) => line.quantity))).toEqual([2]);
  });

  it('ships only a paid order, as the states allow: not a pending one, nor a cancelled or shipped one', async () => {
    const pending = await paidOrder({ paid: false });
    await expect(shipOrder(deps, store.scope, pending.id, { carrier: 'tramaco', trackingNumber: '1' }, me())).rejects.toMatchObject({ status: 409, code: 'shipment.notPaid' });
    await orders.changeOrderStatus(deps, store.scope, me(), pending.id, { status: 'cancelled', note: '' });
    await expect(shipOrder(deps, store.scope, pending.id, { carrier: 'tramaco', trackingNumber: '1' }, me())).rejects.toMatchObject({ status: 409, code: 'shipment.notShippable' });
    const whole = await paidOrder();
    await shipOrder(deps, store.scope, whole.id, { carrier: 'other', trackingNumber: '', trackingUrl: 'https://moto.example/p/9' }, me());
    expect((await listShipments(deps, store.scope, whole.id, 'en'))[0]).toMatchObject({ carrierLabel: 'Other', trackingNumber: '', trackingUrl: 'https://moto.example/p/9' });
    await expect(shipOrder(deps, store.scope, whole.id, { carrier: 'tramaco', trackingNumber: '1' }, me())).rejects.toMatchObject({ status: 409, code: 'shipment.notShippable' });
  });

  it("treats another store's order as not found, for shipping and for its shipments", async () => {
    const order = await paidOrder();
    const other = await makeSalesStore(t);
    await expect(shipOrder(deps, other.scope, order.id, { carrier: 'servientrega', trackingNumber: '1' }, { userId: other.owner.id })).rejects.toMatchObject({ status: 404 });
    await expect(listShipments(deps, other.scope, order.id)).rejects.toMatchObject({ status: 404 });
    expect((await orders.getOrder(deps, store.scope, order.id)).order.status).toBe('paid');
  });
});

describe('bulk actions on orders', () => {
  it('marks paid the pending transfer and cash orders, and skips the others with why', async () => {
    await saveStoreSales(deps, store.scope, { bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2200123456', bankAccountHolder: 'Ana Tienda' });
    await saveGateway(deps, store.scope, 'payphone', { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials: { token: 'tok', storeId: 'st' } });
    const cash = await paidOrder({ paid: false });
    const transfer = await placeTestOrder(deps, store.scope, { lines: [{ productId: await addProduct(deps, store.scope), quantity: 1 }], customer: { paymentMethod: 'bank_transfer' } });
    const gateway = await placeTestOrder(deps, store.scope, { lines: [{ productId: await addProduct(deps, store.scope), quantity: 1 }], customer: { paymentMethod: 'payphone' } });
    const already = await paidOrder();
    const foreign = await paidOrder({ paid: false });
    const other = await makeSalesStore(t);
    const outcome = await markOrdersPaid(deps, other.scope, { userId: other.owner.id }, [foreign.id]);
    expect(outcome).toEqual({ done: [], skipped: [{ id: foreign.id, number: null, reason: 'notFound' }] });

    const result = await markOrdersPaid(deps, store.scope, me(), [cash.id, transfer.id, gateway.id, already.id]);
    expect(result.done.map((order) => order.id)).toEqual([cash.id, transfer.id]);
    expect(result.skipped).toEqual([{ id: gateway.id, number: gateway.number, reason: 'gateway' }, { id: already.id, number: already.number, reason: 'notPending' }]);
    expect((await orders.getOrder(deps, store.scope, transfer.id)).order.paymentState).toBe('paid');
  });

  it('ships each paid order whole with one carrier and its own number, each in its own transaction', async () => {
    const [a, b, c] = [await paidOrder(), await paidOrder(), await paidOrder()];
    const pending = await paidOrder({ paid: false });
    const result = await shipOrders(deps, store.scope, me(), {
      carrier: 'servientrega',
      orders: [{ orderId: a.id, trackingNumber: 'A-1' }, { orderId: b.id, trackingNumber: '' }, { orderId: c.id, trackingNumber: 'C-3' }, { orderId: pending.id, trackingNumber: 'P-4' }],
    });
    expect(result.done.map((order) => order.id)).toEqual([a.id, c.id]);
    expect(result.skipped).toEqual([{ id: b.id, number: b.number, reason: 'trackingRequired' }, { id: pending.id, number: pending.number, reason: 'notPaid' }]);
    expect((await orders.getOrder(deps, store.scope, a.id)).order.status).toBe('shipped');
    expect((await orders.getOrder(deps, store.scope, b.id)).order.status).toBe('paid');
    expect((await listShipments(deps, store.scope, c.id))[0]).toMatchObject({ trackingNumber: 'C-3', trackingUrl: 'https://www.servientrega.com.ec/Tracking/?guia=C-3&tipo=GUIA' });
  });
});

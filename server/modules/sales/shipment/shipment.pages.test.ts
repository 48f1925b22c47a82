import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishStore } from '#server/modules/store/store.service.ts';
import { callApi, getPage, postForm } from '../../../../tests/support/forms.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// Shipments at the seams users feel (issue 40 §2, §3): the order page's ship form, the order list's
// bulk actions (real forms, no JavaScript), the shopper's order page and the JSON API, in both
// languages and with the store's scope. Needs `npm run build` first.
let t: TestApp;
let store: SalesStore;
let other: SalesStore;

beforeAll(async () => {
  t = await createTestApp();
  store = await makeSalesStore(t);
  other = await makeSalesStore(t);
  await publishStore(t.deps, store.scope, true);
});
afterAll(() => t.dispose());

const me = () => ({ userId: store.owner.id });
const form = (url: string, fields: Record<string, string>, cookie = store.owner.cookie) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });

/** A paid order (unless said) of 2 shirts and 1 cap, with its lines' ids. */
async function anOrder(into = store, options: { paid?: boolean } = {}) {
  const shirt = await addProduct(t.deps, into.scope, { name: 'Camiseta', price: 10, stock: 10, ivaCode: '0' });
  const cap = await addProduct(t.deps, into.scope, { name: 'Gorra', price: 5, stock: 10, ivaCode: '0' });
  const order = await placeTestOrder(t.deps, into.scope, { lines: [{ productId: shirt, quantity: 2 }, { productId: cap, quantity: 1 }] });
  if (options.paid !== false) await t.services.orders.changeOrderStatus(into.scope, { userId: into.owner.id }, order.id, { status: 'paid', note: '' });
  const { lines } = await t.services.orders.getOrder(into.scope, order.id);
  return { ...order, shirtLine: lines[0]!.id, capLine: lines[1]!.id };
}

describe('the order page', () => {
  it('ships part of an order with a carrier and number, lists the parcel with its link, and keeps what was typed beside an error', async () => {
    const order = await anOrder();
    const url = `/sales/order/show?id=${order.id}`;
    const page = await getPage(t.app, url, store.owner.cookie);
    expect(page.body).toContain('Enviar pedido');
    expect(page.body).toContain('Aún no hay envíos de este pedido.');

    const missing = await form(url, { intent: 'ship', carrier: 'servientrega', trackingNumber: '', [`qty-${order.shirtLine}`]: '1', [`qty-${order.capLine}`]: '0' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Escribe el número de guía');
    const tooMany = await form(url, { intent: 'ship', carrier: 'servientrega', trackingNumber: 'SV-77', [`qty-${order.shirtLine}`]: '3', [`qty-${order.capLine}`]: '0' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.body).toContain('No puedes enviar más unidades de «Camiseta» que las 2 que faltan por enviar');
    expect(tooMany.body).toContain('SV-77');
    const badUnits = await form(url, { intent: 'ship', carrier: 'servientrega', trackingNumber: 'SV-77', [`qty-${order.shirtLine}`]: 'dos' });
    expect(badUnits.statusCode).toBe(400);
    expect(badUnits.body).toContain('Escribe las unidades como un número entero');

    const shipped = await form(url, { intent: 'ship', carrier: 'servientrega', trackingNumber: 'SV-77', [`qty-${order.shirtLine}`]: '1', [`qty-${order.capLine}`]: '0', note: '' });
    expect(shipped.statusCode).toBe(302);
    expect(shipped.headers.location).toBe(`${url}&notice=shipped`);
    const after = await getPage(t.app, url, store.owner.cookie);
    expect(after.body).toContain('Enviado parcialmente');
    expect(after.body).toContain('Servientrega · SV-77');
    expect(after.body).toContain('href="https://www.servientrega.com.ec/Tracking/?guia=SV-77&amp;tipo=GUIA"');
    expect(after.body).toContain('Enviar lo que falta');
    expect(after.body).not.toContain('Cancelar pedido');
    const english = await getPage(t.app, `/en${url}`, store.owner.cookie);
    expect(english.body).toContain('Partially shipped');
    expect(english.body).toContain('Track the parcel');
    expect(english.body).toContain('Ship what is left');

    // Tramaco's link opens its page, where the number is typed: the page says so.
    expect((await form(url, { intent: 'ship', carrier: 'tramaco', trackingNumber: 'TR-5' })).statusCode).toBe(302);
    const whole = await getPage(t.app, url, store.owner.cookie);
    expect(whole.body).toContain('Página de seguimiento de Tramaco');
    expect(whole.body).toContain('Escribe el número de guía en su página.');
    expect(whole.body).not.toContain('Enviado parcialmente');
  });

  it("answers 404 when shipping another store's order", async () => {
    const theirs = await anOrder(other);
    expect((await form(`/sales/order/show?id=${theirs.id}`, { intent: 'ship', carrier: 'laar', trackingNumber: '1' })).statusCode).toBe(404);
    expect((await t.services.orders.getOrder(other.scope, theirs.id)).order.status).toBe('paid');
  });
});

describe('the order list', () => {
  it('offers a box per order and for the page, marks paid and ships in bulk, and says what it skipped and why, in both languages', async () => {
    const [a, b, c] = [await anOrder(store, { paid: false }), await anOrder(), await anOrder()];
    const theirs = await anOrder(other, { paid: false });
    const list = await getPage(t.app, '/sales/order', store.owner.cookie);
    expect(list.body).toContain('aria-label="Seleccionar todos los registros de esta página"');
    expect(list.body).toContain(`aria-label="Seleccionar #${a.number}"`);

    const paid = await form('/sales/order', { intent: 'markPaid', ids: `${a.id},${b.id},${theirs.id}` });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('1 pedido listo.');
    expect(paid.body).toContain('2 pedidos omitidos:');
    expect(paid.body).toContain(`Pedido #${b.number}: no está pendiente de pago`);
    expect(paid.body).toContain(`Pedido #${theirs.id}: no es un pedido de tu tienda`);
    expect((await t.services.orders.getOrder(other.scope, theirs.id)).order.status).toBe('pending');

    const shipped = await form('/en/sales/order', { intent: 'ship', ids: `${a.id},${b.id},${c.id}`, carrier: 'urbano', [`tracking-${a.id}`]: 'WYB-1', [`tracking-${b.id}`]: 'WYB-2', [`tracking-${c.id}`]: '' });
    expect(shipped.body).toContain('2 orders done.');
    expect(shipped.body).toContain(`Order #${c.number}: its tracking number is missing`);
    expect((await t.services.shipments.listShipments(store.scope, a.id))[0]).toMatchObject({ carrier: 'urbano', trackingNumber: 'WYB-1' });
    expect((await t.services.orders.getOrder(store.scope, b.id)).order.status).toBe('shipped');

    const noCarrier = await form('/sales/order', { intent: 'ship', ids: `${c.id}`, carrier: '' });
    expect(noCarrier.statusCode).toBe(400);
    expect(noCarrier.body).toContain('Elige el transportista');
    const none = await form('/sales/order', { intent: 'markPaid', ids: '' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Selecciona al menos un registro');
  });
});

describe("the shopper's order page", () => {
  it('lists each parcel with its carrier, number and tracking link, beside the timeline', async () => {
    const order = await anOrder();
    await t.services.shipments.shipOrder(store.scope, order.id, { carrier: 'laar', trackingNumber: 'LC-900', lines: [{ orderLineId: order.shirtLine, quantity: 2 }] }, me());
    const page = await t.app.inject({ url: `/shop/${store.slug}/order?code=${order.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Seguimiento del pedido');
    expect(page.body).toContain('Parte de tu pedido ya va en camino');
    expect(page.body).toContain('Laar Courier · guía LC-900');
    expect(page.body).toContain('href="https://fenixoper.laarcourier.com/Tracking/Guiacompleta.aspx?guia=LC-900"');
    expect(page.body).toContain('Camiseta × 2');
    const english = await t.app.inject({ url: `/en/shop/${store.slug}/order?code=${order.code}` });
    expect(english.body).toContain('Laar Courier · tracking number LC-900');
    expect(english.body).toContain('Track my parcel');
  });
});

describe('the API', () => {
  it('ships and lists an order’s parcels in the request’s language; another store’s order is a 404', async () => {
    const order = await anOrder();
    const refused = await callApi(t.app, 'POST', `/api/v1/orders/${order.id}/shipments`, store.owner.cookie, { carrier: 'servientrega', trackingNumber: 'A1', lines: [{ orderLineId: order.capLine, quantity: 2 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'shipment.tooMany' });
    const created = await callApi(t.app, 'POST', `/api/v1/orders/${order.id}/shipments`, store.owner.cookie, { carrier: 'other', trackingNumber: '', trackingUrl: 'https://moto.example/p/1' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ complete: true });
    const listed = await callApi(t.app, 'GET', `/api/v1/orders/${order.id}/shipments`, store.owner.cookie, undefined, 'en');
    expect(listed.json()).toEqual([expect.objectContaining({ carrier: 'other', carrierLabel: 'Other', trackingUrl: 'https://moto.example/p/1', lines: [expect.objectContaining({ quantity: 2 }), expect.objectContaining({ quantity: 1 })] })]);
    expect((await callApi(t.app, 'GET', `/api/v1/orders/${order.id}/shipments`, other.owner.cookie)).statusCode).toBe(404);
    expect((await callApi(t.app, 'POST', `/api/v1/orders/${order.id}/shipments`, other.owner.cookie, { carrier: 'laar', trackingNumber: '1' })).statusCode).toBe(404);
    expect((await callApi(t.app, 'POST', `/api/v1/orders/${order.id}/shipments`, store.owner.cookie, { carrier: 'laar', trackingNumber: '1', trackingUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
  });
});

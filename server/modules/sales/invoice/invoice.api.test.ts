import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../../../tests/support/forms.ts';
import { expectOtherStoreNotFound, type TwoStores, twoStores } from '../../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { addCoupon, addProduct, makeSalesStore, placeTestOrder } from '../../../../tests/support/sales-fixtures.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { insertTestOrder, setTaxSettings } from './invoice.fixtures.ts';

// Invoices at the seams users feel: the JSON API, the owner's screens and downloads, and the
// shopper's PDF by order code; another store's invoice is a 404 everywhere (needs `npm run build`).
let t: TestApp;
let stores: TwoStores;
beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
  for (const store of [stores.a, stores.b]) await setTaxSettings(t, store);
  for (const store of [stores.a, stores.b]) await t.db.updateTable('store').set({ published: 1 }).where('id', '=', store.id).execute();
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);

async function issued(store: TestStore, options: Parameters<typeof insertTestOrder>[2] = {}) {
  const order = await insertTestOrder(t, store, options);
  const response = await api('POST', '/api/v1/invoices', store.owner.cookie, { orderId: order.id });
  expect(response.statusCode, response.body).toBe(201);
  return { order, ...(response.json() as { id: number; number: string }) };
}

describe('the invoices API', () => {
  it('issues, lists, shows and downloads the XML and the PDF of the store\u2019s invoices', async () => {
    const { id, number, order } = await issued(stores.a, { buyer: 'Carla Ríos' });
    const list = await api('GET', '/api/v1/invoices?q=carla', stores.a.owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id, number, buyerName: 'Carla Ríos', totalCents: order.totalCents, sriStatus: 'issued' }] });
    const show = (await api('GET', `/api/v1/invoices/${id}`, stores.a.owner.cookie)).json();
    expect(show).toMatchObject({ number, baseTaxedCents: 2850, baseZeroCents: 999, taxCents: 428, totalCents: 4277, bases: [{ ivaCode: '4', taxBp: 1500 }, { ivaCode: '0', taxBp: 0 }] });
    expect(show.accessKey).toMatch(/^\d{49}$/);

    const xml = await api('GET', `/api/v1/invoices/${id}/xml`, stores.a.owner.cookie);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.headers['content-disposition']).toContain(`factura-${number}.xml`);
    expect(xml.body).toContain(`<claveAcceso>${show.accessKey}</claveAcceso>`);
    const pdf = await api('GET', `/api/v1/invoices/${id}/pdf`, stores.a.owner.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses in the caller\u2019s language: a cancelled order, a second invoice, missing tax settings, a bad body', async () => {
    const cancelled = await insertTestOrder(t, stores.a, { status: 'cancelled' });
    const refused = await api('POST', '/api/v1/invoices', stores.a.owner.cookie, { orderId: cancelled.id }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'invoice.orderCancelled', message: 'A canceled order cannot be invoiced' });
    const { order } = await issued(stores.a);
    const twice = await api('POST', '/api/v1/invoices', stores.a.owner.cookie, { orderId: order.id });
    expect(twice.json()).toMatchObject({ error: 'invoice.alreadyIssued', message: 'Este pedido ya tiene su factura' });

    const bare = await makeStore(t);
    const noSettings = await api('POST', '/api/v1/invoices', bare.owner.cookie, { orderId: (await insertTestOrder(t, bare)).id });
    expect(noSettings.statusCode).toBe(409);
    expect(noSettings.json().message).toContain('RUC y la razón social');
    expect(noSettings.json().message).toContain('Tienda › Configuración');
    for (const body of [{}, { orderId: 'x' }, { orderId: 0 }, { orderId: 2 ** 40 }]) {
      expect((await api('POST', '/api/v1/invoices', stores.a.owner.cookie, body)).statusCode).toBe(400);
    }
    expect((await api('GET', '/api/v1/invoices', '')).statusCode).toBe(401);
  });

  it('answers 404 for another store\u2019s invoice and order, on every screen, download and API address', async () => {
    const { id, order } = await issued(stores.b);
    expect((await api('POST', '/api/v1/invoices', stores.a.owner.cookie, { orderId: order.id })).statusCode).toBe(404);
    await expectOtherStoreNotFound(t.app, stores.a.owner, {
      pages: [`/sales/invoice/show?id=${id}`, `/en/sales/invoice/show?id=${id}`, `/sales/invoice/pdf?id=${id}`, `/sales/invoice/xml?id=${id}`, `/en/sales/invoice/pdf?id=${id}`],
    });
    for (const url of [`/api/v1/invoices/${id}`, `/api/v1/invoices/${id}/xml`, `/api/v1/invoices/${id}/pdf`]) {
      expect((await api('GET', url, stores.a.owner.cookie)).statusCode, url).toBe(404);
    }
    expect((await api('GET', '/api/v1/invoices', stores.a.owner.cookie)).json().rows.map((row: { id: number }) => row.id)).not.toContain(id);
  });
});

describe('access tokens (decision 069)', () => {
  const bearer = async (scope: 'read' | 'write' | 'invoices') => `Bearer ${(await t.services.accessTokens.createAccessToken({ userId: stores.a.owner.id }, { name: `Contabilidad ${scope}`, scope, expiresIn: 'never' })).token}`;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, authorization: string, payload?: object) => t.app.inject({ method, url, headers: { authorization, cookie: 'lang=en' }, ...(payload ? { payload } : {}) });
  const customerOf = async (orderId: number) => (await t.db.selectFrom('storeOrder').select('customerId').where('storeId', '=', stores.a.id).where('id', '=', orderId).executeTakeFirstOrThrow()).customerId;
  const INVOICES_ONLY = { error: 'invoices_only_token', message: 'This access token is for invoices only (and reading orders)' };

  it('an invoices token lists, downloads and issues invoices and reads the orders they come from; nothing else', async () => {
    const invoicesOnly = await bearer('invoices');
    const order = await insertTestOrder(t, stores.a);
    const created = await call('POST', '/api/v1/invoices', invoicesOnly, { orderId: order.id });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('GET', `/api/v1/invoices/${created.json().id}/xml`, invoicesOnly)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/invoices/${created.json().id}/pdf`, invoicesOnly)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/invoices?page=1', invoicesOnly)).statusCode).toBe(200);
    // The orders it invoices from, read only: what an accounting tool needs to know what to issue.
    const orders = await call('GET', '/api/v1/orders', invoicesOnly);
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().rows.map((row: { id: number }) => row.id)).toContain(order.id);
    expect((await call('GET', `/api/v1/orders/${order.id}`, invoicesOnly)).statusCode).toBe(200);
    const refusals: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['POST', `/api/v1/orders/${order.id}/status`, { status: 'paid' }],
      ['GET', '/api/v1/customers'],
      ['PUT', `/api/v1/customers/${await customerOf(order.id)}`, { name: 'Otro' }],
      ['GET', '/api/v1/alerts'],
      ['GET', '/api/v1/store/settings'],
      ['GET', '/api/v1/products'],
      ['POST', '/api/v1/tickets', { subject: 'x' }],
    ];
    for (const [method, url, body] of refusals) {
      const refused = await call(method, url, invoicesOnly, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toEqual(INVOICES_ONLY);
    }
    // The order was not moved by the refused call.
    expect((await call('GET', `/api/v1/orders/${order.id}`, invoicesOnly)).json().status).toBe('pending');
  });

  it('a read token reads orders, customers and invoices and changes none; a write token changes all three', async () => {
    const readOnly = await bearer('read');
    const order = await insertTestOrder(t, stores.a);
    for (const url of ['/api/v1/orders', `/api/v1/orders/${order.id}`, '/api/v1/customers', `/api/v1/customers/${await customerOf(order.id)}`, '/api/v1/invoices']) {
      expect((await call('GET', url, readOnly)).statusCode, url).toBe(200);
    }
    for (const [method, url, body] of [['POST', '/api/v1/invoices', { orderId: order.id }], ['POST', `/api/v1/orders/${order.id}/status`, { status: 'paid' }], ['PUT', `/api/v1/customers/${await customerOf(order.id)}`, { name: 'Otro' }]] as const) {
      const refused = await call(method, url, readOnly, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toBe('read_only_token');
    }
    const write = await bearer('write');
    expect((await call('POST', `/api/v1/orders/${order.id}/status`, write, { status: 'paid', note: '' })).statusCode).toBe(204);
    expect((await call('POST', '/api/v1/invoices', write, { orderId: order.id })).statusCode).toBe(201);
  });
});

describe('the invoice screens', () => {
  it('shows an empty list, then the invoices with their figures, in both languages, never cached', async () => {
    const store = await makeStore(t);
    await setTaxSettings(t, store);
    const empty = await getPage(t.app, '/sales/invoice', store.owner.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.body).toContain('Aún no has emitido facturas');

    const order = await insertTestOrder(t, store, { buyer: 'Pablo Ortiz' });
    const issuedNow = await postForm(t.app, '/sales/invoice/issue', { intent: 'issue', orderId: String(order.id) }, { cookie: `lang=es; ${store.owner.cookie}` });
    expect(issuedNow.statusCode).toBe(302);
    const location = issuedNow.headers.location ?? '';
    expect(location).toMatch(/^\/sales\/invoice\/show\?id=\d+&notice=created$/);

    const list = await getPage(t.app, '/en/sales/invoice?q=pablo', store.owner.cookie);
    expect(list.body).toContain('001-002-000000001');
    expect(list.body).toContain('Pablo Ortiz');
    expect(list.body).toContain('$42.77');
    expect(list.body).toContain('Issued');
    expect((await getPage(t.app, '/sales/invoice?q=nadie', store.owner.cookie)).body).toContain('No se encontraron registros');
    // Days typed in the page's order: a range of long ago finds none, one around today finds it.
    expect((await getPage(t.app, '/sales/invoice?from=01/01/2020&to=31/01/2020', store.owner.cookie)).body).toContain('No se encontraron registros');
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const [year, month, day] = today.split('-');
    expect((await getPage(t.app, `/en/sales/invoice?from=${month}/${day}/${year}&to=not-a-day`, store.owner.cookie)).body).toContain('Pablo Ortiz');
    const show = await getPage(t.app, location.replace('&notice=created', ''), store.owner.cookie);
    expect(show.statusCode).toBe(200);
    expect(show.headers['cache-control']).toBe('no-store');
    const { invoice } = await t.services.invoices.getInvoice((await t.services.storeScopes.ownStoreScope({ userId: store.owner.id }))!, Number(new URLSearchParams(location.split('?')[1]).get('id')));
    expect(show.body).toContain(invoice.accessKey);
    // the RIDE's totals, as the PDF lists them: shipping in the 15 % base (decision 087)
    const shown = show.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    for (const row of ['SUBTOTAL IVA 15 % $28,50', 'SUBTOTAL IVA 0 % $9,99', 'SUBTOTAL NO OBJETO DE IVA $0,00', 'SUBTOTAL EXENTO DE IVA $0,00', 'IVA 15 % $4,28']) expect(shown).toContain(row);
    expect(show.body).toContain('$42,77');
    const pdf = await getPage(t.app, `/en/sales/invoice/pdf?id=${invoice.id}`, store.owner.cookie);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const xml = await getPage(t.app, `/sales/invoice/xml?id=${invoice.id}`, store.owner.cookie);
    expect(xml.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('sends a refused issue back to the order page with the reason', async () => {
    const store = await makeStore(t);
    const order = await insertTestOrder(t, store);
    const refused = await postForm(t.app, '/en/sales/invoice/issue', { intent: 'issue', orderId: String(order.id) }, { cookie: `lang=en; ${store.owner.cookie}` });
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe(`/en/sales/order/show?id=${order.id}&invoiceError=invoice.missingRucAndName`);
    const other = await postForm(t.app, '/sales/invoice/issue', { intent: 'issue', orderId: String(order.id) }, { cookie: `lang=es; ${stores.a.owner.cookie}` });
    expect(other.statusCode).toBe(404);
  });
});

describe('an order placed at checkout', () => {
  it('is invoiced from its page with figures that add up to the order, then links its invoice', async () => {
    const store = await makeSalesStore(t);
    await saveStoreSales(t.deps, store.scope, { ruc: '1790016919001', businessName: 'Andes Tostadores S.A.', shippingFeeCents: 350, headOfficeAddress: 'Av. Shyris N35-17, Quito', establishmentAddress: 'Av. Shyris N35-17, Quito', accountingObligated: 'yes' });
    const coffee = await addProduct(t.deps, store.scope, { name: 'Café molido', price: 12.5, ivaCode: '4' });
    const book = await addProduct(t.deps, store.scope, { name: 'Libro de recetas', price: 9.99, ivaCode: '0' });
    const { code: coupon } = await addCoupon(t.deps, store.scope, { percent: 10 });
    const placed = await placeTestOrder(t.deps, store.scope, { lines: [{ productId: coffee, quantity: 3 }, { productId: book, quantity: 1 }], coupon });
    const cookie = `lang=es; ${store.owner.cookie}`;
    const orderPage = await getPage(t.app, `/sales/order/show?id=${placed.id}`, store.owner.cookie);
    expect(orderPage.body).toContain('Emitir factura');

    const issuedNow = await postForm(t.app, '/sales/invoice/issue', { intent: 'issue', orderId: String(placed.id) }, { cookie });
    expect(issuedNow.statusCode).toBe(302);
    const id = Number(new URLSearchParams((issuedNow.headers.location ?? '').split('?')[1]).get('id'));
    const invoice = (await api('GET', `/api/v1/invoices/${id}`, store.owner.cookie)).json();
    const order = (await api('GET', `/api/v1/orders/${placed.id}`, store.owner.cookie)).json();
    expect(invoice.totalCents).toBe(order.totalCents);
    expect(invoice.taxCents).toBe(order.taxCents);
    expect(invoice.baseTaxedCents + invoice.baseZeroCents).toBe(order.subtotalCents - order.discountCents + order.shippingCents);
    expect(invoice.discountCents).toBe(order.discountCents);
    expect(invoice.number).toBe('001-001-000000001');

    const after = await getPage(t.app, `/sales/order/show?id=${placed.id}`, store.owner.cookie);
    expect(after.body).toContain('Ver factura 001-001-000000001');
    expect(after.body).not.toContain('Emitir factura');
    const refused = await getPage(t.app, `/sales/order/show?id=${placed.id}&invoiceError=invoice.alreadyIssued`, store.owner.cookie);
    expect(refused.statusCode).toBe(200);
  });
});

describe('the shopper\u2019s invoice PDF', () => {
  it('is served only for the right order code of the right store, in the page\u2019s language', async () => {
    const { order, number } = await issued(stores.b);
    for (const prefix of ['', '/en']) {
      const response = await t.app.inject({ url: `${prefix}/shop/${stores.b.slug}/order/invoice.pdf?code=${order.code}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toContain(`factura-${number}.pdf`);
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const notYet = await insertTestOrder(t, stores.b);
    for (const url of [
      `/shop/${stores.b.slug}/order/invoice.pdf?code=${notYet.code}`,
      `/shop/${stores.b.slug}/order/invoice.pdf?code=00000000-0000-4000-8000-000000000000`,
      `/shop/${stores.b.slug}/order/invoice.pdf`,
      `/shop/${stores.a.slug}/order/invoice.pdf?code=${order.code}`,
      `/shop/no-such-store/order/invoice.pdf?code=${order.code}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

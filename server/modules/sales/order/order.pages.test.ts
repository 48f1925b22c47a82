import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, getPage, postForm } from '../../../../tests/support/forms.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// The owner's orders and customers at the seams users feel: the pages (real forms, no JavaScript)
// and the JSON API, with the store's scope for owners, other owners and tokens. Needs `npm run build` first.
let t: TestApp;
let store: SalesStore;
let other: SalesStore;

beforeAll(async () => {
  t = await createTestApp();
  store = await makeSalesStore(t);
  other = await makeSalesStore(t);
});
afterAll(() => t.dispose());

async function anOrder(into = store, options: { price?: number; email?: string; name?: string } = {}) {
  const productId = await addProduct(t.deps, into.scope, { price: options.price ?? 12.5, stock: 10, ivaCode: '0' });
  const order = await placeTestOrder(t.deps, into.scope, { lines: [{ productId, quantity: 2 }], customer: { email: options.email ?? `c${Date.now()}${Math.random()}@example.com`, name: options.name ?? 'Ana Torres' } });
  const { order: full } = await t.services.orders.getOrder(into.scope, order.id);
  return { ...order, productId, customerId: full.customerId };
}

const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });

describe('the order pages', () => {
  it('list the store’s orders with money and status in the page’s language, and filter from the address', async () => {
    const order = await anOrder(store, { price: 1234.5, name: 'Lista Cliente' });
    const es = await getPage(t.app, '/sales/order', store.owner.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.headers['cache-control']).toContain('no-store');
    expect(es.body).toContain(`#${order.number}`);
    expect(es.body).toContain('Lista Cliente');
    expect(es.body).toContain('Pendiente');
    const en = await getPage(t.app, '/en/sales/order', store.owner.cookie);
    expect(en.body).toContain('Pending');
    expect(en.body).toMatch(/\$2,469\.00/);
    expect((await getPage(t.app, '/sales/order?status=delivered', store.owner.cookie)).body).toContain('No se encontraron registros');
    expect((await getPage(t.app, '/en/sales/order?status=delivered', store.owner.cookie)).body).toContain('No records found');
    // Unreadable filters are no filters, never a 500.
    expect((await getPage(t.app, '/sales/order?from=ayer&min=%%&status=x&customer=-1', store.owner.cookie)).statusCode).toBe(200);
  });

  it('filter by a day range typed the page’s way, and say beside the field what they cannot use (never a 500, never a silent default)', async () => {
    const order = await anOrder(store, { name: 'Rango Cliente' });
    // Its row (a bare "#12" would also match a colour in the page's CSS).
    const listed = `data-testid="order-${order.number}"`;
    const list = async (url: string) => {
      const response = await getPage(t.app, url, store.owner.cookie);
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    // Today in Ecuador (UTC−5), as each language types it.
    const [year, month, day] = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10).split('-');
    const tomorrow = new Date(Date.now() - 5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10).split('-');
    expect(await list(`/sales/order?from=${day}/${month}/${year}&to=${day}/${month}/${year}`)).toContain(listed);
    expect(await list(`/en/sales/order?from=${month}/${day}/${year}`)).toContain(listed);
    expect(await list(`/sales/order?from=${tomorrow[2]}/${tomorrow[1]}/${tomorrow[0]}`)).not.toContain(listed);
    // The browser's own date input (no JavaScript) sends YYYY-MM-DD: read as well.
    expect(await list(`/sales/order?from=${tomorrow.join('-')}`)).not.toContain(listed);

    // A day that does not exist, or typed in the other language's order: the field says how to type it.
    const badDay = await list('/sales/order?from=31/02/2026');
    expect(badDay).toContain('Escribe la fecha como día/mes/año, por ejemplo 15/08/2030');
    expect(badDay).toContain(listed); // the refused bound is not applied
    expect(await list('/en/sales/order?to=25/11/2026')).toContain('Type the date as month/day/year, for example 08/15/2030');
    expect(await list('/sales/order?from=ayer')).toContain('aria-invalid="true"');
    // "to" before "from", in both languages.
    expect(await list('/sales/order?from=20/11/2026&to=10/11/2026')).toContain('«Hasta» no puede ser anterior a «Desde»');
    expect(await list('/en/sales/order?from=11/20/2026&to=11/10/2026')).toContain('“To” cannot be before “From”');
    // A total not written the page's way.
    expect(await list('/sales/order?min=1,234.50')).toContain('Escribe el número como 1.234,56'); // "10.50" is 10,50 (decision 096)
    expect(await list('/en/sales/order?max=1.234,50')).toContain('Write the number as 1,234.56');
    expect(await list('/sales/order')).not.toContain('aria-invalid="true"');
  });

  it('show an order and move it with a form; a refused move says why', async () => {
    const order = await anOrder();
    const url = `/sales/order/show?id=${order.id}`;
    const page = await getPage(t.app, url, store.owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Pedido #${order.number}`);
    expect(page.body).toContain('Marcar como pagado');
    expect(page.body).toContain('Cancelar pedido');
    expect(page.body).toContain(`/sales/customer/show?id=${order.customerId}`);

    const paid = await form(url, store.owner.cookie, { status: 'paid', note: 'Pago visto' });
    expect(paid.statusCode).toBe(302);
    expect(paid.headers.location).toBe(`${url}&notice=updated`);
    const after = await getPage(t.app, url, store.owner.cookie);
    expect(after.body).toContain('Pago visto');
    expect(after.body).toContain('Enviar pedido');

    const refused = await form(url, store.owner.cookie, { status: 'delivered', note: '' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('El pedido ya no puede pasar a ese estado');
    expect((await form(url, store.owner.cookie, { status: 'nada' })).statusCode).toBe(400);
  });

  it("answer 404 for another store's order or customer, and for an owner without the record", async () => {
    const theirs = await anOrder(other);
    for (const url of [`/sales/order/show?id=${theirs.id}`, `/en/sales/order/show?id=${theirs.id}`, `/sales/customer/show?id=${theirs.customerId}`, '/sales/order/show?id=999999']) {
      expect((await getPage(t.app, url, store.owner.cookie)).statusCode, url).toBe(404);
    }
    expect((await form(`/sales/order/show?id=${theirs.id}`, store.owner.cookie, { status: 'paid' })).statusCode).toBe(404);
    expect((await t.services.orders.getOrder(other.scope, theirs.id)).order.status).toBe('pending');
  });
});

describe('the customer pages', () => {
  it('show the customer with orders and totals, and keep what was typed beside each error', async () => {
    const order = await anOrder(store, { email: 'pagina@example.com', name: 'Cliente Página' });
    await anOrder(store, { email: 'ocupado@example.com' });
    const url = `/sales/customer/show?id=${order.customerId}`;
    const page = await getPage(t.app, url, store.owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Cliente Página');
    expect(page.body).toContain('1 pedido');
    expect((await getPage(t.app, '/sales/customer?q=pagina', store.owner.cookie)).body).toContain('Cliente Página');
    expect((await getPage(t.app, '/en/sales/customer', store.owner.cookie)).statusCode).toBe(200);

    const fields = { name: 'Nombre Escrito', email: 'ocupado@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034066', address: 'Calle 1', city: 'Quito', province: 'Pichincha' };
    const badDocument = await form(url, store.owner.cookie, fields);
    expect(badDocument.statusCode).toBe(400);
    expect(badDocument.body).toContain('El número de documento no coincide');
    expect(badDocument.body).toContain('Nombre Escrito');
    const taken = await form(url, store.owner.cookie, { ...fields, documentNumber: '1710034065' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('Otro cliente de tu tienda ya tiene este correo');
    expect(taken.body).toContain('Nombre Escrito');
    const saved = await form(url, store.owner.cookie, { ...fields, documentNumber: '1710034065', email: 'nuevo.pagina@example.com' });
    expect(saved.statusCode).toBe(302);
  });
});

describe('the API', () => {
  it('lists, shows and moves orders in cents; another store’s order is a 404', async () => {
    const order = await anOrder(store, { price: 19.99 });
    const list = await callApi(t.app, 'GET', `/api/v1/orders?status=pending&minCents=3998&maxCents=3998`, store.owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((row: { id: number }) => row.id)).toContain(order.id);
    const detail = (await callApi(t.app, 'GET', `/api/v1/orders/${order.id}`, store.owner.cookie)).json();
    expect(detail).toMatchObject({ number: order.number, status: 'pending', next: ['paid', 'cancelled'], lines: [{ quantity: 2, unitPriceCents: 1999 }] });
    expect((await callApi(t.app, 'POST', `/api/v1/orders/${order.id}/status`, store.owner.cookie, { status: 'cancelled', note: 'API' })).statusCode).toBe(204);
    const again = await callApi(t.app, 'POST', `/api/v1/orders/${order.id}/status`, store.owner.cookie, { status: 'paid' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'order.invalidTransition' });
    expect((await callApi(t.app, 'GET', `/api/v1/orders/${order.id}`, other.owner.cookie)).statusCode).toBe(404);
    expect((await callApi(t.app, 'POST', `/api/v1/orders/${order.id}/status`, other.owner.cookie, { status: 'paid' })).statusCode).toBe(404);
  });

  it('serves customers and refuses a read-only token’s change; another store’s token gets a 404', async () => {
    const order = await anOrder(store, { email: 'api.cliente@example.com' });
    const { token: read } = await t.services.accessTokens.createAccessToken({ userId: store.owner.id }, { name: 'Lectura', scope: 'read', expiresIn: 'never' });
    const { token: write } = await t.services.accessTokens.createAccessToken({ userId: store.owner.id }, { name: 'Escritura', scope: 'write', expiresIn: 'never' });
    const { token: theirs } = await t.services.accessTokens.createAccessToken({ userId: other.owner.id }, { name: 'Otra', scope: 'write', expiresIn: 'never' });
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, ...(payload ? { payload } : {}) });

    const shown = await call('GET', `/api/v1/customers/${order.customerId}`, read);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ email: 'api.cliente@example.com', orderCount: 1, orders: [{ id: order.id }] });
    expect(shown.json()).not.toHaveProperty('userId');
    const body = { name: 'Por API', email: 'api.cliente@example.com', phone: '0991234567', documentType: 'passport', documentNumber: 'P1234567', address: 'Calle', city: 'Quito', province: 'Pichincha' };
    expect((await call('PUT', `/api/v1/customers/${order.customerId}`, read, body)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/orders/${order.id}/status`, read, { status: 'paid' })).statusCode).toBe(403);
    const updated = await call('PUT', `/api/v1/customers/${order.customerId}`, write, body);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Por API', documentType: 'passport' });
    expect((await call('GET', `/api/v1/customers?q=por%20api`, read)).json().rows).toHaveLength(1);

    expect((await call('GET', `/api/v1/orders/${order.id}`, theirs)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/customers/${order.customerId}`, theirs)).statusCode).toBe(404);
    expect((await call('PUT', `/api/v1/customers/${order.customerId}`, theirs, body)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/customers', theirs)).json().rows.map((row: { id: number }) => row.id)).not.toContain(order.customerId);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '#common/i18n/all-languages.ts';
import { formatMoney } from '#common/money.ts';
import { PERMISSIONS, STORE_ROLES } from '#common/store-permissions.ts';
import { callApi, getPage, postForm } from '../../../tests/support/forms.ts';
import { makeAdmin, makeUser, type TestUser } from '../../../tests/support/factories.ts';
import { addMemberDirectly } from '#server/modules/staff/staff.service.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../tests/support/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { logEvent } from './activity.fixtures.ts';

// The store's activity log at the seams people feel (issue 38 §4): the page in both languages (no
// JavaScript), its filters and pages, the CSV, the JSON API, no way to change an entry, one store's
// log apart from another's, and the back office's changes logged as Tiendabox staff. Needs `npm run build`.

let t: TestApp;
let store: SalesStore;
let other: SalesStore;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  store = await makeSalesStore(t);
  other = await makeSalesStore(t);
  admin = await makeAdmin(t);
});
afterAll(() => t.dispose());

const html = async (url: string, who: { cookie: string } = store.owner) => {
  const response = await getPage(t.app, url, who.cookie);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['cache-control']).toContain('no-store');
  return response.body;
};

const owner = () => ({ kind: 'member', userId: store.owner.id, name: 'María' }) as const;

describe('the activity page', () => {
  it('shows who did what and when, the record linked while it exists, and each change in the page’s language', async () => {
    const productId = await addProduct(t.deps, store.scope, { name: 'Camiseta azul', price: 10, stock: 5 });
    const { id: orderId } = await placeTestOrder(t.deps, store.scope, { lines: [{ productId, quantity: 1 }] });
    await logEvent(t.deps, store.scope, { type: 'product.updated', resource: { kind: 'product', id: productId, label: 'Camiseta azul' }, changes: { priceCents: [1000, 1250], enabled: [1, 0] }, actor: owner() });
    await logEvent(t.deps, store.scope, { type: 'order.paid', resource: { kind: 'order', id: orderId, label: '#77' }, changes: { status: ['pending', 'paid'] }, actor: { kind: 'token', userId: store.owner.id, name: 'María', tokenId: 1, tokenName: 'ERP' } });
    await logEvent(t.deps, store.scope, { type: 'product.deleted', resource: { kind: 'product', id: 999_999, label: 'Gorra vieja' }, actor: { kind: 'staff', userId: admin.id, name: 'Admin' } });
    await logEvent(t.deps, store.scope, { type: 'inventory.changed', resource: { kind: 'variant', id: 555, label: 'Camiseta azul · M' }, data: { productId, variantId: 555 }, changes: { stock: [4, 1] }, actor: owner() });

    const es = await html('/store/activity');
    expect(es).toContain('Editó el producto «Camiseta azul»');
    expect(es).toContain(`Precio: ${formatMoney(1000, 'es')} → ${formatMoney(1250, 'es')}`);
    expect(es).toContain('Habilitado: Sí → No');
    expect(es).toContain(`href="/catalog/product/show?id=${productId}"`);
    expect(es).toContain('Marcó como pagado el pedido #77');
    expect(es).toContain('Token «ERP» de María');
    expect(es).toContain(`Estado: ${translator('es')('order.status.pending')} → ${translator('es')('order.status.paid')}`);
    expect(es).toContain(`href="/sales/order/show?id=${orderId}"`);
    expect(es).toContain('Personal de Tiendabox: Admin');
    expect(es).toContain('Producto: Gorra vieja (ya no existe)');
    expect(es).not.toContain('show?id=999999');
    // A variant's stock opens its product's page.
    expect(es).toMatch(new RegExp(`href="/catalog/product/show\\?id=${productId}"[^>]*>Variante: Camiseta azul · M<`));
    expect(es).toContain('Cambió el stock de «Camiseta azul · M» (−3 unidades)');

    const en = await html('/en/store/activity');
    expect(en).toContain('Edited product “Camiseta azul”');
    expect(en).toContain(`Price: ${formatMoney(1000, 'en')} → ${formatMoney(1250, 'en')}`);
    expect(en).toContain('Status: Pending → Paid');
    expect(en).toContain('Token “ERP” of María');
    expect(en).toContain('Tiendabox staff: Admin');
    expect(en).toContain(`href="/en/sales/order/show?id=${orderId}"`);
    expect(en).toContain('Product: Gorra vieja (no longer exists)');
  });

  it('filters by person, kind and days typed the page’s way; refuses an unreadable day beside its field, in both languages', async () => {
    const s = await makeSalesStore(t);
    const me = { kind: 'member', userId: s.owner.id, name: 'Lola' } as const;
    await logEvent(t.deps, s.scope, { type: 'order.shipped', resource: { kind: 'order', id: 1, label: '#501' }, actor: me, at: '2026-11-10T15:00:00.000Z' });
    await logEvent(t.deps, s.scope, { type: 'customer.created', resource: { kind: 'customer', id: 2, label: 'Ana Filtro' }, actor: { kind: 'shopper' }, at: '2026-11-20T15:00:00.000Z' });
    const list = (url: string) => html(url, s.owner);

    const byPerson = await list(`/store/activity?who=${s.owner.id}`);
    expect(byPerson).toContain('#501');
    expect(byPerson).not.toContain('Ana Filtro');
    expect(await list('/store/activity?who=shopper')).toContain('Registró al cliente Ana Filtro');
    expect(await list('/store/activity?kind=customers')).not.toContain('#501');
    expect(await list('/store/activity?kind=order.shipped')).toContain('Marcó como enviado el pedido #501');
    expect(await list('/store/activity?from=15/11/2026')).not.toContain('#501');
    expect(await list('/en/store/activity?to=11/15/2026')).toContain('#501');
    expect(await list('/en/store/activity?to=11/15/2026')).not.toContain('Ana Filtro');

    const bad = await list('/store/activity?from=31/02/2026');
    expect(bad).toContain('Escribe la fecha como día/mes/año, por ejemplo 15/08/2030');
    expect(bad).toContain('value="31/02/2026"'); // what was typed stays in the field
    expect(bad).toContain('#501'); // the refused bound is not applied
    expect(await list('/en/store/activity?from=25/11/2026')).toContain('Type the date as month/day/year, for example 08/15/2030');
    expect(await list('/store/activity?from=20/11/2026&to=10/11/2026')).toContain('«Hasta» no puede ser anterior a «Desde»');
    expect(await list('/en/store/activity?from=11/20/2026&to=11/10/2026')).toContain('“To” cannot be before “From”');

    expect(await list('/store/activity?kind=webhooks')).toContain('No se encontraron registros');
    expect(await list('/en/store/activity?kind=webhooks')).toContain('No records found');
    // The people who appear in the log are the person filter's choices; the kinds come in groups.
    const form = await list('/store/activity');
    expect(form).toMatch(new RegExp(`<option value="${s.owner.id}"[^>]*>`));
    expect(form).toContain('<optgroup label="Pedidos">');
    expect(form).toMatch(/<option value="order.paid"[^>]*>Pedido pagado<\/option>/);
    expect(await list('/en/store/activity')).toMatch(/<option value="orders"[^>]*>All of Orders<\/option>/);
  });

  it('pages a long log', async () => {
    const s = await makeSalesStore(t);
    for (let index = 0; index < 23; index += 1) {
      await logEvent(t.deps, s.scope, { type: 'product.updated', resource: { kind: 'product', id: null, label: `Página ${index}` }, actor: { kind: 'member', userId: s.owner.id, name: 'Lola' }, at: new Date(Date.UTC(2026, 10, 1, 12, index)).toISOString() });
    }
    const first = await html('/store/activity', s.owner);
    expect(first).toContain('Página 22');
    expect(first).not.toContain('Página 2»');
    expect(first).toContain('/store/activity?page=2');
    const second = await html('/store/activity?page=2', s.owner);
    expect(second).toContain('Página 2»');
    expect(second).not.toContain('Página 22');
  });

  it('exports the filtered log as CSV in the page’s language, with no live formula cell', async () => {
    const s = await makeSalesStore(t);
    await logEvent(t.deps, s.scope, { type: 'product.created', resource: { kind: 'product', id: null, label: '=HYPERLINK("http://evil","x")' }, actor: { kind: 'member', userId: s.owner.id, name: '+Lola' } });
    await logEvent(t.deps, s.scope, { type: 'order.cancelled', resource: { kind: 'order', id: null, label: '#9' }, actor: { kind: 'member', userId: s.owner.id, name: 'Lola' } });
    const es = await getPage(t.app, '/store/activity/export', s.owner.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(es.headers['content-disposition']).toBe(`attachment; filename="actividad-${s.slug}.csv"`);
    expect(es.headers['cache-control']).toContain('no-store');
    expect(es.body.startsWith('\uFEFFFecha,Quién,Qué,Registro,Cambios,type,created_at\n')).toBe(true);
    expect(es.body).toContain(`"Producto: =HYPERLINK(""http://evil"",""x"")"`);
    expect(es.body).toContain(`'+Lola`);
    expect(es.body.split('\n').some((line) => /(^|,)"?[=+\-@\t\r]/.test(line))).toBe(false);
    const en = await getPage(t.app, '/en/store/activity/export?kind=order.cancelled', s.owner.cookie);
    expect(en.headers['content-disposition']).toBe(`attachment; filename="activity-${s.slug}.csv"`);
    expect(en.body.trimEnd().split('\n')).toEqual(['\uFEFFDate,Who,What,Record,Changes,type,created_at', expect.stringContaining('Canceled order #9')]);
    // The page's button carries the filters.
    expect(await html('/store/activity?kind=orders', s.owner)).toContain('href="/store/activity/export?kind=orders"');
  });

  it('answers the API with the same filters; a wrong filter is a 400 that says why', async () => {
    const s = await makeSalesStore(t);
    await logEvent(t.deps, s.scope, { type: 'inventory.changed', resource: { kind: 'product', id: 3, label: 'Bolso' }, changes: { stock: [2, 9] }, actor: { kind: 'member', userId: s.owner.id, name: 'Lola' }, at: '2026-11-05T15:00:00.000Z' });
    await logEvent(t.deps, s.scope, { type: 'order.created', resource: { kind: 'order', id: 4, label: '#4' }, actor: { kind: 'shopper' }, at: '2026-11-06T15:00:00.000Z' });
    const all = await callApi(t.app, 'GET', '/api/v1/activity', s.owner.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, page: 1, pages: 1, rows: [{ type: 'order.created', actor: { kind: 'shopper' } }, { type: 'inventory.changed', changes: [['stock', 2, 9]], actor: { kind: 'member', userId: s.owner.id, name: 'Lola' }, resource: { kind: 'product', id: 3, label: 'Bolso', exists: false } }] });
    expect((await callApi(t.app, 'GET', '/api/v1/activity?kind=catalogue', s.owner.cookie)).json().rows).toHaveLength(1);
    expect((await callApi(t.app, 'GET', `/api/v1/activity?who=${s.owner.id}&from=2026-11-05&to=2026-11-05`, s.owner.cookie)).json().total).toBe(1);
    expect((await callApi(t.app, 'GET', '/api/v1/activity?from=2026-11-06', s.owner.cookie)).json().rows.map((row: { type: string }) => row.type)).toEqual(['order.created']);
    for (const query of ['from=2026-02-31', 'to=06/11/2026', 'who=nadie', 'kind=order.returned', 'from=2026-11-06&to=2026-11-05']) {
      const refused = await callApi(t.app, 'GET', `/api/v1/activity?${query}`, s.owner.cookie);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error, query).toBe('validation');
    }
  });

  it('never lets an entry be changed or deleted: no method but GET on the log’s addresses', async () => {
    const id = await logEvent(t.deps, store.scope, { type: 'order.cancelled', resource: { kind: 'order', id: null, label: '#borrar' }, actor: owner() });
    const paths = ['/store/activity', '/en/store/activity', '/store/activity/export', `/store/activity?id=${id}`, '/api/v1/activity', `/api/v1/activity/${id}`];
    for (const url of paths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const api = url.startsWith('/api');
        const body = api ? { 'content-type': 'application/json', payload: '{"type":"x"}' } : { 'content-type': 'application/x-www-form-urlencoded', payload: 'intent=delete' };
        const response = await t.app.inject({ method, url, headers: { cookie: store.owner.cookie, accept: api ? 'application/json' : 'text/html', 'content-type': body['content-type'] }, payload: body.payload });
        // 403: the permission matrix refuses any write to the log to every role first (below).
        expect([403, 404, 405], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    expect(STORE_ROLES.filter((role) => PERMISSIONS[role].activity === 'write')).toEqual([]);
    expect((await callApi(t.app, 'GET', `/api/v1/activity/${id}`, store.owner.cookie)).statusCode).toBe(404);
    expect((await callApi(t.app, 'GET', '/api/v1/activity', store.owner.cookie)).json().rows.map((row: { id: number }) => row.id)).toContain(id);
  });

  it('keeps each store’s log its own', async () => {
    await logEvent(t.deps, other.scope, { type: 'order.cancelled', resource: { kind: 'order', id: 1, label: '#otra-tienda' }, actor: { kind: 'member', userId: other.owner.id, name: 'Otra' } });
    expect(await html('/store/activity')).not.toContain('#otra-tienda');
    expect(await html(`/store/activity?who=${other.owner.id}`)).toContain('No se encontraron registros');
    expect((await getPage(t.app, '/store/activity/export', store.owner.cookie)).body).not.toContain('#otra-tienda');
    const api = await callApi(t.app, 'GET', '/api/v1/activity?kind=orders', store.owner.cookie);
    expect(JSON.stringify(api.json())).not.toContain('#otra-tienda');
    expect(await html('/store/activity', other.owner)).toContain('#otra-tienda');
  });

  it('opens to the owner and administrators only', async () => {
    const s = await makeSalesStore(t);
    await logEvent(t.deps, s.scope, { type: 'order.paid', resource: { kind: 'order', id: null, label: '#rol' }, actor: { kind: 'member', userId: s.owner.id, name: 'Lola' } });
    const member = async (role: 'administrator' | 'orders' | 'viewer') => {
      const user = await makeUser(t);
      await addMemberDirectly(t.deps, s.scope, user.id, role);
      return user;
    };
    const administrator = await member('administrator');
    expect(await html('/store/activity', administrator)).toContain('#rol');
    expect((await getPage(t.app, '/store/activity/export', administrator.cookie)).body).toContain('#rol');
    expect((await callApi(t.app, 'GET', '/api/v1/activity', administrator.cookie)).statusCode).toBe(200);
    for (const user of [await member('orders'), await member('viewer')]) {
      for (const url of ['/store/activity', '/store/activity/export']) expect([403, 404], url).toContain((await getPage(t.app, url, user.cookie)).statusCode);
      expect([403, 404]).toContain((await callApi(t.app, 'GET', '/api/v1/activity', user.cookie)).statusCode);
    }
  });

  it('logs the back office’s changes to a store as Tiendabox staff', async () => {
    const saved = await postForm(t.app, `/admin/store/show?id=${store.id}`, { planId: '1', expiresAt: '2030-01-01' }, { cookie: admin.cookie });
    expect(saved.statusCode).toBe(302);
    const api = await callApi(t.app, 'PUT', `/api/v1/admin/stores/${store.id}/plan`, admin.cookie, { planId: 1, expiresAt: '2031-06-30' });
    expect(api.statusCode).toBe(204);
    const rows = (await callApi(t.app, 'GET', '/api/v1/activity?kind=store.updated', store.owner.cookie)).json().rows as { actor: { kind: string; userId: number } }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.slice(0, 2).map((row) => [row.actor.kind, row.actor.userId])).toEqual([['staff', admin.id], ['staff', admin.id]]);
    const page = await html('/store/activity?kind=store.updated');
    expect(page).toContain('Personal de Tiendabox: ');
    expect(page).toMatch(/Vence: .+ → /);
  });
});

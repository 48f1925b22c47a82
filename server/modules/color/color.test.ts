import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, makeUser, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../../tests/support/forms.ts';
import { expectOtherStoreNotFound, type TwoStores, twoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// The store's colors: the first resource built on the resource kit (decision 028), through its API
// and its screens, with the store guard on (needs `npm run build` first).
let t: TestApp;
let stores: TwoStores;

beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);
const page = (url: string, cookie: string) => getPage(t.app, url, cookie);
const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });

async function createColor(store: TestStore, input: object) {
  const response = await api('POST', '/api/v1/colors', store.owner.cookie, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

describe('the colors API', () => {
  it('creates, reads, lists, changes and deletes a color of the caller’s store', async () => {
    const store = await makeStore(t);
    const id = await createColor(store, { name: 'Azul Marino', hex: '#1F3A93', enabled: true });
    const one = await api('GET', `/api/v1/colors/${id}`, store.owner.cookie);
    expect(one.json()).toEqual({ id, name: 'Azul Marino', slug: 'azul-marino', hex: '#1f3a93', enabled: true, updatedAt: expect.any(String) });

    expect((await api('PUT', `/api/v1/colors/${id}`, store.owner.cookie, { name: 'Azul', hex: '#1f3a93', slug: 'azul', enabled: false })).statusCode).toBe(204);
    const list = (await api('GET', '/api/v1/colors?q=azu&status=disabled&sort=name&dir=asc', store.owner.cookie)).json();
    expect(list).toMatchObject({ total: 1, page: 1, pages: 1, rows: [{ id, name: 'Azul', slug: 'azul', enabled: false }] });
    expect((await api('GET', '/api/v1/colors?status=enabled', store.owner.cookie)).json().total).toBe(0);

    expect((await api('DELETE', `/api/v1/colors/${id}`, store.owner.cookie)).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/colors/${id}`, store.owner.cookie)).statusCode).toBe(404);
  });

  it('refuses bad input with a field message in the caller’s language, and a slug used twice', async () => {
    const store = await makeStore(t);
    const bad = await api('POST', '/api/v1/colors', store.owner.cookie, { name: '', hex: 'blue' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ name: 'This field is required', hex: 'Write a color such as #1c9283' });
    // A slug left blank is made free (issue 20 §5); one typed that another color has is refused.
    await createColor(store, { name: 'Rojo', hex: '#ff0000' });
    const twice = await api('POST', '/api/v1/colors', store.owner.cookie, { name: 'Rojo', slug: 'rojo', hex: '#ee0000' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields).toEqual({ slug: 'Ya existe un registro con esta dirección en tu tienda' });
    // the same slug in another store is that store's business
    expect((await api('POST', '/api/v1/colors', stores.b.owner.cookie, { name: 'Rojo', hex: '#ff0000' })).statusCode).toBe(201);
  });

  it('types the list query string: an unknown sort is a 400 that names it, not a silent default', async () => {
    const response = await api('GET', '/api/v1/colors?sort=price', stores.a.owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['sort']);
    const document = (await t.app.inject('/api/docs/json')).json();
    const names = document.paths['/api/v1/colors'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['q', 'page', 'sort', 'dir', 'status']));
    expect(Object.keys(document.paths['/api/v1/colors/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
  });

  it('answers 409 to a user without a store and 401 to a visitor', async () => {
    expect((await api('GET', '/api/v1/colors', (await makeUser(t)).cookie)).statusCode).toBe(409);
    expect((await api('GET', '/api/v1/colors', '')).statusCode).toBe(401);
  });
});

describe('the colors screens', () => {
  it('lists (empty, then full), creates from /new, shows and deletes, in both languages', async () => {
    const store = await makeStore(t);
    const empty = await page('/en/catalog/color', store.owner.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No records found');

    const created = await form('/catalog/color/new', store.owner.cookie, { name: 'Verde Oliva', hex: '#808000', slug: '', enabled: 'on' });
    expect(created.statusCode).toBe(302);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/catalog\/color\/show\?id=\d+&notice=created$/);
    const shown = await page(location, store.owner.cookie);
    expect(shown.body).toContain('Editar color');
    expect(shown.body).toContain('value="verde-oliva"');

    // what a client-side navigation from the list asks for: the show screen's data
    const data = await page(location.replace('/show?', '/show.data?'), store.owner.cookie);
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('Verde Oliva');

    const list = await page('/catalog/color', store.owner.cookie);
    expect(list.body).toContain('Verde Oliva');
    expect(list.body).toContain('Colores');

    const id = new URLSearchParams(location.split('?')[1]).get('id');
    const deleted = await form(`/en/catalog/color/show?id=${id}`, store.owner.cookie, { intent: 'delete' });
    expect(deleted.headers.location).toBe('/en/catalog/color?notice=deleted');
    expect((await page(`/catalog/color/show?id=${id}`, store.owner.cookie)).statusCode).toBe(404);
  });

  it("answers the browser's data requests (a navigation asks /catalog/color.data), not only whole pages", async () => {
    const store = await makeStore(t);
    const list = await page('/catalog/color.data', store.owner.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('"rows"');

    const created = await form('/en/catalog/color/new.data', store.owner.cookie, { name: 'Gris Perla', hex: '#c0c0c0', slug: '', enabled: 'on' });
    expect(created.statusCode, created.body).toBe(202);
    const id = /\/en\/catalog\/color\/show\?id=(\d+)&notice=created/.exec(created.body)?.[1];
    expect(id, created.body).toBeDefined();

    const shown = await page(`/catalog/color/show.data?id=${id}`, store.owner.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Gris Perla');

    const updated = await form(`/catalog/color/show.data?id=${id}`, store.owner.cookie, { name: 'Gris Plata', hex: '#c0c0c0', slug: 'gris-perla', enabled: 'on' });
    expect(updated.body).toContain(`/catalog/color/show?id=${id}&notice=updated`);
    const deleted = await form(`/catalog/color/show.data?id=${id}`, store.owner.cookie, { intent: 'delete' });
    expect(deleted.body).toContain('/catalog/color?notice=deleted');
    expect((await api('GET', `/api/v1/colors/${id}`, store.owner.cookie)).statusCode).toBe(404);
  });

  it('keeps what was typed and shows the field error beside its field', async () => {
    const response = await form('/catalog/color/new', stores.a.owner.cookie, { name: 'Celeste', hex: 'celeste', slug: 'Con Espacios' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('value="Celeste"');
    expect(response.body).toContain('Escribe un color como #1c9283');
    expect(response.body).toContain('Usa solo letras minúsculas, números y guiones');
  });

  it('tells a user without a store that they have none yet', async () => {
    const response = await page('/catalog/color', (await makeUser(t)).cookie);
    expect(response.body).toContain('Aún no tienes una tienda');
  });
});

describe('store isolation', () => {
  it("gives store A's owner a 404 for store B's color everywhere: screens, forms and API", async () => {
    const id = await createColor(stores.b, { name: 'Negro', hex: '#000000' });
    await expectOtherStoreNotFound(t.app, stores.a.owner, {
      pages: [`/catalog/color/show?id=${id}`, `/en/catalog/color/show?id=${id}`],
      actions: [
        { url: `/catalog/color/show?id=${id}`, fields: { name: 'Robado', hex: '#111111', intent: 'update' } },
        { url: `/catalog/color/show?id=${id}`, fields: { intent: 'delete' } },
      ],
      records: [{ path: '/api/v1/colors/{id}', id, body: { name: 'Robado', hex: '#111111' } }],
    });
    // and store B's color is still there, unchanged
    expect((await api('GET', `/api/v1/colors/${id}`, stores.b.owner.cookie)).json()).toMatchObject({ name: 'Negro', hex: '#000000' });
    expect((await api('GET', '/api/v1/colors?q=negro', stores.a.owner.cookie)).json().total).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/support/factories.ts';
import { callApi, getPage } from '../../../tests/support/forms.ts';
import { expectOtherStoreNotFound, type TwoStores, twoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// The store scope at the seams users feel: the API's requireStore and the store layout's
// middleware, on the built app (needs `npm run build` first).
let t: TestApp;
let stores: TwoStores;

beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const api = (method: 'GET' | 'POST', cookie: string, payload?: object) => callApi(t.app, method, '/api/v1/store', cookie, payload);
const page = (url: string, cookie: string) => getPage(t.app, url, cookie);

describe('GET /api/v1/store', () => {
  it("gives each owner their own store and never the other's", async () => {
    const [a, b] = [await api('GET', stores.a.owner.cookie), await api('GET', stores.b.owner.cookie)];
    expect(a.json()).toMatchObject({ id: stores.a.id, slug: stores.a.slug, name: 'Tienda A', published: false });
    expect(b.json()).toMatchObject({ id: stores.b.id, slug: stores.b.slug, name: 'Tienda B' });
  });

  it('answers 409 with the reason to a user without a store, and 401 to a visitor', async () => {
    const response = await api('GET', (await makeUser(t)).cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'store.noStoreTitle', message: 'Aún no tienes una tienda' });
    expect((await api('GET', '')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/store', () => {
  it('opens the caller’s store, then answers with it', async () => {
    const owner = await makeUser(t);
    const created = await api('POST', owner.cookie, { name: 'Dulces Mía', slug: `dulces-mia-${owner.id}`, section: 'other' });
    expect(created.statusCode, created.body).toBe(201);
    expect((await api('GET', owner.cookie)).json()).toMatchObject({ id: created.json().id, slug: `dulces-mia-${owner.id}`, name: 'Dulces Mía' });
  });

  it('refuses a bad, reserved or taken slug with the field’s message (400 / 409), never a 5xx', async () => {
    const owner = await makeUser(t);
    const bad = await api('POST', owner.cookie, { name: 'X', slug: 'Mi Tienda', section: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ slug: 'Usa solo letras minúsculas, números y guiones (sin espacios ni tildes)' });
    expect((await api('POST', owner.cookie, { name: 'X', slug: 'admin', section: 'other' })).json().fields).toEqual({ slug: 'Esa dirección está reservada; elige otra' });
    const taken = await api('POST', owner.cookie, { name: 'X', slug: stores.a.slug, section: 'other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'store.slugTaken', fields: { slug: 'Esa dirección ya la usa otra tienda' } });
    expect((await api('POST', owner.cookie, { name: 'X', slug: 12, section: 'other' })).statusCode).toBe(400);
    const second = await api('POST', stores.a.owner.cookie, { name: 'Otra', slug: `otra-${owner.id}`, section: 'other' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('store.alreadyHasStore');
  });
});

describe('the store screens', () => {
  it("show the owner's own store, in both languages", async () => {
    for (const url of ['/store', '/en/store']) {
      const response = await page(url, stores.b.owner.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Tienda B');
      expect(response.body).toContain(`/shop/${stores.b.slug}`);
      expect(response.body).not.toContain(stores.a.slug);
    }
  });

  it('tell a user without a store that they have none yet on the other store screens, with a way to open one', async () => {
    const user = await makeUser(t);
    const es = await page('/store/contact', user.cookie);
    expect(es.statusCode).toBe(409);
    expect(es.body).toContain('Aún no tienes una tienda');
    expect(es.body).toContain('data-layout="default"');
    expect(es.body).toContain('href="/store"');
    const en = await page('/en/store/settings', user.cookie);
    expect(en.statusCode).toBe(409);
    expect(en.body).toContain('You don&#x27;t have a store yet');
    expect(en.body).toContain('href="/en/store"');
  });

  it('offer a user without a store the new-store form at /store, in both languages', async () => {
    const user = await makeUser(t);
    const es = await page('/store', user.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('Abre tu tienda en línea');
    expect(es.body).toContain('La dirección es permanente');
    const en = await page('/en/store', user.cookie);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Open your online store');
  });

  it('send a visitor to the login page', async () => {
    const response = await page('/store', '');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/user/login?redirect=%2Fstore');
  });
});

describe('the two-store test kit', () => {
  it('fails, naming each request, when store A’s owner can reach a URL', async () => {
    const leaking = expectOtherStoreNotFound(t.app, stores.a.owner, { pages: ['/store', '/en/store'], api: [{ url: '/api/v1/store' }] });
    await expect(leaking).rejects.toThrow(/GET \/store[\s\S]*GET \/en\/store[\s\S]*GET \/api\/v1\/store/);
  });

  it('passes when every request answers 404', async () => {
    await expectOtherStoreNotFound(t.app, stores.a.owner, { pages: [`/no-such-screen?id=${stores.b.id}`, `/en/no-such-screen?id=${stores.b.id}`] });
  });

  it('refuses to pass with nothing to check', async () => {
    await expect(expectOtherStoreNotFound(t.app, stores.a.owner, {})).rejects.toThrow(/no URL to check/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeStore, makeUser, type TestUser } from '../support/factories.ts';
import { callApi, getPage, postForm } from '../support/forms.ts';
import { type TwoStores, twoStores } from '../support/stores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The store pages (issue 10 §1, §2, §4, §5, §11, §12) at the seams users feel: forms posted as a
// browser without JavaScript posts them, and the JSON API. Needs `npm run build` first.
let t: TestApp;
let stores: TwoStores;
beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const post = (url: string, who: TestUser, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}` });
const api = (method: 'GET' | 'PUT', url: string, who: TestUser | null, payload?: object, lang = 'es') => callApi(t.app, method, url, who?.cookie ?? '', payload, lang);
const CONTACT = { contactEmail: 'hola@tienda.ec', contactPhone: '+593 99 123 4567', contactAddress: 'Av. Amazonas N24', contactState: 'Pichincha', contactCity: 'Quito', contactZip: '170135', contactCountry: 'Ecuador' };

describe('/store: the new-store form', () => {
  it('shows field errors in the page’s language, keeps what was typed, then opens the store and shows its home', async () => {
    const user = await makeUser(t);
    const bad = await post('/store', user, { name: 'Dulces Mía', slug: 'Dulces Mía', section: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Usa solo letras minúsculas, números y guiones');
    expect(bad.body).toContain('value="Dulces Mía"');
    const en = await post('/en/store', user, { name: 'Dulces', slug: 'admin', section: 'food' });
    expect(en.body).toContain('That address is reserved');
    const slug = `dulces-mia-${user.id}`;
    const created = await post('/store', user, { name: 'Dulces Mía', slug, section: 'food', description: 'Dulces de Quito' });
    expect(created.statusCode).toBe(302);
    expect(created.headers.location).toBe('/store?notice=created');
    const home = await getPage(t.app, '/store', user.cookie);
    expect(home.body).toContain('Dulces Mía');
    expect(home.body).toContain(`/shop/${slug}`);
    expect(home.body).toContain('data-testid="store-usage"');
    expect(home.body).toContain('Quedan 30 días');
    expect((await getPage(t.app, '/en/store', user.cookie)).body).toContain('30 days left');
    const second = await post('/store', user, { name: 'Otra', slug: `otra-${user.id}`, section: 'food' });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('Ya tienes una tienda');
  });

  it('refuses a taken slug beside the slug field', async () => {
    const user = await makeUser(t);
    const taken = await post('/store', user, { name: 'Copia', slug: stores.a.slug, section: 'other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('Esa dirección ya la usa otra tienda');
  });
});

describe('the four store forms', () => {
  it('contact: every field required, errors beside the fields, the exact store texts in es and en', async () => {
    const owner = (await makeStore(t)).owner;
    const bad = await post('/store/contact', owner, { ...CONTACT, contactEmail: 'no-es-correo', contactCity: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Error al actualizar la tienda');
    expect(bad.body).toContain('value="Av. Amazonas N24"');
    expect(bad.body).toContain('aria-invalid="true"');
    const badEn = await post('/en/store/contact', owner, { ...CONTACT, contactZip: '' });
    expect(badEn.body).toContain('Error updating the store');
    const good = await post('/store/contact', owner, CONTACT);
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('La tienda se actualizó correctamente');
    expect((await post('/en/store/contact', owner, CONTACT)).body).toContain('The store was successfully updated');
    expect((await api('GET', '/api/v1/store/contact', owner)).json()).toEqual({ ...CONTACT, contactPhone: '+593 99 123 4567' });
  });

  it('marketing: a link to another site is refused with the network’s own message', async () => {
    const owner = (await makeStore(t)).owner;
    // A mobile typed the national way is Ecuador's (issue 40, defect 4); a number too short is not one.
    const bad = await post('/store/marketing', owner, { facebook: 'https://evil.example/page', whatsapp: '09912' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Escribe la dirección de tu página de Facebook');
    expect(bad.body).toContain('Escribe un celular de Ecuador');
    const good = await post('/store/marketing', owner, { facebook: 'https://www.facebook.com/mitienda', whatsapp: '+593 99 123 4567' });
    expect(good.body).toContain('La tienda se actualizó correctamente');
    expect((await api('GET', '/api/v1/store/marketing', owner)).json()).toMatchObject({ facebook: 'https://www.facebook.com/mitienda', whatsapp: '+593991234567' });
  });

  it('settings: the confirmed toggle publishes and unpublishes; the form never changes the slug or the published state', async () => {
    const store = await makeStore(t);
    await post('/store/settings', store.owner, { intent: 'publish', published: 'true' });
    expect((await api('GET', '/api/v1/store', store.owner)).json()).toMatchObject({ published: true, state: 'published' });
    const saved = await post('/store/settings', store.owner, { name: 'Renombrada', section: 'crafts', description: '', slug: 'otra-direccion', storeId: String(stores.b.id) });
    expect(saved.body).toContain('La tienda se actualizó correctamente');
    expect((await api('GET', '/api/v1/store/settings', store.owner)).json()).toEqual({ published: true, section: 'crafts', name: 'Renombrada', description: '', slug: store.slug });
    await post('/store/settings', store.owner, { intent: 'publish', published: 'false' });
    expect((await api('GET', '/api/v1/store', store.owner)).json().published).toBe(false);
    expect((await api('GET', '/api/v1/store', stores.b.owner)).json()).toMatchObject({ name: 'Tienda B', slug: stores.b.slug });
  });
});

describe('/api/v1/store', () => {
  it('gives the store with its plan summary, usage, expiry and state', async () => {
    const body = (await api('GET', '/api/v1/store', stores.a.owner)).json();
    expect(body).toMatchObject({ id: stores.a.id, plan: { name: expect.any(String), maxProducts: expect.any(Number) }, usage: { products: 0, banners: 0, pages: 0 }, expiry: { status: 'ok' }, state: 'unpublished' });
    expect(body).not.toHaveProperty('analyticsScript');
  });

  it('checks a slug: taken, reserved, malformed or free', async () => {
    const check = async (slug: string) => (await api('GET', `/api/v1/store/slug?slug=${encodeURIComponent(slug)}`, stores.a.owner)).json();
    expect(await check(stores.b.slug)).toEqual({ available: false, reason: 'store.slugTaken' });
    expect(await check('tienda')).toEqual({ available: false, reason: 'store.slugReserved' });
    expect(await check('Mi Tienda')).toEqual({ available: false, reason: 'store.slugFormat' });
    expect(await check(`libre-${stores.a.id}-x`)).toEqual({ available: true });
    expect((await api('GET', '/api/v1/store/slug?slug=x', null)).statusCode).toBe(401);
  });

  it('PUT of a section changes only the own store; a crafted slug, store_id or storeId is ignored', async () => {
    const before = (await api('GET', '/api/v1/store/settings', stores.b.owner)).json();
    const put = await api('PUT', '/api/v1/store/settings', stores.a.owner, { name: 'Tienda A', section: 'food', description: 'x', slug: stores.b.slug, store_id: stores.b.id, storeId: stores.b.id, id: stores.b.id });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ slug: stores.a.slug, section: 'food' });
    expect((await api('GET', '/api/v1/store/settings', stores.b.owner)).json()).toEqual(before);
    const bad = await api('PUT', '/api/v1/store/contact', stores.a.owner, { ...CONTACT, contactEmail: 'x' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['contactEmail']);
    const analytics = await api('PUT', '/api/v1/store/analytics', stores.a.owner, { keywords: 'a, b', analyticsScript: 'x'.repeat(10_001) });
    expect(analytics.statusCode).toBe(400);
  });

  it('answers 401 to a visitor and 409 to staff or a client without a store; an admin sees only their own store', async () => {
    const admin = await makeAdmin(t);
    const valid = { settings: { name: 'X', section: 'other' }, marketing: {}, contact: CONTACT, analytics: {} };
    for (const [section, body] of Object.entries(valid)) {
      expect((await api('GET', `/api/v1/store/${section}`, null)).statusCode).toBe(401);
      expect((await api('PUT', `/api/v1/store/${section}`, null, body)).statusCode).toBe(401);
      expect((await api('GET', `/api/v1/store/${section}`, stores.staff)).statusCode).toBe(409);
      expect((await api('PUT', `/api/v1/store/${section}`, admin, body)).statusCode).toBe(409);
      expect((await getPage(t.app, `/store/${section}`, stores.staff.cookie)).statusCode).toBe(409);
      expect((await getPage(t.app, `/store/${section}`, '')).statusCode).toBe(302);
    }
    const own = await makeStore(t, { owner: admin });
    expect((await api('GET', '/api/v1/store', admin)).json()).toMatchObject({ id: own.id, slug: own.slug });
    expect((await getPage(t.app, '/store/settings', admin.cookie)).body).not.toContain(stores.a.slug);
  });
});

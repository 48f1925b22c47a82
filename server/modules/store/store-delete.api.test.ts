import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff, makeStore, makeUser, TEST_PASSWORD } from '../../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// `DELETE /api/v1/store` and the `/store/delete` form on the built app (needs `npm run build`).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const remove = (cookie: string, body?: object, lang = 'es') => callApi(t.app, 'DELETE', '/api/v1/store', cookie, body, lang);
const hasStore = async (cookie: string) => (await callApi(t.app, 'GET', '/api/v1/store', cookie)).statusCode === 200;

describe('DELETE /api/v1/store', () => {
  it('deletes the caller’s store with its slug and their password, then the store is gone (409)', async () => {
    const store = await makeStore(t);
    const response = await remove(store.owner.cookie, { slug: store.slug, password: TEST_PASSWORD });
    expect(response.statusCode, response.body).toBe(204);
    expect(await hasStore(store.owner.cookie)).toBe(false);
    expect((await remove(store.owner.cookie, { slug: store.slug, password: TEST_PASSWORD })).statusCode).toBe(409);
  });

  it('answers field errors in the caller’s language: wrong slug, wrong password, missing fields', async () => {
    const store = await makeStore(t);
    const slug = await remove(store.owner.cookie, { slug: 'otra-tienda', password: TEST_PASSWORD });
    expect(slug.statusCode).toBe(400);
    expect(slug.json()).toMatchObject({ error: 'store.delete.slugWrong', fields: { slug: 'La dirección no coincide con la de tu tienda' } });
    const password = await remove(store.owner.cookie, { slug: store.slug, password: 'wrong' }, 'en');
    expect(password.statusCode).toBe(400);
    expect(password.json().fields).toEqual({ password: 'The password is not correct' });
    expect((await remove(store.owner.cookie, {})).statusCode).toBe(400);
    expect((await remove(store.owner.cookie, { slug: 7, password: null })).statusCode).toBe(400);
    expect(await hasStore(store.owner.cookie)).toBe(true);
  });

  it('is 401 for a visitor and 409 for a user, staff or admin without a store; nobody deletes another’s store', async () => {
    const store = await makeStore(t);
    const other = await makeStore(t);
    const body = { slug: store.slug, password: TEST_PASSWORD };
    expect((await remove('', body)).statusCode).toBe(401);
    expect((await remove((await makeUser(t)).cookie, body)).statusCode).toBe(409);
    expect((await remove((await makeStaff(t)).cookie, body)).statusCode).toBe(409);
    // Store B's owner typing A's slug (and B's own password) gets B's slug check, never A's store.
    const crafted = await remove(other.owner.cookie, { ...body, storeId: store.id });
    expect(crafted.statusCode).toBe(400);
    expect(crafted.json().fields).toMatchObject({ slug: expect.any(String) });
    expect(await hasStore(store.owner.cookie)).toBe(true);
    expect(await hasStore(other.owner.cookie)).toBe(true);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/store']?.delete?.requestBody).toBeDefined();
  });
});

describe('/store/delete', () => {
  it('shows the slug and the warning, in both languages', async () => {
    const store = await makeStore(t);
    const es = await getPage(t.app, '/store/delete', store.owner.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('Escribe la dirección de tu tienda para confirmar: ' + store.slug);
    expect(es.body).toContain('los registros de ventas');
    const en = await getPage(t.app, '/en/store/delete', store.owner.cookie);
    expect(en.body).toContain('address to confirm: ' + store.slug);
  });

  it('keeps what was typed with the field error, then deletes and redirects to /store with the notice', async () => {
    const store = await makeStore(t);
    const headers = { cookie: `lang=es; ${store.owner.cookie}` };
    const wrong = await postForm(t.app, '/store/delete', { slug: 'mi-tienda-mal', password: TEST_PASSWORD }, headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('La dirección no coincide con la de tu tienda');
    expect(wrong.body).toContain('value="mi-tienda-mal"');
    const badPassword = await postForm(t.app, '/en/store/delete', { slug: store.slug, password: 'nope' }, { cookie: `lang=en; ${store.owner.cookie}` });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.body).toContain('The password is not correct');
    const done = await postForm(t.app, '/en/store/delete', { slug: store.slug, password: TEST_PASSWORD }, { cookie: `lang=en; ${store.owner.cookie}` });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/en/store?notice=storeDeleted');
    expect(await hasStore(store.owner.cookie)).toBe(false);
    expect((await getPage(t.app, '/store/delete', store.owner.cookie)).statusCode).toBe(409);
  });

  it('checks the slug and the password before the last question, deleting nothing (issue 20 §6)', async () => {
    const store = await makeStore(t);
    const headers = { cookie: `lang=es; ${store.owner.cookie}` };
    const wrongSlug = await postForm(t.app, '/store/delete', { intent: 'check', slug: 'otra', password: TEST_PASSWORD }, headers);
    expect(wrongSlug.statusCode).toBe(400);
    expect(wrongSlug.body).toContain('La dirección no coincide con la de tu tienda');
    expect(wrongSlug.body).not.toContain('data-testid="delete-checked"');
    const wrongPassword = await postForm(t.app, '/en/store/delete', { intent: 'check', slug: store.slug, password: 'nope' }, { cookie: `lang=en; ${store.owner.cookie}` });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.body).toContain('The password is not correct');
    // both right: the screen asks its last question (the dialog, or this box without JavaScript), and the store stays
    const checked = await postForm(t.app, '/en/store/delete', { intent: 'check', slug: store.slug, password: TEST_PASSWORD }, { cookie: `lang=en; ${store.owner.cookie}` });
    expect(checked.statusCode).toBe(200);
    expect(checked.body).toContain('data-testid="delete-checked"');
    expect(checked.body).toContain('name="intent" value="delete"');
    expect(await hasStore(store.owner.cookie)).toBe(true);
    const done = await postForm(t.app, '/en/store/delete', { intent: 'delete', slug: store.slug, password: TEST_PASSWORD }, { cookie: `lang=en; ${store.owner.cookie}` });
    expect(done.statusCode).toBe(302);
    expect(await hasStore(store.owner.cookie)).toBe(false);
  });

  it('promises to delete only what exists: no FAQs in either language', async () => {
    const store = await makeStore(t);
    expect((await getPage(t.app, '/en/store/delete', store.owner.cookie)).body).toContain('the content: banners and pages');
    expect((await getPage(t.app, '/en/store/delete', store.owner.cookie)).body).not.toMatch(/FAQ/i);
    expect((await getPage(t.app, '/store/delete', store.owner.cookie)).body).not.toMatch(/preguntas frecuentes/i);
  });

  it('deleting the account from the profile takes the store too', async () => {
    const store = await makeStore(t);
    const done = await postForm(t.app, '/profile/delete', { password: TEST_PASSWORD }, { cookie: `lang=es; ${store.owner.cookie}` });
    expect(done.statusCode).toBe(302);
    const owner = await makeUser(t);
    // The slug is free again: the store row is gone.
    expect((await callApi(t.app, 'POST', '/api/v1/store', owner.cookie, { name: 'Nueva', slug: store.slug, section: 'other' })).statusCode).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { makeStaff, makeUser } from '../support/factories.ts';
import { getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Profile → Access tokens through its real form posts (no JavaScript), in both languages.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const TOKEN = /tbx_[A-Za-z0-9_-]{43}/;

describe('/profile/tokens', () => {
  it('creates a token shown once, lists it in the page’s language, and revokes it', async () => {
    const user = await makeUser(t);
    const empty = await getPage(t.app, '/en/profile/tokens', user.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toContain('no-store');
    expect(empty.body).toContain('No records found');

    const created = await postForm(t.app, '/profile/tokens', { intent: 'create', name: 'Hoja de inventario', scope: 'read', expiresIn: '30' }, { cookie: `lang=es; ${user.cookie}` });
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toContain('no-store');
    const token = TOKEN.exec(created.body)?.[0];
    expect(token).toBeDefined();
    expect(created.body).toContain('Cópialo ahora');
    expect((await apiClient(t.app, { token }).GET('/api/v1/alerts')).response.status).toBe(200);

    // Listed without its text, with its dates in the page's language.
    const listed = await getPage(t.app, '/profile/tokens', user.cookie);
    expect(listed.body).toContain('Hoja de inventario');
    expect(listed.body).toContain('Solo lectura');
    expect(listed.body).not.toMatch(TOKEN);
    expect(listed.body).toMatch(/\d{1,2} (dic|ene)\b/);
    const english = await getPage(t.app, '/en/profile/tokens', user.cookie);
    expect(english.body).toContain('Read-only');
    expect(english.body).toMatch(/(Dec|Jan) \d{1,2}, 2026/);

    const [row] = await t.services.accessTokens.listAccessTokens({ userId: user.id });
    const revoked = await postForm(t.app, '/en/profile/tokens', { intent: 'revoke', id: String(row!.id) }, { cookie: `lang=en; ${user.cookie}` });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).toContain('The token was revoked');
    expect((await apiClient(t.app, { token }).GET('/api/v1/alerts')).response.status).toBe(401);
  });

  it('says what each permission reaches, in the page’s language (decision 069)', async () => {
    const user = await makeUser(t);
    const es = (await getPage(t.app, '/profile/tokens', user.cookie)).body;
    expect(es).toContain('Qué alcanza cada permiso');
    expect(es).toContain('consulta todo lo tuyo (casillero, tienda, catálogo, contenido, pedidos, clientes y facturas)');
    expect(es).toContain('emite las facturas de tu tienda, y lee los pedidos de los que salen; nada más.');
    const en = (await getPage(t.app, '/en/profile/tokens', user.cookie)).body;
    expect(en).toContain('What each permission reaches');
    expect(en).toContain('reads everything of yours (parcel box, store, catalog, content, orders, customers and invoices)');
    expect(en).toContain('reads the orders they come from; nothing else.');
  });

  it('keeps what was typed and names the field on bad input; another user’s token is a 404', async () => {
    const user = await makeUser(t);
    const bad = await postForm(t.app, '/en/profile/tokens', { intent: 'create', name: '', scope: 'admin', expiresIn: '30' }, { cookie: `lang=en; ${user.cookie}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This field is required');
    expect(bad.body).toContain('The value is not valid');

    const long = await postForm(t.app, '/profile/tokens', { intent: 'create', name: 'x'.repeat(61), scope: 'write', expiresIn: 'never' }, { cookie: `lang=es; ${user.cookie}` });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('x'.repeat(61));

    const other = await makeUser(t);
    const { id } = await t.services.accessTokens.createAccessToken({ userId: other.id }, { name: 'Ajeno', scope: 'write', expiresIn: 'never' });
    const foreign = await postForm(t.app, '/profile/tokens', { intent: 'revoke', id: String(id) }, { cookie: `lang=es; ${user.cookie}` });
    expect(foreign.statusCode).toBe(404);
    for (const bogus of ['0', 'abc', '99999999999']) {
      expect((await postForm(t.app, '/profile/tokens', { intent: 'revoke', id: bogus }, { cookie: `lang=es; ${user.cookie}` })).statusCode).toBe(404);
    }
    expect(await t.services.accessTokens.listAccessTokens({ userId: other.id })).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    const anonymous = await t.app.inject({ url: '/profile/tokens', headers: { accept: 'text/html' } });
    expect(anonymous.statusCode).toBe(302);
  });

  it('tells staff, and only staff, that a token never reaches the back office (decision 045)', async () => {
    const staff = await makeStaff(t);
    expect((await getPage(t.app, '/profile/tokens', staff.cookie)).body).toContain('nunca al back office');
    expect((await getPage(t.app, '/en/profile/tokens', staff.cookie)).body).toContain('never the back office');
    expect((await getPage(t.app, '/profile/tokens', (await makeUser(t)).cookie)).body).not.toContain('back office');
  });
});

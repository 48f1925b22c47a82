import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '#server/modules/access-token/access-token.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { insertMember } from '#server/tenancy/tenancy.repository.ts';
import { makeStore, makeUser, type TestStore } from '../../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { gatewayContext } from './payment-gateways.ts';

// `/api/v1/store/payment-gateways` (issue 39 §2, §3, §9) as an integrator's script calls it: the
// caller's store's gateways, credentials written and never answered (nor stored in the clear), a
// GET's answer PUT back unchanged, refusals on their fields in the caller's language, and no way
// to reach another store's: the store is always the caller's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const CLIENT_ID = 'AbCdEfGhIjKlMnOp_client-7788';
const SECRET = 'ZyXwVuTsRqPoNm_secret-4455';
type Auth = { cookie: string } | { token: string };
const call = (who: Auth, method: 'GET' | 'PUT', url: string, payload?: object, lang = 'es') =>
  t.app.inject({
    method,
    url: `/api/v1/store/payment-gateways${url}`,
    headers: { accept: 'application/json', ...('cookie' in who ? { cookie: `lang=${lang}; ${who.cookie}` } : { authorization: `Bearer ${who.token}`, cookie: `lang=${lang}` }) },
    ...(payload ? { payload } : {}),
  });
const paypal = (extra: object = {}) => ({ enabled: true, environment: 'sandbox', expiryMinutes: 30, credentials: { clientId: CLIENT_ID, clientSecret: SECRET }, ...extra });
const sealedOf = async (store: TestStore) => (await t.db.selectFrom('storePaymentGateway').select(['gateway', 'credentialsSealed']).where('storeId', '=', store.id).execute()).map((row) => Buffer.from(row.credentialsSealed ?? []));

describe('the payment gateways API', () => {
  it('answers every gateway with its defaults, and one by its name', async () => {
    const store = await makeStore(t);
    const list = await call(store.owner, 'GET', '');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      rows: [
        { gateway: 'payphone', enabled: false, environment: 'sandbox', configured: false, expiryMinutes: 60 },
        { gateway: 'paypal', enabled: false, environment: 'sandbox', configured: false, expiryMinutes: 60 },
      ],
    });
    expect((await call(store.owner, 'GET', '/paypal')).json()).toEqual({ gateway: 'paypal', enabled: false, environment: 'sandbox', configured: false, expiryMinutes: 60 });
  });

  it('takes the credentials, answers and stores none of them in the clear, and keeps them when a GET’s answer is PUT back', async () => {
    const store = await makeStore(t);
    const put = await call(store.owner, 'PUT', '/paypal', paypal());
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ gateway: 'paypal', enabled: true, environment: 'sandbox', configured: true, expiryMinutes: 30 });
    for (const body of [put.body, (await call(store.owner, 'GET', '')).body, (await call(store.owner, 'GET', '/paypal')).body]) {
      expect(body).not.toContain(CLIENT_ID);
      expect(body).not.toContain(SECRET);
    }
    for (const sealed of await sealedOf(store)) {
      expect(sealed.includes(CLIENT_ID)).toBe(false);
      expect(sealed.includes(SECRET)).toBe(false);
    }
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    expect((await gatewayContext(t.deps, scope, 'paypal'))?.credentials).toEqual({ clientId: CLIENT_ID, clientSecret: SECRET });
    // The answer PUT back as it came: credentials omitted, so those saved stay.
    const back = await call(store.owner, 'PUT', '/paypal', { ...put.json(), environment: 'live' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ environment: 'live', configured: true });
    expect((await gatewayContext(t.deps, scope, 'paypal'))?.credentials).toEqual({ clientId: CLIENT_ID, clientSecret: SECRET });
  });

  it('refuses switching on without credentials, in the caller’s language, and every other bad field with a 400', async () => {
    const store = await makeStore(t);
    const es = await call(store.owner, 'PUT', '/payphone', { enabled: true, environment: 'sandbox', expiryMinutes: 60 });
    expect(es.statusCode).toBe(400);
    expect(es.json().fields).toEqual({ enabled: 'Escribe las credenciales antes de activarla' });
    const en = await call(store.owner, 'PUT', '/payphone', { enabled: true, environment: 'sandbox', expiryMinutes: 60 }, 'en');
    expect(en.json().fields).toEqual({ enabled: 'Enter the credentials before switching it on' });
    // Every wrong field at once: half the credentials, minutes out of range.
    const many = await call(store.owner, 'PUT', '/payphone', { enabled: false, environment: 'sandbox', expiryMinutes: 5, credentials: { token: 'abc' } }, 'en');
    expect(many.statusCode).toBe(400);
    expect(many.json().fields).toEqual({ storeId: 'This field is required', expiryMinutes: 'The value is not valid' });
    const unknown = await call(store.owner, 'PUT', '/payphone', { enabled: false, environment: 'sandbox', expiryMinutes: 60, credentials: { token: 'abc', storeId: 'x', apiKey: 'y' } });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fields)).toEqual(['credentials']);
    for (const body of [{ enabled: 'yes', environment: 'sandbox', expiryMinutes: 60 }, { enabled: false, environment: 'production', expiryMinutes: 60 }, { enabled: false, environment: 'sandbox', expiryMinutes: 60.5 }, {}]) {
      expect((await call(store.owner, 'PUT', '/payphone', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // A gateway the store cannot have: a 400 naming it, for reading and writing alike.
    expect((await call(store.owner, 'GET', '/kushki')).statusCode).toBe(400);
    expect((await call(store.owner, 'PUT', '/kushki', paypal())).statusCode).toBe(400);
    expect(await t.db.selectFrom('storePaymentGateway').select('id').where('storeId', '=', store.id).execute()).toEqual([]);
  });

  it('is always the caller’s store: another store’s gateway is never read or changed, by session or token', async () => {
    const [mine, theirs] = await Promise.all([makeStore(t), makeStore(t)]);
    expect((await call(theirs.owner, 'PUT', '/paypal', paypal({ environment: 'live', expiryMinutes: 120 }))).statusCode).toBe(200);
    const { token } = await createAccessToken(t.deps, { userId: mine.owner.id }, { name: 'script', scope: 'write', expiresIn: '30' }, mine.id);
    for (const who of [mine.owner, { token }]) {
      expect((await call(who, 'GET', '/paypal')).json()).toEqual({ gateway: 'paypal', enabled: false, environment: 'sandbox', configured: false, expiryMinutes: 60 });
    }
    // Mine changed through the token: theirs as it was.
    expect((await call({ token }, 'PUT', '/paypal', { enabled: false, environment: 'sandbox', expiryMinutes: 15 })).statusCode).toBe(200);
    expect((await call(theirs.owner, 'GET', '/paypal')).json()).toEqual({ gateway: 'paypal', enabled: true, environment: 'live', configured: true, expiryMinutes: 120 });
    expect((await call(mine.owner, 'GET', '/paypal')).json()).toMatchObject({ expiryMinutes: 15, configured: false });
    // Without a store, nothing to answer.
    expect((await call(await makeUser(t), 'GET', '/paypal')).statusCode).toBe(409);
  });

  it('is the settings area’s: a viewer reads, cannot write; a member without settings gets neither', async () => {
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const [viewer, clerk] = await Promise.all([makeUser(t), makeUser(t)]);
    await insertMember(t.db, scope, { userId: viewer.id, role: 'viewer', createdAt: new Date().toISOString() });
    await insertMember(t.db, scope, { userId: clerk.id, role: 'catalogue', createdAt: new Date().toISOString() });
    expect((await call(viewer, 'GET', '/paypal')).statusCode).toBe(200);
    expect((await call(viewer, 'PUT', '/paypal', paypal())).statusCode).toBe(403);
    expect((await call(clerk, 'GET', '/paypal')).statusCode).toBe(403);
    expect((await call(clerk, 'PUT', '/paypal', paypal())).statusCode).toBe(403);
    expect((await call(store.owner, 'GET', '/paypal')).json()).toMatchObject({ configured: false });
  });
});

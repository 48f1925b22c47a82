import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#server/service-deps.ts';
import { apiClient } from '../../../tests/support/api-client.ts';
import { ACCESS_TOKEN_MAX } from '#common/access-token.ts';
import { makeAdmin, makeStaff, makeStore, makeUser, TEST_PASSWORD, type TestUser } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// Personal access tokens (issue 12, decision 034) through the real app and the typed client,
// on the database the suite runs on (needs `npm run build` first).
const clock = fixedClock('2026-11-25T10:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.dispose());

const newToken = (user: TestUser, scope: 'read' | 'write' = 'write', expiresIn: '30' | '90' | '365' | 'never' = 'never', name = 'Script') =>
  t.services.accessTokens.createAccessToken({ userId: user.id }, { name, scope, expiresIn });

const ALERT = { trackingNumber: '1Z999AA10123456784', carrier: 'UPS', store: 'Amazon', content: 'Libros', declaredValue: 25.5 } as const;

describe('access tokens', () => {
  it('are shown once, stored only as a SHA-256, and authenticate API calls until revoked', async () => {
    const user = await makeUser(t);
    const { id, token } = await newToken(user);
    expect(token).toMatch(/^tbx_[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('accessToken').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));

    const listed = await t.services.accessTokens.listAccessTokens({ userId: user.id });
    expect(listed).toEqual([{ id, name: 'Script', scope: 'write', createdAt: '2026-11-25T10:00:00.000Z', expiresAt: null, lastUsedAt: null }]);

    const api = apiClient(t.app, { token });
    const created = await api.POST('/api/v1/alerts', { body: ALERT });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const mine = await api.GET('/api/v1/alerts', { params: { query: { sort: 'created', dir: 'desc' } } });
    expect(mine.data?.rows.map((row) => row.id)).toEqual([created.data?.id]);
    expect((await t.services.accessTokens.listAccessTokens({ userId: user.id }))[0]?.lastUsedAt).toBe('2026-11-25T10:00:00.000Z');

    await t.services.accessTokens.revokeAccessToken({ userId: user.id, id });
    const after = await api.GET('/api/v1/alerts');
    expect(after.response.status).toBe(401);
    expect(after.error).toMatchObject({ error: 'unauthorized' });
  });

  it('read-only: reads, and every change is a 403 that changes nothing', async () => {
    const store = await makeStore(t);
    const { token } = await newToken(store.owner, 'read');
    const api = apiClient(t.app, { token, lang: 'en' });
    expect((await api.GET('/api/v1/colors')).response.status).toBe(200);
    const refused = await api.POST('/api/v1/colors', { body: { name: 'Rojo', hex: '#ff0000' } });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toEqual({ error: 'read_only_token', message: 'This access token is read-only' });
    expect((await api.POST('/api/v1/alerts', { body: ALERT })).response.status).toBe(403);
    expect((await api.DELETE('/api/v1/store', { body: { slug: store.slug, password: TEST_PASSWORD } })).response.status).toBe(403);
    expect((await api.GET('/api/v1/colors')).data?.total).toBe(0);
    expect((await apiClient(t.app, { cookie: store.owner.cookie }).GET('/api/v1/store')).response.status).toBe(200);
  });

  it('a token acts for its own user and store only: another store’s record is a 404', async () => {
    const a = await makeStore(t);
    const b = await makeStore(t);
    const colorOfB = await apiClient(t.app, { cookie: b.owner.cookie }).POST('/api/v1/colors', { body: { name: 'Verde', hex: '#00ff00' } });
    expect(colorOfB.response.status).toBe(201);
    const api = apiClient(t.app, { token: (await newToken(a.owner)).token });
    expect((await api.GET('/api/v1/colors/{id}', { params: { path: { id: colorOfB.data!.id } } })).response.status).toBe(404);
    expect((await api.DELETE('/api/v1/colors/{id}', { params: { path: { id: colorOfB.data!.id } } })).response.status).toBe(404);
    // The bearer wins over a cookie sent beside it: the call is the token's user's, not B's.
    const both = apiClient(t.app, { token: (await newToken(a.owner)).token, cookie: b.owner.cookie });
    expect((await both.GET('/api/v1/colors')).data?.total).toBe(0);
    // Revoking another user's token is "not found", and it keeps working.
    const other = await newToken(b.owner);
    await expect(t.services.accessTokens.revokeAccessToken({ userId: a.owner.id, id: other.id })).rejects.toMatchObject({ status: 404 });
    expect((await apiClient(t.app, { token: other.token }).GET('/api/v1/colors')).response.status).toBe(200);
  });

  it('stops working when it expires, and at once when its user is disabled or deleted', async () => {
    const expiring = await makeUser(t);
    const { token: shortLived } = await newToken(expiring, 'write', '30');
    expect((await apiClient(t.app, { token: shortLived }).GET('/api/v1/alerts')).response.status).toBe(200);
    clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await apiClient(t.app, { token: shortLived }).GET('/api/v1/alerts')).response.status).toBe(401);

    const admin = await makeAdmin(t);
    const disabled = await makeUser(t);
    const { token: ofDisabled } = await newToken(disabled);
    expect((await apiClient(t.app, { token: ofDisabled }).GET('/api/v1/alerts')).response.status).toBe(200);
    await t.services.users.setEnabled({ userId: disabled.id, adminId: admin.id }, false);
    expect((await apiClient(t.app, { token: ofDisabled }).GET('/api/v1/alerts')).response.status).toBe(401);

    const deleted = await makeUser(t);
    const { token: ofDeleted } = await newToken(deleted);
    await t.services.users.deleteAccount({ userId: deleted.id }, TEST_PASSWORD);
    expect((await apiClient(t.app, { token: ofDeleted }).GET('/api/v1/alerts')).response.status).toBe(401);
  });

  it('is rate limited per token: past the limit a 429 with Retry-After, other tokens unaffected', async () => {
    const user = await makeUser(t);
    const busy = apiClient(t.app, { token: (await newToken(user)).token });
    for (let call = 0; call < 120; call++) expect((await busy.GET('/api/v1/notifications')).response.status).toBe(200);
    const refused = await busy.GET('/api/v1/notifications');
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await apiClient(t.app, { token: (await newToken(user)).token }).GET('/api/v1/notifications')).response.status).toBe(200);
    clock.advance(61_000);
    expect((await busy.GET('/api/v1/notifications')).response.status).toBe(200);
  });

  it('is read from the Authorization header only: never from the query string, never for pages', async () => {
    const user = await makeUser(t);
    const { token } = await newToken(user);
    for (const url of [`/api/v1/alerts?access_token=${token}`, `/api/v1/alerts?token=${token}`]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    for (const authorization of [`Basic ${Buffer.from(`${user.email}:${TEST_PASSWORD}`).toString('base64')}`, `Bearer ${token}x`, 'Bearer tbx_short', `Token ${token}`, 'Bearer']) {
      const response = await t.app.inject({ url: '/api/v1/alerts', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
    }
    // A page with a bearer token is a visitor's page: sent to the login.
    const profile = await t.app.inject({ url: '/profile', headers: { authorization: `Bearer ${token}`, accept: 'text/html' } });
    expect(profile.statusCode).toBe(302);
    expect(profile.headers.location).toContain('/user/login');
  });

  it('needs no CSRF check (no cookie rides along), while a cookie call from another site is still refused', async () => {
    const user = await makeUser(t);
    const { token } = await newToken(user);
    const foreign = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const withToken = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { ...foreign, authorization: `Bearer ${token}` } });
    expect(withToken.statusCode).toBe(204);
    const withCookie = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { ...foreign, cookie: user.cookie } });
    expect(withCookie.statusCode).toBe(403);
  });

  it('holds at 20 per user when 25 are made at once (issue 21: PostgreSQL made 25)', async () => {
    const user = await makeUser(t);
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, index) => newToken(user, 'read', 'never', `Script ${index}`)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(ACCESS_TOKEN_MAX);
    for (const result of results.filter((result) => result.status === 'rejected')) expect(result.reason).toMatchObject({ code: 'accessToken.tooMany', status: 409 });
    expect(await t.services.accessTokens.listAccessTokens({ userId: user.id })).toHaveLength(ACCESS_TOKEN_MAX);
  });

  it('never acts as staff or admin (decision 045): the back office is a 404, other clients’ files stay hidden', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    const admin = await makeAdmin(t);
    const invoice = await t.services.uploads.acceptUpload({ userId: client.id, name: 'factura.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'), kinds: ['pdf'] });
    const arrived = { lockerCode: client.lockerCode, trackingNumber: '1Z999AA10123456799', carrier: 'UPS', weightLb: 2, lengthCm: 10, widthCm: 10, heightCm: 10, declaredValue: 20 };
    const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { authorization, accept: 'application/json' }, ...(payload ? { payload } : {}) });
    for (const user of [staff, admin]) {
      const bearer = `Bearer ${(await newToken(user, 'write')).token}`;
      expect((await call(bearer, 'POST', '/api/v1/admin/packages', arrived)).statusCode, user.role).toBe(404);
      for (const url of ['/api/v1/admin/tickets', '/api/v1/admin/consolidations', '/api/v1/admin/stores', '/api/v1/admin/plans', `/api/v1/uploads/${invoice.id}`]) {
        expect((await call(bearer, 'GET', url)).statusCode, `${user.role} ${url}`).toBe(404);
      }
      // Their own records, as anyone's token reaches them.
      expect((await call(bearer, 'GET', '/api/v1/alerts')).statusCode).toBe(200);
    }
    // The same staff member signed in reaches the back office as before.
    const session = await t.app.inject({ method: 'POST', url: '/api/v1/admin/packages', payload: arrived, headers: { cookie: staff.cookie, accept: 'application/json' } });
    expect(session.statusCode, session.body).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#server/service-deps.ts';
import { makeStore, makeUser, TEST_PASSWORD, type TestStore, type TestUser } from '../../../tests/support/factories.ts';
import { callApi, getPage, postForm, sessionFrom, TEST_PERSON } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { INVITATION_TTL_MS } from './staff.service.ts';

// The staff screen (`/store/staff`), an invitation's landing (`/user/invitation`) and
// `GET /api/v1/store/members` on the built app, as a browser without JavaScript and an API client
// meet them (issue 38 §2). Needs `npm run build` first.

const clock = fixedClock('2026-12-02T09:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.dispose());

const staffPage = (cookie: string, path = '/store/staff') => getPage(t.app, path, cookie);
const post = (cookie: string, fields: Record<string, string>, path = '/store/staff') => postForm(t.app, path, fields, { cookie: `lang=${path.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });
const landing = (token: string, cookie = '', lang: 'es' | 'en' = 'es') => getPage(t.app, `${lang === 'en' ? '/en' : ''}/user/invitation?token=${encodeURIComponent(token)}`, cookie);

/** The link's token of the last invitation e-mail queued to `email` (the queue keeps sent jobs a week). */
async function mailedToken(email: string): Promise<string> {
  const jobs = await t.db.selectFrom('job').select('payload').where('kind', '=', 'mail').orderBy('id', 'desc').execute();
  const mail = jobs.map((job) => JSON.parse(job.payload) as { to: string; text: string }).find((one) => one.to === email);
  expect(mail, `no mail to ${email}`).toBeDefined();
  return decodeURIComponent(/\/user\/invitation\?token=([^\s"<&]+)/.exec(mail!.text)![1]!);
}

async function invite(store: TestStore, email: string, role = 'orders') {
  const response = await post(store.owner.cookie, { intent: 'invite', email, role });
  expect(response.statusCode, response.body.slice(0, 400)).toBe(200);
  return mailedToken(email);
}

/** A person with an account who accepted an invitation with `role`, and their session (acting on the store). */
async function joined(store: TestStore, role = 'orders'): Promise<TestUser> {
  const user = await makeUser(t);
  const token = await invite(store, user.email, role);
  const response = await post(user.cookie, { intent: 'join', token }, `/user/invitation?token=${encodeURIComponent(token)}`);
  expect(response.statusCode, response.body.slice(0, 400)).toBe(302);
  return user;
}

const newAccount = (token: string) => ({ intent: 'register', token, email: 'ignored@example.com', password: 'secret123', passwordRepeat: 'secret123', ...TEST_PERSON, documentType: 'passport', documentNumber: `P${Date.now().toString(36)}`, terms: 'on' });

describe('/store/staff', () => {
  it('shows the owner the members and the invitation form in both languages, never cached', async () => {
    const store = await makeStore(t);
    const es = await staffPage(store.owner.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.headers['cache-control']).toContain('no-store');
    expect(es.body).toContain('Equipo');
    expect(es.body).toContain(`data-testid="member-${store.owner.id}"`);
    expect(es.body).toContain('data-testid="invite-email"');
    const en = await staffPage(store.owner.cookie, '/en/store/staff');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('Invite a person');
  });

  it('keeps what was typed on a refused invitation, and lists a sent one with its expiry', async () => {
    const store = await makeStore(t);
    const wrong = await post(store.owner.cookie, { intent: 'invite', email: 'no-es-un-correo', role: 'catalogue' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('value="no-es-un-correo"');
    await invite(store, 'clerk@example.com', 'catalogue');
    const again = await post(store.owner.cookie, { intent: 'invite', email: 'clerk@example.com', role: 'viewer' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('ya tiene una invitación pendiente');
    const listed = await staffPage(store.owner.cookie);
    expect(listed.body).toContain('clerk@example.com');
    expect(listed.body).toMatch(/data-testid="invitation-\d+"/);
  });

  it('is read-only for an administrator and refused to other roles; the API lists the members to the first', async () => {
    const store = await makeStore(t);
    const admin = await joined(store, 'administrator');
    const clerk = await joined(store, 'orders');
    const page = await staffPage(admin.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Solo el dueño invita');
    expect(page.body).not.toContain('data-testid="invite-email"');
    expect((await post(admin.cookie, { intent: 'invite', email: 'x@example.com', role: 'viewer' })).statusCode).toBe(403);
    expect((await post(admin.cookie, { intent: 'remove', userId: String(clerk.id) })).statusCode).toBe(403);
    expect((await staffPage(clerk.cookie)).statusCode).toBe(403);
    const listed = await callApi(t.app, 'GET', '/api/v1/store/members', admin.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().rows.map((row: { role: string; you: boolean }) => [row.role, row.you])).toEqual([
      ['owner', false],
      ['administrator', true],
      ['orders', false],
    ]);
    expect((await callApi(t.app, 'GET', '/api/v1/store/members', clerk.cookie)).statusCode).toBe(403);
  });

  it('changes a member’s role, and refuses the owner’s own', async () => {
    const store = await makeStore(t);
    const clerk = await joined(store, 'orders');
    const changed = await post(store.owner.cookie, { intent: 'role', userId: String(clerk.id), role: 'catalogue' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('El rol se cambió');
    expect((await getPage(t.app, '/catalog/product', clerk.cookie)).statusCode).toBe(200);
    expect((await getPage(t.app, '/sales/order', clerk.cookie)).statusCode).toBe(403);
    const own = await post(store.owner.cookie, { intent: 'role', userId: String(store.owner.id), role: 'viewer' });
    expect(own.statusCode).toBe(409);
  });

  it('removes a member: their very next page, session API call and token call are refused', async () => {
    const store = await makeStore(t);
    const clerk = await joined(store, 'orders');
    // Made as a person makes one, on the profile's form, while the session works in the store: it acts on it.
    const made = await post(clerk.cookie, { intent: 'create', name: 'Pedidos', scope: 'write', expiresIn: 'never' }, '/profile/tokens');
    const token = /tbx_[A-Za-z0-9_-]{43}/.exec(made.body)?.[0];
    expect(token, made.body.slice(0, 300)).toBeDefined();
    const bearer = { authorization: `Bearer ${token}`, accept: 'application/json' };
    expect((await getPage(t.app, '/sales/order', clerk.cookie)).statusCode).toBe(200);
    expect((await callApi(t.app, 'GET', '/api/v1/orders', clerk.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/orders', headers: bearer })).statusCode).toBe(200);

    const removed = await post(store.owner.cookie, { intent: 'remove', userId: String(clerk.id) });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toContain('ya no es miembro');

    expect((await getPage(t.app, '/sales/order', clerk.cookie)).statusCode).toBe(403);
    expect((await callApi(t.app, 'GET', '/api/v1/orders', clerk.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/orders', headers: bearer })).statusCode).toBe(401);
    // The owner cannot remove themself.
    expect((await post(store.owner.cookie, { intent: 'remove', userId: String(store.owner.id) })).statusCode).toBe(409);
  });

  it('withdraws and sends again an invitation', async () => {
    const store = await makeStore(t);
    const first = await invite(store, 'again@example.com');
    const row = await t.db.selectFrom('storeInvitation').select('id').where('storeId', '=', store.id).where('email', '=', 'again@example.com').executeTakeFirstOrThrow();
    expect((await post(store.owner.cookie, { intent: 'resend', id: String(row.id) })).statusCode).toBe(200);
    const second = await mailedToken('again@example.com');
    expect(second).not.toBe(first);
    expect((await landing(first)).body).toContain('data-status="invalid"');
    expect((await landing(second)).body).toContain('data-visitor="newAccount"');
    expect((await post(store.owner.cookie, { intent: 'withdraw', id: String(row.id) })).statusCode).toBe(200);
    const withdrawn = await landing(second, '', 'en');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.body).toContain('The store owner withdrew this invitation.');
    expect((await staffPage(store.owner.cookie)).body).toContain('data-testid="no-invitations"');
  });

  it('hands the store over with the password; the old owner then reads the list only', async () => {
    const store = await makeStore(t);
    const heir = await joined(store, 'administrator');
    const wrong = await post(store.owner.cookie, { intent: 'handover', userId: String(heir.id), password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('La contraseña no es correcta');
    const done = await post(store.owner.cookie, { intent: 'handover', userId: String(heir.id), password: TEST_PASSWORD });
    expect(done.statusCode, done.body.slice(0, 300)).toBe(200);
    expect((await staffPage(store.owner.cookie)).body).not.toContain('data-testid="invite-email"');
    expect((await staffPage(heir.cookie)).body).toContain('data-testid="invite-email"');
  });
});

describe('/user/invitation', () => {
  it('makes an account for a visitor, who lands on the store in the invited role', async () => {
    const store = await makeStore(t);
    const token = await invite(store, 'pedidos-nuevo@example.com', 'orders');
    const page = await landing(token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain(store.name);
    expect(page.body).toContain('Pedidos');
    expect(page.body).toContain('data-visitor="newAccount"');
    const missing = await post('', { ...newAccount(token), lastname: '', city: 'Cuenca' }, `/user/invitation?token=${token}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('value="Cuenca"');
    const made = await post('', newAccount(token), `/user/invitation?token=${token}`);
    expect(made.statusCode, made.body.slice(0, 400)).toBe(302);
    expect(made.headers.location).toBe('/store');
    const cookie = sessionFrom(made);
    expect((await getPage(t.app, '/sales/order', cookie)).statusCode).toBe(200);
    expect((await getPage(t.app, '/catalog/product', cookie)).statusCode).toBe(403);
    expect(await t.db.selectFrom('user').select('id').where('email', '=', 'ignored@example.com').executeTakeFirst()).toBeUndefined();
    // The link worked once.
    expect((await landing(token)).body).toContain('Esta invitación ya se usó');
  });

  it('sends a visitor with an account to log in and back, then joins with one confirmed click', async () => {
    const store = await makeStore(t);
    const user = await makeUser(t);
    const token = await invite(store, user.email, 'viewer');
    const page = await landing(token);
    expect(page.body).toContain('data-visitor="hasAccount"');
    const back = `/user/invitation?token=${encodeURIComponent(token)}`;
    expect(page.body).toContain(`/user/login?redirect=${encodeURIComponent(back).replace(/&/g, '&amp;')}`);
    const login = await postForm(t.app, `/user/login?redirect=${encodeURIComponent(back)}`, { email: user.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe(back);
    const cookie = sessionFrom(login);
    expect((await landing(token, cookie)).body).toContain('data-visitor="invitee"');
    const join = await post(cookie, { intent: 'join', token }, back);
    expect(join.statusCode).toBe(302);
    expect(join.headers.location).toBe('/store');
    expect((await getPage(t.app, '/sales/order', cookie)).statusCode).toBe(200);
  });

  it('tells a signed-in user of another address why it is not theirs', async () => {
    const store = await makeStore(t);
    const token = await invite(store, 'someone@example.com');
    const other = await makeUser(t);
    const page = await landing(token, other.cookie, 'en');
    expect(page.body).toContain('This invitation is for someone@example.com');
    const join = await post(other.cookie, { intent: 'join', token }, `/en/user/invitation?token=${token}`);
    expect(join.statusCode).toBe(403);
  });

  it('answers an expired, used, withdrawn or unknown link with its message, in both languages', async () => {
    const store = await makeStore(t);
    const token = await invite(store, 'expires@example.com');
    clock.advance(INVITATION_TTL_MS);
    expect((await landing(token)).body).toContain('Esta invitación venció');
    expect((await landing(token, '', 'en')).body).toContain('This invitation has expired');
    const late = await post('', newAccount(token), `/user/invitation?token=${token}`);
    expect(late.statusCode).toBe(410);
    for (const bad of ['', 'nope', `${store.id}.${'A'.repeat(43)}`]) {
      const page = await landing(bad, '', 'en');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This invitation link is not valid');
    }
    expect((await landing('nope')).body).toContain('no es válido');
  });
});

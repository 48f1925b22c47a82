import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#common/i18n/all-languages.ts';
import { getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAdmin, makeUser } from '../support/factories.ts';

const { es, en } = messages;

const html = (text: string) => text.replaceAll("'", '&#x27;');


// /admin/user on the list pattern: the search takes `%` and `_` literally. Needs `npm run build`.
let t: TestApp;
let admin: { cookie: string };

const person = (email: string, name: string) => ({
  email, password: 'secret123', name, lastname: 'Prueba', documentType: 'passport' as const, documentNumber: `X${email.length}${Date.now()}`.slice(0, 20),
  phone: '', address: '', country: 'Ecuador', state: '', city: '', zip: '',
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  for (const [email, name] of [['literal-underscore@example.com', 'Zeta_Uno'], ['wild-underscore@example.com', 'ZetaXUno'], ['literal-percent@example.com', 'Omega%Dos'], ['wild-percent@example.com', 'OmegaLargoDos']]) {
    await t.services.users.createUser(person(email!, name!), { locale: 'es' });
  }
});
afterAll(async () => {
  await t.dispose();
});

const search = async (q: string, locale: 'es' | 'en' = 'es') => {
  const response = await t.app.inject({ url: `${locale === 'en' ? '/en' : ''}/admin/user?q=${encodeURIComponent(q)}`, headers: { cookie: `lang=${locale}; ${admin.cookie}`, accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  return response.body;
};

it('finds only the literal underscore', async () => {
  const body = await search('Zeta_Uno');
  expect(body).toContain('literal-underscore@example.com');
  expect(body).not.toContain('wild-underscore@example.com');
});

it('finds only the literal percent sign, in both languages', async () => {
  for (const locale of ['es', 'en'] as const) {
    const body = await search('Omega%Dos', locale);
    expect(body).toContain('literal-percent@example.com');
    expect(body).not.toContain('wild-percent@example.com');
  }
});

it('filters by role and pages like the other lists', async () => {
  const response = await t.app.inject({ url: '/admin/user?role=admin', headers: { cookie: `lang=es; ${admin.cookie}`, accept: 'text/html' } });
  expect(response.body).not.toContain('literal-percent@example.com');
  expect(response.body).toContain('data-testid="user-row-admin');
});

// Issue 9 point 12: every change is confirmed in the page and checked on the server.
describe('changing accounts', () => {
  const change = (who: { cookie: string }, fields: Record<string, string>, locale: 'es' | 'en' = 'es') =>
    postForm(t.app, locale === 'en' ? '/en/admin/user' : '/admin/user', fields, { cookie: `lang=${locale}; ${who.cookie}` });
  const row = (body: string, email: string) => {
    const start = body.indexOf(`data-testid="user-row-${email}"`);
    expect(start, email).toBeGreaterThan(-1);
    return body.slice(start, body.indexOf('</tr>', start));
  };
  const stored = (id: number) => t.db.selectFrom('user').select(['role', 'enabled']).where('id', '=', id).executeTakeFirstOrThrow();

  it('asks before disabling: the list only opens a confirmation, and hides the admin\'s own actions with a reason', async () => {
    const me = await makeAdmin(t);
    const other = await makeUser(t);
    const body = (await t.app.inject({ url: `/admin/user?q=${encodeURIComponent(other.email)}`, headers: { cookie: `lang=es; ${me.cookie}`, accept: 'text/html' } })).body;
    const theirs = row(body, other.email);
    expect(theirs).toContain(`data-testid="disable-${other.email}"`);
    // No form that disables on one click: the post is in the dialog the button opens.
    expect(theirs).not.toContain('name="enabled"');
    expect(theirs).not.toContain('type="submit"');
    const mine = row((await t.app.inject({ url: `/admin/user?q=${encodeURIComponent(me.email)}`, headers: { cookie: `lang=es; ${me.cookie}`, accept: 'text/html' } })).body, me.email);
    expect(mine).toContain(es.backOffice.users.you);
    expect(mine).not.toContain('data-testid="disable-');
    expect(mine).not.toContain('data-testid="role-');
    const english = (await t.app.inject({ url: `/en/admin/user?q=${encodeURIComponent(me.email)}`, headers: { cookie: `lang=en; ${me.cookie}`, accept: 'text/html' } })).body;
    expect(row(english, me.email)).toContain('This is you');
  });

  it('disables and enables another user; disabling ends their sessions', async () => {
    const me = await makeAdmin(t);
    const other = await makeUser(t);
    expect((await getPage(t.app, '/', other.cookie)).statusCode).toBe(200);
    const disabled = await change(me, { intent: 'enable', userId: String(other.id), enabled: '0' });
    expect(disabled.statusCode).toBe(200);
    expect((await stored(other.id)).enabled).toBe(0);
    expect((await getPage(t.app, '/', other.cookie)).statusCode).not.toBe(200);
    expect((await change(me, { intent: 'enable', userId: String(other.id), enabled: '1' })).statusCode).toBe(200);
    expect((await stored(other.id)).enabled).toBe(1);
  });

  it("refuses an admin's change of their own account, with a clear message in both languages", async () => {
    const me = await makeAdmin(t);
    const disable = await change(me, { intent: 'enable', userId: String(me.id), enabled: '0' });
    expect(disable.statusCode).toBe(409);
    expect(disable.body).toContain(es.backOffice.users.notYourself);
    const demote = await change(me, { intent: 'role', userId: String(me.id), role: 'client' }, 'en');
    expect(demote.statusCode).toBe(409);
    expect(demote.body).toContain(html(en.backOffice.users.notYourself));
    expect(await stored(me.id)).toEqual({ role: 'admin', enabled: 1 });
  });

  it('changes roles between client, staff and admin; a bad role or id is refused, an unknown user is 404', async () => {
    const me = await makeAdmin(t);
    const other = await makeUser(t);
    for (const role of ['staff', 'admin', 'client'] as const) {
      expect((await change(me, { intent: 'role', userId: String(other.id), role })).statusCode).toBe(200);
      expect((await stored(other.id)).role).toBe(role);
    }
    expect((await change(me, { intent: 'role', userId: String(other.id), role: 'owner' })).statusCode).toBe(400);
    expect((await change(me, { intent: 'role', userId: '2147483648', role: 'staff' })).statusCode).toBe(400);
    expect((await change(me, { intent: 'role', userId: '999999', role: 'staff' })).statusCode).toBe(404);
  });

  it('never disables or demotes the last enabled admin, even when two admins act at once', async () => {
    // Every other admin of this test database becomes staff, leaving `last` and `other`.
    const [last, other] = [await makeAdmin(t), await makeAdmin(t)];
    await t.db.updateTable('user').set({ role: 'staff' }).where('role', '=', 'admin').where('id', 'not in', [last.id, other.id]).execute();
    // Each demotes the other at the same moment: exactly one of them can succeed.
    const results = await Promise.allSettled([
      t.services.users.setRole({ userId: last.id, adminId: other.id }, 'staff'),
      t.services.users.setRole({ userId: other.id, adminId: last.id }, 'staff'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const remaining = results[0]!.status === 'fulfilled' ? other : last;
    const demoted = remaining === last ? other : last;
    expect((await stored(remaining.id)).role).toBe('admin');
    // The last admin, whoever asks (here a session that predates the demotion): refused, and said so.
    for (const attempt of [
      () => t.services.users.setEnabled({ userId: remaining.id, adminId: demoted.id }, false),
      () => t.services.users.setRole({ userId: remaining.id, adminId: demoted.id }, 'client'),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'backOffice.users.lastAdmin', status: 409 });
    }
    expect(await stored(remaining.id)).toEqual({ role: 'admin', enabled: 1 });
    // With a second admin again, the first may be demoted.
    await t.services.users.setRole({ userId: demoted.id, adminId: remaining.id }, 'admin');
    await t.services.users.setEnabled({ userId: remaining.id, adminId: demoted.id }, false);
    expect((await stored(remaining.id)).enabled).toBe(0);
  });
});

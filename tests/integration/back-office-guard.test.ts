import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeUser, makeStaff, makeAdmin } from '../support/factories.ts';


// The back office's guard sits once in its layouts (app/layouts/back-office.tsx, admin-only.tsx):
// every /admin screen, GET and POST, in both languages. Needs `npm run build` first.
let t: TestApp;
let client: { cookie: string };
let staff: { cookie: string };
let admin: { cookie: string };

const BACK_OFFICE = ['/admin', '/admin/client', '/admin/package', '/admin/alert', '/admin/consolidate', '/admin/consolidate/show?id=1', '/admin/ticket', '/admin/ticket/show?id=1', '/admin/package/show?id=1', '/admin/client/show?id=1', '/admin/alert/show?id=1', '/admin/store', '/admin/store/show?id=1'];
const ADMIN_ONLY = ['/admin/setting', '/admin/user', '/admin/plan'];
const both = (paths: string[]) => paths.flatMap((path) => [path, `/en${path}`]);

const get = (url: string, who: { cookie: string }) => t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}`, accept: 'text/html' } });
const post = (url: string, who: { cookie: string }) => postForm(t.app, url, { intent: 'close', enabled: '0', userId: '1' }, { cookie: who.cookie });

beforeAll(async () => {
  t = await createTestApp();
  [client, staff, admin] = [await makeUser(t), await makeStaff(t), await makeAdmin(t)];
});
afterAll(async () => {
  await t.dispose();
});

describe('the back-office guard', () => {
  it.each(both([...BACK_OFFICE, ...ADMIN_ONLY]))('answers a client 404 on %s, to GET and to POST', async (path) => {
    expect((await get(path, client)).statusCode).toBe(404);
    expect((await post(path, client)).statusCode).toBe(404);
  });

  it.each(both(ADMIN_ONLY))('answers staff 404 on the admin-only %s, to GET and to POST', async (path) => {
    expect((await get(path, staff)).statusCode).toBe(404);
    expect((await post(path, staff)).statusCode).toBe(404);
  });

  it.each(both(BACK_OFFICE.filter((path) => !path.includes('show'))))('lets staff into %s', async (path) => {
    expect((await get(path, staff)).statusCode).toBe(200);
  });

  it.each(both(ADMIN_ONLY))('lets an admin into %s', async (path) => {
    expect((await get(path, admin)).statusCode).toBe(200);
  });
});

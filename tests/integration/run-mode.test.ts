import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeUser } from '../support/factories.ts';


// docs/decisions/026-run-mode.md: the secure settings follow an https PUBLIC_URL, not NODE_ENV, so
// `npm start` on http://localhost logs in with plain cookies and a deployment on https gets them all.
const login = (t: TestApp, email: string) => postForm(t.app, '/user/login', { email, password: 'secret123' });

describe('on http://localhost (npm start)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.dispose());

  it('sends no HSTS and cookies a plain-http browser keeps', async () => {
    const page = await t.app.inject({ url: '/user/login', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const cookies = ([] as string[]).concat(page.headers['set-cookie'] ?? []);
    expect(cookies.some((cookie) => cookie.startsWith('lang='))).toBe(true);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i);
    const user = await makeUser(t);
    const response = await login(t, user.email);
    const session = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((cookie) => cookie.includes('tiendabox_session='));
    expect(session, `login answered ${response.statusCode}`).toMatch(/^tiendabox_session=/);
    expect(session).not.toMatch(/;\s*Secure/i);
  });
});

describe('on an https PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://tiendabox.example', APP_SECRET: 'x'.repeat(48) });
  });
  afterAll(() => t.dispose());

  it('sends HSTS and Secure cookies, the session one bound to the host', async () => {
    const page = await t.app.inject({ url: '/user/login', headers: { accept: 'text/html' } });
    expect(page.headers['strict-transport-security']).toContain('max-age=');
    for (const cookie of ([] as string[]).concat(page.headers['set-cookie'] ?? [])) expect(cookie).toMatch(/;\s*Secure/i);
    const user = await makeUser(t);
    const response = await login(t, user.email);
    const session = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((cookie) => cookie.includes('tiendabox_session='));
    expect(session, `login answered ${response.statusCode}`).toMatch(/^__Host-tiendabox_session=.*;\s*Secure/i);
  });
});

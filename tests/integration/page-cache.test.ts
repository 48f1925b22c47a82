import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeUser } from '../support/factories.ts';

// Anonymous pages rendered once and served from memory (server/plugins/page-cache.ts), through
// the built app: what must still differ per request, and who must never get a stored page.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const es = { cookie: 'lang=es', accept: 'text/html', 'user-agent': BROWSER };
const en = { cookie: 'lang=en', accept: 'text/html', 'user-agent': BROWSER };

const get = (url: string, headers: Record<string, string> = es) => t.app.inject({ url, headers });

function policyNonce(response: LightMyRequestResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  if (!nonce) throw new Error('no nonce in the CSP');
  return nonce;
}

/** The page with its nonce taken out, to compare two answers. */
const withoutNonce = (response: LightMyRequestResponse) => response.body.replaceAll(policyNonce(response), '<nonce>');

describe('anonymous pages that declare a shared render', () => {
  it.each(['/user/login', '/user/register', '/user/reset', '/terms', '/en/user/login', '/en/terms'])(
    'serves %s from memory after the first render, with the new request’s nonce on every script',
    async (url) => {
      const headers = url.startsWith('/en') ? en : es;
      const first = await get(`${url}?case=${encodeURIComponent(url)}`, headers);
      const second = await get(`${url}?case=${encodeURIComponent(url)}`, headers);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-page-cache']).toBeUndefined();
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-page-cache']).toBe('hit');
      expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(withoutNonce(second)).toBe(withoutNonce(first));
      // The policy and the scripts agree, and the nonce is this response's own.
      const nonce = policyNonce(second);
      expect(nonce).not.toBe(policyNonce(first));
      expect(second.body).not.toContain(policyNonce(first));
      const scripts = second.body.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // Every other header a rendered page gets.
      expect(second.headers['x-frame-options']).toBe('DENY');
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    },
  );

  it('keeps one page per URL: the return path of each login link is its own', async () => {
    for (const round of [1, 2]) {
      const toAlerts = await get('/user/login?redirect=%2Falert');
      const toTickets = await get('/user/login?redirect=%2Fticket');
      expect(toAlerts.headers['x-page-cache']).toBe(round === 2 ? 'hit' : undefined);
      expect(toAlerts.body).toContain('action="/user/login?redirect=%2Falert"');
      expect(toAlerts.body).not.toContain('redirect=%2Fticket');
      expect(toTickets.body).toContain('action="/user/login?redirect=%2Fticket"');
    }
  });

  it('keeps the Spanish and the English page apart', async () => {
    await get('/user/login?lang-case=1');
    await get('/en/user/login?lang-case=1', en);
    const spanish = await get('/user/login?lang-case=1');
    const english = await get('/en/user/login?lang-case=1', en);
    expect(spanish.headers['x-page-cache']).toBe('hit');
    expect(english.headers['x-page-cache']).toBe('hit');
    expect(spanish.body).toContain('<html lang="es"');
    expect(english.body).toContain('<html lang="en"');
  });

  it('renders bots their own whole-document page rather than a browser’s streamed one', async () => {
    await get('/user/login?bot-case=1');
    const bot = await get('/user/login?bot-case=1', { ...es, 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(bot.statusCode).toBe(200);
    expect(bot.headers['x-page-cache']).toBeUndefined();
  });

  it('still sends a first-time visitor the language cookie and the English redirect', async () => {
    await get('/user/login?first-visit=1');
    const firstVisit = await get('/user/login?first-visit=1', { accept: 'text/html', 'user-agent': BROWSER, 'accept-language': 'es-EC,es;q=0.9' });
    expect(firstVisit.headers['x-page-cache']).toBe('hit');
    expect(String(firstVisit.headers['set-cookie'])).toMatch(/^lang=es;/);
    const english = await get('/user/login?first-visit=1', { accept: 'text/html', 'user-agent': BROWSER, 'accept-language': 'en-US,en;q=0.9' });
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe('/en/user/login?first-visit=1');
  });
});

describe('who never gets a stored page', () => {
  it('a logged-in user: the login page sends them on, as it does without the cache', async () => {
    await get('/user/login?who=1');
    const { cookie } = await makeUser(t);
    const response = await get('/user/login?who=1', { ...es, cookie: `lang=es; ${cookie}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers['x-page-cache']).toBeUndefined();
  });

  it('a form sent with errors: the answer keeps what was typed, and later visitors get a clean form', async () => {
    await get('/user/login');
    const posted = await postForm(t.app, '/user/login', { email: 'typed@example.com', password: '' });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers['x-page-cache']).toBeUndefined();
    expect(posted.body).toContain('typed@example.com');
    const after = await get('/user/login');
    expect(after.headers['x-page-cache']).toBe('hit');
    expect(after.body).not.toContain('typed@example.com');
  });

  it('pages that do not declare it: the 404 screen and the pages behind the login', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await get('/no-such-page-for-the-cache');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-page-cache']).toBeUndefined();
      const desk = await get('/');
      expect(desk.statusCode).toBe(302);
      expect(desk.headers['x-page-cache']).toBeUndefined();
    }
  });

  it('anyone while maintenance is on, and the stored page comes back after it', async () => {
    await get('/terms?maintenance-case=1');
    expect((await get('/terms?maintenance-case=1')).headers['x-page-cache']).toBe('hit');
    t.config.maintenanceMode = true;
    try {
      const during = await get('/terms?maintenance-case=1');
      expect(during.statusCode).toBe(503);
      expect(during.headers['x-page-cache']).toBeUndefined();
      expect(during.body).toContain('data-testid="maintenance"');
    } finally {
      t.config.maintenanceMode = false;
    }
    const after = await get('/terms?maintenance-case=1');
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-page-cache']).toBe('hit');
  });
});

describe('the memory the stored pages hold (PAGE_CACHE_BYTES, decision 101)', () => {
  // 400 kB: pages of up to 50 kB kept, about a dozen login pages; a new address on every request
  // (anyone can make one up) pushes the least recently served out, by their bytes.
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ PAGE_CACHE_BYTES: '400000' });
  });
  afterAll(() => small.dispose());
  const getSmall = (url: string) => small.app.inject({ url, headers: es });

  it('at its budget, drops the least recently served page for a new one', async () => {
    const first = await getSmall('/user/login?n=0');
    expect(Buffer.byteLength(first.body)).toBeLessThan(40_000);
    for (let n = 1; n < 30; n++) await getSmall(`/user/login?n=${n}`);
    // Asked again: the oldest address was pushed out and is rendered; the newest is still kept.
    expect((await getSmall('/user/login?n=0')).headers['x-page-cache']).toBeUndefined();
    expect((await getSmall('/user/login?n=29')).headers['x-page-cache']).toBe('hit');
    expect((await getSmall('/user/login?n=28')).headers['x-page-cache']).toBe('hit');
  });

  it('does not keep a page larger than its share of the budget', async () => {
    const tiny = await createTestApp({ PAGE_CACHE_BYTES: '80000' }); // 10 kB a page at most: no login page fits
    try {
      expect(Buffer.byteLength((await tiny.app.inject({ url: '/terms?tiny=1', headers: es })).body)).toBeGreaterThan(10_000);
      expect((await tiny.app.inject({ url: '/terms?tiny=1', headers: es })).headers['x-page-cache']).toBeUndefined();
    } finally {
      await tiny.dispose();
    }
  });
});

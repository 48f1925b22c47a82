import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, pageHeaders, type TestApp } from '../support/test-app.ts';

// The built app (npm run build) on a fresh database, through inject(): no port, no mocks.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const { es, en } = pageHeaders;

describe('health', () => {
  it('answers 200 with the database and the storage checked', async () => {
    const response = await t.app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a caller request id that looks like one', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc12345-trace' } });
    expect(response.headers['x-request-id']).toBe('abc12345-trace');
  });
});

describe('security headers', () => {
  it('sends a nonce CSP whose nonce is on every script of the page', async () => {
    const response = await t.app.inject({ url: '/user/login', headers: es });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    const scripts = response.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('gives every answer a policy: the 415 to a text/plain login post, JSON, a 404, health (issue 21)', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/user/login', payload: 'email=a@b.ec&password=x', headers: { ...es, 'content-type': 'text/plain' } });
    expect(refused.statusCode).toBe(415);
    const others = [refused, await t.app.inject({ url: '/api/v1/alerts', headers: { accept: 'application/json' } }), await t.app.inject({ url: '/healthz' }), await t.app.inject({ url: '/media/1/x/w480.webp' })];
    for (const response of others) expect(response.headers['content-security-policy'], response.body.slice(0, 80)).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('uses a new nonce for every response', async () => {
    const a = await t.app.inject({ url: '/user/login', headers: es });
    const b = await t.app.inject({ url: '/user/login', headers: es });
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy']);
  });
});

describe('routes and layouts', () => {
  const loginRequired = ['/', '/alert', '/alert/show?id=1', '/ticket', '/ticket/new', '/ticket/show', '/consolidate', '/consolidate/new', '/consolidate/show', '/profile', '/profile/update', '/profile/password', '/profile/delete'];

  it.each(loginRequired)('sends a visitor of %s to the Spanish login with the path to return to', async (path) => {
    const response = await t.app.inject({ url: path, headers: es });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/user/login?redirect=${encodeURIComponent(path)}`);
  });

  it.each(loginRequired)('sends a visitor of /en%s to the English login', async (path) => {
    const english = path === '/' ? '/en' : `/en${path}`;
    const response = await t.app.inject({ url: english, headers: en });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/en/user/login?redirect=${encodeURIComponent(english)}`);
  });

  it.each([
    ['/user/login', 'none', 'Iniciar sesión · Tiendabox'],
    ['/user/register', 'none', 'Registro · Tiendabox'],
    ['/user/reset', 'none', 'Recuperar contraseña · Tiendabox'],
    ['/user/logout', 'none', 'Cerrar sesión · Tiendabox'],
    ['/terms', 'page', 'Términos del servicio y política de privacidad · Tiendabox'],
    ['/en/user/login', 'none', 'Log in · Tiendabox'],
    ['/en/terms', 'page', 'Terms of service and privacy policy · Tiendabox'],
  ])('%s draws the %s layout with its title', async (path, layout, title) => {
    const response = await t.app.inject({ url: path, headers: path.startsWith('/en') ? en : es });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`data-layout="${layout}"`);
    expect(response.body).toContain(`<title>${title}</title>`);
  });

  it('/maintenance draws its own screen while maintenance is off', async () => {
    const response = await t.app.inject({ url: '/maintenance', headers: es });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-testid="maintenance"');
  });

  it('labels the password visibility toggle in the page language', async () => {
    expect((await t.app.inject({ url: '/user/login', headers: es })).body).toContain('aria-label="Mostrar u ocultar la contraseña"');
    expect((await t.app.inject({ url: '/en/user/login', headers: en })).body).toContain('aria-label="Show or hide the password"');
  });

  it('sets html lang and hreflang alternates', async () => {
    const response = await t.app.inject({ url: '/en/terms', headers: en });
    expect(response.body).toContain('<html lang="en"');
    expect(response.body).toContain('hrefLang="es" href="http://localhost:3000/terms"');
    expect(response.body).toContain('hrefLang="en" href="http://localhost:3000/en/terms"');
  });
});

describe('error screen', () => {
  it('answers an unknown path with 404 and the Spanish texts', async () => {
    const response = await t.app.inject({ url: '/no/such/page', headers: es });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Código: 404');
    expect(response.body).toContain('Ha ocurrido un error');
    expect(response.body).toContain('¡Oops! Algo salió mal.');
    expect(response.body).toContain('Página no encontrada: /no/such/page');
    expect(response.body).toContain('Ir a la página principal');
    expect(response.body).toContain('<title>¡Ups!</title>');
    expect(response.body).toContain('property="og:title" content="¡Ups!"');
    expect(response.body).toContain('name="description" content=""');
    expect(response.body).toContain('name="keywords" content=""');
  });

  it('answers an unknown English path with the English texts', async () => {
    const response = await t.app.inject({ url: '/en/nothing-here', headers: en });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Code: 404');
    expect(response.body).toContain('An error has occurred');
    expect(response.body).toContain('Oops! Something went wrong.');
    expect(response.body).toContain('Page not found: /en/nothing-here');
    expect(response.body).toContain('<title>Oops!</title>');
  });

  it.each([
    ['', 404],
    ['?status=500', 500],
    ['?status=403', 403],
    ['?status=abc', 404],
    ['?status=200', 404],
  ])('/error%s shows and answers status %i', async (query, status) => {
    const response = await t.app.inject({ url: `/error${query}`, headers: es });
    expect(response.statusCode).toBe(status);
    expect(response.body).toContain(`Código: ${status}`);
  });
});

describe('locale', () => {
  it('sends a first English-preferring visit to /en and remembers it for 365 days', async () => {
    const response = await t.app.inject({ url: '/user/login?x=1', headers: { 'accept-language': 'en-US,en;q=0.9', accept: 'text/html' } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/user/login?x=1');
    expect(String(response.headers['set-cookie'])).toMatch(/lang=en; Path=\/; SameSite=Lax; Max-Age=31536000/);
  });

  it('keeps a first Spanish-preferring visit in Spanish', async () => {
    const response = await t.app.inject({ url: '/user/login', headers: { 'accept-language': 'es-EC,es;q=0.9', accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('lang=es');
  });

  it('never sends an explicit /en address elsewhere', async () => {
    const response = await t.app.inject({ url: '/en/user/login', headers: { 'accept-language': 'es', accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
  });

  it('follows the stored choice on unprefixed paths', async () => {
    const response = await t.app.inject({ url: '/terms', headers: en });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/en/terms');
  });

  it('switches language keeping path and query, storing the choice', async () => {
    const toEs = await t.app.inject({ url: '/en/alert/show?id=7&lang=es', headers: en });
    expect(toEs.statusCode).toBe(302);
    expect(toEs.headers.location).toBe('/alert/show?id=7');
    expect(String(toEs.headers['set-cookie'])).toContain('lang=es');
    const toEn = await t.app.inject({ url: '/alert/show?id=7&lang=en', headers: es });
    expect(toEn.headers.location).toBe('/en/alert/show?id=7');
  });

  // Issue 36 §1: the switch's target is the request's own path; a browser follows `//host` and
  // `/\\host` off-site. Every shape lands on a path of this site (or its home).
  it.each([
    ['/en//evil.example?lang=es', '/evil.example'],
    ['/en/\\evil.example?lang=es', '/evil.example'],
    ['/en///evil.example?lang=es', '/evil.example'],
    ['/en/\\/evil.example?lang=es', '/evil.example'],
    ['/en/%2F%2Fevil.example?lang=es', '/%2F%2Fevil.example'],
    ['/en/%5Cevil.example?lang=es', '/%5Cevil.example'],
    ['/en/\t/evil.example?lang=es', '/evil.example'],
    ['/en/\n//evil.example?lang=es', '/evil.example'],
    // a URL parser reads these as a host: the home, in the language asked for
    ['/en/..//evil.example?lang=es', '/'],
    ['/en/%2e%2e//evil.example?lang=es', '/'],
    ['//evil.example?lang=es', '/'],
    ['/\\evil.example?x=1&lang=es', '/?x=1'],
  ])('switches %j to a path of this site, never to another host', async (url, path) => {
    // The Host a browser sends with such a request line is the site's: inject() would otherwise read
    // `/\\evil.example` as an address and send `Host: evil.example`, a host that is no store's (404).
    const response = await t.app.inject({ url, headers: { ...en, host: 'localhost' } });
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, 'https://tiendabox.test').origin).toBe('https://tiendabox.test');
    expect(location).toBe(path);
  });
});

describe('new-build detection endpoints', () => {
  it('announces the current build, never cached, and serves its manifest', async () => {
    const info = JSON.parse(readFileSync('build/build-info.json', 'utf8')) as { id: string; timestamp: number };
    const latest = await t.app.inject('/builds/latest.json');
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual({ id: info.id, timestamp: info.timestamp });
    expect(latest.headers['cache-control']).toBe('no-store');
    const meta = await t.app.inject(`/builds/meta/${info.id}.json`);
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ id: info.id, timestamp: info.timestamp });
    expect((await t.app.inject('/builds/meta/unknown.json')).statusCode).toBe(404);
  });
});

describe('route discovery', () => {
  // Issue 20 §24: a dashboard page asks React Router for the routes of its links once it is live;
  // on a phone's network that answer is compressed like the page.
  it('answers /__manifest compressed when the browser takes it, plain when it does not', async () => {
    // The manifest's version, as the page names it (another version is answered 204, "reload").
    const version = /"version":\s*"([^"]+)"/.exec((await t.app.inject({ url: '/user/login', headers: es })).body)?.[1];
    expect(version).toBeTruthy();
    const url = `/__manifest?paths=${encodeURIComponent('/,/alert,/user/login')}&version=${version}`;
    const compressed = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Object.keys(plain.json())).toEqual(expect.arrayContaining(['root', 'es/user/login']));
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});

describe('maintenance mode', () => {
  let maintenance: TestApp;
  beforeAll(async () => {
    maintenance = await createTestApp({ MAINTENANCE_MODE: '1' });
  });
  afterAll(() => maintenance.dispose());

  it.each(['/user/login', '/terms', '/en/terms', '/no-such-page'])('answers %s with 503 and the maintenance screen', async (path) => {
    const response = await maintenance.app.inject({ url: path, headers: path.startsWith('/en') ? en : es });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('data-testid="maintenance"');
  });

  it('still serves /maintenance, /healthz and static files', async () => {
    expect((await maintenance.app.inject({ url: '/maintenance', headers: es })).statusCode).toBe(200);
    expect((await maintenance.app.inject('/healthz')).statusCode).toBe(200);
    expect((await maintenance.app.inject('/favicon.svg')).statusCode).toBe(200);
  });
});

describe('database down', () => {
  it('turns /healthz into 503', async () => {
    const broken = await createTestApp();
    await broken.db.destroy();
    const response = await broken.app.inject('/healthz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'down', storage: 'ok' });
    await broken.app.close();
  });
});

describe('failures while loading', () => {
  it('answers 500 with the error screen and no stack trace when a loader fails', async () => {
    const broken = await createTestApp();
    await broken.db.destroy();
    const response = await broken.app.inject({ url: '/user/reset/confirm?token=abc', headers: es });
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('Código: 500');
    expect(response.body).toContain('Algo salió mal');
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
    const english = await broken.app.inject({ url: '/en/user/reset/confirm?token=abc', headers: en });
    expect(english.body).toContain('Something went wrong');
    await broken.app.close();
  });

  it('sends Retry-After with the maintenance 503', async () => {
    const maintenance = await createTestApp({ MAINTENANCE_MODE: '1' });
    const response = await maintenance.app.inject({ url: '/terms', headers: es });
    expect(response.headers['retry-after']).toBe('300');
    await maintenance.dispose();
  });
});

describe('the API guide at /api/docs (decision 052)', () => {
  it('is a page without any script, under a policy that allows none', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).not.toMatch(/<script/i);
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'none'");
    }
  });

  it('speaks the reader’s language: the guide, the summaries and the page’s own words', async () => {
    const es = await t.app.inject({ url: '/api/docs', headers: { 'accept-language': 'es' } });
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('Autenticación');
    expect(es.body).toContain('Prealertar una compra');
    expect(es.body).toContain('Los registros de «Colores» de mi tienda');
    expect(es.body).not.toContain('Pre-alert a purchase');
    const en = await t.app.inject({ url: '/api/docs?lang=en', headers: { 'accept-language': 'es' } });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Pre-alert a purchase');
    expect(en.body).toContain('Authentication');
    // the guide is our text, escaped before it is marked up
    expect(es.body).toContain('<code>Authorization: Bearer tbx_…</code>');
  });

  it('gives every operation a Spanish summary in the Spanish document', async () => {
    type Doc = { paths: Record<string, Record<string, { summary?: string; operationId: string }>> };
    const es = (await t.app.inject({ url: '/api/docs/json', headers: { 'accept-language': 'es' } })).json() as Doc;
    const en = (await t.app.inject({ url: '/api/docs/json?lang=en' })).json() as Doc;
    const english = Object.values(en.paths).flatMap((item) => Object.values(item)).map((op) => op.summary);
    const untranslated = Object.values(es.paths).flatMap((item) => Object.values(item)).filter((op) => op.summary && english.includes(op.summary)).map((op) => op.operationId);
    expect(untranslated).toEqual([]);
  });
});


import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#server/modules/auth/session.service.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeAdmin, makeStaff, makeStore, makeUser, type TestUser } from '../support/factories.ts';
import { callApi, nextClientIp } from '../support/forms.ts';
import { fuzzInputs } from '../support/fuzz-inputs.ts';
import { apiOperations, formActions, pageLoaders, shopRoutes } from '../support/fuzz-targets.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * The fuzz test of issue 9: every operation of the OpenAPI document and every page route with an
 * action, both read at run time (so a new route is fuzzed without touching this file), get
 * generated bad input — malformed and wrongly typed bodies, huge numbers, NUL and control
 * characters, long strings, unknown fields, bad ids and query strings — as an anonymous visitor, a
 * client, staff and an admin (each request with a fresh session and no foreign Origin, so the input
 * reaches the handler). A 4xx is fine; any 5xx fails with the request that caused it.
 *
 * Every page route with a loader gets generated query strings too (issue 21): the names its loaders
 * read, found in the source at run time, with ids and id lists past PostgreSQL's integer among the
 * values; and bodies get id lists (`ids`, `packageIds`) beside a valid bulk action, so that the
 * id, not the action, is what the handler meets.
 *
 * The storefront's own routes (Fastify's, read from its route table at run time) get bad queries,
 * bodies and hostile cookies (issue 36: spaces and tabs around `=`, duplicates, huge values, broken
 * JSON, NUL-ish characters, many cookies), as the sales form actions do; a clean shopper asking
 * for the same page after each never sees a cart count. The language switch gets addresses whose
 * path is a host in disguise (`/en//evil.example?lang=es`), and every redirect of every request
 * must stay on this site.
 *
 * Knobs: FUZZ_RUNS (inputs per target and role, default 5), FUZZ_SEED (default fixed, so CI runs
 * are repeatable; a failure prints the seed and path to replay), FUZZ_ONLY (a regular expression
 * on the target's label, to hunt on a few). For a longer local hunt:
 *   FUZZ_RUNS=200 FUZZ_SEED=$RANDOM npx vitest run tests/integration/fuzz.test.ts
 *   FUZZ_RUNS=2000 FUZZ_ONLY=reset/confirm npx vitest run tests/integration/fuzz.test.ts
 * Needs `npm run build` first (it fuzzes the built app).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** A hunt on some targets only: a regular expression their label must match (`FUZZ_ONLY=reset`). */
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;

// `token`: the client's access token (issue 12) in `Authorization: Bearer`, read-only or read-write;
// `bad token`: a header no token matches (garbage, another scheme, a revoked one), never a success.
type Role = 'anonymous' | 'client' | 'staff' | 'admin' | 'token' | 'bad token';
const ROLES: Role[] = ['anonymous', 'client', 'staff', 'admin', 'token', 'bad token'];

let t: TestApp;
let storeSlug = '';
let storeId = 0;
/** The published store's category and product, so generated storefront addresses sometimes name real ones. */
const shopNames = { category: '', product: '', productId: 0 };
const users: Partial<Record<'client' | 'staff' | 'admin', TestUser>> = {};
let revokedToken = '';
const knownIds: number[] = [];
/** Query string names the pages' loaders read (`searchParams.get('open')`, a `…Query` schema's keys), found in beforeAll. */
const queryNames = new Set(['id', 'q', 'page', 'sort', 'dir', 'after', 'status', 'redirect', 'cascadeOf', 'packageIds', 'open', 'chosen']);
const fieldNames = new Set(['id', 'ids', 'action', 'intent', 'redirect', 'q', 'page', 'sort', 'dir', 'status', 'token', 'email', 'password', 'packageIds', 'role', 'enabled', 'lang']);
/** The generated values (tests/support/fuzz-inputs.ts), drawing on the ids and names above as they are found. */
const { id, query, body, hostileCookies } = fuzzInputs({ knownIds, fieldNames, queryNames, storeId: () => storeId, productId: () => shopNames.productId });

beforeAll(async () => {
  t = await createTestApp();
  users.client = await makeUser(t);
  users.staff = await makeStaff(t);
  users.admin = await makeAdmin(t);
  // Some records, so that generated ids sometimes name a real one of this client or another.
  const { id: madeStore, slug } = await makeStore(t, { owner: users.client });
  storeSlug = slug;
  storeId = madeStore;
  // Published, with a product, so that storefront pages, the cart and the checkout reach their code.
  await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: users.client.id }))!, true);
  const category = (await callApi(t.app, 'POST', '/api/v1/categories', users.client.cookie, { name: 'Ropa', enabled: true })).json() as { id: number };
  const product = (await callApi(t.app, 'POST', '/api/v1/products', users.client.cookie, { name: 'Poncho', sku: 'PO-1', categoryId: category.id, priceCents: 4000, stock: 5, enabled: true })).json() as { id: number };
  // Slugs are made from the names.
  Object.assign(shopNames, { category: 'ropa', product: 'poncho', productId: product.id });
  for (const field of ['product', 'variant', 'quantity', 'code', 'coupon', 'website', 'altcha', 'rating', 'comment', 'authorName']) fieldNames.add(field);
  const alertId = await t.services.alerts.createAlert({ userId: users.client.id }, { trackingNumber: '1Z999AA1', carrier: 'UPS', store: 'Amazon', content: 'Zapatos', declaredValue: 4999, expectedDate: null, invoiceUpload: null });
  knownIds.push(storeId, users.client.id, users.staff.id, users.admin.id, Number(alertId), shopNames.productId);
  const revoked = await t.services.accessTokens.createAccessToken({ userId: users.client.id }, { name: 'revoked', scope: 'write', expiresIn: 'never' });
  await t.services.accessTokens.revokeAccessToken({ userId: users.client.id, id: revoked.id });
  revokedToken = revoked.token;
  // Every field name the shared schemas know, so generated forms hit real fields too.
  // (and of the kit resources' inputs, common/resources)
  for (const dir of [path.resolve('common/schemas'), path.resolve('common/resources')]) {
    for (const file of await readdir(dir)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        const schema = value as { shape?: Record<string, unknown>; input?: { shape?: Record<string, unknown> } } | null;
        const shape = schema?.shape ?? schema?.input?.shape;
        if (shape && typeof shape === 'object') for (const name of Object.keys(shape)) fieldNames.add(name);
        // The keys of the query schemas the pages parse their URL with.
        if (/Query$/.test(exported) && shape && typeof shape === 'object') for (const name of Object.keys(shape)) queryNames.add(name);
      }
    }
  }
  // Every name a loader or action reads from its URL: `searchParams.get('open')`, `.getAll(…)`, `.has(…)`.
  for (const dir of ['app', 'common', 'server']) {
    for (const file of await readdir(path.resolve(dir), { recursive: true })) {
      if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue;
      for (const match of (await readFile(path.resolve(dir, file), 'utf8')).matchAll(/searchParams\.(?:get|getAll|has)\(\s*['"]([\w-]+)['"]/g)) queryNames.add(match[1]!);
    }
  }
}, 60_000);

afterAll(() => t.dispose());

async function credentialsFor(role: Role, locale: 'es' | 'en', draw: number): Promise<Record<string, string>> {
  if (role === 'token') {
    // A fresh token every time, as sessions below: a token's rate limit must not turn the run into 429s.
    const scope = draw % 2 ? 'read' : 'write';
    const { id, token } = await t.services.accessTokens.createAccessToken({ userId: users.client!.id }, { name: 'fuzz', scope, expiresIn: 'never' });
    tokensToRevoke.push(id);
    return { cookie: `lang=${locale}`, authorization: `Bearer ${token}` };
  }
  if (role === 'bad token') {
    const headers = [`Bearer ${revokedToken}`, `Bearer ${revokedToken.slice(0, -1)}A`, 'Bearer tbx_', 'Bearer', `Basic ${Buffer.from('a:b').toString('base64')}`, `bearer  ${'x'.repeat(5000)}`, `Token ${revokedToken}`];
    return { cookie: `lang=${locale}`, authorization: headers[draw % headers.length]! };
  }
  const user = users[role as 'client' | 'staff' | 'admin'];
  // A fresh session every time: a fuzzed logout or password change must not end the rest of the run.
  return { cookie: user ? `lang=${locale}; tiendabox_session=${await createSession(t.deps, user.id)}` : `lang=${locale}` };
}
const tokensToRevoke: number[] = [];
let draws = 0;

// --- running one request -----------------------------------------------------------------------

/** `cookies`: hostile cookies sent after the role's own (the first of a repeated name counts), so the role's session still holds. */
type Sent = { role: Role; method: string; url: string; type: string; payload: string; cookies?: string };

/** A redirect's target is a path of this site (or this site's own address): never `//host`, `/\\host` or another origin. */
function leavesTheSite(location: string): boolean {
  if (/^\/(?![/\\])/.test(location) && !/[\t\n\r]/.test(location)) return false;
  try {
    return new URL(location).origin !== new URL(t.config.publicUrl).origin;
  } catch {
    return true;
  }
}

async function send(request: Sent, locale: 'es' | 'en') {
  const headers: Record<string, string> = { ...(await credentialsFor(request.role, locale, ++draws)), accept: request.url.startsWith('/api/') ? 'application/json' : 'text/html' };
  if (request.cookies) headers.cookie = `${headers.cookie}; ${request.cookies}`;
  if (request.type) headers['content-type'] = request.type;
  const response = await t.app.inject({ method: request.method as 'GET', url: request.url, headers, remoteAddress: nextClientIp(), ...(request.payload || request.type ? { payload: request.payload } : {}) });
  if (process.env.FUZZ_TRACE) console.log(response.statusCode, request.role, request.method, request.url.slice(0, 80), request.type);
  // Tokens are spent at once: a user holds only so many (ACCESS_TOKEN_MAX).
  for (const id of tokensToRevoke.splice(0)) await t.services.accessTokens.revokeAccessToken({ userId: users.client!.id, id });
  if (response.statusCode >= 500) {
    throw new Error(`${response.statusCode} for ${request.role} ${request.method} ${request.url} [${request.type}] ${JSON.stringify(request.payload.slice(0, 400))} → ${response.body.slice(0, 300)}`);
  }
  const location = response.headers.location;
  if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string' && leavesTheSite(location)) {
    throw new Error(`${response.statusCode} to ${JSON.stringify(location)} for ${request.role} ${request.method} ${JSON.stringify(request.url)}: a redirect off the site`);
  }
  // A bad token never gets an API call through (a 4xx: 401, or 400/404 when the input fails first).
  if (request.role === 'bad token' && request.url.startsWith('/api/') && response.statusCode < 400) {
    throw new Error(`${response.statusCode} for a bad token on ${request.method} ${request.url}`);
  }
}

const withQuery = (base: string, pairs: [string, string][]) => (pairs.length ? `${base}?${new URLSearchParams(pairs).toString()}` : base);

/** A seed of its own for each target and role, so they do not all draw the same inputs. */
function seedOf(text: string): number {
  let hash = SEED;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** Runs every target's property for every role and reports every failure, not only the first. */
async function fuzzAll<T>(targets: T[], label: (target: T) => string, property: (target: T, role: Role) => fc.IAsyncProperty<unknown[]>, roles: readonly Role[] = ROLES) {
  const failures: string[] = [];
  for (const target of targets) {
    if (ONLY && !ONLY.test(label(target))) continue;
    for (const role of roles) {
      const seed = seedOf(`${label(target)} ${role}`);
      try {
        await fc.assert(property(target, role), { seed, numRuns: RUNS, endOnFailure: true });
      } catch (error) {
        const cause = (error as Error).cause as Error | undefined;
        failures.push(`${label(target)} as ${role} (FUZZ_SEED=${SEED}):\n${String((error as Error).message).slice(0, 1000)}\n${cause?.message ?? ''}`);
      }
    }
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}

// The ceilings below are ten times a quiet run's time on SQLite (34 s for the forms): PostgreSQL on
// a loaded or slow machine took up to 300 s; speed is not what these tests measure.
describe('fuzzing (issue 9)', () => {
  it('finds the operations and the actions to fuzz', async () => {
    expect((await apiOperations(t.app)).length).toBeGreaterThan(10);
    expect((await formActions()).map((action) => action.path)).toEqual(expect.arrayContaining(['/user/login', '/alert']));
  });

  it('no API operation answers a 5xx to bad input, whoever sends it', async () => {
    const operations = await apiOperations(t.app);
    await fuzzAll(
      operations,
      (operation) => `${operation.method} ${operation.path}`,
      (operation, role) => {
        for (const field of operation.bodyFields) fieldNames.add(field);
        // Encoded as a client would, or raw: malformed percent-encodings and dot segments.
        const segment = fc.oneof({ weight: 5, arbitrary: id().map((value) => encodeURIComponent(value.toWellFormed())) }, { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF', '..', '%2e%2e', '%2F', '.') });
        const params = fc.tuple(...operation.pathParams.map(() => segment));
        return fc.asyncProperty(params, query(operation.queryParams), operation.hasBody ? body('json') : fc.constant({ type: '', payload: '' }), fc.constantFrom<'es' | 'en'>('es', 'en'), async (values, pairs, { type, payload }, locale) => {
          let url = operation.path;
          operation.pathParams.forEach((param, index) => {
            url = url.replace(`{${param}}`, values[index] as string);
          });
          await send({ role, method: operation.method, url: withQuery(url, pairs), type, payload }, locale);
        });
      },
    );
  }, 600_000);

  // Pages as a client who owns a store and as an admin: between them they open every loader (a
  // visitor and a token are sent to the login before any loader reads the query).
  it('no page loader answers a 5xx to any query string', async () => {
    const pages = await pageLoaders(storeSlug);
    expect(pages).toEqual(expect.arrayContaining(['/notification', '/consolidate/new', '/catalog/product']));
    await fuzzAll(
      pages,
      (page) => `GET ${page}`,
      (page, role) =>
        fc.asyncProperty(query([]), fc.constantFrom<'es' | 'en'>('es', 'en'), async (pairs, locale) => {
          const url = locale === 'en' ? `/en${page === '/' ? '' : page}` : page;
          await send({ role, method: 'GET', url: withQuery(url, pairs), type: '', payload: '' }, locale);
        }),
      ['client', 'admin'],
    );
  }, 600_000);

  // Issue 36: the storefront's routes and forms, with hostile cookies beside bad queries and bodies,
  // as a shopper and as the store's owner (whose preview is never shared). After each input a clean
  // shopper asks for the same page: a cart count drawn for a hostile cookie must never reach them.
  it('no storefront route answers a 5xx to bad input or hostile cookies, and no clean shopper sees a cart count', async () => {
    const routes = shopRoutes(t.app);
    expect(routes).toEqual(expect.arrayContaining([{ method: 'GET', path: '/shop/:slug/product/:product' }, { method: 'POST', path: '/shop/:slug/cart' }, { method: 'POST', path: '/shop/:slug/checkout' }]));
    const real = (param: string) => (param === 'slug' ? storeSlug : param === 'product' ? shopNames.product : param === 'category' ? shopNames.category : 'x');
    // Every page with the attack run's own cart shapes first (a random draw seldom lands on them):
    // the poisoned shopper's page, then a clean shopper at the same address.
    const poisons = [' ', '\t', ' =', '\t=', '; dup'].map((shape) => {
      const cart = encodeURIComponent(JSON.stringify({ l: [[shopNames.productId, 0, 999]] }));
      const name = `tb_cart_${storeId}`;
      return shape === '; dup' ? `${name}=; ${name}= ${cart}` : shape.endsWith('=') ? `${name}${shape}${cart}` : `${name}=${shape}${cart}`;
    });
    const seen: string[] = [];
    for (const route of routes.filter((each) => each.method === 'GET')) {
      for (const [index, cookies] of poisons.entries()) {
        for (const locale of ['es', 'en'] as const) {
          const at = route.path.replace(/:(\w+)/g, (_all, param: string) => real(param)).replace('*', 'x');
          const url = `${locale === 'en' ? '/en' : ''}${at}?poison=${index}`;
          await send({ role: 'anonymous', method: 'GET', url, type: '', payload: '', cookies }, locale);
          const clean = await t.app.inject({ url, headers: { cookie: `lang=${locale}`, accept: 'text/html' }, remoteAddress: nextClientIp() });
          if (clean.body.includes('<span class="cart-count">')) seen.push(`${url} after ${JSON.stringify(cookies)}`);
        }
      }
    }
    expect(seen, 'clean shoppers who saw a poisoned cart count').toEqual([]);
    const segment = (param: string) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(real(param)) },
        { weight: 1, arbitrary: id().map((value) => encodeURIComponent(value.toWellFormed())) },
        { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%C0%AF', '..', '%2e%2e', '%2F') },
      );
    await fuzzAll(
      routes,
      (route) => `${route.method} ${route.path}`,
      (route, role) => {
        const params = [...route.path.matchAll(/:(\w+)|\*/g)].map((found) => found[1] ?? '*');
        return fc.asyncProperty(fc.tuple(...params.map((param) => (param === 'slug' ? fc.constant(storeSlug) : segment(param)))), query(['code', 'q', 'page', 'sort', 'color', 'size', 'variant', 'v', 'review', 'lang']), route.method === 'POST' ? body('form') : fc.constant({ type: '', payload: '' }), fc.constantFrom<'es' | 'en'>('es', 'en'), hostileCookies(), async (values, pairs, { type, payload }, locale, cookies) => {
          let at = route.path;
          params.forEach((param, index) => {
            at = at.replace(param === '*' ? '*' : `:${param}`, values[index]!);
          });
          const url = withQuery(locale === 'en' ? `/en${at}` : at, pairs);
          await send({ role, method: route.method, url, type, payload, cookies }, locale);
          if (route.method !== 'GET') return;
          const clean = await t.app.inject({ url, headers: { cookie: `lang=${locale}`, accept: 'text/html' }, remoteAddress: nextClientIp() });
          if (clean.statusCode >= 500) throw new Error(`${clean.statusCode} for a clean shopper at ${url}`);
          if (clean.body.includes('<span class="cart-count">')) throw new Error(`a clean shopper saw a cart count at ${url} after cookies ${JSON.stringify(cookies.slice(0, 300))}`);
        });
      },
      ['anonymous', 'client'],
    );
  }, 600_000);

  // Issue 36 §1: `GET /en//evil.example?lang=es` answered `Location: //evil.example`. The switch's
  // target is built from the request's path; every shape of a host in disguise must stay on the site
  // (send() checks the Location of every redirect of every target).
  it('the language switch never redirects off the site', async () => {
    const disguise = fc.constantFrom('//', '///', '/\\', '/\\/', '\\', '/%2F', '/%2F%2F', '/%5C', '/%5C%5C', '/\t/', '/\n/', '/\r\n/', '/../', '/..//', '/%2e%2e//', '/./', '/.//', '/ /', '/%09/');
    const host = fc.constantFrom('evil.example', 'evil.example/x', 'evil.example:443/a?b', '@evil.example', 'evil.example%2F', storeSlug);
    const target = fc.tuple(fc.constantFrom('', '/en', '/en/', '/shop', `/en/shop/${storeSlug}`), disguise, host, fc.constantFrom<'es' | 'en' | ''>('es', 'en', ''), query([])).map(([prefix, slashes, to, lang, pairs]) => {
      const search = new URLSearchParams([...pairs, ...(lang ? [['lang', lang] as [string, string]] : [])]).toString();
      return `${prefix}${slashes}${to}${search ? `?${search}` : ''}`;
    });
    // Every shape once, in both languages and with each stored choice (a random draw seldom lands on one).
    for (const prefix of ['', '/en']) {
      for (const slashes of ['//', '///', '/\\', '/\\/', '\\', '/%2F%2F', '/%5C', '/\t/', '/\n/', '/\r\n/', '/..//', '/%2e%2e//', '/.//']) {
        for (const lang of ['es', 'en'] as const) {
          for (const stored of ['es', 'en'] as const) await send({ role: 'anonymous', method: 'GET', url: `${prefix}${slashes}evil.example/x?a=1&lang=${lang}`, type: '', payload: '' }, stored);
        }
      }
    }
    await fuzzAll(
      ['language switch'],
      (label) => label,
      (_label, role) =>
        fc.asyncProperty(target, fc.constantFrom<'es' | 'en'>('es', 'en'), async (url, locale) => {
          await send({ role, method: 'GET', url, type: '', payload: '' }, locale);
        }),
      ['anonymous', 'client'],
    );
  }, 600_000);

  it('no form action answers a 5xx to bad input, whoever sends it', async () => {
    const actions = await formActions();
    await fuzzAll(
      actions,
      (action) => `POST ${action.path}`,
      (action, role) =>
        fc.asyncProperty(query([]), body('form'), fc.constantFrom<'es' | 'en'>('es', 'en'), fc.boolean(), hostileCookies(), async (pairs, { type, payload }, locale, dataUrl, cookies) => {
          const page = locale === 'en' ? `/en${action.path === '/' ? '' : action.path}` : action.path;
          // Sometimes as the browser's client-side navigation sends it (React Router's `.data` URL).
          const url = dataUrl ? `${page === '/' ? '/_root' : page}.data` : page;
          await send({ role, method: 'POST', url: withQuery(url, action.index ? [['index', ''], ...pairs] : pairs), type, payload, cookies }, locale);
        }),
    );
  }, 600_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../support/factories.ts';
import { callApi, getPage } from '../support/forms.ts';
import { capturedLog } from '../support/log-lines.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 20 §7 and §8, through the built app (`npm run build` first): a method a path does not take
// is a 405 naming the ones it does; a read-only token's change is refused before its body is read;
// money goes in as it comes out (cents, basis points); and a 4xx is never an error line in the log,
// which is read here as the app writes it (pino's JSON lines).
const { stream: logStream, lines } = capturedLog();
let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  t = await createTestApp({}, { logStream });
  store = await makeStore(t);
  other = await makeStore(t);
});
afterAll(() => t.dispose());

const linesOf = (response: { headers: Record<string, unknown> }) => lines.filter((line) => line.reqId === response.headers['x-request-id']);
const bearer = (token: string, lang = 'en') => ({ authorization: `Bearer ${token}`, 'accept-language': lang, 'content-type': 'application/json' });

describe('a method the path does not take', () => {
  it('is a 405 with Allow, in the caller’s language; an unknown path stays a 404', async () => {
    const color = await callApi(t.app, 'POST', '/api/v1/colors', store.owner.cookie, { name: 'Rojo', hex: '#aa0000' });
    const id = color.json().id as number;
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/v1/colors/${id}`, headers: { cookie: store.owner.cookie, 'accept-language': 'en' }, payload: {} });
    expect(patch.statusCode).toBe(405);
    expect(patch.headers.allow).toBe('GET, HEAD, PUT, DELETE');
    expect(patch.json()).toEqual({ error: 'method_not_allowed', message: 'This address does not take the PATCH method' });
    const collection = await t.app.inject({ method: 'DELETE', url: '/api/v1/colors', headers: { cookie: store.owner.cookie } });
    expect(collection.statusCode).toBe(405);
    expect(collection.headers.allow).toBe('GET, HEAD, POST');
    expect(collection.json().message).toBe('Esta dirección no acepta el método DELETE');
    const unknown = await t.app.inject({ method: 'PATCH', url: '/api/v1/nothing-here', headers: { cookie: store.owner.cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('not_found');
  });
});

describe('a read-only token', () => {
  it('gets its 403 before any validation of the body', async () => {
    const { token } = await t.services.accessTokens.createAccessToken({ userId: store.owner.id }, { name: 'Lectura', scope: 'read', expiresIn: 'never' });
    for (const [method, url, payload] of [
      ['POST', '/api/v1/products', { name: '', priceCents: 'caro' }],
      ['POST', '/api/v1/colors', 'not json at all'],
      ['PUT', '/api/v1/colors/1', {}],
      ['DELETE', '/api/v1/colors/abc', undefined],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(token), payload: payload as never });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ error: 'read_only_token', message: 'This access token is read-only' });
    }
    // it still reads, and a write token still gets its validation errors
    expect((await t.app.inject({ url: '/api/v1/colors', headers: bearer(token) })).statusCode).toBe(200);
    const { token: write } = await t.services.accessTokens.createAccessToken({ userId: store.owner.id }, { name: 'Escritura', scope: 'write', expiresIn: 'never' });
    const invalid = await t.app.inject({ method: 'POST', url: '/api/v1/colors', headers: bearer(write), payload: { name: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('validation');
  });
});

describe('money in the API', () => {
  it('is integer cents and basis points in a body as in an answer, for products, variants and coupons', async () => {
    const category = (await callApi(t.app, 'POST', '/api/v1/categories', store.owner.cookie, { name: 'Ropa' })).json().id as number;
    const created = await callApi(t.app, 'POST', '/api/v1/products', store.owner.cookie, { name: 'Camiseta', categoryId: category, priceCents: 1999, discountBp: 1000, ivaCode: '0' });
    expect(created.statusCode, created.body).toBe(201);
    const product = (await callApi(t.app, 'GET', `/api/v1/products/${created.json().id}`, store.owner.cookie)).json();
    expect(product).toMatchObject({ priceCents: 1999, discountBp: 1000, ivaCode: '0' });
    // what a GET gives, a PUT takes back as it is
    expect((await callApi(t.app, 'PUT', `/api/v1/products/${product.id}`, store.owner.cookie, { ...product, priceCents: 2500 })).statusCode).toBe(204);
    expect((await callApi(t.app, 'GET', `/api/v1/products/${product.id}`, store.owner.cookie)).json()).toMatchObject({ priceCents: 2500, discountBp: 1000, ivaCode: '0' });
    const variant = await callApi(t.app, 'POST', '/api/v1/variants', store.owner.cookie, { productId: product.id, name: 'M', priceCents: 2600 });
    expect((await callApi(t.app, 'GET', `/api/v1/variants/${variant.json().id}`, store.owner.cookie)).json()).toMatchObject({ priceCents: 2600 });
    const coupon = await callApi(t.app, 'POST', '/api/v1/coupons', store.owner.cookie, { code: 'CINCO', discountType: 'fixed', discount: 500, minimumCents: 2000 });
    expect((await callApi(t.app, 'GET', `/api/v1/coupons/${coupon.json().id}`, store.owner.cookie)).json()).toMatchObject({ discount: 500, minimumCents: 2000 });
    // the document says so
    const document = (await t.app.inject({ url: '/api/docs/json?lang=en' })).json();
    const body = document.paths['/api/v1/products'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['priceCents', 'discountBp', 'ivaCode']));
    expect(Object.keys(body.properties)).not.toContain('price');
  });
});

describe('the log', () => {
  it('writes a 4xx with its real status at info level, never as an error of the server', async () => {
    const theirs = (await callApi(t.app, 'POST', '/api/v1/colors', other.owner.cookie, { name: 'Azul', hex: '#0000aa' })).json().id as number;
    const answers = [
      await getPage(t.app, '/catalog/color/show?id=99999999', store.owner.cookie),
      await getPage(t.app, `/catalog/color/show?id=${theirs}`, store.owner.cookie),
      await getPage(t.app, '/catalog/color/show?id=abc', store.owner.cookie),
      await callApi(t.app, 'GET', `/api/v1/colors/${theirs}`, store.owner.cookie),
      await getPage(t.app, '/no/such/page', store.owner.cookie),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      const own = linesOf(response);
      expect(own.filter((line) => Number(line.level) >= 50), JSON.stringify(own)).toEqual([]);
      expect(JSON.stringify(own)).not.toContain('Internal Server Error');
      expect(own).toContainEqual(expect.objectContaining({ level: 30, msg: 'request', status: 404 }));
    }
    // the page's own line says what the loader answered
    expect(linesOf(answers[0]!)).toContainEqual(expect.objectContaining({ level: 30, msg: 'page answered a client error', status: 404 }));
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, postForm } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// Issue 36 §2–3: the merchant's pixel frame is served only as a subframe of our own pages
// (decision 076), and the shopper's order code never reaches it: the frame is asked for without a
// referrer, and every answer at an order code's address says `Referrer-Policy: no-referrer`.
// The browser's side (what `document.referrer` holds, what a top-level open runs) is
// tests/e2e/shop-pixel.spec.ts.

const MARK = 'window.__merchantPixelRan';
let t: TestApp;
let store: TestStore;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  store = await makeStore(t);
  await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, true);
  const pixel = await callApi(t.app, 'PUT', '/api/v1/store/analytics', store.owner.cookie, { keywords: '', analyticsScript: '', pixelScript: `<script>${MARK}=1</script>` });
  expect(pixel.statusCode, pixel.body).toBe(200);
  const category = await callApi(t.app, 'POST', '/api/v1/categories', store.owner.cookie, { name: 'Ropa', enabled: true });
  const product = await callApi(t.app, 'POST', '/api/v1/products', store.owner.cookie, { name: 'Gorra', categoryId: category.json().id, priceCents: 500, ivaCode: '0', stock: 10, enabled: true });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().id;
}, 120_000);
afterAll(() => t.dispose());

const frameUrl = () => `/shop/${store.slug}/pixel-frame.html`;
/** What Chromium sends for each way of loading an address (Fetch Metadata). */
const asIframe = { 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin' };
const asTab = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', 'sec-fetch-user': '?1' };
const varies = (response: LightMyRequestResponse, header: string) => String(response.headers.vary ?? '').toLowerCase().split(/\s*,\s*/).includes(header);

describe('the pixel frame', () => {
  it('is served to an iframe of our own pages, sandboxed by its own policy', async () => {
    const framed = await t.app.inject({ url: frameUrl(), headers: asIframe });
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toContain(MARK);
    const policy = String(framed.headers['content-security-policy']);
    expect(policy).toMatch(/^sandbox allow-scripts;/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(varies(framed, 'sec-fetch-dest')).toBe(true);
  });

  it('is refused, with no merchant script, when opened as a page, embedded otherwise, or asked for without Fetch Metadata', async () => {
    const ways = [asTab, { ...asTab, 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-dest': 'embed' }, { 'sec-fetch-dest': 'object' }, { 'sec-fetch-dest': 'frame' }, {}];
    for (const headers of ways) {
      const refused = await t.app.inject({ url: frameUrl(), headers });
      const label = JSON.stringify(headers);
      expect(refused.statusCode, label).toBe(404);
      expect(refused.body, label).not.toContain(MARK);
      expect(refused.headers['content-type'], label).toMatch(/^text\/plain/);
      expect(refused.headers['x-frame-options'], label).toBe('DENY');
      expect(refused.headers['content-security-policy'], label).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(varies(refused, 'sec-fetch-dest'), label).toBe(true);
    }
    // A store that does not exist answers alike, framed or not.
    expect((await t.app.inject({ url: '/shop/no-such-store/pixel-frame.html', headers: asIframe })).statusCode).toBe(404);
  });

  it('is asked for without a referrer from every storefront page', async () => {
    const page = await t.app.inject({ url: `/shop/${store.slug}/product/gorra`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<iframe id="shop-pixel"[^>]* referrerpolicy="no-referrer"/);
  });
});

describe('the order code', () => {
  /** Places an order as a browser would: the cart's cookie from the add, then the checkout. */
  async function placeOrder() {
    const added = await postForm(t.app, `/shop/${store.slug}/cart`, { intent: 'add', product: String(productId), variant: '', quantity: '1' });
    expect(added.statusCode, added.body).toBe(303);
    const cookie = String(added.headers['set-cookie']).split(';')[0]!;
    const placed = await postForm(t.app, `/shop/${store.slug}/checkout`, { name: 'Ana Pérez', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' }, { cookie });
    expect(placed.statusCode, placed.body).toBe(303);
    const location = String(placed.headers.location);
    return { location, code: new URL(location, 'http://local.invalid').searchParams.get('code')!, cookie: String(placed.headers['set-cookie']).split(';')[0]! };
  }

  it('is never sent on as a referrer from the order page, in either language, found or not', async () => {
    const { location, code, cookie } = await placeOrder();
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const first = await t.app.inject({ url: location, headers: { accept: 'text/html', cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    // The events the frame gets on this page say which order was placed, never its code.
    const events = /data-events="([^"]*)"/.exec(first.body)![1]!;
    expect(events).toContain('checkout_completed');
    expect(events).not.toContain(code);
    for (const url of [`/en${location}`, `/shop/${store.slug}/order?code=00000000-0000-4000-8000-000000000000`, `/shop/${store.slug}/order`]) {
      const answer = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
    }
    // Other pages keep the app's policy: a shopper's path through the store is no secret.
    expect((await t.app.inject({ url: `/shop/${store.slug}`, headers: { accept: 'text/html' } })).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

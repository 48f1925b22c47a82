import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeStore } from '../support/factories.ts';

// Decision 049: a product's variants were "subproducts" in PRODUCT §3's screen paths and the first
// API. The old addresses lead to the new ones, pages by 301 and the API by 308 (method and body kept).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.dispose();
});

it('old screen addresses answer 301 to the variant screens, in both languages, with their query', async () => {
  for (const [from, to] of [
    ['/catalog/subproduct', '/catalog/variant'],
    ['/catalog/subproduct/new', '/catalog/variant/new'],
    ['/catalog/subproduct/show?id=7', '/catalog/variant/show?id=7'],
    ['/en/catalog/subproduct?q=azul&page=2', '/en/catalog/variant?q=azul&page=2'],
  ]) {
    const response = await t.app.inject({ url: from });
    expect(response.statusCode, from).toBe(301);
    expect(response.headers.location).toBe(to);
  }
  // Only the whole segment: a path that merely starts alike is not renamed.
  expect((await t.app.inject({ url: '/catalog/subproducts-of-mine' })).statusCode).not.toBe(301);
});

it('old API addresses answer 308 to the variants API, and a client that follows gets the same answer', async () => {
  const { owner } = await makeStore(t);
  const headers = { cookie: owner.cookie, accept: 'application/json' };
  const list = await t.app.inject({ url: '/api/v1/subproducts?limit=5', headers });
  expect(list.statusCode).toBe(308);
  expect(list.headers.location).toBe('/api/v1/variants?limit=5');
  const followed = await t.app.inject({ url: list.headers.location as string, headers });
  expect(followed.statusCode, followed.body).toBe(200);

  const post = await t.app.inject({ method: 'POST', url: '/api/v1/subproducts', headers, payload: {} });
  expect(post.statusCode).toBe(308);
  expect(post.headers.location).toBe('/api/v1/variants');
  const ofProduct = await t.app.inject({ url: '/api/v1/products/12/subproducts', headers });
  expect(ofProduct.statusCode).toBe(308);
  expect(ofProduct.headers.location).toBe('/api/v1/products/12/variants');
});

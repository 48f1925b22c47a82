import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../support/factories.ts';
import { callApi } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';

// Issue 36 §8, decision 079: with TRUST_PROXY=1 (Caddy on this host) the client is the hop the proxy
// saw, the right end of X-Forwarded-For; what a client writes to its left never makes it someone
// else. The attack run changed the left end of `203.0.113.N, 127.0.0.1` and posted 15 of 15 reviews
// past the limit of 10. The review limit is taken before the form is read, so empty posts count.
let t: TestApp;
let store: TestStore;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  store = await makeStore(t, { name: 'Tienda Proxy' });
  await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, true);
  const category = await callApi(t.app, 'POST', '/api/v1/categories', store.owner.cookie, { name: 'Ropa', enabled: true });
  const product = await callApi(t.app, 'POST', '/api/v1/products', store.owner.cookie, { name: 'Poncho', sku: 'PO-1', categoryId: category.json().id, priceCents: 4000, stock: 2, enabled: true });
  expect(product.statusCode, product.body).toBe(201);
}, 60_000);
afterAll(() => t.dispose());

const review = (forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: `/shop/${store.slug}/product/poncho/review`,
    payload: 'authorName=',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=es', 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY=1 (one proxy, Caddy on this host)', () => {
  it.each([
    ['the proxy on this host', '127.0.0.1'],
    ['a shopper the proxy saw', '198.51.100.7'],
  ])('keeps one client behind %s in one rate-limit bucket, whatever it writes to the left of X-Forwarded-For', async (_who, seen) => {
    const statuses: number[] = [];
    for (let n = 1; n <= LIMITS.reviewPerIp.max + 5; n++) statuses.push((await review(`203.0.113.${n}, ${seen}`)).statusCode);
    expect(statuses.slice(0, LIMITS.reviewPerIp.max)).not.toContain(429);
    expect(statuses.slice(LIMITS.reviewPerIp.max)).toEqual(Array(5).fill(429));
  });

  it('still tells the shoppers the proxy saw apart', async () => {
    expect((await review('203.0.113.1, 198.51.100.8')).statusCode).not.toBe(429);
  });
});

describe('a client that reaches the app directly', () => {
  it('is its own address, whatever X-Forwarded-For it writes: a public peer is never a proxy', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= LIMITS.reviewPerIp.max + 2; n++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/shop/${store.slug}/product/poncho/review`,
        payload: 'authorName=',
        remoteAddress: '192.0.2.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=es', 'x-forwarded-for': `203.0.113.${n}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(LIMITS.reviewPerIp.max)).toEqual([429, 429]);
  });
});

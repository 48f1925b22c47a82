import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, getPage } from '../../../tests/support/forms.ts';
import { expectOtherStoreNotFound, type TwoStores, twoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { submitReview } from './review.service.ts';

// Reviews (issue 11 §5): shoppers' reviews wait pending, the owner approves or rejects them, and the
// store's rating is the average of the approved ones (needs `npm run build` first).
let t: TestApp;
let stores: TwoStores;
beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);

let categories = 0;
async function productOf(store: TestStore): Promise<number> {
  const category = (await api('POST', '/api/v1/categories', store.owner.cookie, { name: `Ropa ${(categories += 1)}` })).json().id;
  const response = await api('POST', '/api/v1/products', store.owner.cookie, { name: `Camiseta ${categories}`, categoryId: category, priceCents: 1000 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}
const rating = async (store: TestStore) => (await api('GET', '/api/v1/store', store.owner.cookie)).json().rating as number;

describe('reviews', () => {
  it('keeps the store rating at the average of approved reviews through approve, reject and delete', async () => {
    const store = await makeStore(t);
    const product = await productOf(store);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const five = await submitReview(t.deps, scope, { productId: product, authorName: 'Ana', email: 'ana@example.com', rating: 5, comment: 'Excelente' });
    const four = await submitReview(t.deps, scope, { productId: product, authorName: 'Beto', email: 'beto@example.com', rating: 4, comment: '' });
    const one = await submitReview(t.deps, scope, { productId: product, authorName: 'Ceci', email: 'ceci@example.com', rating: 1, comment: 'Mala' });
    expect((await api('GET', `/api/v1/reviews/${five}`, store.owner.cookie)).json().status).toBe('pending');
    expect(await rating(store)).toBe(0);

    const moderate = (id: number, status: string, stars: number, author: string) => api('PUT', `/api/v1/reviews/${id}`, store.owner.cookie, { productId: product, authorName: author, email: `${author.toLowerCase()}@example.com`, rating: stars, status });
    expect((await moderate(five, 'approved', 5, 'Ana')).statusCode).toBe(204);
    expect((await moderate(four, 'approved', 4, 'Beto')).statusCode).toBe(204);
    expect((await moderate(one, 'rejected', 1, 'Ceci')).statusCode).toBe(204);
    expect(await rating(store)).toBe(4.5);
    expect(((await api('GET', '/api/v1/reviews?status=pending', store.owner.cookie)).json().total)).toBe(0);
    expect(((await api('GET', '/api/v1/reviews?status=approved', store.owner.cookie)).json().total)).toBe(2);

    expect((await api('DELETE', `/api/v1/reviews/${four}`, store.owner.cookie)).statusCode).toBe(204);
    expect(await rating(store)).toBe(5);
    const list = await getPage(t.app, '/catalog/review', store.owner.cookie);
    expect(list.body).toContain('Camiseta');
    expect(list.body).toContain('aria-label="5 de 5"');
  });

  it('refuses a rating outside 1–5 and another store’s product, in the caller’s language', async () => {
    const store = await makeStore(t);
    const product = await productOf(store);
    const bad = await api('POST', '/api/v1/reviews', store.owner.cookie, { productId: product, authorName: 'X', email: 'x@example.com', rating: 6 }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ rating: 'Choose 1 to 5 stars' });
    const theirs = await productOf(stores.b);
    const cross = await api('POST', '/api/v1/reviews', store.owner.cookie, { productId: theirs, authorName: 'X', email: 'x@example.com', rating: 5 });
    expect(cross.statusCode).toBe(422);
    expect(Object.keys(cross.json().fields)).toEqual(['productId']);
  });

  it("gives store A's owner a 404 for store B's review everywhere", async () => {
    const product = await productOf(stores.b);
    const scope = (await ownStoreScope(t.deps, { userId: stores.b.owner.id }))!;
    const id = await submitReview(t.deps, scope, { productId: product, authorName: 'Ana', email: 'ana@example.com', rating: 5, comment: '' });
    await expectOtherStoreNotFound(t.app, stores.a.owner, {
      pages: [`/catalog/review/show?id=${id}`, `/en/catalog/review/show?id=${id}`],
      actions: [{ url: `/catalog/review/show?id=${id}`, fields: { intent: 'delete' } }],
      records: [{ path: '/api/v1/reviews/{id}', id, body: { productId: product, authorName: 'Ana', email: 'ana@example.com', rating: 1, status: 'rejected' } }],
    });
  });
});

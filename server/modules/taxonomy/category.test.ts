import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '#common/i18n/all-languages.ts';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, postForm } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { acceptUpload, claimStoreUpload } from '#server/modules/upload/upload.service.ts';
import { tinyPng } from '#server/modules/upload/upload.fixtures.ts';

// Deleting a category or a product (issue 11 §3, seed §4): the confirmation says how many records
// go with it, in both languages, and the delete really takes exactly those — and the store's
// rating stops counting the reviews that went. Needs `npm run build` first.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

async function create(store: TestStore, url: string, input: object): Promise<number> {
  const response = await callApi(t.app, 'POST', url, store.owner.cookie, input);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().id as number;
}

/** The store's rows of each catalog table, counted by name (raw SQL: a test's own look, pinned to the store). */
async function rows(storeId: number) {
  const count: Record<string, number> = {};
  for (const table of ['category', 'subcategory', 'product', 'variant', 'review', 'product_image']) {
    const { rows: [row] } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where store_id = ${storeId}`.execute(t.db);
    count[table] = Number(row?.n ?? 0);
  }
  return count;
}

/** A product image (the images' screens come with their own issue; the row is what a delete must take). */
async function addImage(store: TestStore, productId: number) {
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  const upload = await acceptUpload(t.deps, { userId: store.owner.id, name: 'foto.png', data: await tinyPng(40, 40), kinds: ['png'] });
  await claimStoreUpload(t.deps, scope, { userId: store.owner.id, uploadId: upload.id });
  await t.db.insertInto('productImage').values({ storeId: store.id, productId, uploadId: upload.id, position: 0 }).execute();
}

/** A category "Ropa" with a subcategory, two products (three variants, two approved 5-star reviews, an image), and a category "Hogar" with a 1-star review. */
async function catalog(store: TestStore) {
  const ropa = await create(store, '/api/v1/categories', { name: 'Ropa' });
  await create(store, '/api/v1/subcategories', { categoryId: ropa, name: 'Camisetas' });
  const shirt = await create(store, '/api/v1/products', { name: 'Camiseta', categoryId: ropa, priceCents: 1000 });
  const cap = await create(store, '/api/v1/products', { name: 'Gorra', categoryId: ropa, priceCents: 800 });
  for (const name of ['S', 'M']) await create(store, '/api/v1/variants', { productId: shirt, name, priceCents: 1000, stock: 1 });
  await create(store, '/api/v1/variants', { productId: cap, name: 'Única', priceCents: 800 });
  for (const productId of [shirt, cap]) await create(store, '/api/v1/reviews', { productId, authorName: 'Ana', email: 'ana@example.com', rating: 5, status: 'approved' });
  await addImage(store, shirt);
  const hogar = await create(store, '/api/v1/categories', { name: 'Hogar' });
  const mug = await create(store, '/api/v1/products', { name: 'Taza', categoryId: hogar, priceCents: 500 });
  await create(store, '/api/v1/reviews', { productId: mug, authorName: 'Luis', email: 'luis@example.com', rating: 1, status: 'approved' });
  return { ropa, shirt, hogar };
}

const rating = async (store: TestStore) => (await callApi(t.app, 'GET', '/api/v1/store', store.owner.cookie)).json().rating as number;

/** The counts as the record screen puts them in its message: phrases with the language's plural. */
const counted = (locale: 'es' | 'en', cascade: Record<string, number>) =>
  Object.fromEntries(Object.entries(cascade).map(([kind, count]) => [kind, translator(locale)(`bulk.cascade.${kind}` as never, { count } as never)]));

describe('deleting a category', () => {
  it('says how many subcategories, products, variants, reviews and images go, in both languages', async () => {
    const store = await makeStore(t);
    const { ropa } = await catalog(store);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const cascade = await t.services.resources.category.cascade(scope, ropa);
    expect(cascade).toEqual({ subcategories: 1, products: 2, variants: 3, reviews: 2, images: 1 });
    expect(translator('es')('catalog.category.deleteMessage', counted('es', cascade) as never)).toBe('También se eliminará lo que contiene: 1 subcategoría y 2 productos, con 3 variantes, 2 reseñas y 1 imagen. Esta acción no se puede deshacer.');
    expect(translator('en')('catalog.category.deleteMessage', counted('en', cascade) as never)).toBe('What it holds is deleted too: 1 subcategory and 2 products, with 3 variants, 2 reviews and 1 image. This cannot be undone.');
    // what the screen's confirmation is given: the same counts, in the record screen's data
    const data = await t.app.inject({ url: `/en/catalog/category/show.data?id=${ropa}`, headers: { cookie: `lang=en; ${store.owner.cookie}` } });
    expect(data.statusCode).toBe(200);
    for (const key of Object.keys(cascade)) expect(data.body).toContain(`"${key}"`);
  });

  it('takes exactly those with it, and the store’s rating stops counting their reviews', async () => {
    const store = await makeStore(t);
    const { ropa } = await catalog(store);
    expect(await rating(store)).toBe(3.7);
    const deleted = await postForm(t.app, `/catalog/category/show?id=${ropa}`, { intent: 'delete' }, { cookie: `lang=es; ${store.owner.cookie}` });
    expect(deleted.headers.location).toBe('/catalog/category?notice=deleted');
    expect(await rows(store.id)).toEqual({ category: 1, subcategory: 0, product: 1, variant: 0, review: 1, product_image: 0 });
    expect(await rating(store)).toBe(1);
  });
});

describe('deleting a product', () => {
  it('says how many variants and reviews go, takes them, and the rating follows', async () => {
    const store = await makeStore(t);
    const { shirt } = await catalog(store);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const cascade = await t.services.resources.product.cascade(scope, shirt);
    expect(cascade).toMatchObject({ variants: 2, reviews: 1 });
    expect(translator('es')('catalog.product.deleteMessage', counted('es', cascade) as never)).toContain('junto con 2 variantes y 1 reseña');
    expect(translator('en')('catalog.product.deleteMessage', counted('en', cascade) as never)).toContain('2 variants and 1 review');
    expect((await callApi(t.app, 'DELETE', `/api/v1/products/${shirt}`, store.owner.cookie)).statusCode).toBe(204);
    expect(await rows(store.id)).toEqual({ category: 2, subcategory: 1, product: 2, variant: 1, review: 2, product_image: 0 });
    expect(await rating(store)).toBe(3);
  });
});

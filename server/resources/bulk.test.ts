import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../tests/support/forms.ts';
import { multipart } from '../../tests/support/multipart.ts';
import { type TwoStores, twoStores } from '../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { cascadeMany } from '#server/modules/product/product.service.ts';
import { submitReview } from '#server/modules/review/review.service.ts';

// The lists' bulk actions (issue 11 §8), on the kit's service, its API and its list pages: all or
// nothing, store-scoped (another store's ids are left alone), deletes with what they cascade and
// the files they free, reviews' moderation with the store's rating (needs `npm run build` first).
let t: TestApp;
let stores: TwoStores;
beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);
const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });

async function create(store: TestStore, url: string, body: object): Promise<number> {
  const response = await api('POST', url, store.owner.cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}
const colorOf = (store: TestStore, name: string) => create(store, '/api/v1/colors', { name, hex: '#123456', enabled: true });
const enabledOf = async (store: TestStore, id: number) => (await api('GET', `/api/v1/colors/${id}`, store.owner.cookie)).json().enabled as boolean;

describe('bulk actions through the API', () => {
  it('disables and enables the caller’s records only, counting those it changed', async () => {
    const store = await makeStore(t);
    const [red, blue] = [await colorOf(store, 'Rojo'), await colorOf(store, 'Azul')];
    const theirs = await colorOf(stores.b, `Verde ${store.id}`);
    const off = await api('POST', '/api/v1/colors/bulk', store.owner.cookie, { action: 'disable', ids: [red, blue, theirs] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ action: 'disable', changed: 2 });
    expect([await enabledOf(store, red), await enabledOf(store, blue), await enabledOf(stores.b, theirs)]).toEqual([false, false, true]);
    expect((await api('GET', '/api/v1/colors?status=disabled', store.owner.cookie)).json().total).toBe(2);

    expect((await api('POST', '/api/v1/colors/bulk', store.owner.cookie, { action: 'enable', ids: [red, red] })).json()).toEqual({ action: 'enable', changed: 1 });
    expect(await enabledOf(store, red)).toBe(true);
  });

  it('answers 404 and changes nothing when none of the ids is the caller’s', async () => {
    const store = await makeStore(t);
    const theirs = await colorOf(stores.b, `Negro ${store.id}`);
    for (const action of ['disable', 'delete']) {
      const response = await api('POST', '/api/v1/colors/bulk', store.owner.cookie, { action, ids: [theirs, 999_999] });
      expect(response.statusCode, action).toBe(404);
    }
    expect(await enabledOf(stores.b, theirs)).toBe(true);
  });

  it('refuses a body it cannot act on with a 400 and a message in the caller’s language', async () => {
    const store = await makeStore(t);
    const cases: [object, string, Record<string, string>][] = [
      [{ action: 'disable', ids: [] }, 'es', { ids: 'Selecciona al menos un registro' }],
      [{ action: 'disable', ids: Array.from({ length: 101 }, (_, index) => index + 1) }, 'en', { ids: 'Select at most 100 records at a time' }],
      [{ action: 'explode', ids: [1] }, 'en', { action: 'This action does not exist for these records' }],
      // A color has no "featured": only the resource's own actions exist.
      [{ action: 'feature', ids: [1] }, 'es', { action: 'Esta acción no existe para estos registros' }],
      [{ action: 'delete', ids: ['uno'] }, 'en', { ids: 'The chosen records are not valid' }],
    ];
    for (const [body, lang, fields] of cases) {
      const response = await api('POST', '/api/v1/colors/bulk', store.owner.cookie, body, lang);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields, JSON.stringify(body)).toEqual(fields);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('is described in the OpenAPI document with its body, its answer and its errors', async () => {
    const document = (await t.app.inject('/api/docs/json')).json();
    const operation = document.paths['/api/v1/reviews/bulk'].post;
    expect(operation).toMatchObject({ operationId: 'bulk_review', tags: ['review'] });
    const body = operation.requestBody.content['application/json'].schema;
    expect(body.properties.action.enum).toEqual(['approve', 'reject', 'delete']);
    expect(body.properties.ids).toMatchObject({ type: 'array', minItems: 1, maxItems: 100 });
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(document.paths['/api/v1/colors/bulk'].post.requestBody.content['application/json'].schema.properties.action.enum).toEqual(['enable', 'disable', 'delete']);
  });

  it('features products and publishes pages with their own actions', async () => {
    const store = await makeStore(t);
    const category = await create(store, '/api/v1/categories', { name: 'Ropa' });
    const shirt = await create(store, '/api/v1/products', { name: 'Camiseta', categoryId: category, priceCents: 1000 });
    const cap = await create(store, '/api/v1/products', { name: 'Gorra', categoryId: category, priceCents: 500 });
    expect((await api('POST', '/api/v1/products/bulk', store.owner.cookie, { action: 'feature', ids: [shirt, cap] })).json().changed).toBe(2);
    expect((await api('POST', '/api/v1/products/bulk', store.owner.cookie, { action: 'unfeature', ids: [cap] })).json().changed).toBe(1);
    const featured = (await api('GET', '/api/v1/products?featured=featured', store.owner.cookie)).json();
    expect(featured.rows.map((row: { name: string }) => row.name)).toEqual(['Camiseta']);

    const about = await create(store, '/api/v1/pages', { title: 'Quiénes somos', content: '<p>Hola</p>', published: true });
    expect((await api('POST', '/api/v1/pages/bulk', store.owner.cookie, { action: 'unpublish', ids: [about] })).json()).toEqual({ action: 'unpublish', changed: 1 });
    expect((await api('GET', `/api/v1/pages/${about}`, store.owner.cookie)).json().published).toBe(false);
    expect((await api('POST', '/api/v1/pages/bulk', store.owner.cookie, { action: 'disable', ids: [about] })).statusCode).toBe(400);
  });

  it('deletes products with their variants and reviews, and counts them first for the confirmation', async () => {
    const store = await makeStore(t);
    const category = await create(store, '/api/v1/categories', { name: 'Hogar' });
    const cup = await create(store, '/api/v1/products', { name: 'Taza', categoryId: category, priceCents: 400 });
    const plate = await create(store, '/api/v1/products', { name: 'Plato', categoryId: category, priceCents: 600 });
    const kept = await create(store, '/api/v1/products', { name: 'Vaso', categoryId: category, priceCents: 300 });
    await create(store, '/api/v1/variants', { productId: cup, name: 'Taza roja', priceCents: 400, stock: 2 });
    await create(store, '/api/v1/variants', { productId: plate, name: 'Plato hondo', priceCents: 600, stock: 1 });
    await create(store, '/api/v1/reviews', { productId: plate, authorName: 'Ana', email: 'ana@example.com', rating: 5, status: 'pending' });

    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const otherScope = (await ownStoreScope(t.deps, { userId: stores.b.owner.id }))!;
    expect(await cascadeMany(t.deps, scope, [cup, plate])).toEqual({ variants: 2, reviews: 1 });
    expect(await cascadeMany(t.deps, otherScope, [cup, plate])).toEqual({});

    const gone = await api('POST', '/api/v1/products/bulk', store.owner.cookie, { action: 'delete', ids: [cup, plate] });
    expect(gone.json()).toEqual({ action: 'delete', changed: 2 });
    const left = (await api('GET', '/api/v1/products', store.owner.cookie)).json();
    expect(left.rows.map((row: { id: number }) => row.id)).toEqual([kept]);
    expect((await api('GET', '/api/v1/variants', store.owner.cookie)).json().total).toBe(0);
    expect((await api('GET', '/api/v1/reviews', store.owner.cookie)).json().total).toBe(0);
  });

  it('removes the deleted banners’ images from the disk', async () => {
    const store = await makeStore(t);
    const image = await sharp({ create: { width: 1920, height: 768, channels: 3, background: '#1c9283' } }).png().toBuffer();
    const banner = async () => {
      const { payload, contentType } = multipart([{ name: 'purpose', value: 'banner' }, { name: 'file', filename: 'b.png', data: image, type: 'image/png' }]);
      const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: `lang=es; ${store.owner.cookie}` } });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const imageId = uploaded.json().id as string;
      const id = await create(store, '/api/v1/banners', { imageId, link: '/', enabled: true });
      const { storageKey } = await t.db.selectFrom('upload').select('storageKey').where('id', '=', imageId).executeTakeFirstOrThrow();
      return { id, storageKey };
    };
    const [one, two] = [await banner(), await banner()];
    expect(await t.deps.storage.read(one.storageKey)).not.toBeNull();
    expect((await api('POST', '/api/v1/banners/bulk', store.owner.cookie, { action: 'delete', ids: [one.id, two.id] })).json().changed).toBe(2);
    expect(await t.deps.storage.read(one.storageKey)).toBeNull();
    expect(await t.deps.storage.read(two.storageKey)).toBeNull();
    expect(await t.db.selectFrom('upload').select('id').where('storageKey', 'in', [one.storageKey, two.storageKey]).execute()).toEqual([]);
  });
});

describe('review moderation', () => {
  it('approves and rejects many at once, recomputing the store’s rating each time', async () => {
    const store = await makeStore(t);
    const category = await create(store, '/api/v1/categories', { name: 'Ropa' });
    const product = await create(store, '/api/v1/products', { name: 'Camiseta', categoryId: category, priceCents: 1000 });
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const review = (author: string, rating: number) => submitReview(t.deps, scope, { productId: product, authorName: author, email: `${author.toLowerCase()}@example.com`, rating, comment: '' });
    const [five, four, one] = [await review('Ana', 5), await review('Beto', 4), await review('Ceci', 1)];
    const rating = async () => (await api('GET', '/api/v1/store', store.owner.cookie)).json().rating as number;

    expect((await api('POST', '/api/v1/reviews/bulk', store.owner.cookie, { action: 'approve', ids: [five, four, one] })).json()).toEqual({ action: 'approve', changed: 3 });
    expect(await rating()).toBe(3.3);
    expect((await api('POST', '/api/v1/reviews/bulk', store.owner.cookie, { action: 'reject', ids: [one] })).json().changed).toBe(1);
    expect(await rating()).toBe(4.5);
    // One from its own screen: the record's approve button posts the same action for its id.
    const screen = await form(`/en/catalog/review/show?id=${one}`, store.owner.cookie, { intent: 'bulk', action: 'approve' });
    expect(screen.statusCode).toBe(302);
    expect(screen.headers.location).toBe(`/en/catalog/review/show?id=${one}&notice=updated`);
    expect(await rating()).toBe(3.3);
    expect((await api('POST', '/api/v1/reviews/bulk', store.owner.cookie, { action: 'delete', ids: [four, one] })).json().changed).toBe(2);
    expect(await rating()).toBe(5);
    // Deleting the product takes its reviews along, and the rating with them.
    expect((await api('POST', '/api/v1/products/bulk', store.owner.cookie, { action: 'delete', ids: [product] })).json().changed).toBe(1);
    expect(await rating()).toBe(0);
  });
});

describe('bulk actions on the list page', () => {
  it('acts on the selected rows and comes back to the same list with the count for the toast', async () => {
    const store = await makeStore(t);
    const [red, blue] = [await colorOf(store, 'Rojo'), await colorOf(store, 'Azul')];
    const theirs = await colorOf(stores.b, `Gris ${store.id}`);
    const off = await form('/catalog/color?q=o&sort=name&dir=asc', store.owner.cookie, { intent: 'bulk', action: 'disable', ids: `${red},${blue},${theirs}` });
    expect(off.statusCode, off.body).toBe(302);
    expect(off.headers.location).toBe('/catalog/color?q=o&sort=name&dir=asc&notice=bulkUpdated&count=2');
    expect(await enabledOf(stores.b, theirs)).toBe(true);

    const gone = await form('/en/catalog/color', store.owner.cookie, { intent: 'bulk', action: 'delete', ids: `${red},${blue}` });
    expect(gone.headers.location).toBe('/en/catalog/color?notice=bulkDeleted&count=2');
    const list = await getPage(t.app, '/en/catalog/color?notice=bulkDeleted&count=2', store.owner.cookie);
    expect(list.body).toContain('2 records deleted');
    expect(list.body).toContain('No records found');
  });

  it('refuses what it cannot do in the page’s language, and another store’s records are not found', async () => {
    const store = await makeStore(t);
    const none = await form('/catalog/color', store.owner.cookie, { intent: 'bulk', action: 'disable', ids: '' });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Selecciona al menos un registro');
    const unknown = await form('/en/catalog/color', store.owner.cookie, { intent: 'bulk', action: 'approve', ids: '1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('This action does not exist for these records');
    const theirs = await colorOf(stores.b, `Café ${store.id}`);
    expect((await form('/catalog/color', store.owner.cookie, { intent: 'bulk', action: 'delete', ids: String(theirs) })).statusCode).toBe(404);
    expect(await enabledOf(stores.b, theirs)).toBe(true);
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, TEST_PASSWORD, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, nextClientIp } from '../../../tests/support/forms.ts';
import { multipart } from '../../../tests/support/multipart.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { deleteStore } from '#server/modules/store/store.service.ts';
import { variantKeys } from '#server/modules/upload/image-variants.ts';
import { minimalPdf } from '#server/modules/upload/upload.fixtures.ts';

// Catalog images (issue 11 §7, §1–§3): a product's gallery in order, one image on a variant, a
// brand, a category and a subcategory — each checked by content and given WebP variants, refused
// when it is not the owner's unclaimed upload, and gone from disk (original and variants) with
// whatever stops using it. Runs with the store guard on, on SQLite and PostgreSQL.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);
const png = (width = 800, height = 600, background = '#1c9283') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

async function uploadImage(store: TestStore, data?: Buffer, purpose = 'catalog') {
  const { payload, contentType } = multipart([{ name: 'purpose', value: purpose }, { name: 'file', filename: 'foto.png', data: data ?? (await png()), type: 'image/png' }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: store.owner.cookie } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}
/** `count` fresh uploads (typed as a tuple so destructuring gives strings). */
const uploadImages = async (store: TestStore, count: number) => (await Promise.all(Array.from({ length: count }, () => uploadImage(store)))) as [string, string, string, string, string, ...string[]];

async function create(store: TestStore, url: string, input: object): Promise<number> {
  const response = await api('POST', url, store.owner.cookie, input);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().id as number;
}
const category = (store: TestStore, input: object = {}) => create(store, '/api/v1/categories', { name: `Ropa ${Math.random()}`, enabled: true, ...input });
const product = async (store: TestStore, input: object = {}) => create(store, '/api/v1/products', { name: `Camiseta ${Math.random()}`, categoryId: await category(store), priceCents: 1000, ...input });

const keyOf = async (uploadId: string) => (await t.db.selectFrom('upload').select('storageKey').where('id', '=', uploadId).executeTakeFirstOrThrow()).storageKey;
/** Whether the original and each of its variant names is on disk. */
const filesOf = async (key: string) => Promise.all([key, ...variantKeys(key)].map(async (name) => (await t.deps.storage.read(name)) !== null));
const gone = [false, false, false, false, false];
/** The original and the 320 and 640 px variants of an 800 px wide image (1280 and 1920 would enlarge it). */
const kept = [true, true, true, false, false];

describe('a product’s gallery', () => {
  it('keeps the images in the order sent, answers their ids and WebP addresses, and reorders on save', async () => {
    const store = await makeStore(t);
    const [a, b, c] = await uploadImages(store, 3);
    const id = await product(store, { imageIds: [a, b, c] });
    const saved = (await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json();
    expect(saved.imageIds).toEqual([a, b, c]);
    expect(saved.images).toEqual([a, b, c].map((upload) => ({ id: upload, url: `/media/${store.id}/${upload}/w320.webp` })));
    const thumbnail = await t.app.inject({ method: 'GET', url: saved.images[0].url, headers: { cookie: store.owner.cookie } });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(320);
    for (const upload of [a, b, c]) expect(await filesOf(await keyOf(upload))).toEqual(kept);

    expect((await api('PUT', `/api/v1/products/${id}`, store.owner.cookie, { ...saved, priceCents: 1000, imageIds: [c, a, b] })).statusCode).toBe(204);
    const listed = (await api('GET', '/api/v1/products', store.owner.cookie)).json().rows.find((row: { id: number }) => row.id === id);
    expect(listed.imageIds).toEqual([c, a, b]);
  });

  it('removes a dropped image from disk, and the whole gallery with its variants’ images when the product is deleted', async () => {
    const store = await makeStore(t);
    const [a, b] = await uploadImages(store, 2);
    const id = await product(store, { imageIds: [a, b] });
    const [keyA, keyB] = [await keyOf(a), await keyOf(b)];
    const saved = (await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json();
    expect((await api('PUT', `/api/v1/products/${id}`, store.owner.cookie, { ...saved, priceCents: 1000, imageIds: [b] })).statusCode).toBe(204);
    expect(await filesOf(keyA)).toEqual(gone);
    expect(await filesOf(keyB)).toEqual(kept);

    const variantImage = await uploadImage(store);
    await create(store, '/api/v1/variants', { productId: id, name: 'Roja', priceCents: 1000, imageId: variantImage });
    const variantKey = await keyOf(variantImage);
    expect(await filesOf(variantKey)).toEqual(kept);
    expect((await api('DELETE', `/api/v1/products/${id}`, store.owner.cookie)).statusCode).toBe(204);
    expect(await filesOf(keyB)).toEqual(gone);
    expect(await filesOf(variantKey)).toEqual(gone);
    expect(await t.db.selectFrom('upload').select('id').where('id', 'in', [a, b, variantImage]).execute()).toEqual([]);
  });

  it('refuses more than 10 images, with the message in the caller’s language, and keeps the gallery', async () => {
    const store = await makeStore(t);
    const ids = await uploadImages(store, 11);
    const categoryId = await category(store);
    const refused = await api('POST', '/api/v1/products', store.owner.cookie, { name: 'Muchas', categoryId, priceCents: 100, imageIds: ids }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ imageIds: 'A product has at most 10 images' });
    const id = await product(store, { imageIds: ids.slice(0, 10) });
    expect((await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json().imageIds).toHaveLength(10);
  });

  it('refuses another user’s upload, an id used elsewhere, an unknown id and a PDF as a field error, attaching nothing', async () => {
    const store = await makeStore(t);
    const other = await makeStore(t);
    const foreign = await uploadImage(other);
    const used = await uploadImage(store);
    await product(store, { imageIds: [used] });
    const pdf = await uploadImage(store, minimalPdf(), 'attachment');
    const categoryId = await category(store);
    for (const imageId of [foreign, used, '00000000-0000-4000-8000-000000000000', pdf]) {
      const fresh = await uploadImage(store);
      const response = await api('POST', '/api/v1/products', store.owner.cookie, { name: `Intruso ${imageId}`, categoryId, priceCents: 100, imageIds: [fresh, imageId] });
      expect(response.statusCode, imageId).toBe(400);
      expect(Object.keys(response.json().fields), imageId).toEqual(['imageIds']);
      // Nothing half-saved: no product, and the good upload of the same request still unclaimed.
      expect((await api('GET', `/api/v1/products?q=${encodeURIComponent('Intruso')}`, store.owner.cookie)).json().total).toBe(0);
      expect((await t.db.selectFrom('upload').select('claimed').where('id', '=', fresh).executeTakeFirstOrThrow()).claimed).toBe(0);
    }
    // The other store's owner's upload is still theirs, unclaimed.
    expect((await t.db.selectFrom('upload').select(['claimed', 'userId']).where('id', '=', foreign).executeTakeFirstOrThrow())).toEqual({ claimed: 0, userId: other.owner.id });
  });

  it('saves the gallery from the product form, in order, and keeps it when the form is refused', async () => {
    const store = await makeStore(t);
    const [a, b] = await uploadImages(store, 2);
    const categoryId = await category(store);
    const cookie = `lang=es; ${store.owner.cookie}`;
    const body = new URLSearchParams({ name: 'Gorra', categoryId: String(categoryId), price: '', ivaCode: '4' });
    body.set('imageIds', `${b},${a}`);
    // The gallery field sends `imageIds` as one field, the ids comma-separated in order.
    const post = () => t.app.inject({ method: 'POST', url: '/catalog/product/new', remoteAddress: nextClientIp(), payload: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie } });
    const refused = await post();
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(`${b},${a}`);
    body.set('price', '5');
    const created = await post();
    expect(created.statusCode, created.body.slice(0, 300)).toBe(302);
    const id = Number(new URL(created.headers.location as string, 'http://x').searchParams.get('id'));
    expect((await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json().imageIds).toEqual([b, a]);
  });
});

describe('single images: variant, brand, category, subcategory', () => {
  it('claims, replaces and removes the image of each, leaving no file behind', async () => {
    const store = await makeStore(t);
    const categoryId = await category(store);
    const productId = await product(store);
    const cases: [string, object][] = [
      ['/api/v1/brands', { name: 'Andina', enabled: true }],
      ['/api/v1/categories', { name: 'Hogar', enabled: true }],
      ['/api/v1/subcategories', { categoryId, name: 'Tazas', enabled: true }],
      ['/api/v1/variants', { productId, name: 'Azul', priceCents: 300 }],
    ];
    for (const [url, input] of cases) {
      const first = await uploadImage(store);
      const id = await create(store, url, { ...input, imageId: first });
      const record = (await api('GET', `${url}/${id}`, store.owner.cookie)).json();
      expect(record, url).toMatchObject({ imageId: first, imageUrl: `/media/${store.id}/${first}/w320.webp` });
      const firstKey = await keyOf(first);
      expect(await filesOf(firstKey), url).toEqual(kept);

      const second = await uploadImage(store);
      expect((await api('PUT', `${url}/${id}`, store.owner.cookie, { ...input, imageId: second })).statusCode, url).toBe(204);
      expect(await filesOf(firstKey), url).toEqual(gone);
      const secondKey = await keyOf(second);
      // Saving again with the same image keeps it.
      expect((await api('PUT', `${url}/${id}`, store.owner.cookie, { ...input, imageId: second })).statusCode, url).toBe(204);
      expect(await filesOf(secondKey), url).toEqual(kept);
      expect((await api('PUT', `${url}/${id}`, store.owner.cookie, { ...input, imageId: '' })).statusCode, url).toBe(204);
      expect(await filesOf(secondKey), url).toEqual(gone);
      expect((await api('GET', `${url}/${id}`, store.owner.cookie)).json(), url).toMatchObject({ imageId: null, imageUrl: null });

      const third = await uploadImage(store);
      expect((await api('PUT', `${url}/${id}`, store.owner.cookie, { ...input, imageId: third })).statusCode, url).toBe(204);
      const thirdKey = await keyOf(third);
      expect((await api('DELETE', `${url}/${id}`, store.owner.cookie)).statusCode, url).toBe(204);
      expect(await filesOf(thirdKey), url).toEqual(gone);
    }
  });

  it('refuses another store’s upload on a brand or a variant as a field error in the caller’s language', async () => {
    const store = await makeStore(t);
    const other = await makeStore(t);
    const foreign = await uploadImage(other);
    const productId = await product(store);
    const brand = await api('POST', '/api/v1/brands', store.owner.cookie, { name: 'Ajena', imageId: foreign }, 'en');
    expect(brand.statusCode).toBe(400);
    expect(brand.json().fields).toEqual({ imageId: 'The file does not exist or is no longer available' });
    const variant = await api('POST', '/api/v1/variants', store.owner.cookie, { productId, name: 'Ajena', priceCents: 100, imageId: foreign });
    expect(variant.statusCode).toBe(400);
    expect(Object.keys(variant.json().fields)).toEqual(['imageId']);
    const ownBrand = await create(store, '/api/v1/brands', { name: 'Propia' });
    expect((await api('PUT', `/api/v1/brands/${ownBrand}`, store.owner.cookie, { name: 'Propia', imageId: foreign })).statusCode).toBe(400);
    expect((await api('GET', `/api/v1/brands/${ownBrand}`, store.owner.cookie)).json().imageId).toBeNull();
  });
});

describe('deleting what holds images', () => {
  it('a category takes its subcategories’, products’ and variants’ images off the disk, and nothing of another category', async () => {
    const store = await makeStore(t);
    const [own, sub, gallery, variant, elsewhere] = await uploadImages(store, 5);
    const categoryId = await category(store, { imageId: own });
    await create(store, '/api/v1/subcategories', { categoryId, name: 'Con foto', imageId: sub });
    const productId = await create(store, '/api/v1/products', { name: 'Dentro', categoryId, priceCents: 100, imageIds: [gallery] });
    await create(store, '/api/v1/variants', { productId, name: 'Variante', priceCents: 100, imageId: variant });
    await product(store, { imageIds: [elsewhere] });
    const keys = await Promise.all([own, sub, gallery, variant].map(keyOf));
    const keptKey = await keyOf(elsewhere);
    expect((await api('DELETE', `/api/v1/categories/${categoryId}`, store.owner.cookie)).statusCode).toBe(204);
    for (const key of keys) expect(await filesOf(key), key).toEqual(gone);
    expect(await filesOf(keptKey)).toEqual(kept);
  });

  it('the store takes every catalog image off the disk', async () => {
    const store = await makeStore(t);
    const [brandImage, gallery, variant] = await uploadImages(store, 3);
    await create(store, '/api/v1/brands', { name: 'Marca', imageId: brandImage });
    const productId = await product(store, { imageIds: [gallery] });
    await create(store, '/api/v1/variants', { productId, name: 'Variante', priceCents: 100, imageId: variant });
    const keys = await Promise.all([brandImage, gallery, variant].map(keyOf));
    for (const key of keys) expect(await filesOf(key)).toEqual(kept);
    await deleteStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, { slug: store.slug, password: TEST_PASSWORD });
    for (const key of keys) expect(await filesOf(key), key).toEqual(gone);
  });
});

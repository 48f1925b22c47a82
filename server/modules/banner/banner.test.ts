import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff, makeStore, makeUser, TEST_PASSWORD, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, getPage } from '../../../tests/support/forms.ts';
import { multipart } from '../../../tests/support/multipart.ts';
import { capStore } from '../../../tests/support/plan-limits.ts';
import { expectOtherStoreNotFound, type TwoStores, twoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { deleteStore, publishStore } from '#server/modules/store/store.service.ts';
import { textFile } from '#server/modules/upload/upload.fixtures.ts';
import { variantKeys } from '#server/modules/upload/image-variants.ts';

// The store's banners (issue 11 §6) through the API with the store guard on: the image checked by
// content and given its WebP variants, the link checked, the order kept, the plan's cap, the files
// gone from disk with the banner or the store, and another store's banner a 404.
let t: TestApp;
let stores: TwoStores;

beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);
const bannerImage = (width = 1920, height = 768) => sharp({ create: { width, height, channels: 3, background: '#1c9283' } }).png().toBuffer();

function upload(store: TestStore, data: Buffer, filename = 'banner.png', lang = 'es') {
  const { payload, contentType } = multipart([{ name: 'purpose', value: 'banner' }, { name: 'file', filename, data, type: 'image/png' }]);
  return t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: `lang=${lang}; ${store.owner.cookie}` } });
}

async function uploadImage(store: TestStore, data?: Buffer) {
  const response = await upload(store, data ?? (await bannerImage()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function createBanner(store: TestStore, input: object = {}) {
  const response = await api('POST', '/api/v1/banners', store.owner.cookie, { imageId: await uploadImage(store), buttonName: 'Ver ofertas', link: 'https://example.com/ofertas', enabled: true, ...input });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

const storageKeyOf = async (uploadId: string) => (await t.deps.db.selectFrom('upload').select('storageKey').where('id', '=', uploadId).executeTakeFirst())?.storageKey;
const onDisk = async (key: string) => (await t.deps.storage.read(key)) !== null;

describe('the banners API', () => {
  it('creates, reads, lists, changes and deletes a banner, appending it after the last one', async () => {
    const store = await makeStore(t);
    const first = await createBanner(store);
    const id = await createBanner(store, { buttonName: '', link: '/catalogo?oferta=1' });
    const one = (await api('GET', `/api/v1/banners/${id}`, store.owner.cookie)).json();
    expect(one).toEqual({ id, imageId: expect.any(String), imageUrl: `/media/${store.id}/${one.imageId}/w320.webp`, buttonName: '', link: '/catalogo?oferta=1', sortOrder: 2, enabled: true, updatedAt: expect.any(String) });
    // The list's thumbnail is the small WebP variant, shown to the owner while the store is unpublished.
    const thumbnail = await t.app.inject({ url: one.imageUrl, headers: { cookie: store.owner.cookie } });
    expect([thumbnail.statusCode, thumbnail.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await api('PUT', `/api/v1/banners/${id}`, store.owner.cookie, { imageId: one.imageId, buttonName: 'Comprar', link: 'http://tienda.ec', enabled: false })).statusCode).toBe(204);
    expect((await api('GET', '/api/v1/banners?status=disabled', store.owner.cookie)).json()).toMatchObject({ total: 1, rows: [{ id, buttonName: 'Comprar', sortOrder: 2, enabled: false }] });
    expect((await api('GET', '/api/v1/banners', store.owner.cookie)).json().rows.map((row: { id: number }) => row.id)).toEqual([first, id]);
    expect((await api('DELETE', `/api/v1/banners/${id}`, store.owner.cookie)).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/banners/${id}`, store.owner.cookie)).statusCode).toBe(404);
  });

  it('refuses a bad link, a missing image and an image that is not the owner’s, in both languages', async () => {
    const store = await makeStore(t);
    const imageId = await uploadImage(store);
    for (const link of ['javascript:alert(1)', 'ftp://example.com', '//evil.example/x', 'https://', 'no es un enlace', 'https://exa mple.com']) {
      const response = await api('POST', '/api/v1/banners', store.owner.cookie, { imageId, link }, 'en');
      expect(response.statusCode, link).toBe(400);
      expect(response.json().fields, link).toEqual({ link: 'Write a valid web address (https://…) or a path of your store (/…)' });
    }
    const spanish = await api('POST', '/api/v1/banners', store.owner.cookie, { link: '' });
    expect(spanish.json().fields).toEqual({ imageId: 'Elige una imagen para el banner', link: 'Este campo es obligatorio' });
    const foreign = await api('POST', '/api/v1/banners', stores.b.owner.cookie, { imageId, link: '/' });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().fields)).toEqual(['imageId']);
    const unknown = await api('POST', '/api/v1/banners', store.owner.cookie, { imageId: '00000000-0000-4000-8000-000000000000', link: '/' }, 'en');
    expect(unknown.json().fields).toEqual({ imageId: expect.stringMatching(/file/i) });
  });

  it('checks the image by its content and its size when it is uploaded, in the caller’s language', async () => {
    const store = await makeStore(t);
    // past the 15 MB an image may have (decision 051): refused by its size, before it is decoded
    const oversize = await upload(store, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(15 * 1024 * 1024 + 1)]), 'grande.png', 'en');
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json().message).toBe('File size exceeds maximum allowed');
    const notImage = await upload(store, textFile(), 'falsa.png');
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe('Archivo no válido');
    // a PDF is a file, but not a banner image
    const { payload, contentType } = multipart([{ name: 'purpose', value: 'banner' }, { name: 'file', filename: 'a.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: store.owner.cookie } })).statusCode).toBe(415);
  });

  it('reorders by a list of ids (drag and drop) and by one step (the move buttons)', async () => {
    const store = await makeStore(t);
    const [a, b, c] = [await createBanner(store), await createBanner(store), await createBanner(store)];
    const order = async () => (await api('GET', '/api/v1/banners?sort=order', store.owner.cookie)).json().rows.map((row: { id: number }) => row.id);
    expect((await api('PUT', '/api/v1/banners/order', store.owner.cookie, { ids: [c, a] })).statusCode).toBe(204);
    expect(await order()).toEqual([c, a, b]);
    expect((await api('POST', `/api/v1/banners/${b}/move`, store.owner.cookie, { direction: 'up' })).statusCode).toBe(204);
    expect(await order()).toEqual([c, b, a]);
    await api('POST', `/api/v1/banners/${c}/move`, store.owner.cookie, { direction: 'up' }); // already first: stays
    expect(await order()).toEqual([c, b, a]);
    // a row dropped on another goes just before it
    expect((await api('POST', `/api/v1/banners/${a}/move`, store.owner.cookie, { before: c })).statusCode).toBe(204);
    expect(await order()).toEqual([a, c, b]);
    await api('POST', `/api/v1/banners/${a}/move`, store.owner.cookie, { before: b });
    expect(await order()).toEqual([c, a, b]);
    await api('POST', `/api/v1/banners/${b}/move`, store.owner.cookie, { direction: 'down' }); // already last: stays
    expect(await order()).toEqual([c, a, b]);
    await api('POST', `/api/v1/banners/${b}/move`, store.owner.cookie, { direction: 'up' });
    await api('POST', `/api/v1/banners/${b}/move`, store.owner.cookie, { direction: 'up' });
    expect(await order()).toEqual([b, c, a]);
    await api('PUT', '/api/v1/banners/order', store.owner.cookie, { ids: [c, b, a] });
    // another store's id, a repeated id or a huge one changes nothing
    const other = await createBanner(stores.b);
    expect((await api('PUT', '/api/v1/banners/order', store.owner.cookie, { ids: [a, other] })).statusCode).toBe(404);
    expect((await api('PUT', '/api/v1/banners/order', store.owner.cookie, { ids: [a, a] })).statusCode).toBe(400);
    expect((await api('PUT', '/api/v1/banners/order', store.owner.cookie, { ids: [99_999_999_999_999] })).statusCode).toBe(400);
    expect((await api('POST', `/api/v1/banners/${other}/move`, store.owner.cookie, { direction: 'down' })).statusCode).toBe(404);
    expect((await api('POST', `/api/v1/banners/${a}/move`, store.owner.cookie, { before: other })).statusCode).toBe(404);
    expect((await api('POST', `/api/v1/banners/${a}/move`, store.owner.cookie, { direction: 'sideways' })).statusCode).toBe(400);
    expect(await order()).toEqual([c, b, a]);
  });

  it('numbers the banners 1, 2, 3… in one order: a typed position moves the others, a delete closes its gap (issue 20 §13)', async () => {
    const store = await makeStore(t);
    await capStore(t, store, { maxBanners: 10 });
    const positions = async () => (await api('GET', '/api/v1/banners?sort=order', store.owner.cookie)).json().rows.map((row: { id: number; sortOrder: number }) => [row.id, row.sortOrder]);
    const [a, b] = [await createBanner(store), await createBanner(store)];
    expect(await positions()).toEqual([[a, 1], [b, 2]]);
    // a new banner typed at position 1 goes first; no two share a number
    const c = await createBanner(store, { sortOrder: 1 });
    expect(await positions()).toEqual([[c, 1], [a, 2], [b, 3]]);
    // past the end is last; empty on a change keeps its place
    const d = await createBanner(store, { sortOrder: 99 });
    expect(await positions()).toEqual([[c, 1], [a, 2], [b, 3], [d, 4]]);
    const saved = (await api('GET', `/api/v1/banners/${b}`, store.owner.cookie)).json();
    expect((await api('PUT', `/api/v1/banners/${b}`, store.owner.cookie, { imageId: saved.imageId, link: saved.link, sortOrder: 1, enabled: true })).statusCode).toBe(204);
    expect(await positions()).toEqual([[b, 1], [c, 2], [a, 3], [d, 4]]);
    expect((await api('PUT', `/api/v1/banners/${b}`, store.owner.cookie, { imageId: saved.imageId, link: 'https://example.com/b', enabled: true })).statusCode).toBe(204);
    expect(await positions()).toEqual([[b, 1], [c, 2], [a, 3], [d, 4]]);
    // the moves count the same way
    await api('POST', `/api/v1/banners/${d}/move`, store.owner.cookie, { direction: 'up' });
    expect(await positions()).toEqual([[b, 1], [c, 2], [d, 3], [a, 4]]);
    expect((await api('DELETE', `/api/v1/banners/${c}`, store.owner.cookie)).statusCode).toBe(204);
    expect(await positions()).toEqual([[b, 1], [d, 2], [a, 3]]);
    // 0 is no position, in the caller's language
    const zero = await api('POST', '/api/v1/banners', store.owner.cookie, { imageId: await uploadImage(store), link: '/', sortOrder: 0 }, 'en');
    expect(zero.json().fields).toEqual({ sortOrder: 'Write a position from 1' });
  });

  it('shows the same number in the form and the list', async () => {
    const store = await makeStore(t);
    await createBanner(store);
    const second = await createBanner(store, { buttonName: 'Segundo' });
    const form = await getPage(t.app, `/content/banner/show?id=${second}`, store.owner.cookie);
    expect(form.body).toMatch(/name="sortOrder"[^>]*value="2"|value="2"[^>]*name="sortOrder"/);
    const list = await getPage(t.app, '/content/banner', store.owner.cookie);
    // its order cell: the drag handle, then its number
    expect(list.body).toMatch(new RegExp(`data-testid="banner-order-${second}"[^]*?⠿</p><p[^>]*>2</p>`));
  });

  it("refuses a banner over the plan's limit with a message naming it, and counts banners in the store's usage", async () => {
    const store = await makeStore(t);
    await capStore(t, store, { maxBanners: 1 });
    await createBanner(store);
    const imageId = await uploadImage(store);
    const refused = await api('POST', '/api/v1/banners', store.owner.cookie, { imageId, link: '/' }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('maximum of banners');
    expect((await api('GET', '/api/v1/store', store.owner.cookie)).json().usage.banners).toBe(1);
  });
});

describe('banner images and their variants', () => {
  it('writes WebP variants never wider than the image and serves them publicly with a year-long immutable cache', async () => {
    const store = await makeStore(t);
    await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, true);
    const id = await createBanner(store);
    const imageId = (await api('GET', `/api/v1/banners/${id}`, store.owner.cookie)).json().imageId as string;
    for (const width of [320, 640, 1280, 1920]) {
      const response = await t.app.inject(`/media/${store.id}/${imageId}/w${width}.webp`);
      expect(response.statusCode, String(width)).toBe(200);
      expect(response.headers).toMatchObject({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable' });
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
    // a small image is never enlarged: only its narrowest variant, at its own width
    const small = await createBanner(store, { imageId: await uploadImage(store, await bannerImage(500, 200)) });
    const smallId = (await api('GET', `/api/v1/banners/${small}`, store.owner.cookie)).json().imageId as string;
    expect((await sharp((await t.app.inject(`/media/${store.id}/${smallId}/w320.webp`)).rawPayload).metadata()).width).toBe(320);
    // a wider width it was never written at answers the nearest narrower one, so a srcset may list them all
    const wider = await t.app.inject(`/media/${store.id}/${smallId}/w640.webp`);
    expect(wider.statusCode).toBe(200);
    expect((await sharp(wider.rawPayload).metadata()).width).toBe(320);
  });

  it('shows an unpublished store’s images to its owner and staff only; a published store’s to anyone (issue 21)', async () => {
    const store = await makeStore(t);
    const id = await createBanner(store);
    const { imageUrl } = (await api('GET', `/api/v1/banners/${id}`, store.owner.cookie)).json() as { imageUrl: string };
    const staff = await makeStaff(t);
    const stranger = await makeUser(t);
    const as = (cookie?: string) => t.app.inject({ url: imageUrl, headers: cookie ? { cookie } : {} });
    for (const [who, cookie] of [['anonymous', undefined], ['another client', stranger.cookie]] as const) {
      const hidden = await as(cookie);
      expect(hidden.statusCode, who).toBe(404);
      expect(hidden.headers['cache-control'], who).toBe('no-store');
    }
    for (const [who, cookie] of [['owner', store.owner.cookie], ['staff', staff.cookie]] as const) {
      const shown = await as(cookie);
      expect([shown.statusCode, shown.headers['content-type']], who).toEqual([200, 'image/webp']);
      // For the signed-in few: no shared cache keeps it.
      expect(shown.headers['cache-control'], who).toBe('private, no-store');
    }
    await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, true);
    const published = await as();
    expect([published.statusCode, published.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it('answers 404 for unknown, malformed and traversing names, and for another store’s id in the address', async () => {
    const store = await makeStore(t);
    const id = await createBanner(store);
    const imageId = (await api('GET', `/api/v1/banners/${id}`, store.owner.cookie)).json().imageId as string;
    const key = await storageKeyOf(imageId);
    for (const url of [
      `/media/${stores.b.id}/${imageId}/w320.webp`,
      `/media/${store.id}/${imageId}/w300.webp`,
      `/media/${store.id}/${imageId}/w320.png`,
      `/media/${store.id}/${imageId}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/media/${store.id}/..%2F${imageId}/w320.webp`,
      `/media/${store.id}/${encodeURIComponent(String(key))}/w320.webp`,
      `/media/99999999999999999999/${imageId}/w320.webp`,
      `/media/0/${imageId}/w320.webp`,
      `/media/${store.id}/not-a-uuid/w320.webp`,
      `/media/${store.id}/00000000-0000-4000-8000-000000000000/w320.webp`,
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).not.toContain('immutable');
    }
    // a NUL in the address is refused before any route (the app's guard): a 400, never a file
    expect((await t.app.inject(`/media/${store.id}/${imageId}%00/w320.webp`)).statusCode).toBe(400);
  });

  it('removes the original and its variants from disk when the image is replaced, the banner deleted or the store deleted', async () => {
    const store = await makeStore(t);
    const id = await createBanner(store);
    const firstImage = (await api('GET', `/api/v1/banners/${id}`, store.owner.cookie)).json().imageId as string;
    const firstKey = String(await storageKeyOf(firstImage));
    expect(await Promise.all([firstKey, ...variantKeys(firstKey)].map(onDisk))).toEqual([true, true, true, true, true]);

    const secondImage = await uploadImage(store);
    expect((await api('PUT', `/api/v1/banners/${id}`, store.owner.cookie, { imageId: secondImage, link: '/' })).statusCode).toBe(204);
    expect(await Promise.all([firstKey, ...variantKeys(firstKey)].map(onDisk))).toEqual([false, false, false, false, false]);
    const secondKey = String(await storageKeyOf(secondImage));
    expect(await onDisk(secondKey)).toBe(true);

    expect((await api('DELETE', `/api/v1/banners/${id}`, store.owner.cookie)).statusCode).toBe(204);
    expect(await Promise.all([secondKey, ...variantKeys(secondKey)].map(onDisk))).toEqual([false, false, false, false, false]);
    expect(await storageKeyOf(secondImage)).toBeUndefined();

    const kept = await createBanner(store);
    const keptKey = String(await storageKeyOf((await api('GET', `/api/v1/banners/${kept}`, store.owner.cookie)).json().imageId));
    expect(await onDisk(variantKeys(keptKey)[0]!)).toBe(true);
    await deleteStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, { slug: store.slug, password: TEST_PASSWORD });
    expect(await Promise.all([keptKey, ...variantKeys(keptKey)].map(onDisk))).toEqual([false, false, false, false, false]);
  });
});

describe('store isolation', () => {
  it("gives store A's owner a 404 for store B's banner on screens, forms and API", async () => {
    const id = await createBanner(stores.b, { buttonName: 'Privado' });
    await expectOtherStoreNotFound(t.app, stores.a.owner, {
      pages: [`/content/banner/show?id=${id}`, `/en/content/banner/show?id=${id}`],
      actions: [{ url: `/content/banner/show?id=${id}`, fields: { intent: 'delete' } }],
      records: [{ path: '/api/v1/banners/{id}', id, body: { imageId: '00000000-0000-4000-8000-000000000000', link: '/' } }],
    });
    expect((await api('GET', `/api/v1/banners/${id}`, stores.b.owner.cookie)).json()).toMatchObject({ buttonName: 'Privado' });
  });
});

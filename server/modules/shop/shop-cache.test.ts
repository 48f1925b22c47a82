import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, TEST_PASSWORD, type TestStore } from '../../../tests/support/factories.ts';
import { callApi } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { fixedClock } from '#server/service-deps.ts';
import { deleteStore, publishStore, setStoreExpiry } from '#server/modules/store/store.service.ts';
import { ownStoreScope, staffStoreScope } from '#server/tenancy/store-scope.ts';
import { ShopPageCache } from './shop-cache.ts';
import { SHOP_PAGE_POLICY } from './shop-pixel.ts';

// Decision 064 in one process, on both databases: anonymous storefront pages stored compressed,
// keyed by address and encoding, never a logged-in visitor's; `store.page_version` moves in the
// transaction of every change a page can show; a stored page is served only while its version is
// the one last read, read again after `versionMs`. The clock stands still, so the window is exact.
// Across two server processes: tests/integration/shop-cache-workers.test.ts.
const clock = fixedClock(new Date());
let t: TestApp;
let store: TestStore;
let other: TestStore;
let product: number;
let category: number;

const api = (owner: TestStore, method: Parameters<typeof callApi>[1], url: string, payload?: object) => callApi(t.app, method, url, owner.owner.cookie, payload);
async function create(owner: TestStore, url: string, input: object): Promise<number> {
  const response = await api(owner, 'POST', url, input);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().id as number;
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie: 'lang=es', accept: 'text/html', ...headers } });
const decode = (body: Buffer, encoding: string | undefined) => (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');
const version = async (id: number) => Number((await t.deps.db.selectFrom('store').select('pageVersion').where('id', '=', id).executeTakeFirstOrThrow()).pageVersion);

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  store = await makeStore(t, { name: 'Tienda Caché' });
  other = await makeStore(t, { name: 'Otra Tienda' });
  for (const owned of [store, other]) await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: owned.owner.id }))!, true);
  category = await create(store, '/api/v1/categories', { name: 'Ropa', enabled: true });
  product = await create(store, '/api/v1/products', { name: 'Poncho', sku: 'PO-1', categoryId: category, priceCents: 4000, stock: 2, enabled: true });
  await create(other, '/api/v1/categories', { name: 'Hogar', enabled: true });
}, 60_000);
afterAll(() => t.dispose());

describe('the storefront page cache', () => {
  it("serves an anonymous shopper's second visit from the cache: the same page, compressed as asked", async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const url = `/shop/${store.slug}/product/poncho?e=${encoding}`;
      const first = await get(url, { 'accept-encoding': encoding });
      const second = await get(url, { 'accept-encoding': encoding });
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect([first.headers['x-shop-cache'], second.headers['x-shop-cache']]).toEqual(['miss', 'hit']);
      expect(second.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decode(second.rawPayload, encoding)).toBe(decode(first.rawPayload, encoding));
      expect(decode(second.rawPayload, encoding)).toContain('<h1');
      // the policy has no nonce, so the stored bytes fit every request
      expect(second.headers['content-security-policy']).toBe(SHOP_PAGE_POLICY);
      expect(second.headers.vary).toMatch(/Accept-Encoding/);
    }
    // the English page is another page
    expect((await get(`/en/shop/${store.slug}/product/poncho?e=br`, { cookie: 'lang=en', 'accept-encoding': 'br' })).headers['x-shop-cache']).toBe('miss');
  });

  it("never stores or serves a logged-in visitor's page (the owner's preview)", async () => {
    const url = `/shop/${store.slug}`;
    await get(url);
    const owner = await get(url, { cookie: `lang=es; ${store.owner.cookie}` });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['x-shop-cache']).toBeUndefined();
    expect(owner.headers['cache-control']).toBe('no-store');
  });

  it("never serves a stored page to a shopper with a cart: the header counts the cart's lines", async () => {
    const url = `/shop/${store.slug}/product/poncho?cart=1`;
    expect((await get(url)).headers['x-shop-cache']).toBe('miss');
    expect((await get(url)).headers['x-shop-cache']).toBe('hit');
    const cart = `tb_cart_${store.id}=${encodeURIComponent(JSON.stringify({ l: [[product, 0, 2]] }))}`;
    const withCart = await get(url, { cookie: `lang=es; ${cart}` });
    expect(withCart.statusCode).toBe(200);
    expect(withCart.headers['x-shop-cache']).toBeUndefined();
    expect(withCart.body).toContain('<span class="cart-count">2</span>');
  });

  // Issue 36 §7: shapes of the cart cookie that the cache's check and the cart's read once parsed
  // apart ("Carrito 999" stored, then served to clean shoppers). One parser decides both now, and a
  // page drawn with a count is never stored.
  it.each<[string, (id: number, value: string) => string]>([
    ['a space after =', (id, value) => `tb_cart_${id}= ${value}`],
    ['a tab after =', (id, value) => `tb_cart_${id}=\t${value}`],
    ['a space before =', (id, value) => `tb_cart_${id} =${value}`],
    ['a tab before =', (id, value) => `tb_cart_${id}\t=${value}`],
    ['spaces around it all', (id, value) => `  tb_cart_${id}  =  ${value}  `],
    ['no space after ;', (id, value) => `x=1;tb_cart_${id}=${value}`],
    ['an empty one first', (id, value) => `tb_cart_${id}=; tb_cart_${id}=${value}`],
    ['an empty one after', (id, value) => `tb_cart_${id}=${value}; tb_cart_${id}=`],
    ['a broken one first', (id, value) => `tb_cart_${id}=%E0%A4%A; tb_cart_${id}=${value}`],
    ['raw JSON', (id) => `tb_cart_${id}=${JSON.stringify({ l: [[product, 0, 999]] })}`],
  ])('never shows a clean shopper the count of a cart cookie written with %s', async (shape, cookieOf) => {
    const url = `/shop/${store.slug}/product/poncho?poison=${encodeURIComponent(shape)}`;
    const value = encodeURIComponent(JSON.stringify({ l: [[product, 0, 999]] }));
    const poisoned = await get(url, { cookie: `lang=es; ${cookieOf(store.id, value)}` });
    expect(poisoned.statusCode).toBe(200);
    expect(poisoned.headers['x-shop-cache']).not.toBe('hit');
    for (let shopper = 0; shopper < 3; shopper++) {
      const clean = await get(url);
      expect(clean.statusCode).toBe(200);
      expect(clean.body).not.toContain('<span class="cart-count">');
    }
    // the clean shoppers' page is kept as usual
    expect((await get(url)).headers['x-shop-cache']).toBe('hit');
  });

  it("moves a store's page version in the transaction of each change its pages show, and no other store's", async () => {
    const changes: [string, () => Promise<unknown>][] = [
      ['product renamed', () => api(store, 'PUT', `/api/v1/products/${product}`, { name: 'Poncho Azul', sku: 'PO-1', categoryId: category, priceCents: 4000, stock: 2, enabled: true })],
      ['category added', () => create(store, '/api/v1/categories', { name: 'Hogar', enabled: true })],
      ['page added', () => create(store, '/api/v1/pages', { title: 'Envíos', content: '<p>Gratis</p>', published: true })],
      ['review added', () => create(store, '/api/v1/reviews', { productId: product, authorName: 'Ana', email: 'ana@example.com', rating: 5, comment: 'Bien', status: 'approved' })],
      ['product deleted', async () => api(store, 'DELETE', `/api/v1/products/${await create(store, '/api/v1/products', { name: 'Taza', sku: 'TZ-1', categoryId: category, priceCents: 500, stock: 1, enabled: true })}`)],
      ['store described', () => api(store, 'PUT', '/api/v1/store/settings', { published: true, section: 'other', name: 'Tienda Caché', description: 'Nueva' })],
    ];
    for (const [change, run] of changes) {
      const [before, otherBefore] = [await version(store.id), await version(other.id)];
      const answer = await run();
      if (typeof answer === 'object' && answer && 'statusCode' in answer) expect(answer.statusCode, change).toBeLessThan(300);
      expect(await version(store.id), change).toBeGreaterThan(before);
      expect(await version(other.id), change).toBe(otherBefore);
    }
  });

  it('shows a change once the version window has passed, every page of the store at once', async () => {
    const urls = [`/shop/${store.slug}/category/ropa`, `/shop/${store.slug}`];
    for (const url of urls) await get(url, { 'accept-encoding': 'identity' });
    expect((await get(urls[0]!, { 'accept-encoding': 'identity' })).headers['x-shop-cache']).toBe('hit');
    const renamed = await api(store, 'PUT', `/api/v1/products/${product}`, { name: 'Poncho Rojo', sku: 'PO-1', categoryId: category, priceCents: 4000, stock: 2, enabled: true });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    // within the window the stored page may still be served; once past it, never
    clock.advance(t.deps.config.shopCache.versionMs);
    for (const url of urls) {
      const page = await get(url, { 'accept-encoding': 'identity' });
      expect(page.headers['x-shop-cache'], url).toBe('miss');
      expect(page.body, url).toContain('Poncho Rojo');
    }
  });

  it("draws a page not yet stored in the store's new frame (name, menu) once the window has passed", async () => {
    const page = (n: number) => get(`/shop/${store.slug}/category/ropa?frame=${n}`, { 'accept-encoding': 'identity' });
    await page(1);
    // a second page under the same version: drawn in the frame the first one read
    const before = await page(2);
    expect(before.headers['x-shop-cache']).toBe('miss');
    expect(before.body).toContain('Tienda Caché</');
    const renamed = await api(store, 'PUT', '/api/v1/store/settings', { published: true, section: 'other', name: 'Tienda Caché Nueva', description: 'Nueva' });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    clock.advance(t.deps.config.shopCache.versionMs);
    const after = await page(3);
    expect(after.headers['x-shop-cache']).toBe('miss');
    expect(after.body).toContain('Tienda Caché Nueva</');
    expect(after.body).not.toContain('Tienda Caché</');
  });

  it("draws a search, never stored, in the frame its store's version keeps: one read per version, not per query", async () => {
    const search = (q: string) => get(`/shop/${store.slug}/search?q=${q}`, { 'accept-encoding': 'identity' });
    clock.advance(t.deps.config.shopCache.versionMs);
    const first = await search('poncho');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-shop-cache']).toBeUndefined();
    expect(first.body).toContain('Tienda Caché Nueva</');
    const renamed = await api(store, 'PUT', '/api/v1/store/settings', { published: true, section: 'other', name: 'Tienda de Búsqueda', description: 'Nueva' });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    // another query under the version read before the change: the frame kept, not read again
    const within = await search('rojo');
    expect(within.body).toContain('Tienda Caché Nueva</');
    // a logged-in visitor's search is drawn from the store as it is, never from the shared frame
    const owners = await t.app.inject({ url: `/shop/${store.slug}/search?q=poncho`, headers: { cookie: `lang=es; ${store.owner.cookie}`, accept: 'text/html' } });
    expect(owners.body).toContain('Tienda de Búsqueda</');
    clock.advance(t.deps.config.shopCache.versionMs);
    const after = await search('poncho');
    expect(after.body).toContain('Tienda de Búsqueda</');
    expect(after.body).toContain('Poncho Rojo');
  });

  it('stops serving the pages of a store whose plan expires, though nothing was written', async () => {
    const scope = await staffStoreScope(t.deps, store.id);
    const { versionMs } = t.deps.config.shopCache;
    await setStoreExpiry(t.deps, scope, new Date(clock.now().getTime() + versionMs + 300));
    clock.advance(versionMs);
    const url = `/shop/${store.slug}/category/ropa`;
    await get(url);
    expect((await get(url)).headers['x-shop-cache']).toBe('hit');
    clock.advance(300);
    expect((await get(url)).statusCode).toBe(404);
    await setStoreExpiry(t.deps, scope, null);
    clock.advance(versionMs);
  });

  it('lets a store with its catalogue be deleted: the triggers of its cascade find no store to bump', async () => {
    await create(other, '/api/v1/products', { name: 'Jarra', sku: 'JA-1', categoryId: await create(other, '/api/v1/categories', { name: 'Cocina', enabled: true }), priceCents: 900, stock: 1, enabled: true });
    await deleteStore(t.deps, (await ownStoreScope(t.deps, { userId: other.owner.id }))!, { slug: other.slug, password: TEST_PASSWORD });
    expect(await t.deps.db.selectFrom('store').select('id').where('id', '=', other.id).executeTakeFirst()).toBeUndefined();
    expect((await get(`/shop/${other.slug}`)).statusCode).toBe(404);
  });

  it('keeps at most its size in bytes, forgetting the least recently used page first', async () => {
    const cache = new ShopPageCache(t.deps, { maxBytes: 8_000, versionMs: 900, now: () => clock.now().getTime() });
    const page = Buffer.alloc(700, 'x');
    const put = async (n: number) => {
      const found = await cache.lookup(store.slug, `/p/${n}`, 'br');
      if (found && 'slot' in found) cache.store(found.slot, page);
      return found && 'hit' in found;
    };
    for (let n = 0; n < 7; n++) await put(n);
    expect(await put(0)).toBe(true); // used again: now the most recent
    for (let n = 7; n < 12; n++) await put(n);
    expect(cache.bytes).toBeLessThanOrEqual(8_000);
    expect(await put(0)).toBe(true);
    expect(await put(1)).toBe(false);
    // a page bigger than an eighth of the cache is not kept at all
    const found = await cache.lookup(store.slug, '/big', 'br');
    cache.store((found as { slot: Parameters<ShopPageCache['store']>[0] }).slot, Buffer.alloc(2_000));
    expect(await cache.lookup(store.slug, '/big', 'br')).not.toHaveProperty('hit');
  });

  it('counts a page at the memory it holds: a view of a larger block (as zlib answers) is kept as a copy of its own', async () => {
    const cache = new ShopPageCache(t.deps, { maxBytes: 64_000, versionMs: 900, now: () => clock.now().getTime() });
    const block = Buffer.alloc(64 * 1024, 'y');
    const found = await cache.lookup(store.slug, '/view', 'br');
    cache.store((found as { slot: Parameters<ShopPageCache['store']>[0] }).slot, block.subarray(0, 3_000));
    const hit = await cache.lookup(store.slug, '/view', 'br');
    const body = (hit as { hit: { body: Buffer } }).hit.body;
    expect(body.equals(block.subarray(0, 3_000))).toBe(true);
    expect(body.buffer.byteLength).toBe(3_000);
    expect(cache.bytes).toBeLessThan(4_000);
    // A new page at the budget pushes the least recently used out, by their bytes.
    for (let n = 0; n < 30; n++) {
      const slot = await cache.lookup(store.slug, `/p/${n}`, 'br');
      cache.store((slot as { slot: Parameters<ShopPageCache['store']>[0] }).slot, Buffer.alloc(3_000));
    }
    expect(cache.bytes).toBeLessThanOrEqual(64_000);
    expect(await cache.lookup(store.slug, '/view', 'br')).not.toHaveProperty('hit');
    expect(await cache.lookup(store.slug, '/p/29', 'br')).toHaveProperty('hit');
  });

  it('holds the frames of the stores it draws within an eighth of its bytes, the least recently drawn out first', async () => {
    const cache = new ShopPageCache(t.deps, { maxBytes: 8 * 2_000, versionMs: 900, now: () => clock.now().getTime() });
    let reads = 0;
    const frameOf = (storeId: number) => cache.frame({ storeId, version: 1 }, async () => ({ n: ++reads, menu: 'm'.repeat(300) }));
    await frameOf(1);
    await frameOf(2);
    await frameOf(1);
    expect(reads).toBe(2); // store 1's frame was kept
    await frameOf(3); // ~800 bytes each, 2,000 in all: store 2's goes
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.frameBytes).toBeLessThanOrEqual(2_000);
    await frameOf(1);
    expect(reads).toBe(3);
    await frameOf(2);
    expect(reads).toBe(4);
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { callApi, postForm, sessionFrom } from '../../tests/support/forms.ts';
import { placeTestOrder } from '../../tests/support/sales-fixtures.ts';
import { isValidRuc } from '#common/sri.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { DEMO_CLIENT, seedDemoData } from './demo-data.ts';
import { DEMO_RUC } from './demo-sales.ts';

// The demo store's catalog (issue 11 §14) as its owner sees it through the API, loaded with the
// store guard on — so every query the demo makes is pinned to its store. Needs `npm run build` first.
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.deps)).toBe(true);
  const login = await postForm(t.app, '/user/login', { email: DEMO_CLIENT.email, password: DEMO_CLIENT.password });
  cookie = sessionFrom(login);
}, 120_000);
afterAll(() => t.dispose());

const list = async (path: string) => {
  const response = await callApi(t.app, 'GET', `/api/v1/${path}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { total: number; rows: Record<string, unknown>[] };
};

describe('the demo store', () => {
  it('has a real-looking catalog: categories with subcategories, brands, about thirty products, clothes with variants', async () => {
    expect((await list('categories')).total).toBeGreaterThanOrEqual(3);
    expect((await list('subcategories')).total).toBeGreaterThanOrEqual(3);
    expect((await list('brands')).total).toBeGreaterThanOrEqual(3);
    const products = await list('products');
    expect(products.total).toBeGreaterThanOrEqual(25);
    expect(products.total).toBeLessThanOrEqual(40);
    const withVariants = (await Promise.all(Array.from({ length: 5 }, (_, page) => list(`products?page=${page + 1}`)))).flatMap((page) => page.rows).filter((row) => Number(row.variantCount) > 0);
    expect(withVariants.length).toBeGreaterThanOrEqual(5);
    const variants = (await callApi(t.app, 'GET', `/api/v1/products/${withVariants[0]!.id}/variants`, cookie)).json().rows as { stock: number }[];
    expect(variants.reduce((sum, row) => sum + row.stock, 0), 'a product’s stock is its variants’').toBe(withVariants[0]!.stock);
  });

  it('has coupons, reviews with approved ones making the rating, two banners with their images, and an "About us" page', async () => {
    expect((await list('coupons')).total).toBeGreaterThanOrEqual(2);
    expect((await list('reviews?status=approved')).total).toBeGreaterThanOrEqual(1);
    expect((await list('reviews?status=pending')).total).toBeGreaterThanOrEqual(1);
    const store = (await callApi(t.app, 'GET', '/api/v1/store', cookie)).json();
    expect(store.rating).toBeGreaterThan(0);
    const banners = await list('banners');
    expect(banners.total).toBe(2);
    for (const banner of banners.rows) expect((await t.app.inject({ url: `/media/${store.id}/${String(banner.imageId)}/w640.webp`, headers: { cookie } })).statusCode).toBe(200);
    const pages = await list('pages?status=published');
    expect(pages.rows.map((row) => row.title)).toContain('Sobre nosotros');
  });

  it('shows every product with a picture of its own: the stored file and its WebP thumbnail are on disk; categories and subcategories have one too', async () => {
    const store = (await callApi(t.app, 'GET', '/api/v1/store', cookie)).json();
    const first = await list('products');
    const rows = [...first.rows];
    for (let page = 2; rows.length < first.total; page++) rows.push(...(await list(`products?page=${page}`)).rows);
    expect(rows).toHaveLength(first.total);
    const seen = new Set<string>();
    for (const row of rows as { name: string; images: { id: string; url: string }[] }[]) {
      expect(row.images.length, row.name).toBeGreaterThanOrEqual(1);
      const [image] = row.images;
      expect(seen.has(image!.id), `${row.name} shares its picture`).toBe(false);
      seen.add(image!.id);
      // The original, as the owner's dashboard loads it, and the list's thumbnail, as anyone does.
      const original = await callApi(t.app, 'GET', `/api/v1/uploads/${image!.id}`, cookie);
      expect(original.statusCode, row.name).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      expect(image!.url).toBe(`/media/${store.id}/${image!.id}/w320.webp`);
      const thumbnail = await t.app.inject(image!.url);
      expect(thumbnail.statusCode, row.name).toBe(200);
      const { format, width, height } = await sharp(thumbnail.rawPayload).metadata();
      expect({ format, width, height }).toEqual({ format: 'webp', width: 320, height: 320 });
    }
    for (const resource of ['categories', 'subcategories']) {
      for (const row of (await list(resource)).rows) expect((await t.app.inject(String(row.imageUrl))).statusCode, String(row.name)).toBe(200);
    }
  });
});

describe('the demo storefront (issue 22 §11)', () => {
  it('is published and shows its banners in order, categories, products with pictures and reviews, and its pages', async () => {
    const home = await t.app.inject({ url: '/shop/tienda-de-maria', headers: { cookie: 'lang=es' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Tienda de María');
    const banners = [...home.body.matchAll(/<a class="button banner-button" href="([^"]+)">([^<]+)<\/a>/g)].map((m) => m[2]);
    expect(banners).toEqual(['Ver la colección', 'Todo para tu casa']);
    expect(home.body).toMatch(/<img src="\/media\/\d+\/[0-9a-f-]+\/w320\.webp"/);
    expect(home.body).toContain('href="/shop/tienda-de-maria/page/envios-y-devoluciones"');
    const category = await t.app.inject({ url: '/shop/tienda-de-maria/category/ropa', headers: { cookie: 'lang=es' } });
    expect(category.statusCode).toBe(200);
    // the first product by name has the first (approved) review
    const reviewed = await t.app.inject({ url: '/shop/tienda-de-maria/product/agenda-2027', headers: { cookie: 'lang=es' } });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.body).toContain('Lucía M.');
  });
});

describe('the demo store’s sales (issue 23 §13)', () => {
  it('has its settings: both ways to pay, shipping and a RUC that passes SRI’s check', async () => {
    const settings = (await callApi(t.app, 'GET', '/api/v1/store/sales', cookie)).json();
    expect(settings).toMatchObject({ cashOnDelivery: true, bankTransfer: true, bankAccountType: 'savings', shippingFeeCents: 350, freeShippingFromCents: 6000, ruc: DEMO_RUC, businessName: 'María Andrade' });
    expect(isValidRuc(settings.ruc)).toBe(true);
  });

  it('ships by zone (issue 40 §1): the mainland flat, Galápagos dearer and by weight, and pickup in Quito', async () => {
    const shipping = (await callApi(t.app, 'GET', '/api/v1/store/shipping', cookie)).json();
    expect(shipping.zones.map((zone: { name: string; places: unknown[] }) => [zone.name, zone.places.length])).toEqual([['Continente', 23], ['Galápagos', 1]]);
    expect(shipping.zones[0].rates).toMatchObject([{ name: 'Servientrega', kind: 'flat', brackets: [{ upTo: null, priceCents: 350 }], freeFromCents: 6000 }]);
    expect(shipping.zones[1].rates).toMatchObject([{ name: 'Galápagos — Servientrega', kind: 'weight' }]);
    expect(shipping.zones[1].rates[0].brackets[0].priceCents).toBeGreaterThan(350 * 3);
    expect(shipping.pickup).toMatchObject({ enabled: true, address: 'Av. Amazonas N24-03 y Colón, Quito' });
    const storeId = (await callApi(t.app, 'GET', '/api/v1/store', cookie)).json().id as number;
    const shipped = await t.deps.db.selectFrom('storeOrder').select(['canton', 'shippingName']).where('storeId', '=', storeId).execute();
    expect(new Set(shipped.map((order) => order.shippingName))).toEqual(new Set(['Servientrega']));
    expect(shipped.every((order) => order.canton !== '')).toBe(true);
    const weights = await t.deps.db.selectFrom('product').select('weightGrams').where('storeId', '=', storeId).execute();
    expect(weights.every((product) => product.weightGrams !== null && product.weightGrams > 0)).toBe(true);
  });

  it('has a month of orders placed through the checkout: 60–120 over 30 days, every state, coupons, both payment methods, its customers', async () => {
    const storeId = (await callApi(t.app, 'GET', '/api/v1/store', cookie)).json().id as number;
    const orders = await t.deps.db.selectFrom('storeOrder').select(['status', 'paymentMethod', 'couponCode', 'createdAt', 'customerId', 'number']).where('storeId', '=', storeId).orderBy('number').execute();
    expect(orders.length).toBeGreaterThanOrEqual(60);
    expect(orders.length).toBeLessThanOrEqual(120);
    const statuses = new Set(orders.map((order) => order.status));
    for (const status of ['pending', 'paid', 'shipped', 'delivered', 'cancelled']) expect(statuses, status).toContain(status);
    const cancelled = orders.filter((order) => order.status === 'cancelled').length;
    expect(cancelled).toBeGreaterThan(0);
    expect(cancelled).toBeLessThan(orders.length / 5);
    expect(new Set(orders.map((order) => order.paymentMethod))).toEqual(new Set(['cash_on_delivery', 'bank_transfer']));
    expect(orders.filter((order) => order.couponCode !== '').length).toBeGreaterThan(0);
    expect(new Set(orders.map((order) => order.customerId)).size).toBeGreaterThanOrEqual(10);
    // spread back over the month, numbered as placed
    const times = orders.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - times[0]!).toBeGreaterThan(27 * 24 * 3_600_000);
    expect(Date.now() - times[0]!).toBeLessThan(31 * 24 * 3_600_000);
    // the desk counts them (cancelled left out) and keeps the chart's room (the chart is drawn in the browser, decision 101)
    const desk = (await t.app.inject({ url: '/', headers: { cookie: `lang=es; ${cookie}`, accept: 'text/html' } })).body;
    expect(desk).toMatch(new RegExp(`data-testid="sales-month-orders"[^>]*>${orders.length - cancelled}<`));
    expect(desk).toContain('data-testid="desk-sales-chart-room"');
  });
});

describe('the demo’s orders are history (issue 23 loose ends §4)', () => {
  /** The orders whose shopper has an e-mail queued (decision 093: the job names the order, the mail is drawn when sent). */
  const shopperMails = async () =>
    (await t.deps.db.selectFrom('job').select('payload').where('kind', '=', 'order.shopperMail').orderBy('id').execute()).map((job) => (JSON.parse(job.payload) as { orderId: number }).orderId);
  const orderBells = async (userId: number) => (await t.deps.db.selectFrom('notification').select('id').where('userId', '=', userId).where('kind', '=', 'order_received').execute()).length;

  it('mails none of the month’s shoppers and rings no bell, while an order placed now on the demo store mails and rings', async () => {
    const owner = await t.deps.db.selectFrom('user').select('id').where('email', '=', DEMO_CLIENT.email).executeTakeFirstOrThrow();
    expect(await shopperMails()).toEqual([]);
    expect(await orderBells(owner.id)).toBe(0);

    const scope = (await ownStoreScope(t.deps, { userId: owner.id }))!;
    const product = await t.deps.db.selectFrom('product').select('id').where('storeId', '=', scope.storeId).where('name', '=', 'Agenda 2027').executeTakeFirstOrThrow();
    const placed = await placeTestOrder(t.deps, scope, { lines: [{ productId: product.id, quantity: 1 }], customer: { email: 'real.shopper@example.com' } });
    expect(await shopperMails()).toEqual([placed.id]);
    expect(await orderBells(owner.id)).toBe(1);
    await t.services.orders.changeOrderStatus(scope, { userId: owner.id }, placed.id, { status: 'paid', note: '' });
    expect(await shopperMails()).toEqual([placed.id, placed.id]);
  });
});

describe('the demo desk’s low stock (issue 23 loose ends §5)', () => {
  it('names a few products running out, fewest first, and links to the whole list by stock', async () => {
    const desk = await t.app.inject({ url: '/', headers: { cookie: `lang=es; ${cookie}`, accept: 'text/html' } });
    expect(desk.statusCode).toBe(200);
    const count = /data-testid="low-stock-count"[^>]*>(?:<[^>]*>)*(\d+) /.exec(desk.body);
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(2);
    expect(Number(count?.[1])).toBeLessThanOrEqual(4);
    const units = [...desk.body.matchAll(/data-testid="low-stock-\d+"[\s\S]*?<\/tr>/g)].map((row) => Number(/>(\d+) unidad/.exec(row[0])?.[1]));
    expect(units.length).toBe(Number(count?.[1]));
    expect(units).toEqual([...units].sort((a, b) => a - b));
    expect(desk.body).toContain('data-testid="low-stock-all"');
    expect(desk.body).toMatch(/href="\/catalog\/product\?status=enabled&amp;sort=stock&amp;dir=asc"/);
  });
});

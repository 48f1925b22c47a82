import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { callApi, postForm } from '../../../../tests/support/forms.ts';
import { cookieJar, publishedStore } from '../../../../tests/support/shops.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// The cart, checkout and order pages (issue 23 §1–3) as a browser without JavaScript drives them:
// form posts answered 303, the cart in its cookie, through inject() on both databases.
let t: TestApp;
type Ids = Record<'category' | 'mug' | 'cap' | 'shirt' | 'red' | 'coupon', number>;
type Shop = { store: TestStore; scope: StoreScope; ids: Ids };
let shop: Shop;
let other: Shop;

async function newShop(): Promise<Shop> {
  const { store, scope, create } = await publishedStore(t);
  const category = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  const ids = { category } as Ids;
  ids.mug = await create('/api/v1/products', { name: 'Taza', categoryId: category, priceCents: 1000, ivaCode: '4', stock: 3, enabled: true });
  ids.cap = await create('/api/v1/products', { name: 'Gorra', categoryId: category, priceCents: 500, ivaCode: '0', stock: 10, enabled: true });
  ids.shirt = await create('/api/v1/products', { name: 'Camiseta', categoryId: category, priceCents: 2000, ivaCode: '4', stock: 0, enabled: true });
  ids.red = await create('/api/v1/variants', { productId: ids.shirt, name: 'Roja M', priceCents: 2000, stock: 2, enabled: true });
  ids.coupon = await create('/api/v1/coupons', { code: 'DIEZ', discountType: 'percentage', discount: 1000, minimumCents: 1500, enabled: true });
  return { store, scope, ids };
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await newShop();
  other = await newShop();
}, 120_000);
afterAll(() => t.dispose());

/** A browser's cookie jar for one shopper: what each answer sets goes with the next request. */
function shopper(locale: 'es' | 'en' = 'es') {
  const { jar, cookie, keep } = cookieJar({ lang: locale });
  const prefix = locale === 'en' ? '/en' : '';
  const url = (s: Shop, rest: string) => `${prefix}/shop/${s.store.slug}${rest}`;
  return {
    jar,
    get: async (s: Shop, rest: string) => keep(await t.app.inject({ url: url(s, rest), headers: { cookie: cookie(), accept: 'text/html' } })),
    post: async (s: Shop, rest: string, fields: Record<string, string>) => keep(await postForm(t.app, url(s, rest), fields, { cookie: cookie() })),
  };
}

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const validBuyer = { name: 'Ana Pérez', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' };

describe('the cart page', () => {
  it('adds from the product page’s form, changes, removes, and keeps the cart across reloads', async () => {
    const s = shopper();
    const product = await s.get(shop, '/product/taza');
    expect(product.body).toContain(`name="product" value="${shop.ids.mug}"`);
    const added = await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.mug), variant: '', quantity: '2' });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`/shop/${shop.store.slug}/cart`);
    expect(added.headers['set-cookie']).toMatch(new RegExp(`^tb_cart_${shop.store.id}=.*HttpOnly`));
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.shirt), variant: String(shop.ids.red), quantity: '1' });
    const cart = await s.get(shop, '/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['cache-control']).toBe('no-store');
    // 2 × 11.50 and 1 × 23.00: subtotal 40.00, IVA 6.00, total 46.00
    expect(text(cart.body)).toContain('Camiseta — Roja M se agregó a tu carrito.');
    expect(text(cart.body)).toContain('$46,00');
    expect(cart.body).toContain('<span class="sr-only">, </span><span class="cart-count">3</span><span class="sr-only"> artículos</span>');
    const reloaded = await s.get(shop, '/cart');
    expect(text(reloaded.body)).not.toContain('se agregó');
    expect(text(reloaded.body)).toContain('$46,00');

    await s.post(shop, '/cart', { intent: 'set', product: String(shop.ids.mug), variant: '', quantity: '1' });
    expect(text((await s.get(shop, '/cart')).body)).toContain('$34,50');
    await s.post(shop, '/cart', { intent: 'remove', product: String(shop.ids.shirt), variant: String(shop.ids.red) });
    const after = await s.get(shop, '/cart');
    expect(text(after.body)).toContain('Quitamos Camiseta — Roja M de tu carrito.');
    expect(text(after.body)).toContain('$11,50');
    // a product with options needs one; a product of another store is not sold here
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.shirt), variant: '', quantity: '1' });
    expect(text((await s.get(shop, '/cart')).body)).toContain('Elige una opción antes de agregar al carrito.');
    await s.post(shop, '/cart', { intent: 'add', product: String(other.ids.cap), variant: '', quantity: 'x' });
    expect((await s.get(shop, '/cart')).body).toContain('Escribe una cantidad de 1 a 999.');
  });

  it('refuses more units than are left and shows a price changed after adding', async () => {
    const s = shopper('en');
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.mug), variant: '', quantity: '5' });
    expect(text((await s.get(shop, '/cart')).body)).toContain('Only 3 units of Taza are left.');
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.cap), variant: '', quantity: '2' });
    expect(text((await s.get(shop, '/cart')).body)).toContain('$10.00');
    await t.db.updateTable('product').set({ priceCents: 650 }).where('storeId', '=', shop.scope.storeId).where('id', '=', shop.ids.cap).execute();
    expect(text((await s.get(shop, '/cart')).body)).toContain('$13.00');
    await t.db.updateTable('product').set({ priceCents: 500 }).where('storeId', '=', shop.scope.storeId).where('id', '=', shop.ids.cap).execute();
  });

  it('applies a coupon, or says why not, in the page’s language', async () => {
    const s = shopper();
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.cap), variant: '', quantity: '1' });
    await s.post(shop, '/cart', { intent: 'coupon', code: 'diez' });
    expect(text((await s.get(shop, '/cart')).body)).toContain('El cupón DIEZ no se aplicó: Este cupón es para compras desde $15,00');
    await s.post(shop, '/cart', { intent: 'coupon', code: 'NADA' });
    expect(text((await s.get(shop, '/cart')).body)).toContain('El cupón NADA no se aplicó: Este cupón no es válido');
    await s.post(shop, '/cart', { intent: 'set', product: String(shop.ids.cap), variant: '', quantity: '4' });
    await s.post(shop, '/cart', { intent: 'coupon', code: 'diez' });
    const applied = text((await s.get(shop, '/cart')).body);
    expect(applied).toContain('Cupón DIEZ aplicado.');
    // 4 × 5.00 = 20.00 less 10 %: 18.00, no IVA
    expect(applied).toContain('Descuento −$2,00');
    expect(applied).toContain('Total $18,00');
  });
});

describe('the checkout', () => {
  it('keeps what was typed beside each field’s error, in Spanish and in English', async () => {
    for (const locale of ['es', 'en'] as const) {
      const s = shopper(locale);
      await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.cap), variant: '', quantity: '1' });
      expect((await s.get(shop, '/checkout')).statusCode).toBe(200);
      const refused = await s.post(shop, '/checkout', { ...validBuyer, email: 'ana@', documentNumber: '1710034060', phone: '12', city: '', notes: 'Tocar el timbre' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('value="ana@"');
      expect(refused.body).toContain('value="Av. Amazonas N34-12"');
      expect(refused.body).toContain('Tocar el timbre</textarea>');
      expect(refused.body).toContain('id="checkout-city-error"');
      const body = text(refused.body);
      if (locale === 'es') {
        expect(body).toContain('Escribe un correo válido, como nombre@ejemplo.com');
        expect(body).toContain('El número de cédula no es válido');
        expect(body).toContain('Escribe un teléfono válido (7 a 20 dígitos)');
      } else {
        expect(body).toContain('Enter a valid email, like name@example.com');
        expect(body).toContain('The cédula number is not valid');
      }
    }
  });

  it('places the order, clears the cart and shows the order page by its code only', async () => {
    await saveStoreSales(t.deps, shop.scope, { bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2200123456', bankAccountHolder: 'Ana Tienda' });
    const s = shopper();
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.cap), variant: '', quantity: '3' });
    const placed = await s.post(shop, '/checkout', { ...validBuyer, paymentMethod: 'bank_transfer' });
    expect(placed.statusCode, placed.body).toBe(303);
    expect(placed.headers.location).toMatch(new RegExp(`^/shop/${shop.store.slug}/order\\?code=[0-9a-f-]{36}$`));
    const page = await s.get(shop, placed.headers.location!.slice(`/shop/${shop.store.slug}`.length));
    expect(page.statusCode).toBe(200);
    // the cart kept only which order was placed, for the order page to tell the pixel once
    expect(s.jar.has(`tb_cart_${shop.store.id}`)).toBe(false);
    expect(page.headers['cache-control']).toBe('no-store');
    const body = text(page.body);
    expect(body).toMatch(/Pedido #\d+/);
    expect(body).toContain('¡Gracias, Ana Pérez! Recibimos tu pedido.');
    expect(body).toContain('Pendiente');
    expect(body).toContain('Banco Pichincha');
    expect(body).toContain('Transfiere $15,00');
    const code = placed.headers.location!.split('code=')[1]!;
    expect((await s.get(shop, `/order?code=${code.replace(/.$/, code.endsWith('0') ? '1' : '0')}`)).statusCode).toBe(404);
    expect((await s.get(shop, '/order?code=nada')).statusCode).toBe(404);
    // Without a code: "Find my order" (issue 40 §4), never the order.
    const lookup = await s.get(shop, '/order');
    expect(lookup.statusCode).toBe(200);
    expect(lookup.body).not.toContain('Banco Pichincha');
    expect((await s.get(other, `/order?code=${code}`)).statusCode).toBe(404);
    const english = await shopper('en').get(shop, `/order?code=${code}`);
    expect(text(english.body)).toContain('Transfer $15.00');
  });

  it('tells the merchant’s pixel what was added, on the cart page, and the placed order once, on the order page', async () => {
    const events = (body: string) => {
      const found = /data-events="([^"]*)"/.exec(body);
      const json = found![1]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
      return (JSON.parse(json) as { type: string; [key: string]: unknown }[]).filter((event) => event.type !== 'page_viewed');
    };
    const pixel = await callApi(t.app, 'PUT', '/api/v1/store/analytics', shop.store.owner.cookie, { keywords: '', analyticsScript: '', pixelScript: '<script>tiendabox.on(function () {})</script>' });
    expect(pixel.statusCode, pixel.body).toBe(200);
    const s = shopper();
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.cap), variant: '', quantity: '2' });
    const cart = await s.get(shop, '/cart');
    expect(events(cart.body)).toEqual([{ type: 'added_to_cart', product: { id: shop.ids.cap, sku: '', name: 'Gorra', priceCents: 500, currency: 'USD', category: null }, quantity: 2, valueCents: 1000, currency: 'USD' }]);
    expect(events((await s.get(shop, '/cart')).body)).toEqual([]);
    const placed = await s.post(shop, '/checkout', validBuyer);
    expect(placed.statusCode, placed.body).toBe(303);
    const orderPage = placed.headers.location!.slice(`/shop/${shop.store.slug}`.length);
    const [completed] = events((await s.get(shop, orderPage)).body);
    expect(completed).toMatchObject({ type: 'checkout_completed', totalCents: 1000, currency: 'USD', items: [{ sku: '', name: 'Gorra', quantity: 2, priceCents: 500 }] });
    expect(events((await s.get(shop, orderPage)).body)).toEqual([]);
  });

  it('counts every checkout of one address, placed or not, and answers past the limit with 429, placing nothing', async () => {
    const s = shopper();
    await s.post(other, '/cart', { intent: 'add', product: String(other.ids.cap), variant: '', quantity: '1' });
    // The cart as it was before placing, posted again each time from one address.
    const cookie = [...s.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const checkout = (fields: Record<string, string>) => postForm(t.app, `/shop/${other.store.slug}/checkout`, fields, { cookie }, '203.0.113.70');
    const capStock = async () => (await t.db.selectFrom('product').select('stock').where('storeId', '=', other.scope.storeId).where('id', '=', other.ids.cap).executeTakeFirstOrThrow()).stock;
    // The first is placed: its attempt counted in the placing's commit (decision 070).
    expect((await checkout(validBuyer)).statusCode).toBe(303);
    // LIMITS.orderPerIp allows 20 an hour: 19 more, with a form error each, are counted too.
    for (let n = 2; n <= 20; n++) expect((await checkout({ ...validBuyer, email: 'no-es-un-correo' })).statusCode).toBe(400);
    const refused = await checkout(validBuyer);
    expect(refused.statusCode).toBe(429);
    expect(text(refused.body)).toContain('Hiciste muchos pedidos seguidos desde esta conexión. Inténtalo más tarde.');
    expect((await checkout({ ...validBuyer, email: 'no-es-un-correo' })).statusCode).toBe(429);
    expect(await capStock()).toBe(9);
    // Another address is not held back.
    expect((await postForm(t.app, `/shop/${other.store.slug}/checkout`, validBuyer, { cookie }, '203.0.113.71')).statusCode).toBe(303);
    expect(await capStock()).toBe(8);
  });

  it('sends the shopper back to the cart when the stock went meanwhile, taking nothing', async () => {
    const s = shopper();
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.shirt), variant: String(shop.ids.red), quantity: '2' });
    await t.db.updateTable('variant').set({ stock: 1 }).where('storeId', '=', shop.scope.storeId).where('id', '=', shop.ids.red).execute();
    const refused = await s.post(shop, '/checkout', validBuyer);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/shop/${shop.store.slug}/cart`);
    const cart = text((await s.get(shop, '/cart')).body);
    expect(cart).toContain('Solo queda 1 unidad de Camiseta — Roja M: ajustamos la cantidad.');
    expect(cart).toContain('Tu carrito cambió mientras comprabas.');
  });
});

describe('bad input', () => {
  it('answers a foreign origin’s post with a refusal, and junk (cookie, fields) never with a 5xx', async () => {
    const foreign = await postForm(t.app, `/shop/${shop.store.slug}/checkout`, validBuyer, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(foreign.statusCode).toBe(403);
    const junkCookies = [`tb_cart_${shop.store.id}=%7B%22l%22%3A%5B%5B1e99%2C-1%2C%22x%22%5D%2C%7B%7D%2Cnull%5D%2C%22c%22%3A%5B%5D%7D`, `tb_cart_${shop.store.id}=not-json`, `tb_cart_${shop.store.id}=${'%5B'.repeat(3000)}`];
    for (const cookie of junkCookies) {
      for (const url of ['/cart', '/checkout', '/product/taza']) {
        const response = await t.app.inject({ url: `/shop/${shop.store.slug}${url}`, headers: { cookie, accept: 'text/html' } });
        expect(response.statusCode, `${url} with ${cookie.slice(0, 60)}`).toBeLessThan(500);
      }
      const posted = await postForm(t.app, `/shop/${shop.store.slug}/checkout`, { ...validBuyer, paymentMethod: 'gift', documentType: 'x' }, { cookie });
      expect(posted.statusCode).toBeLessThan(500);
    }
    for (const fields of [{ intent: 'add', product: '99999999999', quantity: '-1' }, { intent: 'set', product: 'abc', variant: '1e3', quantity: '1.5' }, { intent: 'coupon', code: 'x'.repeat(5000) }, { intent: 'nada' }, {}]) {
      const response = await postForm(t.app, `/shop/${shop.store.slug}/cart`, fields as Record<string, string>);
      expect(response.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(303);
    }
    expect((await t.app.inject({ method: 'POST', url: `/shop/${shop.store.slug}/cart`, payload: { intent: 'add' } })).statusCode).toBeLessThan(500);
    expect((await t.app.inject({ url: `/shop/${shop.store.slug}/order?code=${'a'.repeat(5000)}` })).statusCode).toBe(404);
  });
});

describe('the order page’s invoice spot', () => {
  it('links the invoice PDF by the order’s code once an invoice exists, and not before', async () => {
    const s = shopper();
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.ids.cap), variant: '', quantity: '1' });
    const placed = await s.post(shop, '/checkout', validBuyer);
    const code = placed.headers.location!.split('code=')[1]!;
    const pdf = `/shop/${shop.store.slug}/order/invoice.pdf?code=${code}`;
    expect((await s.get(shop, `/order?code=${code}`)).body).not.toContain('invoice.pdf');
    const order = await t.db.selectFrom('storeOrder').select(['id', 'totalCents']).where('storeId', '=', shop.scope.storeId).where('code', '=', code).executeTakeFirstOrThrow();
    // As the invoice module issues one (branch `invoice`): only the row matters to this page.
    const at = new Date().toISOString();
    await t.db.insertInto('invoice').values({
      storeId: shop.scope.storeId, orderId: order.id, establishment: '001', emissionPoint: '001', sequence: 1, number: '001-001-000000001', accessKey: '0'.repeat(49), environment: 1,
      ruc: '1790016919001', businessName: 'Tienda', buyerName: 'Ana Pérez', buyerDocumentType: 'cedula', buyerDocumentNumber: '1710034065', buyerEmail: 'ana@example.com', buyerAddress: 'Quito',
      subtotalCents: order.totalCents, discountCents: 0, baseTaxedCents: 0, baseZeroCents: order.totalCents, taxCents: 0, shippingCents: 0, totalCents: order.totalCents, issuedAt: at, createdAt: at, updatedAt: at,
    }).execute();
    const body = (await s.get(shop, `/order?code=${code}`)).body;
    expect(body).toContain(`href="${pdf.replace(/&/g, '&amp;')}"`);
    expect(text(body)).toContain('Factura 001-001-000000001');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { postForm } from '../../../../tests/support/forms.ts';
import { cookieJar, publishedStore, type PublishedStore } from '../../../../tests/support/shops.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// Coupon codes can be guessed (issue 36 §9, decision 081): a storefront's cart tells no code
// apart from one that does not exist, limits refused attempts per address and per cart, and
// prices no code written into the cookie by hand. Through inject() on both databases.
let t: TestApp;
let store: TestStore;
let scope: StoreScope;
let mug: number;

beforeAll(async () => {
  t = await createTestApp();
  let create: PublishedStore['create'];
  ({ store, scope, create } = await publishedStore(t));
  const category = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  mug = await create('/api/v1/products', { name: 'Taza', categoryId: category, priceCents: 1000, ivaCode: '0', stock: 50, enabled: true });
  await create('/api/v1/coupons', { code: 'VALE', discountType: 'fixed', discount: 100, enabled: true });
  await create('/api/v1/coupons', { code: 'GRANDE', discountType: 'fixed', discount: 100, minimumCents: 5000, enabled: true });
  await create('/api/v1/coupons', { code: 'APAGADO', discountType: 'fixed', discount: 100, enabled: false });
  await create('/api/v1/coupons', { code: 'VIEJO', discountType: 'fixed', discount: 100, expiresOn: '2020-01-01', enabled: true });
  const used = await create('/api/v1/coupons', { code: 'USADO', discountType: 'fixed', discount: 100, usageLimit: 1, enabled: true });
  await t.db.updateTable('coupon').set({ timesUsed: 1 }).where('storeId', '=', scope.storeId).where('id', '=', used).execute();
}, 120_000);
afterAll(() => t.dispose());

let addresses = 0;
/** An address of its own for each test's shopper, so one test's attempts never count in another's. */
const newAddress = () => `192.0.2.${++addresses}`;

/** One shopper's browser: a cookie jar, from one address unless a post names another. */
function shopper(locale: 'es' | 'en' = 'es', address = newAddress()) {
  const { jar, cookie, keep } = cookieJar({ lang: locale });
  const url = (rest: string) => `${locale === 'en' ? '/en' : ''}/shop/${store.slug}${rest}`;
  return {
    jar,
    cart: () => JSON.parse(decodeURIComponent(jar.get(`tb_cart_${store.id}`) ?? '{}')) as { l?: unknown[]; c?: string; cs?: string },
    get: async (rest: string) => keep(await t.app.inject({ url: url(rest), remoteAddress: address, headers: { cookie: cookie(), accept: 'text/html' } })),
    post: async (rest: string, fields: Record<string, string>, from = address) => keep(await postForm(t.app, url(rest), fields, { cookie: cookie() }, from)),
    add: async (quantity: number) => keep(await postForm(t.app, url('/cart'), { intent: 'add', product: String(mug), variant: '', quantity: String(quantity) }, { cookie: cookie() }, address)),
  };
}

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** What the cart page says after trying `code`. */
async function tried(s: ReturnType<typeof shopper>, code: string, from?: string) {
  const posted = await s.post('/cart', { intent: 'coupon', code }, from);
  return { status: posted.statusCode, text: text(posted.statusCode === 303 ? (await s.get('/cart')).body : posted.body) };
}

describe('what a refused code says', () => {
  it('one message for an unknown, a disabled, an expired and a used-up code; the minimum only for a code that applies', async () => {
    const s = shopper();
    await s.add(2);
    for (const code of ['NOEXISTE', 'APAGADO', 'VIEJO', 'USADO']) {
      expect((await tried(s, code)).text).toContain(`El cupón ${code} no se aplicó: Este cupón no es válido`);
    }
    expect((await tried(s, 'GRANDE')).text).toContain('El cupón GRANDE no se aplicó: Este cupón es para compras desde $50,00');
    const en = shopper('en');
    await en.add(1);
    expect((await tried(en, 'APAGADO')).text).toContain('Coupon APAGADO was not applied: This coupon is not valid');
    expect((await tried(en, 'NOEXISTE')).text).toContain('Coupon NOEXISTE was not applied: This coupon is not valid');
  });
});

describe('the attempt limits', () => {
  it('refuses the 11th refused code from one address, over new carts too, with a 429 that keeps the cart', async () => {
    const address = newAddress();
    // Ten refused codes from one address, over three carts (none past its own limit of five).
    for (const [count, prefix] of [[4, 'A'], [4, 'B'], [2, 'C']] as const) {
      const s = shopper('es', address);
      await s.add(1);
      for (let n = 0; n < count; n += 1) expect((await tried(s, `${prefix}GUESS${n}`)).status).toBe(303);
    }
    const s = shopper('es', address);
    await s.add(3);
    const before = s.cart();
    const refused = await tried(s, 'VALE');
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Probaste muchos cupones seguidos. Espera unos minutos e inténtalo de nuevo; tu carrito sigue igual.');
    // the cart is kept: its lines, no coupon applied
    expect(s.cart().l).toEqual(before.l);
    expect(s.cart().c).toBeUndefined();
    expect(text((await s.get('/cart')).body)).toContain('Taza');
    const en = shopper('en', address);
    await en.add(1);
    const english = await tried(en, 'VALE');
    expect(english.status).toBe(429);
    expect(english.text).toContain('You tried too many coupons in a row. Wait a few minutes and try again; your cart is unchanged.');
  });

  it('refuses the 6th refused code of one cart, whatever address it comes from, and keeps its applied coupon', async () => {
    const s = shopper();
    await s.add(2);
    expect((await tried(s, 'vale')).text).toContain('Cupón VALE aplicado.');
    // a code that applies gives its attempt back: five refused ones still fit
    for (let n = 0; n < 5; n += 1) expect((await tried(s, `CART${n}`, newAddress())).status).toBe(303);
    const refused = await tried(s, 'CART5', newAddress());
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Probaste muchos cupones seguidos.');
    expect(s.cart().c).toBe('VALE');
    expect(text((await s.get('/cart')).body)).toContain('Descuento −$1,00');
  });

  it('does not count a code that applies', async () => {
    const s = shopper();
    await s.add(1);
    for (let n = 0; n < 12; n += 1) expect((await tried(s, 'VALE')).text).toContain('Cupón VALE aplicado.');
  });
});

describe('a cart cookie written by hand', () => {
  it('prices no code the storefront did not apply, and answers no code named in a flash', async () => {
    const name = `tb_cart_${store.id}`;
    const page = async (value: object) => text((await t.app.inject({ url: `/shop/${store.slug}/cart`, headers: { cookie: `lang=es; ${name}=${encodeURIComponent(JSON.stringify(value))}`, accept: 'text/html' } })).body);
    // A real code, unsealed: no discount, no answer about it.
    const forged = await page({ l: [[mug, 0, 2]], c: 'VALE' });
    expect(forged).not.toContain('Descuento');
    expect(forged).not.toContain('VALE aplicado');
    expect(forged).not.toContain('no se aplicó');
    const sealedLater = await page({ l: [[mug, 0, 2]], c: 'VALE', cs: 'A'.repeat(22) });
    expect(sealedLater).not.toContain('Descuento');
    // A flash naming a code says "not valid" whether the code exists or not.
    expect(await page({ l: [[mug, 0, 2]], f: { k: 'couponRefused', s: 'VALE' } })).toContain('El cupón VALE no se aplicó: Este cupón no es válido');
    expect(await page({ l: [[mug, 0, 2]], f: { k: 'couponRefused', s: 'NOEXISTE' } })).toContain('El cupón NOEXISTE no se aplicó: Este cupón no es válido');
    // The code the storefront applied keeps applying, on the cart and at the checkout.
    const s = shopper();
    await s.add(2);
    await tried(s, 'VALE');
    expect(s.cart().cs).toMatch(/^[\w-]{22}$/);
    expect(text((await s.get('/cart')).body)).toContain('Descuento −$1,00');
    expect(text((await s.get('/checkout')).body)).toContain('Descuento −$1,00');
  });
});

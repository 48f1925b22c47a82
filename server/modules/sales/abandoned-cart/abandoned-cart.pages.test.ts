import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#server/service-deps.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { getPage, nextClientIp, postForm } from '../../../../tests/support/forms.ts';
import { cookieJar, publishedStore } from '../../../../tests/support/shops.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { remindAbandonedCarts } from './abandoned-cart-reminder.ts';
import { setCartReminders } from './abandoned-cart.service.ts';

// Abandoned carts as a browser meets them (issue 40 §6, decision 094), through inject() on both
// databases: the checkout's consent box (posted without JavaScript), its script's post, the
// reminder's link and the owner's card. The rules themselves are abandoned-cart.test.ts's.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const HOUR = 60 * 60 * 1000;
const clock = fixedClock(new Date());
type Shop = { store: TestStore; scope: StoreScope; scarf: number };
let shop: Shop;
let other: Shop;
let counter = 0;

async function newShop(): Promise<Shop> {
  const { store, scope, create } = await publishedStore(t);
  const category = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  const scarf = await create('/api/v1/products', { name: 'Bufanda', categoryId: category, priceCents: 1500, ivaCode: '4', stock: 10, enabled: true });
  return { store, scope, scarf };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, { clock });
  shop = await newShop();
  other = await newShop();
}, 120_000);
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

/** One shopper's browser, from one address: the cookie jar goes with every request. */
function shopper(locale: 'es' | 'en' = 'es') {
  const { cookie, keep } = cookieJar({ lang: locale });
  const ip = nextClientIp();
  const prefix = locale === 'en' ? '/en' : '';
  const url = (s: Shop, rest: string) => `${prefix}/shop/${s.store.slug}${rest}`;
  return {
    get: async (s: Shop, rest: string) => keep(await t.app.inject({ url: url(s, rest), remoteAddress: ip, headers: { cookie: cookie(), accept: 'text/html' } })),
    post: async (s: Shop, rest: string, fields: Record<string, string>, headers: Record<string, string> = {}) => keep(await postForm(t.app, url(s, rest), fields, { cookie: cookie(), ...headers }, ip)),
    /** What the checkout's script sends: a same-origin fetch. */
    remind: async (s: Shop, fields: Record<string, string>, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }) =>
      t.app.inject({ method: 'POST', url: url(s, '/checkout/remind'), remoteAddress: ip, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), host: 'localhost', ...headers } }),
  };
}

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const email = () => `compra${++counter}@example.com`;
const buyer = (address: string) => ({ name: 'Ana Pérez', email: address, phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' });
const openCarts = async (address: string) => (await sql<{ storeId: number }>`select store_id from abandoned_cart where email = ${address} and closed = 0`.execute(t.db)).rows.map((row) => row.storeId);

describe('the checkout’s consent box', () => {
  it('is offered only while the store sends reminders, unticked, with its script, in each language', async () => {
    await setCartReminders(t.deps, shop.scope, false);
    const s = shopper();
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.scarf), variant: '', quantity: '1' });
    const off = await s.get(shop, '/checkout');
    expect(off.body).not.toContain('name="cartReminder"');
    expect(off.body).not.toContain('cart-reminder.js');
    await setCartReminders(t.deps, shop.scope, true);
    const on = await s.get(shop, '/checkout');
    expect(on.body).toContain('<input type="checkbox" id="checkout-cartReminder" name="cartReminder" value="yes" aria-describedby="checkout-cartReminder-hint">');
    expect(text(on.body)).toContain('Avísame por correo si dejo mi carrito');
    expect(on.body).toContain(`data-cart-reminder="/shop/${shop.store.slug}/checkout/remind"`);
    expect(on.body).toContain('<script src="/shop-assets/cart-reminder.js" defer></script>');
    const en = shopper('en');
    await en.post(shop, '/cart', { intent: 'add', product: String(shop.scarf), variant: '', quantity: '1' });
    expect(text((await en.get(shop, '/checkout')).body)).toContain('E-mail me if I leave my cart');
    const script = await t.app.inject({ url: '/shop-assets/cart-reminder.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body.length).toBeLessThan(1024);
  });

  it('without JavaScript: a post that places nothing keeps the cart when ticked and forgets it when not; the order closes it', async () => {
    const s = shopper();
    const address = email();
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.scarf), variant: '', quantity: '2' });
    const unticked = await s.post(shop, '/checkout', { ...buyer(address), phone: '12' });
    expect(unticked.statusCode).toBe(400);
    expect(await openCarts(address)).toEqual([]);
    const ticked = await s.post(shop, '/checkout', { ...buyer(address), phone: '12', cartReminder: 'yes' });
    expect(ticked.statusCode).toBe(400);
    // the box comes back as the shopper left it
    expect(ticked.body).toContain('name="cartReminder" value="yes" checked');
    expect(await openCarts(address)).toEqual([shop.scope.storeId]);
    await s.post(shop, '/checkout', { ...buyer(address), phone: '12' });
    expect(await openCarts(address)).toEqual([]);
    await s.post(shop, '/checkout', { ...buyer(address), phone: '12', cartReminder: 'yes' });
    const placed = await s.post(shop, '/checkout', { ...buyer(address), cartReminder: 'yes' });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toMatch(/\/order\?code=/);
    expect(await openCarts(address)).toEqual([]);
  });

  it('the script’s post keeps the cart (204), refused from another site and past the limit per address', async () => {
    const s = shopper();
    const address = email();
    await s.post(shop, '/cart', { intent: 'add', product: String(shop.scarf), variant: '', quantity: '1' });
    expect((await s.remind(shop, { email: address, consent: 'yes' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await openCarts(address)).toEqual([]);
    expect((await s.remind(shop, { email: address, consent: '' })).statusCode).toBe(204);
    expect(await openCarts(address)).toEqual([]);
    const typo = address.replace('@', '@@').replace('@@', '@x');
    expect((await s.remind(shop, { email: typo, consent: 'yes' })).statusCode).toBe(204);
    expect(await openCarts(typo)).toEqual([shop.scope.storeId]);
    // the address corrected: the mistyped one's cart is forgotten
    expect((await s.remind(shop, { email: address, consent: 'yes', previous: typo })).statusCode).toBe(204);
    expect(await openCarts(address)).toEqual([shop.scope.storeId]);
    expect(await openCarts(typo)).toEqual([]);
    // an unknown store answers as one: 404, nothing kept
    expect((await t.app.inject({ method: 'POST', url: '/shop/no-existe-xyz/checkout/remind', payload: 'email=a%40b.ec&consent=yes', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    // counted per address whatever the store (this one sends no reminders: nothing is kept)
    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i += 1) status = (await s.remind(other, { email: email(), consent: 'yes' })).statusCode;
    expect(status).toBe(429);
  });
});

describe('the reminder’s link', () => {
  it('restores the cart and says so; a wrong token, another store’s or an expired one changes nothing', async () => {
    const leaving = shopper();
    const address = email();
    await leaving.post(shop, '/cart', { intent: 'add', product: String(shop.scarf), variant: '', quantity: '3' });
    expect((await leaving.remind(shop, { email: address, consent: 'yes' })).statusCode).toBe(204);
    clock.advance(4 * HOUR + 60_000);
    await remindAbandonedCarts(t.deps);
    const mail = await smtp.waitForMail(address, 'cart/restore');
    const link = /https?:\/\/[^/\s]+(\/shop\/[\w-]+\/cart\/restore\?token=[\w-]+)/.exec(mail)?.[1] ?? '';
    expect(link).not.toBe('');

    // another browser (the shopper's phone, where the e-mail was opened)
    const phone = shopper();
    const restored = await t.app.inject({ url: link, headers: { cookie: 'lang=es', accept: 'text/html' } });
    expect(restored.statusCode).toBe(303);
    expect(restored.headers.location).toBe(`/shop/${shop.store.slug}/cart`);
    expect(restored.headers['referrer-policy']).toBe('no-referrer');
    const cookie = String(restored.headers['set-cookie']).split(';')[0]!;
    const cart = await t.app.inject({ url: `/shop/${shop.store.slug}/cart`, headers: { cookie: `lang=es; ${cookie}`, accept: 'text/html' } });
    expect(text(cart.body)).toContain('Recuperamos tu carrito.');
    expect(cart.body).toContain('<span class="cart-count">3</span>');
    expect(text(cart.body)).toContain('Bufanda');

    const refused = async (url: string) => {
      const answer = await phone.get(shop, url.replace(`/shop/${shop.store.slug}`, ''));
      expect(answer.statusCode).toBe(303);
      const page = await phone.get(shop, '/cart');
      expect(text(page.body)).toContain('El enlace para recuperar tu carrito ya no sirve');
      expect(page.body).not.toContain('class="cart-count"');
    };
    await refused(link.replace(/token=.{4}/, 'token=XXXX'));
    const foreign = await t.app.inject({ url: link.replace(shop.store.slug, other.store.slug), headers: { cookie: 'lang=es', accept: 'text/html' } });
    expect(String(foreign.headers['set-cookie'])).not.toContain('[[');
    // in English, under /en, the same
    const en = shopper('en');
    const wrong = await en.get(shop, '/cart/restore?token=not-a-token-at-all-xyz');
    expect(wrong.headers.location).toBe(`/en/shop/${shop.store.slug}/cart`);
    expect(text((await en.get(shop, '/cart')).body)).toContain('The link to bring your cart back no longer works');
    clock.advance(7 * 24 * HOUR + 1000);
    await refused(link);
  });
});

describe('the owner’s card', () => {
  it('switches the reminders with a confirmed post and shows the counts', async () => {
    const page = await getPage(t.app, '/store/marketing', shop.store.owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Carritos abandonados');
    expect(page.body).toContain('Los avisos de carrito abandonado están activados.');
    // the two carts the tests above left (the script's and the link's), none bought since
    expect(page.body).toMatch(/data-testid="cart-reminders-reminded"[^>]*>2</);
    expect(page.body).toMatch(/data-testid="cart-reminders-recovered"[^>]*>0</);
    const off = await postForm(t.app, '/store/marketing', { intent: 'cartReminders', enabled: 'false' }, { cookie: `lang=es; ${shop.store.owner.cookie}` });
    expect(off.statusCode).toBeLessThan(400);
    expect((await getPage(t.app, '/store/marketing', shop.store.owner.cookie)).body).toContain('Los avisos de carrito abandonado están desactivados.');
    // another store's owner sees their own store's
    expect((await getPage(t.app, '/en/store/marketing', other.store.owner.cookie)).body).toContain('Abandoned-cart reminders are off.');
  });
});

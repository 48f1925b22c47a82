import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { callApi, nextClientIp, postForm } from '../../../../tests/support/forms.ts';
import { cookieJar, publishedStore } from '../../../../tests/support/shops.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// The shopper's side of issue 40 §4 as a browser without JavaScript drives it, through inject() on
// both databases: "Find my order" by number and e-mail, the checkout's details remembered in the
// browser with consent (and never in a page the cache keeps), the cart sent by WhatsApp, the order's
// timeline with its times, and the purchase pages' layout on a phone (defect 9); where the lookup's
// help sends a shopper, and the footer's contact only when the store has some.
let t: TestApp;
type Shop = { store: TestStore; scope: StoreScope; cap: number };
let shop: Shop;
let other: Shop;

async function newShop(name: string): Promise<Shop> {
  const { store, scope, create } = await publishedStore(t, { name });
  const category = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  const cap = await create('/api/v1/products', { name: 'Gorra', categoryId: category, priceCents: 500, ivaCode: '0', stock: 500, enabled: true });
  return { store, scope, cap };
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await newShop('Tienda de María');
  other = await newShop('Otra Tienda');
}, 120_000);
afterAll(() => t.dispose());

function shopper(locale: 'es' | 'en' = 'es', ip = nextClientIp()) {
  const { jar, cookie, keep } = cookieJar({ lang: locale });
  const prefix = locale === 'en' ? '/en' : '';
  const url = (s: Shop, rest: string) => `${prefix}/shop/${s.store.slug}${rest}`;
  return {
    jar,
    get: async (s: Shop, rest: string) => keep(await t.app.inject({ url: url(s, rest), remoteAddress: ip, headers: { cookie: cookie(), accept: 'text/html' } })),
    post: async (s: Shop, rest: string, fields: Record<string, string>) => keep(await postForm(t.app, url(s, rest), fields, { cookie: cookie() }, ip)),
  };
}

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const setCookies = (response: { headers: Record<string, unknown> }) => ([] as string[]).concat((response.headers['set-cookie'] as string[] | string | undefined) ?? []);
const buyer = { name: 'Ana Pérez', email: 'ana.perez@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: 'Tocar el timbre', paymentMethod: 'cash_on_delivery' };

/** Places an order of `quantity` caps as a new shopper: the order's number and code. */
async function placeOrder(s: Shop, fields: Record<string, string> = buyer, quantity = 1) {
  const client = shopper();
  await client.post(s, '/cart', { intent: 'add', product: String(s.cap), variant: '', quantity: String(quantity) });
  const placed = await client.post(s, '/checkout', fields);
  expect(placed.statusCode, placed.body).toBe(303);
  const code = placed.headers.location!.split('code=')[1]!;
  const row = await t.db.selectFrom('storeOrder').select('number').where('storeId', '=', s.scope.storeId).where('code', '=', code).executeTakeFirstOrThrow();
  return { number: row.number, code, client, placed };
}

describe('finding an order by its number and e-mail', () => {
  it('shows the form at /order without a code, linked from every page’s footer, in both languages', async () => {
    const page = await shopper().get(shop, '/order');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(text(page.body)).toContain('Buscar mi pedido');
    expect(page.body).toContain('name="number"');
    expect(page.body).toContain('autocomplete="email"');
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    const english = await shopper('en').get(shop, '/order');
    expect(text(english.body)).toContain('Enter your order number and the email you placed it with.');
    for (const path of ['', '/cart', '/product/gorra']) expect((await shopper().get(shop, path)).body).toContain(`<a class="lookup-link" href="/shop/${shop.store.slug}/order">Buscar mi pedido</a>`);
    expect((await shopper('en').get(shop, '')).body).toContain(`<a class="lookup-link" href="/en/shop/${shop.store.slug}/order">Find my order</a>`);
  });

  it('sends a match to the order’s page (303), however the number and the e-mail are typed', async () => {
    const { number, code } = await placeOrder(shop);
    for (const [typed, email] of [[String(number), buyer.email], [`#${number}`, '  ANA.Perez@Example.com '], [`Pedido ${number}`, buyer.email]] as const) {
      const found = await shopper().post(shop, '/order', { number: typed, email });
      expect(found.statusCode, `${typed} ${email}: ${found.body.slice(0, 200)}`).toBe(303);
      expect(found.headers.location).toBe(`/shop/${shop.store.slug}/order?code=${code}`);
    }
    const english = await shopper('en').post(shop, '/order', { number: String(number), email: buyer.email });
    expect(english.headers.location).toBe(`/en/shop/${shop.store.slug}/order?code=${code}`);
  });

  it('says "not found" alike for a wrong number and a wrong e-mail, keeps what was typed, and finds no other store’s order', async () => {
    const { number } = await placeOrder(shop);
    // The other store has an order of the same number, placed with another e-mail.
    let theirs = await placeOrder(other, { ...buyer, email: 'otra@example.com' });
    while (theirs.number < number) theirs = await placeOrder(other, { ...buyer, email: 'otra@example.com' });
    const wrongEmail = await shopper().post(shop, '/order', { number: String(number), email: 'nadie@example.com' });
    const wrongNumber = await shopper().post(shop, '/order', { number: String(number + 1000), email: buyer.email });
    const elsewhere = await shopper().post(other, '/order', { number: String(number), email: buyer.email });
    const message = 'No encontramos un pedido con ese número y ese correo.';
    for (const response of [wrongEmail, wrongNumber, elsewhere]) {
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(text(response.body)).toContain(message);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // The two refusals differ only by what was typed: nothing tells which field was wrong.
    const strip = (body: string) => body.replace(/value="[^"]*"/g, '');
    expect(strip(wrongEmail.body)).toBe(strip(wrongNumber.body));
    expect(wrongEmail.body).toContain('value="nadie@example.com"');
    expect(wrongNumber.body).toContain(`value="${number + 1000}"`);
    const english = await shopper('en').post(shop, '/order', { number: String(number), email: 'nadie@example.com' });
    expect(text(english.body)).toContain('We found no order with that number and that email.');
  });

  it('refuses a field that cannot be one (400), in the page’s language, and junk never with a 5xx', async () => {
    const bad = await shopper().post(shop, '/order', { number: 'abc', email: 'ana@' });
    expect(bad.statusCode).toBe(400);
    expect(text(bad.body)).toContain('Escribe el número del pedido con cifras, como 1024');
    expect(text(bad.body)).toContain('Escribe un correo válido');
    expect(bad.body).toMatch(/id="lookup-number"[^>]*aria-invalid="true"/);
    const empty = await shopper('en').post(shop, '/order', {});
    expect(empty.statusCode).toBe(400);
    expect(text(empty.body)).toContain('This field is required');
    for (const fields of [{ number: '9'.repeat(5000), email: 'x'.repeat(5000) }, { number: '99999999999', email: 'a@b.co' }, { number: '0', email: 'a@b.co' }]) {
      expect((await postForm(t.app, `/shop/${shop.store.slug}/order`, fields)).statusCode).toBeLessThan(500);
    }
    expect((await t.app.inject({ method: 'POST', url: `/shop/${shop.store.slug}/order`, payload: { number: 1 } })).statusCode).toBeLessThan(500);
    const foreign = await postForm(t.app, `/shop/${shop.store.slug}/order`, { number: '1', email: buyer.email }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(foreign.statusCode).toBe(403);
  });

  it('limits the misses of one address (429, with Retry-After and why), and a find does not count', async () => {
    const { number, code } = await placeOrder(shop);
    const ip = nextClientIp();
    const lookUp = (email: string, from = ip) => postForm(t.app, `/shop/${shop.store.slug}/order`, { number: String(number), email }, {}, from);
    // Finds are given back: a shopper may open their order as often as they like.
    for (let n = 0; n < 12; n++) expect((await lookUp(buyer.email)).statusCode).toBe(303);
    // LIMITS.orderLookupPerIp allows 10 misses in 15 minutes.
    for (let n = 0; n < 10; n++) expect((await lookUp(`otro${n}@example.com`)).statusCode).toBe(404);
    const refused = await lookUp('otro@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(text(refused.body)).toMatch(/Hiciste muchas búsquedas seguidas\. Espera \d+ minutos? e inténtalo de nuevo\./);
    // Past the limit even the right pair waits: a guess that hits is not told apart.
    expect((await lookUp(buyer.email)).statusCode).toBe(429);
    const elsewhere = await lookUp(buyer.email, nextClientIp());
    expect(elsewhere.headers.location).toBe(`/shop/${shop.store.slug}/order?code=${code}`);
  });

  it('limits the misses of all addresses together on one store, and not on another', async () => {
    const third = await newShop('Tienda Tercera');
    const { number } = await placeOrder(third);
    const lookUp = (s: Shop, email: string) => postForm(t.app, `/shop/${s.store.slug}/order`, { number: String(number), email }, {}, nextClientIp());
    // LIMITS.orderLookupPerStore: 100 misses an hour, each from a new address.
    for (let n = 0; n < 100; n++) expect((await lookUp(third, `x${n}@example.com`)).statusCode).toBe(404);
    const refused = await lookUp(third, 'y@example.com');
    expect(refused.statusCode).toBe(429);
    expect((await lookUp(third, buyer.email)).statusCode).toBe(429);
    const english = await postForm(t.app, `/en/shop/${third.store.slug}/order`, { number: String(number), email: buyer.email }, { cookie: 'lang=en' }, nextClientIp());
    expect(english.statusCode).toBe(429);
    expect(text(english.body)).toMatch(/You searched many times in a row\. Wait \d+ minutes? and try again\./);
    expect((await lookUp(shop, 'y@example.com')).statusCode).toBe(404);
  });
});

describe('where to turn when an order is not found', () => {
  it('shows the footer’s “Contacto” only with details under it, and the lookup’s help points where there is something', async () => {
    const bare = await newShop('Tienda Sin Datos');
    const pages = async (locale: 'es' | 'en') => Promise.all(['', '/order'].map(async (path) => (await shopper(locale).get(bare, path)).body));
    /** A change reaches the cached home page once the store's version is read again (decision 064). */
    const seenByShop = () => new Promise((resolve) => setTimeout(resolve, t.deps.config.shopCache.versionMs + 100));
    // no contact details: no empty heading, and the help names the confirmation e-mail, not the footer
    for (const body of await pages('es')) expect(body).not.toContain('id="footer-contact"');
    expect(text((await pages('es'))[1]!)).toContain('¿No encuentras tu pedido? Su número está en el correo de confirmación que recibiste al hacerlo, con un enlace a su página.');
    expect(text((await pages('en'))[1]!)).toContain('Its number is in the confirmation e-mail you got when you placed it');
    for (const body of [...(await pages('es')), ...(await pages('en'))]) expect(body).not.toMatch(/al pie de la página|at the foot of the page/);
    // a WhatsApp number alone: the help points to its link in the footer
    expect((await callApi(t.app, 'PUT', '/api/v1/store/marketing', bare.store.owner.cookie, { whatsapp: '+593 99 765 4321' })).statusCode).toBe(200);
    await seenByShop();
    const [home, lookup] = await pages('es');
    expect(home).not.toContain('id="footer-contact"');
    expect(text(lookup!)).toContain('Escríbele a la tienda por WhatsApp: el enlace está al pie de la página.');
    expect(lookup).toContain('href="https://wa.me/593997654321"');
    // with contact details, the heading has them under it and the help sends the shopper there
    const contact = { contactEmail: 'hola@sindatos.ec', contactPhone: '+593 2 600 0000', contactAddress: 'Av. Colón E5-23', contactState: 'Pichincha', contactCity: 'Quito', contactZip: '170143', contactCountry: 'Ecuador' };
    const saved = await callApi(t.app, 'PUT', '/api/v1/store/contact', bare.store.owner.cookie, contact);
    expect(saved.statusCode, saved.body).toBe(200);
    await seenByShop();
    for (const body of await pages('es')) expect(text(body)).toMatch(/Contacto Av\. Colón E5-23 Quito, Pichincha Ecuador \+593 2 600 0000 hola@sindatos\.ec/);
    expect(text((await pages('es'))[1]!)).toContain('¿No encuentras tu pedido? Escríbele a la tienda: sus datos están al pie de la página.');
    expect(text((await pages('en'))[1]!)).toContain('Can’t find your order? Write to the store: its details are at the foot of the page.');
  });
});

describe('the checkout remembers the shopper’s details, when they agree', () => {
  const cookieName = () => `tb_buyer_${shop.store.id}`;

  it('keeps nothing without the box ticked (it starts unticked)', async () => {
    const client = shopper();
    await client.post(shop, '/cart', { intent: 'add', product: String(shop.cap), variant: '', quantity: '1' });
    const form = await client.get(shop, '/checkout');
    expect(form.body).toMatch(/<input type="checkbox" id="checkout-remember" name="remember" value="1" aria-describedby/);
    expect(text(form.body)).toContain('Recordar mis datos en este navegador');
    const placed = await client.post(shop, '/checkout', buyer);
    expect(placed.statusCode).toBe(303);
    expect(setCookies(placed).some((header) => header.startsWith('tb_buyer_'))).toBe(false);
  });

  it('keeps the contact and address sealed in an HttpOnly cookie of the store’s paths, and fills the next checkout with them', async () => {
    const { client, placed } = await placeOrderRemembering();
    const kept = setCookies(placed).filter((header) => header.startsWith(`${cookieName()}=`));
    expect(kept.map((header) => /Path=([^;]+)/.exec(header)![1])).toEqual([`/shop/${shop.store.slug}`, `/en/shop/${shop.store.slug}`]);
    for (const header of kept) {
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Lax');
      expect(header).toMatch(/Max-Age=\d{6,}/);
      // Sealed: none of the details can be read off the cookie.
      for (const secret of ['ana', 'Amazonas', '1710034065', '0991234567', 'Quito']) expect(decodeURIComponent(header).toLowerCase()).not.toContain(secret.toLowerCase());
    }
    await client.post(shop, '/cart', { intent: 'add', product: String(shop.cap), variant: '', quantity: '1' });
    const next = await client.get(shop, '/checkout');
    expect(next.headers['cache-control']).toBe('no-store');
    expect(next.headers['x-shop-cache']).toBeUndefined();
    for (const value of ['Ana Pérez', 'ana.perez@example.com', '0991234567', '1710034065', 'Av. Amazonas N34-12', 'Quito']) expect(next.body).toContain(`value="${value}"`);
    // The province and the canton are chosen again in their lists.
    for (const place of ['Pichincha', 'Quito']) expect(next.body).toContain(`<option selected>${place}</option>`);
    // The notes and the payment are one order's: not kept.
    expect(next.body).not.toContain('Tocar el timbre');
    expect(next.body).toContain('id="checkout-remember" name="remember" value="1" checked');
    expect(text(next.body)).toContain('Llenamos el formulario con los datos que guardaste en este navegador.');
    // Another store's cookie of these details opens nothing there (sealed with the store's label).
    const moved = await t.app.inject({ url: `/shop/${other.store.slug}/checkout`, headers: { accept: 'text/html', cookie: `lang=es; tb_buyer_${other.store.id}=${client.jar.get(cookieName())}; tb_cart_${other.store.id}=${encodeURIComponent(JSON.stringify({ l: [[other.cap, 0, 1]] }))}` } });
    expect(moved.statusCode).toBe(200);
    expect(moved.body).not.toContain('Ana Pérez');
    // A cookie written by hand is not read either.
    const forged = await t.app.inject({ url: `/shop/${shop.store.slug}/checkout`, headers: { accept: 'text/html', cookie: `lang=es; ${cookieName()}=${encodeURIComponent(JSON.stringify({ name: 'Intruso' }))}; tb_cart_${shop.store.id}=${encodeURIComponent(JSON.stringify({ l: [[shop.cap, 0, 1]] }))}` } });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('Intruso');
  });

  it('never lets the details into a page the shop’s cache keeps', async () => {
    const { client } = await placeOrderRemembering();
    const remembered = `${cookieName()}=${client.jar.get(cookieName())}`;
    // Only the remembered details (no cart, no session): the anonymous pages are served from the cache, and hold none of them.
    for (const path of ['', '/product/gorra', '/category/ropa']) {
      const url = `/shop/${shop.store.slug}${path}?remembered=1`;
      const first = await t.app.inject({ url, headers: { accept: 'text/html', cookie: `lang=es; ${remembered}` } });
      const second = await t.app.inject({ url, headers: { accept: 'text/html', cookie: 'lang=es' } });
      expect([first.headers['x-shop-cache'], second.headers['x-shop-cache']]).toEqual(['miss', 'hit']);
      for (const body of [first.body, second.body]) {
        expect(body).not.toContain('Ana Pérez');
        expect(body).not.toContain('ana.perez@example.com');
      }
    }
    // The lookup form is not prefilled either: it is never the place of a remembered e-mail.
    expect((await t.app.inject({ url: `/shop/${shop.store.slug}/order`, headers: { accept: 'text/html', cookie: `lang=es; ${remembered}` } })).body).not.toContain('ana.perez@example.com');
  });

  it('forgets them when asked (confirmed), or when the next order is placed with the box unticked', async () => {
    const { client } = await placeOrderRemembering();
    await client.post(shop, '/cart', { intent: 'add', product: String(shop.cap), variant: '', quantity: '1' });
    const form = await client.get(shop, '/checkout');
    expect(form.body).toContain(`<form method="post" action="/shop/${shop.store.slug}/checkout/forget">`);
    expect(text(form.body)).toContain('¿Borrar de este navegador tus datos guardados?');
    const forgot = await client.post(shop, '/checkout/forget', {});
    expect(forgot.statusCode).toBe(303);
    expect(forgot.headers.location).toBe(`/shop/${shop.store.slug}/checkout?forgotten=1`);
    expect(setCookies(forgot).filter((header) => header.startsWith(`${cookieName()}=;`) && header.includes('Max-Age=0'))).toHaveLength(2);
    expect(client.jar.has(cookieName())).toBe(false);
    const empty = await client.get(shop, '/checkout?forgotten=1');
    expect(text(empty.body)).toContain('Borramos tus datos de este navegador.');
    expect(empty.body).not.toContain('Ana Pérez');
    expect(empty.body).not.toMatch(/name="remember" value="1" checked/);

    const again = await placeOrderRemembering();
    await again.client.post(shop, '/cart', { intent: 'add', product: String(shop.cap), variant: '', quantity: '1' });
    const unticked = await again.client.post(shop, '/checkout', buyer);
    expect(unticked.statusCode).toBe(303);
    expect(setCookies(unticked).filter((header) => header.startsWith(`${cookieName()}=;`) && header.includes('Max-Age=0'))).toHaveLength(2);
  });

  async function placeOrderRemembering() {
    const client = shopper();
    await client.post(shop, '/cart', { intent: 'add', product: String(shop.cap), variant: '', quantity: '1' });
    const placed = await client.post(shop, '/checkout', { ...buyer, remember: '1' });
    expect(placed.statusCode, placed.body).toBe(303);
    expect(client.jar.has(`tb_buyer_${shop.store.id}`)).toBe(true);
    return { client, placed };
  }
});

describe('the cart by WhatsApp, and the purchase pages on a phone', () => {
  it('offers the cart by WhatsApp only when the store has a number, with the lines and the total in the page’s language', async () => {
    const client = shopper();
    await client.post(other, '/cart', { intent: 'add', product: String(other.cap), variant: '', quantity: '2' });
    expect((await client.get(other, '/cart')).body).not.toContain('wa.me');
    const saved = await callApi(t.app, 'PUT', '/api/v1/store/marketing', other.store.owner.cookie, { whatsapp: '+593 99 123 4567' });
    expect(saved.statusCode, saved.body).toBe(200);
    const messageOf = (body: string) => {
      const href = /<a class="button wide whatsapp-cart" href="([^"]+)"/.exec(body)![1]!.replaceAll('&amp;', '&');
      expect(href.startsWith('https://wa.me/593991234567?text=')).toBe(true);
      return decodeURIComponent(href.split('?text=')[1]!);
    };
    const cart = await client.get(other, '/cart');
    expect(text(cart.body)).toContain('Enviar mi carrito por WhatsApp');
    expect(messageOf(cart.body)).toBe('Hola, Otra Tienda. Quiero hacer este pedido:\n- 2 × Gorra\nTotal: $10,00');
    const english = shopper('en');
    await english.post(other, '/cart', { intent: 'add', product: String(other.cap), variant: '', quantity: '1' });
    expect(messageOf((await english.get(other, '/cart')).body)).toBe('Hello, Otra Tienda. I would like to order:\n- 1 × Gorra\nTotal: $5.00');
  });

  it('keeps the WhatsApp link in the footer’s flow on the purchase pages, and the checkout’s summary before its button', async () => {
    await callApi(t.app, 'PUT', '/api/v1/store/marketing', other.store.owner.cookie, { whatsapp: '+593 99 123 4567' });
    const client = shopper();
    await client.post(other, '/cart', { intent: 'add', product: String(other.cap), variant: '', quantity: '1' });
    const { code } = await placeOrder(other);
    // The floating button stays on the catalogue's pages…
    expect((await client.get(other, '/product/gorra')).body).toContain('<a class="whatsapp" href="https://wa.me/593991234567"');
    // …and is a link in the footer on the cart, the checkout, the order and the lookup, where it covered "Aplicar" and the totals.
    for (const path of ['/cart', '/checkout', `/order?code=${code}`, '/order']) {
      const body = (await client.get(other, path)).body;
      expect(body, path).not.toContain('<a class="whatsapp"');
      expect(body, path).toContain('<a class="whatsapp-inline" href="https://wa.me/593991234567"');
    }
    const checkout = (await client.get(other, '/checkout')).body;
    const summary = checkout.indexOf('class="cart-summary checkout-summary"');
    const button = checkout.indexOf('>Confirmar pedido</button>');
    // In the form, after its last fieldset (the payment): on a phone the grid's one column keeps this order.
    expect(summary).toBeGreaterThan(checkout.lastIndexOf('</fieldset>'));
    expect(checkout.indexOf('<form method="post" action="/shop/')).toBeLessThan(summary);
    expect(summary).toBeLessThan(button);
  });
});

describe('the order page’s timeline', () => {
  it('dates each step with its time, in the page’s language and Ecuador’s time', async () => {
    const { code, client } = await placeOrder(shop);
    const order = await t.db.selectFrom('storeOrder').select(['id', 'createdAt']).where('storeId', '=', shop.scope.storeId).where('code', '=', code).executeTakeFirstOrThrow();
    const when = (locale: 'es' | 'en') => new Intl.DateTimeFormat(locale === 'es' ? 'es-EC' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Guayaquil' }).format(new Date(order.createdAt));
    const spanish = await client.get(shop, `/order?code=${code}`);
    expect(spanish.body).toMatch(new RegExp(`<li class="done" data-step="placed"><span class="step-name">Pedido recibido</span> <time datetime="[^"]+">${when('es')}</time>`));
    expect(when('es')).toMatch(/\d{1,2}:\d{2}/);
    const english = await shopper('en').get(shop, `/order?code=${code}`);
    expect(english.body).toContain(`>${when('en')}</time>`);
  });
});

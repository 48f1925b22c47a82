import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe.ts';
import { login, newBrowser } from './support/casillero.ts';
import { PHONE, SAVE_SCREENSHOTS } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { createUser } from './support/users.ts';

// The storefront's WhatsApp button is fixed in the bottom corner: at the end of a page, on a phone,
// it sat over the footer's last line (issue 23, loose ends §3). The footer now keeps room below its
// last line, so at the bottom of any page nothing readable or clickable lies in the band the button
// covers. Checked at 375 px in all six styles on a category and a product page, with axe, and a
// picture of each page's end for a person to look at. Spanish only: no word here changes the layout.

test.describe.configure({ timeout: 120_000 });

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/**
 * The words and controls of the page (not the button itself) whose boxes reach into the horizontal
 * band the button occupies, with 4 px of air: text measured by its own lines, not its block.
 */
function underTheButton(page: Page) {
  return page.evaluate(() => {
    const button = document.querySelector('a.whatsapp')!.getBoundingClientRect();
    const [top, bottom] = [button.top - 4, button.bottom];
    const found: string[] = [];
    const inBand = (rect: DOMRect) => rect.width > 0 && rect.height > 0 && rect.bottom > top && rect.top < bottom;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.whatsapp, script, style, .sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(inBand)) found.push(`text «${node.textContent.trim().slice(0, 40)}»`);
    }
    for (const control of document.querySelectorAll<HTMLElement>('a, button, input, select, textarea')) {
      if (control.closest('.whatsapp') || control.closest('.sr-only')) continue;
      if (inBand(control.getBoundingClientRect())) found.push(`${control.tagName.toLowerCase()} «${(control.textContent ?? '').trim().slice(0, 40)}»`);
    }
    return found;
  });
}

test('at 375 px the WhatsApp button covers nothing at the end of a category or a product page, in all six styles (es)', async ({ browser }, testInfo) => {
  const owner = createUser('client', 'whatsapp', 'Wilma', 'Whatsapp');
  const { context, page: ownerPage } = await newBrowser(browser, 'es');
  await login(ownerPage, 'es', owner);
  const slug = `e2e-wa-${randomBytes(3).toString('hex')}`;
  await post(ownerPage.request, '/api/v1/store', { name: 'Tienda WhatsApp', slug, section: 'clothing' });
  await post(ownerPage.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda WhatsApp', description: 'Ponchos y bufandas de Otavalo.' }, 'put');
  await post(ownerPage.request, '/api/v1/store/marketing', { instagram: 'https://instagram.com/tiendawa', whatsapp: '+593991234567' }, 'put');
  const { id: category } = await post(ownerPage.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
  for (const [name, priceCents] of [['Poncho Otavalo', 4500], ['Bufanda de alpaca', 1800], ['Gorro tejido', 1200]] as const) {
    await post(ownerPage.request, '/api/v1/products', { name, description: 'Tejido a mano.', categoryId: category, priceCents, ivaCode: '4', stock: 8, enabled: true });
  }

  const shopper = await browser.newContext({ baseURL: MAIN_URL, viewport: PHONE, locale: 'es-EC' });
  const page = await shopper.newPage();
  const found: string[] = [];
  const violations: string[] = [];
  try {
    for (let style = 1; style <= 6; style++) {
      const saved = await ownerPage.request.put('/api/v1/store/design', { data: { style, logo: null } });
      expect(saved.status(), await saved.text()).toBe(200);
      for (const [name, url] of [['category', `/shop/${slug}/category/ropa`], ['product', `/shop/${slug}/product/poncho-otavalo`]] as const) {
        expect((await page.goto(url))?.status(), url).toBe(200);
        await expect(page.locator('a.whatsapp')).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight);
        found.push(...(await underTheButton(page)).map((what) => `${name} page, style ${style}: ${what}`));
        violations.push(...describeViolations(`${name} page in style ${style} at 375 px`, await axeViolations(page)));
        if (SAVE_SCREENSHOTS) {
          // The viewport at the page's end, as the shopper sees it: a full-page picture would move the fixed button.
          const dir = path.join(testInfo.project.outputDir, 'screenshots');
          mkdirSync(dir, { recursive: true });
          await page.screenshot({ path: path.join(dir, `shop-whatsapp-style${style}-${name}-phone.png`), animations: 'disabled' });
        }
      }
    }
  } finally {
    await shopper.close();
    await context.close();
  }
  expect(found, 'what the WhatsApp button covers at the end of the page').toEqual([]);
  expect(violations, `axe-core violations:\n${violations.join('\n')}`).toEqual([]);
});

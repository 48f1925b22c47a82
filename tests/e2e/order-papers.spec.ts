import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { DESKTOP, gotoHydrated, journeyLanguages, type Locale, localized, PHONE, saveScreens } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { type CliUser, createUser } from './support/users.ts';

// Look at the packing slip (issue 40 §3, §9): from an order's page the owner opens its packing slip,
// looks at it on a phone, sees it as it will print (each order a sheet, no prices, no menu), turns
// to the summary with prices, and prints two orders at once. In English (LANGUAGE; the shipment,
// the lookup and this journey are English, the other issue 40 journeys Spanish, so the set sees
// both — decision 041); both languages' texts are the page tests'
// (server/modules/sales/order/order-papers.pages.test.ts) and the axe walk's. SQLite only: nothing
// here depends on the database.

test.describe.configure({ timeout: 120_000 });

/** The journey's language: one constant switches it (its texts are below in both). */
const LANGUAGE: Locale = 'en';

const TEXT = {
  es: { order: 'Pedido #1', slip: 'Lista de empaque', whatsapp: /^https:\/\/wa\.me\/593998877665\?text=Hola%20Luc%C3%ADa%20Paredes/, units: '3 unidades', print: 'Imprimir', mainMenu: 'Menú principal', footer: 'Hecho en Ecuador', withPrices: 'Ver con precios', summary: 'Resumen del pedido', total: /75,00/ },
  en: { order: 'Order #1', slip: 'Packing slip', whatsapp: /^https:\/\/wa\.me\/593998877665\?text=Hello%20Luc%C3%ADa%20Paredes/, units: '3 units', print: 'Print', mainMenu: 'Main menu', footer: 'Made in Ecuador', withPrices: 'Show with prices', summary: 'Order summary', total: /75\.00/ },
} as const;

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/** A published store with one product with a SKU. */
async function openShop(page: Page) {
  const slug = `e2e-empaque-${randomBytes(3).toString('hex')}`;
  await post(page.request, '/api/v1/store', { name: 'Tienda Empaque', slug, section: 'clothing' });
  await post(page.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Empaque', description: 'Ropa de lana.' }, 'put');
  const { id: category } = await post(page.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
  const { id: productId } = await post(page.request, '/api/v1/products', { name: 'Chompa de lana', sku: 'CHO-LAN-M', categoryId: category, priceCents: 2500, ivaCode: '0', stock: 20, enabled: true });
  return { slug, productId };
}

/** A shopper orders through the storefront's forms in a language, from an address of its own (orders per address are limited). */
async function shopperOrders(browser: Browser, locale: Locale, shop: { slug: string; productId: number }, quantity: number, name: string) {
  const context = await browser.newContext({ baseURL: MAIN_URL, extraHTTPHeaders: { 'x-forwarded-for': `10.40.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}` } });
  try {
    const cart = await context.request.post(localized(`/shop/${shop.slug}/cart`, locale), { form: { intent: 'add', product: String(shop.productId), variant: '', quantity: String(quantity) }, maxRedirects: 0 });
    expect(cart.status(), await cart.text()).toBe(303);
    const placed = await context.request.post(localized(`/shop/${shop.slug}/checkout`, locale), {
      form: { name, email: `${randomBytes(4).toString('hex')}@example.com`, phone: '0998877665', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: 'Dejar en portería', paymentMethod: 'cash_on_delivery' },
      maxRedirects: 0,
    });
    expect(placed.status(), await placed.text()).toBe(303);
  } finally {
    await context.close();
  }
}

for (const locale of journeyLanguages(LANGUAGE)) test(`the owner opens an order’s packing slip on a phone, sees it as printed, then the summary and two orders at once (${locale}, 375 px)`, async ({ browser }, testInfo) => {
  const t = TEXT[locale];
  const owner: CliUser = createUser('client', 'slips', 'Elena', 'Empaque');
  const { context, page } = await newBrowser(browser, locale);
  try {
    await login(page, locale, owner);
    const shop = await openShop(page);
    await shopperOrders(browser, locale, shop, 3, 'Lucía Paredes');
    await shopperOrders(browser, locale, shop, 1, 'Pedro Mora');

    let firstId = '';
    await test.step('the order page links its packing slip, and WhatsApp to the shopper', async () => {
      await gotoHydrated(page, localized('/sales/order', locale));
      await page.getByRole('link', { name: '#1', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.order })).toBeVisible();
      firstId = new URL(page.url()).searchParams.get('id')!;
      const whatsapp = page.getByTestId('order-whatsapp');
      await expect(whatsapp).toHaveAttribute('href', t.whatsapp);
      await expect(whatsapp).toHaveAttribute('target', '_blank');
      await saveScreens(page, testInfo, 'order-papers-links');
      // From here on a phone: the owner packs with the slip in hand.
      await page.setViewportSize(PHONE);
      await page.getByRole('link', { name: t.slip }).click();
    });

    await test.step('the slip: the store, the order, where it goes, what to pack, and no prices', async () => {
      await expect(page).toHaveURL(localized(`/store/orders/slip?ids=${firstId}`, locale));
      const sheet = page.getByTestId('slip-1');
      await expect(sheet).toContainText('Tienda Empaque');
      await expect(sheet).toContainText(t.order);
      await expect(sheet).toContainText('Lucía Paredes');
      await expect(sheet).toContainText('Av. Amazonas N34-120');
      await expect(sheet).toContainText('Quito, Pichincha');
      await expect(sheet).toContainText('0998877665');
      await expect(sheet.getByRole('row', { name: /CHO-LAN-M Chompa de lana 3/ })).toBeVisible();
      await expect(sheet).toContainText(t.units);
      await expect(sheet).not.toContainText('$');
      await expect(page.getByRole('button', { name: t.print })).toBeVisible();
      await saveScreens(page, testInfo, 'order-slip');
    });

    await test.step('as printed: only the sheet, no menu, header or buttons', async () => {
      // Printed from a computer, whose screen shows the menu: paper must not.
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: t.print })).toBeHidden();
      await expect(page.getByRole('navigation', { name: t.mainMenu })).toBeHidden();
      await expect(page.getByTestId('slip-1')).toBeVisible();
      await expect(page.getByText(t.footer)).toBeHidden();
      await saveScreens(page, testInfo, 'order-slip-print');
      await page.emulateMedia({ media: 'screen' });
    });

    await test.step('the summary adds the prices and the total', async () => {
      await page.setViewportSize(PHONE);
      await page.getByRole('link', { name: t.withPrices }).click();
      await expect(page).toHaveURL(localized(`/store/orders/slip?ids=${firstId}&kind=summary`, locale));
      await expect(page.getByRole('heading', { name: t.summary }).first()).toBeVisible();
      await expect(page.getByTestId('slip-total')).toHaveText(t.total);
      await saveScreens(page, testInfo, 'order-summary');
      expect(testInfo.annotations.filter((note) => note.type === 'overflow')).toEqual([]);
    });

    await test.step('two orders print at once, each on its own page', async () => {
      await gotoHydrated(page, localized('/sales/order', locale));
      const secondId = new URL(await page.getByRole('link', { name: '#2', exact: true }).getAttribute('href') ?? '', MAIN_URL).searchParams.get('id');
      await gotoHydrated(page, localized(`/store/orders/slip?ids=${firstId},${secondId}`, locale));
      await expect(page.getByTestId('slip-1')).toBeVisible();
      await expect(page.getByTestId('slip-2')).toContainText('Pedro Mora');
      await page.emulateMedia({ media: 'print' });
      const breaks = await page.locator('article').evaluateAll((sheets) => sheets.map((sheet) => getComputedStyle(sheet).breakAfter));
      expect(breaks).toEqual(['page', 'auto']);
      // Printed for real (Chromium's own print to PDF): two orders, two pages.
      const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(2);
      await saveScreens(page, testInfo, 'order-slips-print');
      await page.emulateMedia({ media: 'screen' });
    });
  } finally {
    await context.close();
  }
});

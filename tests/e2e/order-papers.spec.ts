import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, saveScreens } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { type CliUser, createUser } from './support/users.ts';

// Look at the packing slip (issue 40 §3): from an order's page the owner opens its packing slip,
// sees it as it will print (each order a sheet, no prices, no menu), turns to the summary with
// prices, and prints two orders at once. Spanish only: both languages' texts are the page tests'
// (server/modules/sales/order/order-papers.pages.test.ts) and the axe walk's. SQLite only: nothing
// here depends on the database.

test.describe.configure({ timeout: 120_000 });

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

/** A shopper orders through the storefront's forms, from an address of its own (orders per address are limited). */
async function shopperOrders(browser: Browser, shop: { slug: string; productId: number }, quantity: number, name: string) {
  const context = await browser.newContext({ baseURL: MAIN_URL, extraHTTPHeaders: { 'x-forwarded-for': `10.40.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}` } });
  try {
    const cart = await context.request.post(`/shop/${shop.slug}/cart`, { form: { intent: 'add', product: String(shop.productId), variant: '', quantity: String(quantity) }, maxRedirects: 0 });
    expect(cart.status(), await cart.text()).toBe(303);
    const placed = await context.request.post(`/shop/${shop.slug}/checkout`, {
      form: { name, email: `${randomBytes(4).toString('hex')}@example.com`, phone: '0998877665', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', notes: 'Dejar en portería', paymentMethod: 'cash_on_delivery' },
      maxRedirects: 0,
    });
    expect(placed.status(), await placed.text()).toBe(303);
  } finally {
    await context.close();
  }
}

test('the owner opens an order’s packing slip, sees it as printed, then the summary and two orders at once (es)', async ({ browser }, testInfo) => {
  const owner: CliUser = createUser('client', 'slips', 'Elena', 'Empaque');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    const shop = await openShop(page);
    await shopperOrders(browser, shop, 3, 'Lucía Paredes');
    await shopperOrders(browser, shop, 1, 'Pedro Mora');

    let firstId = '';
    await test.step('the order page links its packing slip, and WhatsApp to the shopper', async () => {
      await gotoHydrated(page, '/sales/order');
      await page.getByRole('link', { name: '#1', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Pedido #1' })).toBeVisible();
      firstId = new URL(page.url()).searchParams.get('id')!;
      const whatsapp = page.getByTestId('order-whatsapp');
      await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/593998877665\?text=Hola%20Luc%C3%ADa%20Paredes/);
      await expect(whatsapp).toHaveAttribute('target', '_blank');
      await saveScreens(page, testInfo, 'order-papers-links');
      await page.getByRole('link', { name: 'Lista de empaque' }).click();
    });

    await test.step('the slip: the store, the order, where it goes, what to pack, and no prices', async () => {
      await expect(page).toHaveURL(`/store/orders/slip?ids=${firstId}`);
      const sheet = page.getByTestId('slip-1');
      await expect(sheet).toContainText('Tienda Empaque');
      await expect(sheet).toContainText('Pedido #1');
      await expect(sheet).toContainText('Lucía Paredes');
      await expect(sheet).toContainText('Av. Amazonas N34-120');
      await expect(sheet).toContainText('Quito, Pichincha');
      await expect(sheet).toContainText('0998877665');
      await expect(sheet.getByRole('row', { name: /CHO-LAN-M Chompa de lana 3/ })).toBeVisible();
      await expect(sheet).toContainText('3 unidades');
      await expect(sheet).not.toContainText('$');
      await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
      await saveScreens(page, testInfo, 'order-slip');
    });

    await test.step('as printed: only the sheet, no menu, header or buttons', async () => {
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeHidden();
      await expect(page.getByTestId('slip-1')).toBeVisible();
      await expect(page.getByText('Hecho en Ecuador')).toBeHidden();
      await saveScreens(page, testInfo, 'order-slip-print');
      await page.emulateMedia({ media: 'screen' });
    });

    await test.step('the summary adds the prices and the total', async () => {
      await page.getByRole('link', { name: 'Ver con precios' }).click();
      await expect(page).toHaveURL(`/store/orders/slip?ids=${firstId}&kind=summary`);
      await expect(page.getByRole('heading', { name: 'Resumen del pedido' }).first()).toBeVisible();
      await expect(page.getByTestId('slip-total')).toHaveText(/75,00/);
      await saveScreens(page, testInfo, 'order-summary');
      expect(testInfo.annotations.filter((note) => note.type === 'overflow')).toEqual([]);
    });

    await test.step('two orders print at once, each on its own page', async () => {
      await gotoHydrated(page, '/sales/order');
      const secondId = new URL(await page.getByRole('link', { name: '#2', exact: true }).getAttribute('href') ?? '', MAIN_URL).searchParams.get('id');
      await gotoHydrated(page, `/store/orders/slip?ids=${firstId},${secondId}`);
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

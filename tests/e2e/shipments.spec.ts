import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe.ts';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, journeyLanguages, type Locale, localized, PHONE, saveScreens } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { createUser } from './support/users.ts';

// Shipping as an owner lives it (issue 40 §2, §3, §9, decision 091): one order shipped with
// Servientrega and its tracking number, whose link the shopper then sees on their order page on a
// phone, in English (TRACKING_LANGUAGE); and three orders marked paid and shipped in bulk from the
// list on a phone, in Spanish. One language each (decision 041): the issue 40 journeys split
// between the two, the texts of both are the page tests'; the rules — partial shipments,
// over-shipping, scoping, the events and e-mails — are Vitest's (server/modules/sales/shipment/*.test.ts). SQLite only.

test.describe.configure({ timeout: 120_000 });

/** The language of the shipment with tracking: one constant switches it (its texts are below in both). */
const TRACKING_LANGUAGE: Locale = 'en';

const TEXT = {
  es: { ship: 'Enviar pedido', dialog: 'Enviar el pedido #1', says: 'el transportista, el número de guía y el enlace', carrier: 'Transportista', tracking: 'Número de guía', units: 'Unidades de Poncho de lana', confirm: 'Sí, registrar el envío', track: 'Seguir el envío', shipped: 'Enviado', shipments: 'Envíos', parcel: 'Servientrega · guía 1234567890', trackMine: 'Seguir mi envío', timeline: 'Seguimiento del pedido' },
  en: { ship: 'Ship order', dialog: 'Ship order #1', says: 'the carrier, the tracking number and the link', carrier: 'Carrier', tracking: 'Tracking number', units: 'Units of Poncho de lana', confirm: 'Yes, record the shipment', track: 'Track the parcel', shipped: 'Shipped', shipments: 'Shipments', parcel: 'Servientrega · tracking number 1234567890', trackMine: 'Track my parcel', timeline: 'Order tracking' },
} as const;

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response.status() === 204 ? { id: 0 } : ((await response.json()) as { id: number });
}

/** A published store with one product, made through the API as the owner. */
async function openShop(page: Page) {
  const slug = `e2e-envios-${randomBytes(3).toString('hex')}`;
  await post(page.request, '/api/v1/store', { name: 'Tienda Envíos', slug, section: 'clothing' });
  await post(page.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Envíos', description: 'Ropa de lana.' }, 'put');
  const { id: category } = await post(page.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
  const { id: productId } = await post(page.request, '/api/v1/products', { name: 'Poncho de lana', priceCents: 4000, ivaCode: '0', stock: 20, enabled: true, categoryId: category });
  return { slug, productId };
}

/** A shopper orders through the storefront's forms in a language, from an address of their own; answers the order page's path. */
async function shopperOrders(browser: Browser, shop: { slug: string; productId: number }, name: string, locale: Locale = 'es'): Promise<string> {
  const context = await browser.newContext({ baseURL: MAIN_URL });
  // Each shopper from an address of its own: the placing limit per address is shared by every journey.
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.40.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}` });
  try {
    expect((await context.request.post(localized(`/shop/${shop.slug}/cart`, locale), { form: { intent: 'add', product: String(shop.productId), variant: '', quantity: '1' }, maxRedirects: 0 })).status()).toBe(303);
    const placed = await context.request.post(localized(`/shop/${shop.slug}/checkout`, locale), {
      form: { name, email: `${randomBytes(4).toString('hex')}@example.com`, phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' },
      maxRedirects: 0,
    });
    expect(placed.status(), await placed.text()).toBe(303);
    return new URL(placed.headers().location!, MAIN_URL).pathname + new URL(placed.headers().location!, MAIN_URL).search;
  } finally {
    await context.close();
  }
}

/** axe-core (WCAG A/AA) on what the page shows now: the new dialogs and sections, at the journey's width. */
async function expectAccessible(page: Page, where: string) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  expect(describeViolations(where, await axeViolations(page))).toEqual([]);
}

/** The store's orders by number, as the API lists them. */
async function orderIds(page: Page): Promise<Map<number, number>> {
  const list = (await (await page.request.get('/api/v1/orders')).json()) as { rows: { id: number; number: number }[] };
  return new Map(list.rows.map((row) => [row.number, row.id]));
}

for (const locale of journeyLanguages(TRACKING_LANGUAGE)) test(`the owner ships an order with Servientrega and its tracking number; the shopper follows the link on a phone (${locale}, 375 px)`, async ({ browser }, testInfo) => {
  const t = TEXT[locale];
  const owner = createUser('client', 'shipments', 'Sara', 'Envíos');
  const { context, page } = await newBrowser(browser, locale);
  try {
    await login(page, locale, owner);
    const shop = await openShop(page);
    const orderPage = await shopperOrders(browser, shop, 'Ana Compradora', locale);
    const id = (await orderIds(page)).get(1)!;
    await post(page.request, `/api/v1/orders/${id}/status`, { status: 'paid', note: '' });

    await test.step('the ship dialog asks the carrier, the number and the units, and says what happens', async () => {
      await gotoHydrated(page, localized(`/sales/order/show?id=${id}`, locale));
      await page.getByRole('button', { name: t.ship }).click();
      const dialog = page.getByRole('dialog', { name: t.dialog });
      await expect(dialog).toContainText(t.says);
      await dialog.getByLabel(t.carrier).selectOption('servientrega');
      await dialog.getByLabel(t.tracking).fill('1234567890');
      await expect(dialog.getByLabel(t.units)).toHaveValue('1');
      await expectAccessible(page, 'the ship dialog');
      await saveScreens(page, testInfo, 'shipment-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: t.confirm }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('the order is shipped and lists the parcel with its tracking link', async () => {
      const shipments = page.getByTestId('shipments');
      await expect(shipments).toContainText('Servientrega · 1234567890');
      await expect(shipments.getByRole('link', { name: t.track })).toHaveAttribute('href', 'https://www.servientrega.com.ec/Tracking/?guia=1234567890&tipo=GUIA');
      await expect(page.getByText(t.shipped, { exact: true }).first()).toBeVisible();
      await expectAccessible(page, 'the order page with its shipment');
      await saveScreens(page, testInfo, 'shipment-order-show');
    });

    await test.step("on a phone, the shopper's order page shows the parcel and its link beside the timeline", async () => {
      const shopper = await newBrowser(browser, locale);
      try {
        await shopper.page.setViewportSize(PHONE);
        await shopper.page.goto(orderPage);
        const shopperPage = shopper.page;
        await expect(shopperPage.getByRole('heading', { name: t.shipments, exact: true })).toBeVisible();
        await expect(shopperPage.getByText(t.parcel)).toBeVisible();
        await expect(shopperPage.getByRole('link', { name: t.trackMine })).toHaveAttribute('href', 'https://www.servientrega.com.ec/Tracking/?guia=1234567890&tipo=GUIA');
        await expect(shopperPage.getByRole('heading', { name: t.timeline })).toBeVisible();
        await expectAccessible(shopperPage, "the shopper's order page with its shipment (375 px)");
        await saveScreens(shopperPage, testInfo, 'shipment-shop-order');
      } finally {
        await shopper.context.close();
      }
    });
  } finally {
    await context.close();
  }
});

test('on a phone, the owner marks three orders paid and ships them with one carrier from the list (es, 375 px)', async ({ browser }, testInfo) => {
  const owner = createUser('client', 'bulkship', 'Bruno', 'Lotes');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    const shop = await openShop(page);
    for (const name of ['Ana Uno', 'Beto Dos', 'Carla Tres']) await shopperOrders(browser, shop, name);
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, '/sales/order');

    await test.step('select all on the page (a labelled box), mark paid after a question naming three orders', async () => {
      await page.getByRole('checkbox', { name: 'Seleccionar todos los registros de esta página' }).check();
      await expect(page.getByTestId('bulk-bar')).toContainText('3 registros seleccionados');
      await expectAccessible(page, 'the order list with its bulk bar (375 px)');
      // The packing slips open in a tab of their own (helper ops' page), after the same question.
      await page.getByRole('button', { name: 'Imprimir hojas de empaque' }).click();
      await expect(page.getByRole('dialog')).toContainText('Se abrirán las hojas de empaque de 3 pedidos');
      await expect(page.getByRole('dialog').getByRole('link', { name: 'Abrir las hojas de empaque' })).toHaveAttribute('href', /^\/store\/orders\/slip\?ids=\d+,\d+,\d+$/);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: 'Marcar como pagados' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Se marcarán como pagados 3 pedidos');
      await dialog.getByRole('button', { name: 'Sí, marcar como pagados' }).click();
      await expect(page.getByTestId('bulk-result')).toContainText('3 pedidos listos.');
      for (const number of [1, 2, 3]) await expect(page.getByTestId(`order-${number}`)).toContainText('Pagado');
    });

    await test.step('ship the three with Urbano Express, a tracking number each; the result says so', async () => {
      await page.getByRole('checkbox', { name: 'Seleccionar todos los registros de esta página' }).check();
      await page.getByRole('button', { name: 'Enviar con un transportista' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('de 3 pedidos con un mismo transportista');
      await dialog.getByLabel('Transportista').selectOption('urbano');
      for (const number of [1, 2, 3]) await dialog.getByLabel(`Número de guía del pedido #${number}`).fill(`WYB00${number}`);
      await expectAccessible(page, 'the bulk ship dialog (375 px)');
      await saveScreens(page, testInfo, 'shipment-bulk-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Sí, registrar los envíos' }).click();
      await expect(page.getByTestId('bulk-result')).toContainText('3 pedidos listos.');
      for (const number of [1, 2, 3]) await expect(page.getByTestId(`order-${number}`)).toContainText('Enviado');
      await expectAccessible(page, 'the order list with the bulk result (375 px)');
      await saveScreens(page, testInfo, 'shipment-bulk-list');
    });
  } finally {
    await context.close();
  }
});

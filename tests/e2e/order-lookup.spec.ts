import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe.ts';
import { login, newBrowser } from './support/casillero.ts';
import { PHONE, saveScreens } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { createUser } from './support/users.ts';

// A lookup of the order (issue 40 §4, §9), on a phone in Spanish: a shopper buys — the cart offers
// to send it by WhatsApp, the checkout shows its summary before "Confirmar pedido" and remembers
// the details with consent — loses the order's link, and finds the order again from the footer's
// "Buscar mi pedido" with its number and e-mail (a wrong e-mail first). The next checkout comes
// filled in. The rules (limits, other stores, the cookie, the cache) are Vitest's:
// server/modules/sales/checkout/shopper-tools.pages.test.ts. SQLite only.

test.describe.configure({ timeout: 120_000 });

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/** The top of `below` lies under the bottom of `above` on the screen. */
async function expectAbove(page: Page, above: string, below: string) {
  const [a, b] = [await page.locator(above).boundingBox(), await page.locator(below).boundingBox()];
  expect(a!.y + a!.height, `${above} above ${below}`).toBeLessThanOrEqual(b!.y);
}

test('a shopper finds their order by its number and e-mail, on a phone (es)', async ({ browser }, testInfo) => {
  const owner = createUser('client', 'lookup', 'Lucía', 'Tienda');
  const { context: ownerContext, page: ownerPage } = await newBrowser(browser, 'es');
  const slug = `e2e-lookup-${randomBytes(3).toString('hex')}`;
  try {
    await login(ownerPage, 'es', owner);
    await post(ownerPage.request, '/api/v1/store', { name: 'Tienda Lucía', slug, section: 'clothing' });
    await post(ownerPage.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Lucía', description: 'Tejidos de Otavalo.' }, 'put');
    await post(ownerPage.request, '/api/v1/store/marketing', { whatsapp: '+593991234567' }, 'put');
    const { id: category } = await post(ownerPage.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
    await post(ownerPage.request, '/api/v1/products', { name: 'Bufanda de alpaca', sku: 'BU-1', categoryId: category, priceCents: 1800, ivaCode: '4', stock: 10, enabled: true });
  } finally {
    await ownerContext.close();
  }

  const shopper = await browser.newContext({ baseURL: MAIN_URL, viewport: PHONE, locale: 'es-EC' });
  // Its own address: LIMITS.orderPerIp is shared by every journey that places orders from this machine.
  await shopper.setExtraHTTPHeaders({ 'x-forwarded-for': `10.40.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}` });
  const page = await shopper.newPage();
  const violations: string[] = [];
  const audit = async (name: string) => violations.push(...describeViolations(`${name} at 375 px`, await axeViolations(page)));
  try {
    await page.goto(`/shop/${slug}/product/bufanda-de-alpaca`);
    await page.getByLabel('Cantidad').fill('2');
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${slug}/cart$`));

    // The cart: its lines can go to the store by WhatsApp; the store's WhatsApp sits in the footer, over nothing.
    const whatsapp = page.getByRole('link', { name: 'Enviar mi carrito por WhatsApp' });
    const message = decodeURIComponent((await whatsapp.getAttribute('href'))!.split('?text=')[1]!);
    expect(message).toBe('Hola, Tienda Lucía. Quiero hacer este pedido:\n- 2 × Bufanda de alpaca\nTotal: $41,40');
    await expect(page.locator('a.whatsapp')).toHaveCount(0);
    await expect(page.locator('a.whatsapp-inline')).toBeVisible();
    await audit('cart');
    await saveScreens(page, testInfo, 'order-lookup-cart');

    // The checkout: the summary before the button; the shopper asks to be remembered.
    await page.getByRole('link', { name: 'Ir a pagar' }).click();
    await page.getByLabel('Nombre y apellido').fill('Ana Compradora');
    await page.getByLabel('Correo electrónico', { exact: true }).fill('ana.compradora@example.com');
    await page.getByLabel('Teléfono').fill('0991234567');
    await page.getByLabel('Número de documento').fill('1710034065');
    await page.getByLabel('Dirección').fill('Av. Amazonas N34-12');
    await page.getByLabel('Ciudad').fill('Quito');
    await page.getByLabel('Provincia').selectOption('Pichincha');
    await page.getByLabel('Cantón').selectOption('Quito');
    await page.getByLabel('Pago contra entrega').check();
    const remember = page.getByLabel('Recordar mis datos en este navegador');
    await expect(remember).not.toBeChecked();
    await remember.check();
    await expectAbove(page, '.checkout-summary', '.checkout-place button');
    await audit('checkout');
    await saveScreens(page, testInfo, 'order-lookup-checkout');
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expect(page).toHaveURL(/\/order\?code=[0-9a-f-]{36}$/);
    const number = /Pedido #(\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![1]!;

    // The link is lost: from the store's footer, by number and e-mail — a wrong e-mail first.
    await page.goto(`/shop/${slug}`);
    await page.getByRole('link', { name: 'Buscar mi pedido' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${slug}/order$`));
    await audit('order lookup');
    await saveScreens(page, testInfo, 'order-lookup-form');
    await page.getByLabel('Número del pedido').fill(`#${number}`);
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Ver mi pedido' }).click();
    await expect(page.getByRole('alert')).toContainText('No encontramos un pedido con ese número y ese correo.');
    await expect(page.getByLabel('Número del pedido')).toHaveValue(`#${number}`);
    await audit('order lookup, not found');
    await saveScreens(page, testInfo, 'order-lookup-not-found');
    await page.getByLabel('Correo electrónico').fill('Ana.Compradora@example.com');
    await page.getByRole('button', { name: 'Ver mi pedido' }).click();
    await expect(page).toHaveURL(/\/order\?code=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido #${number}`);
    await expect(page.locator('.order-timeline li[data-step="placed"] time')).toHaveText(/\d{1,2}:\d{2}/);
    await audit('order');
    await saveScreens(page, testInfo, 'order-lookup-order');

    // The next order: the checkout comes filled in from this browser, and can forget.
    await page.goto(`/shop/${slug}/product/bufanda-de-alpaca`);
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByRole('link', { name: 'Ir a pagar' }).click();
    await expect(page.getByLabel('Nombre y apellido')).toHaveValue('Ana Compradora');
    await expect(page.getByLabel('Dirección')).toHaveValue('Av. Amazonas N34-12');
    await page.getByText('Olvidar mis datos').click();
    await page.getByRole('button', { name: 'Sí, olvidarlos' }).click();
    await expect(page.getByText('Borramos tus datos de este navegador.')).toBeVisible();
    await expect(page.getByLabel('Nombre y apellido')).toHaveValue('');
  } finally {
    await shopper.close();
  }
  expect(violations, `axe-core violations:\n${violations.join('\n')}`).toEqual([]);
});

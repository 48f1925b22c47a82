import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, saveScreens } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { type CliUser, createUser } from './support/users.ts';

// The owner's orders as they live them (issue 23 §4, §10): the bell says a shopper ordered → the
// order → paid → shipped → delivered, each asked first; another order cancelled, and its units are
// back on the product. Spanish only: the texts of both languages are the page tests' and the axe
// walk's. The rules (transitions, give-backs, e-mails, scoping) are Vitest's
// (server/modules/order/*.test.ts). SQLite only: the transactions are proven on both databases there.

test.describe.configure({ timeout: 120_000 });

type Shop = { owner: CliUser; slug: string; productId: number };

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/** A published store with one product of 5 units. */
async function openShop(page: Page, owner: CliUser): Promise<Shop> {
  const slug = `e2e-pedidos-${randomBytes(3).toString('hex')}`;
  await post(page.request, '/api/v1/store', { name: 'Tienda Pedidos', slug, section: 'clothing' });
  await post(page.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Pedidos', description: 'Ropa de lana.' }, 'put');
  const { id: category } = await post(page.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
  const { id: productId } = await post(page.request, '/api/v1/products', { name: 'Chompa de lana', categoryId: category, priceCents: 2500, taxBp: 0, stock: 5, enabled: true });
  return { owner, slug, productId };
}

/** A shopper orders through the storefront's own forms (cart, then checkout), as a browser without JavaScript posts them. */
async function shopperOrders(browser: Browser, shop: Shop, quantity: number, name: string) {
  const context = await browser.newContext({ baseURL: MAIN_URL });
  try {
    const cart = await context.request.post(`/shop/${shop.slug}/cart`, { form: { intent: 'add', product: String(shop.productId), variant: '', quantity: String(quantity) }, maxRedirects: 0 });
    expect(cart.status(), await cart.text()).toBe(303);
    const placed = await context.request.post(`/shop/${shop.slug}/checkout`, {
      form: { name, email: `${randomBytes(4).toString('hex')}@example.com`, phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', notes: 'Dejar en portería', paymentMethod: 'cash_on_delivery' },
      maxRedirects: 0,
    });
    expect(placed.status(), await placed.text()).toBe(303);
    expect(placed.headers().location).toContain(`/shop/${shop.slug}/order?code=`);
  } finally {
    await context.close();
  }
}

/** One move, asked first: the button opens the question, the dialog's button confirms it. */
async function move(page: Page, button: string, question: RegExp, status: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Sí, cambiar' }).click();
  await expect(page.getByText(status, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('the owner hears of an order, moves it to delivered, and cancels another whose stock comes back (es)', async ({ browser }, testInfo) => {
  const owner = createUser('client', 'orders', 'Olga', 'Pedidos');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    const shop = await openShop(page, owner);
    await shopperOrders(browser, shop, 2, 'Ana Compradora');
    await shopperOrders(browser, shop, 1, 'Bruno Comprador');

    await test.step('the bell says there are new orders; the first opens its order', async () => {
      await gotoHydrated(page, '/');
      await expect(page.getByTestId('bell-count')).toContainText('2');
      await page.getByTestId('bell').click();
      await page.getByTestId('bell-item').filter({ hasText: 'Nuevo pedido #1' }).click();
      await expect(page).toHaveURL(/\/sales\/order\/show\?id=\d+/);
      await expect(page.getByRole('heading', { level: 1, name: 'Pedido #1' })).toBeVisible();
      await expect(page.getByText('Ana Compradora').first()).toBeVisible();
      await expect(page.getByTestId('order-total')).toContainText('50,00');
      await saveScreens(page, testInfo, 'sales-order-show');
    });

    await test.step('paid → shipped → delivered, each asked first', async () => {
      await move(page, 'Marcar como pagado', /pasará a «Pagado»/, 'Pagado');
      await move(page, 'Marcar como enviado', /pasará a «Enviado»/, 'Enviado');
      await move(page, 'Marcar como entregado', /pasará a «Entregado»/, 'Entregado');
      await expect(page.getByText('Este pedido no tiene más cambios de estado.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
    });

    await test.step('the list shows both; the other order is cancelled and says its stock comes back', async () => {
      await gotoHydrated(page, '/sales/order');
      await expect(page.getByTestId('order-1')).toContainText('Entregado');
      await expect(page.getByTestId('order-2')).toContainText('Pendiente');
      await saveScreens(page, testInfo, 'sales-order-list');
      await page.getByTestId('order-2').getByRole('link', { name: '#2' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Pedido #2' })).toBeVisible();
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Cancelar pedido' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('el stock de sus productos vuelve al inventario');
      await dialog.getByLabel('Nota para el comprador (opcional)').fill('Sin stock de talla');
      await saveScreens(page, testInfo, 'sales-order-cancel', { fullPage: false });
      await dialog.getByRole('button', { name: 'Sí, cambiar' }).click();
      await expect(page.getByText('Sin stock de talla')).toBeVisible();
      await expect(page.getByText('Cancelado', { exact: true }).first()).toBeVisible();
    });

    await test.step('the product has its unit back: 5 − 2 delivered = 3', async () => {
      await gotoHydrated(page, `/catalog/product/show?id=${shop.productId}`);
      await expect(page.getByLabel('Stock')).toHaveValue('3');
    });
  } finally {
    await context.close();
  }
});

async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor();
}

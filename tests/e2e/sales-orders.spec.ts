import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { field, gotoHydrated, saveScreens, says, typeDate } from './support/helpers.ts';
import { MAIN_URL, PROJECT_ROOT } from './support/servers.ts';
import { type CliUser, createUser } from './support/users.ts';

// The owner's orders as they live them (issue 23 §4, §10): the bell says a shopper ordered → the
// order → paid → its invoice issued and its PDF looked at → shipped → delivered, each asked first; another order cancelled, and its units are
// back on the product. Spanish only: the texts of both languages are the page tests' and the axe
// walk's. The rules (transitions, give-backs, e-mails, scoping) are Vitest's
// (server/modules/sales/order/*.test.ts). SQLite only: the transactions are proven on both databases there.

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
  const { id: productId } = await post(page.request, '/api/v1/products', { name: 'Chompa de lana', categoryId: category, priceCents: 2500, ivaCode: '0', stock: 5, enabled: true });
  // What an invoice needs from the store: its RUC and business name.
  await post(page.request, '/api/v1/store/sales', { ruc: '1710034065001', businessName: 'Olga Pedidos Lana', headOfficeAddress: 'Calle Sucre 4-12, Cuenca', establishmentAddress: 'Calle Sucre 4-12, Cuenca', accountingObligated: 'no' }, 'put');
  return { owner, slug, productId };
}

/** A shopper orders through the storefront's own forms (cart, then checkout), as a browser without JavaScript posts them. */
async function shopperOrders(browser: Browser, shop: Shop, quantity: number, name: string, email = `${randomBytes(4).toString('hex')}@example.com`) {
  const context = await browser.newContext({ baseURL: MAIN_URL });
  try {
    const cart = await context.request.post(`/shop/${shop.slug}/cart`, { form: { intent: 'add', product: String(shop.productId), variant: '', quantity: String(quantity) }, maxRedirects: 0 });
    expect(cart.status(), await cart.text()).toBe(303);
    const placed = await context.request.post(`/shop/${shop.slug}/checkout`, {
      form: { name, email, phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: 'Dejar en portería', paymentMethod: 'cash_on_delivery' },
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

    await test.step('the desk draws the sales chart; the bell says there are new orders; the first opens its order', async () => {
      await gotoHydrated(page, '/');
      // The desk's sales chart is drawn once the page has hydrated (the server renders its room only).
      await expect(page.getByTestId('desk-sales-chart').locator('svg').first()).toBeVisible();
      await expect(page.getByTestId('desk-sales-chart-room')).toHaveCount(0);
      await expect(page.getByTestId('bell-count')).toContainText('2');
      await page.getByTestId('bell').click();
      await page.getByTestId('bell-item').filter({ hasText: 'Nuevo pedido #1' }).click();
      await expect(page).toHaveURL(/\/sales\/order\/show\?id=\d+/);
      await expect(page.getByRole('heading', { level: 1, name: 'Pedido #1' })).toBeVisible();
      await expect(page.getByText('Ana Compradora').first()).toBeVisible();
      await expect(page.getByTestId('order-total')).toContainText('50,00');
      await saveScreens(page, testInfo, 'sales-order-show');
    });

    await test.step('paid → invoiced (the PDF looked at as an image) → shipped → delivered, each asked first', async () => {
      await move(page, 'Marcar como pagado', /pasará a «Pagado»/, 'Pagado');
      const orderUrl = page.url();
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Emitir factura' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('siguiente número de factura');
      await dialog.getByRole('button', { name: 'Emitir factura' }).click();
      await expect(page).toHaveURL(/\/sales\/invoice\/show\?id=\d+/);
      await expect(page.getByText('001-001-000000001').first()).toBeVisible();
      const pdfUrl = await page.getByTestId('download-pdf').getAttribute('href');
      const pdf = await page.request.get(pdfUrl!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const text = await showPdf(page, await pdf.body());
      expect(text).toContain('001-001-000000001');
      expect(text).toContain('Olga Pedidos Lana');
      expect(text).toContain('Ana Compradora');
      await saveScreens(page, testInfo, 'sales-invoice-pdf');
      await gotoHydrated(page, new URL(orderUrl).pathname + new URL(orderUrl).search);
      await expect(page.getByTestId('view-invoice')).toContainText('001-001-000000001');
      // Shipping asks the carrier and the tracking number (issue 40 §2; shipments.spec.ts walks it).
      await page.getByRole('button', { name: 'Enviar pedido' }).click();
      const ship = page.getByRole('dialog');
      await ship.getByLabel('Transportista').selectOption('tramaco');
      await ship.getByLabel('Número de guía').fill('TR-100');
      await ship.getByRole('button', { name: 'Sí, registrar el envío' }).click();
      await expect(page.getByText('Enviado', { exact: true }).first()).toBeVisible();
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

    await test.step('the list by a day range typed the Spanish way; "Hasta" before "Desde" is said beside the field', async () => {
      const [year, month, day] = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10).split('-');
      await gotoHydrated(page, '/sales/order');
      await typeDate(field(page, 'Desde'), '01/01/2020');
      await typeDate(field(page, 'Hasta'), `${day}/${month}/${year}`);
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expect(page).toHaveURL(new RegExp(`from=2020-01-01&to=${year}-${month}-${day}`));
      await expect(page.getByTestId('order-1')).toBeVisible();
      await expect(page.getByTestId('order-2')).toBeVisible();
      await waitForHydration(page);
      await typeDate(field(page, 'Hasta'), '31/12/2019');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expect(field(page, 'Hasta')).toHaveAccessibleDescription(says('«Hasta» no puede ser anterior a «Desde»'));
      await expect(field(page, 'Hasta')).toHaveValue('31/12/2019');
      await saveScreens(page, testInfo, 'sales-order-filter-error');
      // the address opened again with a day that does not exist: the text is in its box, beside its error
      await gotoHydrated(page, `/sales/order?from=${encodeURIComponent('31/02/2026')}`);
      await expect(field(page, 'Desde')).toHaveValue('31/02/2026');
      await expect(field(page, 'Desde')).toHaveAccessibleDescription(says('Escribe la fecha como día/mes/año, por ejemplo 15/08/2030'));
    });

    await test.step('the product has its unit back: 5 − 2 delivered = 3', async () => {
      await gotoHydrated(page, `/catalog/product/show?id=${shop.productId}`);
      await expect(page.getByLabel('Stock')).toHaveValue('3');
    });
  } finally {
    await context.close();
  }
});

// The owner's customers (issue 23 §6): found by a search, opened with their orders and totals, and
// their contact data edited under checkout's document rules — a cédula that fails Ecuador's check is
// refused beside the field and kept as typed, a valid one is saved. Screens: sales-customer-*.
test('the owner finds a customer, sees their orders and totals, and corrects their cédula (es; the detail in en too)', async ({ browser }, testInfo) => {
  const owner = createUser('client', 'customers', 'Carla', 'Clientes');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    const shop = await openShop(page, owner);
    const email = `${randomBytes(4).toString('hex')}@example.com`;
    await shopperOrders(browser, shop, 2, 'Diana Cevallos', email);
    await shopperOrders(browser, shop, 1, 'Diana Cevallos', email);
    await shopperOrders(browser, shop, 1, 'Esteban Mora');

    await test.step('the list, searched by name', async () => {
      await gotoHydrated(page, '/sales/customer');
      await page.getByRole('searchbox', { name: 'Buscar' }).fill('Cevallos');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expect(page).toHaveURL(/q=Cevallos/);
      await expect(page.getByRole('link', { name: 'Diana Cevallos' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Esteban Mora' })).toHaveCount(0);
      await saveScreens(page, testInfo, 'sales-customer-list');
    });

    await test.step('the customer: two orders, $75,00 in all', async () => {
      await page.getByRole('link', { name: 'Diana Cevallos' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Diana Cevallos' })).toBeVisible();
      await expect(page.getByText('2 pedidos')).toBeVisible();
      await expect(page.getByTestId('customer-total')).toHaveText('$75,00');
      await expect(page.getByRole('link', { name: '#1' })).toBeVisible();
      await expect(page.getByRole('link', { name: '#2' })).toBeVisible();
      await saveScreens(page, testInfo, 'sales-customer-show');
    });

    await test.step('a cédula that fails the check is refused beside the field, kept as typed; a valid one is saved', async () => {
      await waitForHydration(page);
      const document = field(page, 'Número de documento');
      await document.fill('1710034066');
      await page.getByTestId('save-customer').click();
      await expect(document).toHaveAccessibleDescription(says('El número de documento no coincide'));
      await expect(document).toHaveValue('1710034066');
      await saveScreens(page, testInfo, 'sales-customer-error');
      await document.fill('0926687856');
      await field(page, 'Teléfono').fill('0987654321');
      await page.getByTestId('save-customer').click();
      await expect(page.getByText('Registro actualizado correctamente')).toBeVisible();
      await page.reload();
      await expect(field(page, 'Número de documento')).toHaveValue('0926687856');
      await expect(field(page, 'Teléfono')).toHaveValue('0987654321');
    });

    await test.step('the same customer in English', async () => {
      const id = new URL(page.url()).searchParams.get('id');
      await gotoHydrated(page, `/en/sales/customer/show?id=${id}`);
      await expect(page.getByText('2 orders')).toBeVisible();
      await expect(page.getByTestId('customer-total')).toHaveText('$75.00');
      await saveScreens(page, testInfo, 'sales-customer-show-en');
      await gotoHydrated(page, '/en/sales/customer');
      await saveScreens(page, testInfo, 'sales-customer-list-en');
    });
  } finally {
    await context.close();
  }
});

async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor();
}

/**
 * The invoice's PDF drawn as a picture: pdf.js (from node_modules, served to the page by the test,
 * never downloaded) paints page 1 on a canvas, for the screenshot a person looks at; its text
 * layer comes back for the assertions.
 */
async function showPdf(page: Page, pdf: Buffer): Promise<string> {
  const files = path.join(PROJECT_ROOT, 'node_modules/pdfjs-dist/build');
  await page.route('http://pdf.invalid/**', (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === 'invoice.pdf') return route.fulfill({ body: pdf, contentType: 'application/pdf' });
    if (name === '') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>PDF</title><canvas id="page"></canvas>' });
    return route.fulfill({ path: path.join(files, path.basename(name)), contentType: 'text/javascript' });
  });
  await page.goto('http://pdf.invalid/');
  const text = await page.evaluate(async () => {
    const source = 'http://pdf.invalid/pdf.min.mjs';
    const pdfjs = (await import(source)) as typeof import('pdfjs-dist');
    pdfjs.GlobalWorkerOptions.workerSrc = 'http://pdf.invalid/pdf.worker.min.mjs';
    const document = await pdfjs.getDocument('http://pdf.invalid/invoice.pdf').promise;
    const first = await document.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    const canvas = window.document.getElementById('page') as HTMLCanvasElement;
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await first.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    return (await first.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  });
  await page.unroute('http://pdf.invalid/**');
  return text;
}

import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { type Locale, localized, saveScreens } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { createUser } from './support/users.ts';

// A shopper buys (issue 23 §1–3): two products, one of them a variant → the cart → a coupon → the
// checkout form → the order page. In Spanish with JavaScript, and the same path without it in
// English (the storefront's forms work without scripts). The rules (prices, stock, coupons,
// concurrency, both databases) are Vitest's: server/modules/sales/checkout/*.test.ts. SQLite only.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: { add: 'Agregar al carrito', quantity: 'Cantidad', cart: /^Carrito/, coupon: 'Cupón de descuento', apply: 'Aplicar', applied: 'Cupón BIENVENIDA aplicado.', toCheckout: 'Ir a pagar', name: 'Nombre y apellido', email: 'Correo electrónico', phone: 'Teléfono', documentType: 'Tipo de documento', documentNumber: 'Número de documento', address: 'Dirección', city: 'Ciudad', province: 'Provincia', canton: 'Cantón', cash: 'Pago contra entrega', place: 'Confirmar pedido', thanks: '¡Gracias, Ana Compradora! Recibimos tu pedido.', total: '$76,59', pending: 'Pendiente', cedula: 'Cédula', three: /^Carrito\W*3 artículos$/ },
  en: { add: 'Add to cart', quantity: 'Quantity', cart: /^Cart/, coupon: 'Discount coupon', apply: 'Apply', applied: 'Coupon BIENVENIDA applied.', toCheckout: 'Check out', name: 'Full name', email: 'Email', phone: 'Phone', documentType: 'Document type', documentNumber: 'Document number', address: 'Address', city: 'City', province: 'Province', canton: 'Canton', cash: 'Cash on delivery', place: 'Place order', thanks: 'Thank you, Ana Compradora! We received your order.', total: '$76.59', pending: 'Pending', cedula: 'Cédula (national ID)', three: /^Cart\W*3 items$/ },
} as const;

let slug = '';

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/** A published store: a scarf, a poncho in two variants, a welcome coupon; a shipping fee. */
async function openShop(browser: Browser) {
  const owner = createUser('client', 'checkout', 'Rosa', 'Vendedora');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    slug = `e2e-cart-${randomBytes(3).toString('hex')}`;
    await post(page.request, '/api/v1/store', { name: 'Tienda Rosa', slug, section: 'clothing' });
    await post(page.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Rosa', description: 'Tejidos de Otavalo.' }, 'put');
    const { id: category } = await post(page.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
    const { id: poncho } = await post(page.request, '/api/v1/products', { name: 'Poncho Otavalo', sku: 'PO-1', categoryId: category, priceCents: 4000, ivaCode: '4', stock: 0, enabled: true });
    await post(page.request, '/api/v1/variants', { productId: poncho, name: 'Azul S', sku: 'PO-1-AS', priceCents: 4000, stock: 5, enabled: true });
    await post(page.request, '/api/v1/variants', { productId: poncho, name: 'Rojo M', sku: 'PO-1-RM', priceCents: 4400, stock: 5, enabled: true });
    await post(page.request, '/api/v1/products', { name: 'Bufanda', sku: 'BU-1', categoryId: category, priceCents: 1500, ivaCode: '4', stock: 10, enabled: true });
    await post(page.request, '/api/v1/coupons', { code: 'BIENVENIDA', discountType: 'percentage', discount: 1000, minimumCents: 0, enabled: true });
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  await openShop(browser);
});

/**
 * Two scarves and one red poncho: 30.00 + 44.00 = 74.00, less 10 % = 66.60 (the coupon split over
 * the lines), IVA 15 % 9.99, no shipping fee: 76.59.
 */
async function buy(page: Page, locale: Locale, screens?: (name: string) => Promise<void>) {
  const t = TEXT[locale];
  await page.goto(localized(`/shop/${slug}/product/bufanda`, locale));
  await page.getByLabel(t.quantity).fill('2');
  await page.getByRole('button', { name: t.add }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${slug}/cart$`));
  await page.goto(localized(`/shop/${slug}/product/poncho-otavalo`, locale));
  await page.getByRole('link', { name: 'Rojo M' }).click();
  await page.getByRole('button', { name: t.add }).click();
  await expect(page.getByRole('link', { name: t.three })).toBeVisible();
  await expect(page.locator('.cart-line')).toHaveCount(2);

  await page.getByLabel(t.coupon).fill('bienvenida');
  await page.getByRole('button', { name: t.apply }).click();
  await expect(page.getByText(t.applied).first()).toBeVisible();
  await expect(page.locator('.totals .grand dd')).toHaveText(t.total);
  await screens?.('checkout-cart');

  await page.getByRole('link', { name: t.toCheckout }).click();
  await page.getByLabel(t.name).fill('Ana Compradora');
  await page.getByLabel(t.email, { exact: true }).fill('ana.compradora@example.com');
  await page.getByLabel(t.phone).fill('0991234567');
  await page.getByLabel(t.documentType).selectOption({ label: t.cedula });
  // a wrong cédula first: the page comes back with the error beside it and everything typed
  await page.getByLabel(t.documentNumber).fill('1710034060');
  await page.getByLabel(t.address).fill('Av. Amazonas N34-12');
  await page.getByLabel(t.city).fill('Quito');
  await page.getByLabel(t.province).selectOption('Pichincha');
  await page.getByLabel(t.canton).selectOption('Quito');
  await page.getByLabel(t.cash).check();
  await page.getByRole('button', { name: t.place }).click();
  await expect(page.locator('#checkout-documentNumber-error')).toBeVisible();
  await expect(page.getByLabel(t.address)).toHaveValue('Av. Amazonas N34-12');
  await screens?.('checkout-form-error');
  await page.getByLabel(t.documentNumber).fill('1710034065');
  await page.getByRole('button', { name: t.place }).click();

  await expect(page).toHaveURL(/\/order\?code=[0-9a-f-]{36}$/);
  await expect(page.getByText(t.thanks)).toBeVisible();
  await expect(page.locator('.badge-status[data-status]')).toHaveText(t.pending);
  await expect(page.locator('.totals .grand dd')).toHaveText(t.total);
  // the cart is empty again
  await expect(page.getByRole('link', { name: t.cart })).not.toContainText(/\d/);
  await screens?.('checkout-order');
}

test('a shopper buys two products, one a variant, with a coupon, and sees the order (es)', async ({ browser }, testInfo) => {
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await buy(page, 'es', (name) => saveScreens(page, testInfo, name));
  } finally {
    await context.close();
  }
});

test('the same purchase works with JavaScript disabled (en)', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: MAIN_URL, javaScriptEnabled: false, locale: 'en-US' });
  await context.addCookies([{ name: 'lang', value: 'en', url: MAIN_URL }]);
  const page = await context.newPage();
  try {
    await buy(page, 'en');
  } finally {
    await context.close();
  }
});

import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe.ts';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, PHONE, saveScreens, saveScreenshot } from './support/helpers.ts';
import { type CliUser, createUser } from './support/users.ts';

// Issue 40 §1: a shopper on a phone orders to Galápagos, where the store ships by weight — the
// province and canton chosen from the lists, "Ver opciones de envío" shows that address's rate with
// its price, and the order keeps it; then the owner sees the zones on /store/shipping. In Spanish,
// as the abandoned cart and the bulk ship are; the shipment with tracking, the lookup and the
// packing slip are English (decision 041: the rules, both languages and both databases are Vitest's —
// server/modules/sales/checkout/checkout-shipping.pages.test.ts). Not tests/e2e/shipping.spec.ts,
// which is the casillero's own shipping of a package. SQLite only.

test.describe.configure({ timeout: 120_000 });

/** The page as it is passes axe-core (WCAG A/AA): the accessibility walk sees these screens empty-handed. */
async function expectAccessible(page: Page, where: string) {
  expect(describeViolations(where, await axeViolations(page))).toEqual([]);
}

let owner: CliUser;
let slug = '';

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

test.beforeAll(async ({ browser }) => {
  // A fresh owner each time: with fullyParallel, a worker that comes back to this file runs its
  // beforeAll again, and a second store for one account is refused (409, "store.alreadyHasStore").
  owner = createUser('client', 'zones', 'Rosa', 'Vendedora');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    slug = `e2e-zonas-${randomBytes(3).toString('hex')}`;
    await post(page.request, '/api/v1/store', { name: 'Tienda Rosa', slug, section: 'clothing' });
    await post(page.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Rosa', description: 'Tejidos de Otavalo.' }, 'put');
    const { id: category } = await post(page.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
    // $40 before IVA, 1.2 kg.
    await post(page.request, '/api/v1/products', { name: 'Poncho Otavalo', sku: 'PO-1', categoryId: category, priceCents: 4000, ivaCode: '4', stock: 10, weightGrams: 1200, enabled: true });
    const mainland = await post(page.request, '/api/v1/store/shipping/zones', { name: 'Continente', places: [{ province: 'P', cantons: [] }, { province: 'G', cantons: [] }, { province: 'A', cantons: [] }] });
    await post(page.request, `/api/v1/store/shipping/zones/${mainland.id}/rates`, { name: 'Servientrega', kind: 'flat', brackets: [{ upTo: null, priceCents: 350 }], daysMin: 1, daysMax: 3, freeFromCents: 6000 });
    const islands = await post(page.request, '/api/v1/store/shipping/zones', { name: 'Galápagos', places: [{ province: 'W', cantons: [] }] });
    await post(page.request, `/api/v1/store/shipping/zones/${islands.id}/rates`, { name: 'Galápagos — Servientrega', kind: 'weight', brackets: [{ upTo: 1000, priceCents: 1200 }, { upTo: 5000, priceCents: 2500 }], daysMin: 5, daysMax: 10, freeFromCents: null });
    await post(page.request, '/api/v1/store/shipping/pickup', { enabled: true, address: 'Av. Amazonas N34-12, Quito', instructions: 'De 10:00 a 18:00.' }, 'put');
  } finally {
    await context.close();
  }
});

test('a shopper on a phone orders two ponchos to Galápagos with the rate by weight (es, 375 px)', async ({ browser }, testInfo) => {
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await page.setViewportSize(PHONE);
    await page.goto(`/shop/${slug}/product/poncho-otavalo`);
    await page.getByLabel('Cantidad').fill('2');
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${slug}/cart$`));
    // The cart cannot know the address yet: shipping is left to the checkout.
    await expect(page.locator('.totals')).toContainText('Se calcula al pagar');
    await page.getByRole('link', { name: 'Ir a pagar' }).click();

    await page.getByLabel('Nombre y apellido').fill('Ana Compradora');
    await page.getByLabel('Correo electrónico', { exact: true }).fill('ana.islas@example.com');
    await page.getByLabel('Teléfono').fill('0991234567');
    await page.getByLabel('Número de documento').fill('1710034065');
    await page.getByLabel('Dirección').fill('Av. Charles Darwin y Tomás de Berlanga');
    await page.getByLabel('Ciudad').fill('Puerto Ayora');
    await page.getByLabel('Provincia').selectOption('Galápagos');
    await page.getByLabel('Cantón').selectOption('Santa Cruz');
    await page.getByRole('button', { name: 'Ver opciones de envío' }).click();

    // 2 × 1.2 kg = 2.4 kg: the bracket up to 5 kg, $25; the mainland's rate is not offered.
    const islands = page.getByLabel(/Galápagos — Servientrega/);
    await expect(islands).toBeChecked();
    await expect(page.locator('.shipping-options')).toContainText('$25,00');
    await expect(page.locator('.shipping-options')).not.toContainText('Servientrega — $3,50');
    await expect(page.getByLabel('Cantón')).toHaveValue('Santa Cruz');
    // $80 + 15 % = $92; shipping $25 + 15 % = $28.75: $120.75.
    await expect(page.locator('.totals .grand dd')).toHaveText('$120,75');
    await saveScreenshot(page, testInfo, 'shipping-zones-checkout-phone');
    await expectAccessible(page, 'the checkout with the options of Galápagos, 375 px');
    await page.getByLabel('Pago contra entrega').check();
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();

    await expect(page).toHaveURL(/\/order\?code=[0-9a-f-]{36}$/);
    await expect(page.getByText('Puerto Ayora, Santa Cruz, Galápagos')).toBeVisible();
    await expect(page.getByText('Envío: Galápagos — Servientrega')).toBeVisible();
    await expect(page.locator('.totals .grand dd')).toHaveText('$120,75');
    await saveScreenshot(page, testInfo, 'shipping-zones-order-phone');
  } finally {
    await context.close();
  }
});

test('the owner sees the zones, their rates and pickup on the shipping screen (es)', async ({ browser }, testInfo) => {
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    await gotoHydrated(page, '/store/shipping');
    await expect(page.getByRole('heading', { name: 'Envíos', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Galápagos', level: 3 })).toBeVisible();
    await expect(page.getByText('hasta 1 kg: $12,00 · hasta 5 kg: $25,00')).toBeVisible();
    await expect(page.getByText('5–10 días hábiles')).toBeVisible();
    await expect(page.getByLabel('Dirección del local')).toHaveValue('Av. Amazonas N34-12, Quito');
    // Deleting a rate asks first; "Cancelar" leaves it.
    await page.getByRole('button', { name: 'Eliminar tarifa: Servientrega' }).click();
    await expect(page.getByRole('dialog')).toContainText('¿Eliminar la tarifa «Servientrega»?');
    await saveScreenshot(page, testInfo, 'shipping-zones-owner-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await expectAccessible(page, '/store/shipping, 1280 px');
    await saveScreens(page, testInfo, 'shipping-zones-owner');
    await page.getByRole('link', { name: 'Agregar tarifa' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nueva tarifa', level: 1 })).toBeVisible();
    await saveScreens(page, testInfo, 'shipping-zones-rate-form');
    await expectAccessible(page, 'a new rate, 1280 px');
    // A zone's form: the 24 provinces, each with its cantons folded.
    await gotoHydrated(page, '/store/shipping/zone');
    await page.getByLabel('Nombre de la zona').fill('Sierra centro');
    await page.getByLabel('Tungurahua').check();
    await page.getByText('Solo algunos cantones de Pichincha').click();
    // Manabí has a canton named Pichincha too: the province by its box.
    await page.getByTestId('province-P').check();
    await page.getByLabel('Cayambe').check();
    await expectAccessible(page, 'a new zone, 1280 px');
    await saveScreens(page, testInfo, 'shipping-zones-zone-form');
    await page.getByRole('button', { name: 'Crear zona' }).click();
    await expect(page.getByText('Creamos la zona. Ahora agrégale tarifas.')).toBeVisible();
    await page.getByLabel('Nombre de la tarifa').fill('Tramaco');
    await page.getByLabel('Cómo se cobra').selectOption('total');
    await page.getByRole('textbox', { name: 'Tramo 1: hasta (USD por total, kg por peso)' }).fill('30');
    await page.getByRole('textbox', { name: 'Tramo 1: precio (USD)' }).fill('4,50');
    await page.getByRole('textbox', { name: 'Tramo 2: precio (USD)' }).fill('2');
    await page.getByRole('button', { name: 'Crear tarifa' }).click();
    await expect(page.getByText('Guardamos la tarifa.')).toBeVisible();
    const zone = page.locator('section', { has: page.getByRole('heading', { name: 'Sierra centro' }) });
    await expect(zone).toContainText('Pichincha (Cayambe) · Tungurahua');
    await expect(zone).toContainText('hasta $30,00: $4,50 · más: $2,00');
  } finally {
    await context.close();
  }
});

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, PHONE, saveScreens } from './support/helpers.ts';
import { MAIN_URL, PROJECT_ROOT, prepareRun, serverEnv, SMTP_CAPTURE_URL } from './support/servers.ts';
import { type CliUser, createUser, uniqueEmail } from './support/users.ts';

// An abandoned-cart reminder that restores the cart (issue 40 §6, decision 094), in Spanish on a
// phone: the owner switches reminders on (Marketing), a shopper gives an e-mail with consent at
// checkout and leaves; five hours pass (the cart is dated back and the reminder's chore runs, as
// support/cart-left-hours-ago.ts says); the e-mail arrives at the SMTP capture; its link, opened in
// another browser, brings the cart back; the order placed then counts as recovered on the owner's
// card. The rules (consent, once, never after the order, tokens, both databases) are Vitest's:
// server/modules/sales/abandoned-cart/*.test.ts. SQLite only.

test.describe.configure({ timeout: 120_000 });

const T = {
  consent: 'Avísame por correo si dejo mi carrito',
  turnOn: 'Activar avisos',
  on: 'Los avisos de carrito abandonado están activados.',
  subject: 'Dejaste productos en tu carrito de Tienda Lucía',
  restored: 'Recuperamos tu carrito. Revisa los precios y la disponibilidad antes de pagar.',
  place: 'Confirmar pedido',
} as const;

let slug = '';
let owner: CliUser;

async function post(page: Page, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await page.request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/** A published store with two products, made through the API as its owner. */
async function openShop(browser: Browser) {
  owner = createUser('client', 'abandoned', 'Lucía', 'Tejedora');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    slug = `e2e-left-${randomBytes(3).toString('hex')}`;
    await post(page, '/api/v1/store', { name: 'Tienda Lucía', slug, section: 'clothing' });
    await post(page, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Lucía', description: 'Tejidos de Otavalo.' }, 'put');
    const { id: category } = await post(page, '/api/v1/categories', { name: 'Ropa', enabled: true });
    await post(page, '/api/v1/products', { name: 'Bufanda de alpaca', sku: 'BA-1', categoryId: category, priceCents: 1500, ivaCode: '4', stock: 10, enabled: true });
    await post(page, '/api/v1/products', { name: 'Gorro tejido', sku: 'GT-1', categoryId: category, priceCents: 1200, ivaCode: '4', stock: 10, enabled: true });
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  await openShop(browser);
});

/** The newest e-mail to the address that holds `containing`, read from the SMTP capture (waits for the server's worker). */
async function mailTo(address: string, containing: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    const messages = (await (await fetch(`${SMTP_CAPTURE_URL}/messages?to=${encodeURIComponent(address)}`)).json()) as { subject: string; text: string; links: string[] }[];
    const found = messages.reverse().find((mail) => mail.subject.includes(containing));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${address} with "${containing}"`);
}

/** Five hours later, for this shopper's cart (support/cart-left-hours-ago.ts). */
function fiveHoursLater(email: string) {
  const output = execFileSync('node_modules/.bin/node', ['tests/e2e/support/cart-left-hours-ago.ts', email, '5'], {
    cwd: PROJECT_ROOT, env: { ...process.env, ...serverEnv('main', prepareRun().runDir), LOG_LEVEL: 'warn' }, encoding: 'utf8', timeout: 20_000,
  });
  expect(JSON.parse(output.trim().split('\n').pop()!)).toEqual({ moved: 1, queued: 1 });
}

test('a shopper leaves a cart with consent, gets one reminder and its link brings the cart back (es, 375 px)', async ({ browser }, testInfo) => {
  const shopperEmail = uniqueEmail('carrito');

  await test.step('the owner switches the reminders on (Marketing)', async () => {
    const { context, page } = await newBrowser(browser, 'es');
    try {
      await login(page, 'es', owner);
      await gotoHydrated(page, '/store/marketing');
      await page.getByTestId('cart-reminders-toggle').click();
      await page.getByRole('dialog').getByRole('button', { name: T.turnOn }).click();
      await expect(page.getByTestId('cart-reminders-state')).toHaveText(T.on);
      await saveScreens(page, testInfo, 'abandoned-cart-owner-on');
    } finally {
      await context.close();
    }
  });

  await test.step('a shopper on a phone puts two things in the cart, gives an e-mail with consent and leaves', async () => {
    const context = await browser.newContext({ baseURL: MAIN_URL, locale: 'es-EC', viewport: PHONE, extraHTTPHeaders: { 'x-forwarded-for': `10.40.${randomBytes(1)[0]}.${randomBytes(1)[0]}` } });
    const page = await context.newPage();
    try {
      await page.goto(`/shop/${slug}/product/bufanda-de-alpaca`);
      await page.getByLabel('Cantidad').fill('2');
      await page.getByRole('button', { name: 'Agregar al carrito' }).click();
      await page.goto(`/shop/${slug}/product/gorro-tejido`);
      await page.getByRole('button', { name: 'Agregar al carrito' }).click();
      await expect(page.locator('.cart-line')).toHaveCount(2);
      await page.getByRole('link', { name: 'Ir a pagar' }).click();
      const consent = page.getByLabel(T.consent);
      await expect(consent).not.toBeChecked();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Nombre y apellido').fill('Marta Compradora');
      await consent.check();
      // the checkout's script tells the e-mail as soon as the field changes: no order, no other post
      const told = page.waitForResponse((response) => response.url().endsWith(`/shop/${slug}/checkout/remind`) && response.request().method() === 'POST');
      await page.getByLabel('Correo electrónico', { exact: true }).fill(shopperEmail);
      await page.getByLabel('Teléfono').focus();
      expect((await told).status()).toBe(204);
      await saveScreens(page, testInfo, 'abandoned-cart-checkout');
    } finally {
      // The shopper closes the tab: the browser and its cart cookie are gone.
      await context.close();
    }
  });

  await test.step('five hours later one e-mail arrives, listing the cart, saying why', async () => {
    fiveHoursLater(shopperEmail);
    const mail = await mailTo(shopperEmail, T.subject);
    // from the store, its lines as the cart shows them: before IVA, unit × quantity (decisions 093, 096)
    for (const fact of ['Bufanda de alpaca', '2 × $15,00 = $30,00', 'Gorro tejido', '1 × $12,00 = $12,00', 'Subtotal sin IVA: $42,00']) expect(mail.text).toContain(fact);
    expect(mail.text).toContain('Recibes este correo porque al pagar en Tienda Lucía marcaste');
    const link = mail.links.find((href) => href.includes('/cart/restore?token='));
    expect(link).toBeTruthy();

    // opened on another phone, with an empty cart
    const context = await browser.newContext({ baseURL: MAIN_URL, locale: 'es-EC', viewport: PHONE, extraHTTPHeaders: { 'x-forwarded-for': `10.41.${randomBytes(1)[0]}.${randomBytes(1)[0]}` } });
    const page = await context.newPage();
    try {
      await page.goto(link!);
      await expect(page).toHaveURL(new RegExp(`/shop/${slug}/cart$`));
      await expect(page.getByText(T.restored)).toBeVisible();
      await expect(page.locator('.cart-line')).toHaveCount(2);
      await expect(page.locator('.totals .grand dd')).toHaveText('$48,30');
      await saveScreens(page, testInfo, 'abandoned-cart-restored');
      // …and buys it: the order counts as recovered
      await page.getByRole('link', { name: 'Ir a pagar' }).click();
      await page.getByLabel('Nombre y apellido').fill('Marta Compradora');
      await page.getByLabel('Correo electrónico', { exact: true }).fill(shopperEmail);
      await page.getByLabel('Teléfono').fill('0991234567');
      await page.getByLabel('Número de documento').fill('1710034065');
      await page.getByLabel('Dirección').fill('Av. Amazonas N34-12');
      await page.getByLabel('Ciudad').fill('Quito');
      await page.getByLabel('Provincia').selectOption('Pichincha');
      await page.getByLabel('Cantón').selectOption('Quito');
      await page.getByRole('button', { name: T.place }).click();
      await expect(page).toHaveURL(/\/order\?code=/);
    } finally {
      await context.close();
    }
  });

  await test.step('the owner sees one cart reminded and one recovered', async () => {
    const { context, page } = await newBrowser(browser, 'es');
    try {
      await login(page, 'es', owner);
      await gotoHydrated(page, '/store/marketing');
      await expect(page.getByTestId('cart-reminders-reminded')).toHaveText('1');
      await expect(page.getByTestId('cart-reminders-recovered')).toHaveText('1');
      // the card is new on a page the axe walk sees empty-handed: checked here, with its figures, at both widths
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreens(page, testInfo, 'abandoned-cart-owner-counts');
    } finally {
      await context.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test, type TestInfo } from '@playwright/test';
import { PAYPAL_DOUBLE_CLIENT_ID, PAYPAL_DOUBLE_CLIENT_SECRET } from '../support/paypal-double.ts';
import { DEFAULT_ACCOUNT } from '../support/payphone-double.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, type Locale, localized, PHONE, saveScreenshot } from './support/helpers.ts';
import { type CliUser, createUser } from './support/users.ts';

// Getting paid in a real browser (issue 39 §10): a shopper pays by PayPhone through its protocol
// double's page; declines, then pays from the order page; sends a transfer receipt the owner
// confirms; and the owner refunds part of a card payment (PayPal). In both languages and at phone
// width, each page checked by axe. The rules (the funnel, doubles, expiry, refunds' sums, other
// stores' records) are Vitest's, on both databases: server/modules/sales/payment/*.test.ts. SQLite only.

test.describe.configure({ timeout: 150_000 });

const TEXT = {
  es: { add: 'Agregar al carrito', toCheckout: 'Ir a pagar', name: 'Nombre y apellido', email: 'Correo electrónico', phone: 'Teléfono', documentNumber: 'Número de documento', address: 'Dirección', city: 'Ciudad', province: 'Provincia', canton: 'Cantón', place: 'Confirmar pedido', payphone: 'PayPhone: tarjeta o app PayPhone', paypal: 'PayPal', transfer: 'Transferencia bancaria', paid: 'Pagado', payNow: 'Pagar ahora', receipt: 'Comprobante de la transferencia', sendReceipt: 'Enviar comprobante', inReview: 'En revisión', confirmed: 'Tu pago está confirmado' },
  en: { add: 'Add to cart', toCheckout: 'Check out', name: 'Full name', email: 'Email', phone: 'Phone', documentNumber: 'Document number', address: 'Address', city: 'City', province: 'Province', canton: 'Canton', place: 'Place order', payphone: 'PayPhone: card or PayPhone app', paypal: 'PayPal', transfer: 'Bank transfer', paid: 'Paid', payNow: 'Pay now', receipt: 'Transfer receipt', sendReceipt: 'Send receipt', inReview: 'In review', confirmed: 'Your payment is confirmed' },
} as const;

let slug = '';
let owner: CliUser;

async function send(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/** A published store with a scarf (USD 20 + IVA), taking transfers, PayPhone and PayPal through the doubles. */
async function openShop(browser: Browser) {
  // A fresh owner each time: with fullyParallel, a worker that comes back to this file runs its
  // beforeAll again, and a second store for one account is refused (409, "store.alreadyHasStore").
  owner = createUser('client', 'payments', 'Marta', 'Cobradora');
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    slug = `e2e-pay-${randomBytes(3).toString('hex')}`;
    await send(page.request, '/api/v1/store', { name: 'Tienda Marta', slug, section: 'clothing' });
    await send(page.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Marta', description: 'Tejidos.' }, 'put');
    const { id: category } = await send(page.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
    await send(page.request, '/api/v1/products', { name: 'Bufanda', sku: 'BU-1', categoryId: category, priceCents: 2000, ivaCode: '4', stock: 50, enabled: true });
    const sales = await (await page.request.get('/api/v1/store/sales')).json();
    await send(page.request, '/api/v1/store/sales', { ...sales, cashOnDelivery: true, bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2201234567', bankAccountHolder: 'Marta Cobradora' }, 'put');
    await send(page.request, '/api/v1/store/payment-gateways/payphone', { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials: { token: DEFAULT_ACCOUNT.token, storeId: DEFAULT_ACCOUNT.storeId } }, 'put');
    await send(page.request, '/api/v1/store/payment-gateways/paypal', { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials: { clientId: PAYPAL_DOUBLE_CLIENT_ID, clientSecret: PAYPAL_DOUBLE_CLIENT_SECRET } }, 'put');
  } finally {
    await context.close();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  await openShop(browser);
});

/**
 * A shopper's browser, from an address of its own (the server trusts this machine's X-Forwarded-For):
 * these journeys place five orders, and LIMITS.orderPerIp counts every journey's orders from one address.
 */
async function shopperBrowser(browser: Browser, locale: Locale) {
  const opened = await newBrowser(browser, locale);
  await opened.context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.39.${randomBytes(1)[0]}.${randomBytes(1)[0]! % 250 + 1}` });
  return opened;
}

/** No axe violation on the page as it is now. */
async function accessible(page: Page, where: string) {
  expect(describeViolations(where, await axeViolations(page))).toEqual([]);
}

/** One scarf in the cart, the checkout filled, the method chosen, the order placed. */
async function placeOrder(page: Page, locale: Locale, method: 'payphone' | 'paypal' | 'transfer', testInfo: TestInfo) {
  const t = TEXT[locale];
  await page.goto(localized(`/shop/${slug}/product/bufanda`, locale));
  await page.getByRole('button', { name: t.add }).click();
  await page.getByRole('link', { name: t.toCheckout }).click();
  await page.getByLabel(t.name).fill('Ana Compradora');
  await page.getByLabel(t.email, { exact: true }).fill(`ana.${randomBytes(3).toString('hex')}@example.com`);
  await page.getByLabel(t.phone, { exact: true }).fill('0991234567');
  await page.getByLabel(t.documentNumber).fill('1710034065');
  await page.getByLabel(t.address).fill('Av. Amazonas N34-12');
  await page.getByLabel(t.city).fill('Quito');
  await page.getByLabel(t.province).selectOption('Pichincha');
  await page.getByLabel(t.canton).selectOption('Quito');
  await page.getByLabel(t[method]).check();
  await accessible(page, `checkout (${locale}, ${page.viewportSize()?.width}px)`);
  await saveScreenshot(page, testInfo, `payments-checkout-${method}-${locale}`);
  await page.getByRole('button', { name: t.place }).click();
}

/** On the gateway's page (the double's), the shopper presses one of its buttons. */
async function atGateway(page: Page, button: 'Aprobar' | 'Rechazar' | 'Cancelar') {
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(pay|checkoutnow)/);
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${slug}/order\\?code=`));
}

for (const locale of ['es', 'en'] as const) {
  test(`a shopper pays by PayPhone through its page and sees the order paid (${locale})`, async ({ browser }, testInfo) => {
    const t = TEXT[locale];
    const { context, page } = await shopperBrowser(browser, locale);
    try {
      await placeOrder(page, locale, 'payphone', testInfo);
      await atGateway(page, 'Aprobar');
      await expect(page.getByText(t.confirmed)).toBeVisible();
      await expect(page.locator('.badge-status[data-status]')).toHaveText(t.paid);
      await expect(page.getByRole('button', { name: t.payNow })).toHaveCount(0);
      await accessible(page, `order paid (${locale})`);
      await saveScreenshot(page, testInfo, `payments-payphone-paid-${locale}`);
    } finally {
      await context.close();
    }
  });
}

test('a shopper declines, then pays from the order page, on a phone (en)', async ({ browser }, testInfo) => {
  const t = TEXT.en;
  const { context, page } = await shopperBrowser(browser, 'en');
  try {
    await page.setViewportSize(PHONE);
    await placeOrder(page, 'en', 'payphone', testInfo);
    await atGateway(page, 'Rechazar');
    const payNow = page.getByRole('button', { name: t.payNow });
    await expect(payNow).toBeVisible();
    await accessible(page, 'order after a decline (en, phone)');
    await saveScreenshot(page, testInfo, 'payments-declined-phone-en');
    await payNow.click();
    await atGateway(page, 'Aprobar');
    await expect(page.getByText(t.confirmed)).toBeVisible();
    await saveScreenshot(page, testInfo, 'payments-retried-paid-phone-en');
  } finally {
    await context.close();
  }
});

test('a transfer receipt sent from a phone is confirmed by the owner (es)', async ({ browser }, testInfo) => {
  const t = TEXT.es;
  const shopper = await shopperBrowser(browser, 'es');
  let orderUrl: string;
  try {
    await shopper.page.setViewportSize(PHONE);
    await placeOrder(shopper.page, 'es', 'transfer', testInfo);
    orderUrl = shopper.page.url();
    await shopper.page.getByLabel(t.receipt).setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
    await shopper.page.getByRole('button', { name: t.sendReceipt }).click();
    await expect(shopper.page.getByText(t.inReview).first()).toBeVisible();
    await accessible(shopper.page, 'order with a receipt in review (es, phone)');
    await saveScreenshot(shopper.page, testInfo, 'payments-receipt-sent-phone-es');
  } finally {
    await shopper.context.close();
  }

  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    await gotoHydrated(page, '/sales/order');
    await page.getByRole('link', { name: /^#\d+$/ }).first().click();
    await expect(page.getByRole('heading', { name: 'Comprobantes de transferencia' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Ver comprobante del/ })).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar pago' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('¿Confirmar el pago con este comprobante?');
    await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
    await expect(page.getByText('Pago confirmado').first()).toBeVisible();
    await accessible(page, 'owner’s order with a confirmed receipt (es)');
    await saveScreenshot(page, testInfo, 'payments-receipt-confirmed-owner-es');
  } finally {
    await context.close();
  }

  const again = await newBrowser(browser, 'es');
  try {
    await again.page.goto(orderUrl);
    await expect(again.page.getByText(t.confirmed)).toBeVisible();
  } finally {
    await again.context.close();
  }
});

test('the owner refunds part of a PayPal card payment, and the shopper sees it (en)', async ({ browser }, testInfo) => {
  const shopper = await shopperBrowser(browser, 'en');
  let orderUrl: string;
  try {
    await placeOrder(shopper.page, 'en', 'paypal', testInfo);
    await atGateway(shopper.page, 'Aprobar');
    await expect(shopper.page.getByText(TEXT.en.confirmed)).toBeVisible();
    orderUrl = shopper.page.url();
  } finally {
    await shopper.context.close();
  }

  const { context, page } = await newBrowser(browser, 'en');
  try {
    await login(page, 'en', owner);
    await gotoHydrated(page, '/en/sales/order');
    await page.getByRole('link', { name: /^#\d+$/ }).first().click();
    await page.getByRole('button', { name: 'Refund' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'By amount' }).check();
    await dialog.getByLabel('Amount to refund').fill('5.00');
    await dialog.getByLabel('Reason').fill('Scarf arrived with a loose thread');
    await saveScreenshot(page, testInfo, 'payments-refund-dialog-en');
    await dialog.getByRole('button', { name: 'Yes, refund' }).click();
    await expect(page.getByText('Refund recorded').first()).toBeVisible();
    await expect(page.getByText('Partly refunded').first()).toBeVisible();
    await accessible(page, 'owner’s order after a partial refund (en)');
    await saveScreenshot(page, testInfo, 'payments-refunded-owner-en');
  } finally {
    await context.close();
  }

  const again = await newBrowser(browser, 'en');
  try {
    await again.page.setViewportSize(PHONE);
    await again.page.goto(orderUrl.replace(/&payment=\w+/, ''));
    await expect(again.page.getByText('We refunded $5.00 of this order.')).toBeVisible();
    await accessible(again.page, 'shopper’s order after a partial refund (en, phone)');
    await saveScreenshot(again.page, testInfo, 'payments-refunded-shopper-phone-en');
  } finally {
    await again.context.close();
  }
});

/** A 2×2 PNG, as a phone's photo of a receipt would be re-encoded. */
const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

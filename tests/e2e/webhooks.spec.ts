import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';
import { login, newBrowser } from './support/casillero.ts';
import { type Locale, LOCALES, localized } from './support/helpers.ts';
import { type CliUser, createUser } from './support/users.ts';

// An owner adds a webhook, a shopper places an order in the storefront, and the owner sees the
// delivery and redelivers it (issue 38 §5's journey), in both languages. The integrator is a real
// HTTP server started here that verifies each signature with the `standardwebhooks` library; the
// e2e server allows loopback (WEBHOOKS_ALLOW_LOOPBACK=1, playwright.config.ts). SQLite only.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: { url: 'Dirección (URL)', create: 'Crear webhook', delivered: 'Entregado', redeliver: 'Reenviar', confirm: 'Sí, reenviar', redelivered: 'Lo volvimos a enviar.', toCart: 'Agregar al carrito', toCheckout: 'Ir a pagar', name: 'Nombre y apellido', email: 'Correo electrónico', phone: 'Teléfono', documentType: 'Tipo de documento', cedula: 'Cédula', documentNumber: 'Número de documento', address: 'Dirección', city: 'Ciudad', province: 'Provincia', canton: 'Cantón', cash: 'Pago contra entrega', place: 'Confirmar pedido', thanks: /Recibimos tu pedido/ },
  en: { url: 'Address (URL)', create: 'Create webhook', delivered: 'Delivered', redeliver: 'Redeliver', confirm: 'Yes, redeliver', redelivered: 'We sent it again.', toCart: 'Add to cart', toCheckout: 'Check out', name: 'Full name', email: 'Email', phone: 'Phone', documentType: 'Document type', cedula: 'Cédula (national ID)', documentNumber: 'Document number', address: 'Address', city: 'City', province: 'Province', canton: 'Canton', cash: 'Cash on delivery', place: 'Place order', thanks: /We received your order/ },
} as const;

let receiver: Receiver;
let slug = '';
let owner: CliUser;

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

test.beforeAll(async ({ browser }) => {
  // A fresh owner each time: with fullyParallel, a worker that comes back to this file runs its
  // beforeAll again, and a second store for one account is refused (409, "store.alreadyHasStore").
  owner = createUser('client', 'webhooks', 'Lucía', 'Integradora');
  receiver = await startReceiver();
  const { context, page } = await newBrowser(browser, 'es');
  try {
    await login(page, 'es', owner);
    slug = `e2e-hooks-${randomBytes(3).toString('hex')}`;
    await post(page.request, '/api/v1/store', { name: 'Tienda Lucía', slug, section: 'clothing' });
    await post(page.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: 'Tienda Lucía', description: 'Tejidos.' }, 'put');
    const { id: category } = await post(page.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
    await post(page.request, '/api/v1/products', { name: 'Bufanda', sku: 'BU-1', categoryId: category, priceCents: 1500, ivaCode: '4', stock: 50, enabled: true });
  } finally {
    await context.close();
  }
});

test.afterAll(async () => {
  await receiver.close();
});

async function placeOrder(page: Page, locale: Locale) {
  const t = TEXT[locale];
  await page.goto(localized(`/shop/${slug}/product/bufanda`, locale));
  await page.getByRole('button', { name: t.toCart }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/${slug}/cart$`));
  await page.getByRole('link', { name: t.toCheckout }).click();
  await page.getByLabel(t.name).fill('Ana Compradora');
  await page.getByLabel(t.email, { exact: true }).fill('ana.compradora@example.com');
  await page.getByLabel(t.phone).fill('0991234567');
  await page.getByLabel(t.documentType).selectOption({ label: t.cedula });
  await page.getByLabel(t.documentNumber).fill('1710034065');
  await page.getByLabel(t.address).fill('Av. Amazonas N34-12');
  await page.getByLabel(t.city).fill('Quito');
  await page.getByLabel(t.province).selectOption('Pichincha');
  await page.getByLabel(t.canton).selectOption('Quito');
  await page.getByLabel(t.cash).check();
  await page.getByRole('button', { name: t.place }).click();
  await expect(page.getByText(t.thanks)).toBeVisible();
}

for (const locale of LOCALES) {
  test(`an owner adds a webhook, an order is delivered to it, and the owner redelivers it (${locale})`, async ({ browser }) => {
    const t = TEXT[locale];
    const path = `/hook-${locale}`;
    const { context, page } = await newBrowser(browser, locale);
    const shopper = await newBrowser(browser, locale);
    try {
      await login(page, locale, owner);
      await page.goto(localized('/store/webhooks', locale));
      await page.getByTestId('add-webhook').click();
      await page.getByLabel(t.url).fill(`${receiver.origin}${path}`);
      await page.getByLabel('order.created').check();
      await page.getByRole('button', { name: t.create }).click();
      const secret = (await page.getByTestId('webhook-secret-value').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      receiver.secret(path, secret);
      await page.getByTestId('open-webhook').click();

      await placeOrder(shopper.page, locale);
      await expect.poll(() => receiver.on(path).length, { timeout: 15_000 }).toBe(1);
      expect(receiver.on(path)[0]!.verified).toBe(true);
      expect(JSON.parse(receiver.on(path)[0]!.body)).toMatchObject({ type: 'order.created' });

      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('deliveries').getByText(t.delivered)).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByText('order.created').first()).toBeVisible();
      await page.getByRole('button', { name: new RegExp(`^${t.redeliver} #\\d+$`) }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
      await expect(page.getByText(t.redelivered)).toBeVisible();
      await expect.poll(() => receiver.on(path).length, { timeout: 15_000 }).toBe(2);
      const [first, again] = receiver.on(path);
      expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(again!.verified).toBe(true);
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('deliveries').getByText(t.delivered)).toHaveCount(2, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
    } finally {
      await shopper.context.close();
      await context.close();
    }
  });
}

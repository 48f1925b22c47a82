import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations } from './support/axe.ts';
import { holdUploads, post } from './support/catalog.ts';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { field, gotoHydrated, localized, PHONE, saveScreens, journeyLanguages } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// A new merchant's store on the desk (issue 20 §22–§23): the set-up checklist, one step ticked as
// it is done; a product made from phone photos (a WebP and an AVIF, as a phone's browser hands
// them over) with the upload's progress; then
// the product ticked and listed as low stock beside the checklist; then the payment step (issue 23 §2). SQLite only: the rules and the
// scoping are Vitest's (desk-store-setup.test.ts, phone-photos.test.ts), the database changes
// nothing the browser sees. Screens: test-results/screenshots/store-setup-*.png.

// Two uploads, two product saves and four axe runs: room for a loaded two-core machine.
test.describe.configure({ timeout: 300_000 });

const TEXT = {
  es: { setup: 'Prepara tu tienda', progressStart: '1 de 7 pasos', progressAfter: '2 de 7 pasos', percent: '0 %', name: 'Nombre', price: 'Precio (USD)', category: 'Categoría', stock: 'Stock', create: 'Crear', created: 'Registro creado correctamente', lowStock: 'Stock bajo', units: '2 unidades', fee: 'Costo de envío (USD)', free: 'Envío gratis desde (USD)', business: 'Razón social', save: 'Guardar', saveTitle: '¿Guardar cobros y envíos?', saved: 'La tienda se actualizó correctamente', progressPaid: '3 de 7 pasos', feeTyped: '3,50', freeTyped: '60' },
  en: { setup: 'Set up your store', progressStart: '1 of 7 steps', progressAfter: '2 of 7 steps', percent: '0%', name: 'Name', price: 'Price (USD)', category: 'Category', stock: 'Stock', create: 'Create', created: 'Record created successfully', lowStock: 'Low stock', units: '2 units', fee: 'Shipping fee (USD)', free: 'Free shipping from (USD)', business: 'Business name', save: 'Save', saveTitle: 'Save payments and shipping?', saved: 'The store was successfully updated', progressPaid: '3 of 7 steps', feeTyped: '3.50', freeTyped: '60' },
} as const;

/** A phone photo in a modern format, turned by its EXIF as a camera leaves it. */
const phonePhoto = (format: 'webp' | 'avif', background: string) => {
  const image = sharp({ create: { width: 1600, height: 1200, channels: 3, background } }).withMetadata({ orientation: 6 });
  return (format === 'webp' ? image.webp({ quality: 90 }) : image.avif({ quality: 60, effort: 0 })).toBuffer();
};

async function expectAccessibleAtBothWidths(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await axeViolations(page)).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both.
for (const locale of journeyLanguages('en')) {
  const t = TEXT[locale];

  test(`a new store's set-up on the desk, and a product from phone photos (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `setup-${locale}`, 'Lucía', 'Chicaiza');
    const { page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const slug = `e2e-setup-${randomBytes(4).toString('hex')}`;
    expect((await page.request.post('/api/v1/store', { data: { name: 'Tienda Lucía', slug, section: 'clothing' } })).status()).toBe(201);
    const categoryName = locale === 'es' ? 'Ropa' : 'Clothes';
    await post(page, '/api/v1/categories', { name: categoryName, enabled: true });

    await test.step('the desk lists the steps, the category ticked, each linking to its screen', async () => {
      await gotoHydrated(page, localized('/', locale));
      const setup = page.getByTestId('store-setup');
      await expect(setup.getByRole('heading', { name: t.setup })).toBeVisible();
      await expect(page.getByTestId('store-setup-progress')).toHaveText(t.progressStart);
      await expect(page.getByTestId('store-step-category')).toHaveAttribute('data-done', 'true');
      await expect(page.getByTestId('store-step-product')).toHaveAttribute('data-done', 'false');
      await saveScreens(page, testInfo, `store-setup-desk-start-${locale}`);
      await expectAccessibleAtBothWidths(page);
    });

    let id = '';
    await test.step('two phone photos, WebP and AVIF, upload with their progress and are kept as WebP', async () => {
      await page.getByTestId('store-step-product').getByRole('link').click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/catalog/product/new', locale));
      await gotoHydrated(page, localized('/catalog/product/new', locale));
      await field(page, t.name).fill(locale === 'es' ? 'Bufanda de alpaca' : 'Alpaca scarf');
      await field(page, t.price).fill('32');
      await field(page, t.category).selectOption({ label: categoryName });
      await field(page, t.stock).fill('2');
      const gallery = page.getByTestId('gallery-field');
      const hold = await holdUploads(page);
      await gallery.locator('input[type=file]').setInputFiles([
        { name: 'IMG_2041.webp', mimeType: 'image/webp', buffer: await phonePhoto('webp', '#7c3aed') },
        { name: 'IMG_2042.avif', mimeType: 'image/avif', buffer: await phonePhoto('avif', '#0f766e') },
      ]);
      await expect(gallery.getByTestId('gallery-uploading')).toHaveCount(2);
      // Held before it leaves: each bar says how much has gone, in the page's percent format. (The
      // "preparing" line after the last byte cannot be held here: an intercepted request reports
      // no upload progress in Chromium.)
      await expect(gallery.getByTestId('upload-progress-text')).toHaveText([t.percent, t.percent]);
      await saveScreens(page, testInfo, `store-setup-upload-${locale}`);
      hold.release();
      await expect(gallery.getByTestId('gallery-uploading')).toHaveCount(0);
      await expect(gallery.getByRole('listitem')).toHaveCount(2);
      await saveScreens(page, testInfo, `store-setup-uploaded-${locale}`);
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/catalog/product/show', locale));
      await expectToast(page, t.created);
      id = new URL(page.url()).searchParams.get('id') ?? '';
      const product = await (await page.request.get(`/api/v1/products/${id}`)).json();
      expect(product.images).toHaveLength(2);
      // The AVIF was kept as a WebP, scaled and turned upright; the storefront's variant is WebP too.
      const stored = await page.request.get(`/api/v1/uploads/${product.imageIds[1]}`);
      expect(stored.headers()['content-type']).toBe('image/webp');
      expect((await page.request.get(product.images[1].url)).headers()['content-type']).toBe('image/webp');
    });

    await test.step('back on the desk: the product step ticked, the product listed as low stock', async () => {
      await gotoHydrated(page, localized('/', locale));
      await expect(page.getByTestId('store-setup-progress')).toHaveText(t.progressAfter);
      await expect(page.getByTestId('store-step-product')).toHaveAttribute('data-done', 'true');
      const low = page.getByTestId('low-stock');
      await expect(low.getByRole('heading', { name: t.lowStock })).toBeVisible();
      await expect(low.getByTestId(`low-stock-${id}`)).toContainText(t.units);
      await saveScreens(page, testInfo, `store-setup-desk-${locale}`);
      await expectAccessibleAtBothWidths(page);
      await low.getByTestId(`low-stock-${id}`).getByRole('link').click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/catalog/product/show', locale) && url.searchParams.get('id') === id);
    });

    await test.step('how the store is paid: from the desk to Payments and shipping, money typed the page’s way, asked before saving, then ticked', async () => {
      await gotoHydrated(page, localized('/', locale));
      await page.getByTestId('store-step-payment').getByRole('link').click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/store/payments', locale));
      await gotoHydrated(page, localized('/store/payments', locale));
      await field(page, t.fee).fill(t.feeTyped);
      await field(page, t.free).fill(t.freeTyped);
      await field(page, 'RUC').fill('1790123456001');
      await field(page, t.business).fill('Tienda Lucía S.A.');
      await saveScreens(page, testInfo, `store-payments-form-${locale}`);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      const question = page.getByRole('dialog', { name: t.saveTitle });
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: t.save, exact: true }).click();
      await expect(page.getByText(t.saved).first()).toBeVisible();
      await expectAccessibleAtBothWidths(page);
      const stored = await (await page.request.get('/api/v1/store/sales')).json();
      expect(stored).toMatchObject({ shippingFeeCents: 350, freeShippingFromCents: 6000, ruc: '1790123456001' });
      await gotoHydrated(page, localized('/', locale));
      await expect(page.getByTestId('store-setup-progress')).toHaveText(t.progressPaid);
      await expect(page.getByTestId('store-step-payment')).toHaveAttribute('data-done', 'true');
      await expect(page.getByTestId('desk-sales')).toBeVisible();
      await saveScreens(page, testInfo, `store-payments-desk-${locale}`);
    });
  });
}

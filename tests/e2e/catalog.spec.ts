import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { picture, post, uploadToGallery } from './support/catalog.ts';
import { field, gotoHydrated, journeyLanguages, localized, onBothDatabases, saveScreens, typeDate } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The catalog journey of issue 11 §13, as a store owner does it through the screens, in both
// languages: a category from the menu and a brand with its image → a product with two images
// (their upload progress seen) and two variants → a coupon (its minimum and its expiry typed the page's
// way, the expiry key by key) → a banner (a wrong link refused with its field error, the image kept, then fixed) → a page
// written in the rich-text editor (bold, a link) → a shopper's review approved → the CSV round trip
// (export, change a price, preview, import) and the list's new price in the page's money, and its stock filter. The review
// is the one record made through the API: a shopper writes it on the storefront, not the merchant.
// The gallery's reordering and the lists' bulk actions are asserted in depth in catalog-images and
// catalog-bulk. Screens: test-results/screenshots/journey-*.png.

test.describe.configure({ timeout: 240_000 });

const TEXT = {
  es: {
    mainMenu: 'Menú principal', categories: 'Categorías', newCategory: 'Nueva categoría', name: 'Nombre', create: 'Crear', created: 'Registro creado correctamente',
    price: 'Precio (USD)', stock: 'Stock', category: 'Categoría', brand: 'Marca', editProduct: 'Editar producto', newVariant: 'Nueva variante', main: 'Principal',
    productPrice: '19,99', variants: [['M', '21,50', '3'], ['L', '22', '2']], total: '5 en total (2 variantes)', delete: 'Eliminar', confirmText: 'Se eliminará junto con 2 variantes y 0 reseñas', cancel: 'Cancelar',
    code: 'Código', discountType: 'Tipo de descuento', percentage: 'Porcentaje', discount: 'Descuento (% o USD)', minimum: 'Compra mínima (USD)', expiresOn: 'Válido hasta',
    minimumTyped: '25,50', expiresTyped: '31/12/2030', couponRow: ['10 %', '$25,50', '31 dic 2030'],
    buttonName: 'Texto del botón', link: 'Enlace de destino', linkInvalid: 'Escribe una dirección web válida (https://…) o una ruta de tu tienda (/…)',
    linkButton: 'Enlace', linkInput: 'Dirección del enlace', title: 'Título', pageTitle: 'Envíos y devoluciones', bold: 'Envío gratis', plain: ' desde $50. Lee ', linked: 'las condiciones',
    select: (name: string) => `Seleccionar ${name}`, approve: 'Aprobar', confirmApprove: 'Sí, aprobar', updated: '1 registro actualizado', approved: 'Aprobada',
    check: 'Revisar el archivo', done: 'Catálogo importado: 0 productos creados y 1 actualizado.', listPrice: '$24,75', stockFilter: 'Stock', filterApply: 'Aplicar', inStock: 'Con stock', outOfStock: 'Sin stock', empty: 'No se encontraron registros',
  },
  en: {
    mainMenu: 'Main menu', categories: 'Categories', newCategory: 'New category', name: 'Name', create: 'Create', created: 'Record created successfully',
    price: 'Price (USD)', stock: 'Stock', category: 'Category', brand: 'Brand', editProduct: 'Edit product', newVariant: 'New variant', main: 'Main',
    productPrice: '19.99', variants: [['M', '21.50', '3'], ['L', '22', '2']], total: '5 in all (2 variants)', delete: 'Delete', confirmText: 'It goes together with 2 variants and 0 reviews', cancel: 'Cancel',
    code: 'Code', discountType: 'Discount type', percentage: 'Percentage', discount: 'Discount (% or USD)', minimum: 'Minimum purchase (USD)', expiresOn: 'Valid until',
    minimumTyped: '25.50', expiresTyped: '12/31/2030', couponRow: ['10 %', '$25.50', 'Dec 31, 2030'],
    buttonName: 'Button text', link: 'Destination link', linkInvalid: 'Write a valid web address (https://…) or a path of your store (/…)',
    linkButton: 'Link', linkInput: 'Link address', title: 'Title', pageTitle: 'Shipping and returns', bold: 'Free shipping', plain: ' from $50. Read ', linked: 'the terms',
    select: (name: string) => `Select ${name}`, approve: 'Approve', confirmApprove: 'Yes, approve', updated: '1 record updated', approved: 'Approved',
    check: 'Check the file', done: 'Catalog imported: 0 products created and 1 updated.', listPrice: '$24.75', stockFilter: 'Stock', filterApply: 'Apply', inStock: 'In stock', outOfStock: 'Out of stock', empty: 'No records found',
  },
} as const;

/** Creates the form on screen and waits for the record's own screen and the toast. */
async function create(page: Page, locale: 'es' | 'en', resourcePath: string) {
  await page.getByRole('button', { name: TEXT[locale].create, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === localized(`${resourcePath}/show`, locale));
  await expectToast(page, TEXT[locale].created);
}

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both; Spanish, the run that PostgreSQL repeats.
for (const locale of journeyLanguages('es')) {
  const t = TEXT[locale];

  // On PostgreSQL too: the list's search and pages, the unique slugs and the CSV import's batch
  // writes are queries each database answers its own way.
  test(`a store owner builds the catalog, from a category to a CSV import (${locale})`, onBothDatabases(locale), async ({ browser }, testInfo) => {
    const owner = createUser('client', `catalog-${locale}`, 'Lucía', 'Paredes');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const slug = `e2e-catalog-${randomBytes(4).toString('hex')}`;
    const opened = await page.request.post('/api/v1/store', { data: { name: 'Tienda Catálogo', slug, section: 'clothing' } });
    expect(opened.status(), await opened.text()).toBe(201);
    const shot = (name: string, options?: { fullPage?: boolean }) => saveScreens(page, testInfo, `journey-${name}-${locale}`, options);
    const categoryName = locale === 'es' ? 'Ropa' : 'Clothes';
    const productName = locale === 'es' ? 'Camiseta Quito' : 'Quito T-shirt';

    await test.step('a category from the menu, a brand with its image', async () => {
      await gotoHydrated(page, localized('/', locale));
      await page.getByRole('navigation', { name: t.mainMenu }).getByRole('link', { name: t.categories, exact: true }).click();
      await page.getByRole('link', { name: t.newCategory, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.newCategory })).toBeVisible();
      await field(page, t.name).fill(categoryName);
      await create(page, locale, '/catalog/category');

      await gotoHydrated(page, localized('/catalog/brand/new', locale));
      await field(page, t.name).fill('Andina');
      await page.getByTestId('upload-field-imageId').locator('input[type=file]').setInputFiles({ name: 'andina.png', mimeType: 'image/png', buffer: await picture('#2f5d34', { width: 400, height: 400, format: 'png' }) });
      await expect(page.getByTestId('upload-preview-imageId')).toBeVisible();
      await create(page, locale, '/catalog/brand');
      await expect(page.getByTestId('upload-preview-imageId')).toBeVisible();
      await shot('brand');
    });

    let productId = 0;
    await test.step('a product with two images, their progress seen, and two variants', async () => {
      await gotoHydrated(page, localized('/catalog/product/new', locale));
      await field(page, t.name).fill(productName);
      await field(page, t.price).fill(t.productPrice);
      await field(page, t.category).selectOption({ label: categoryName });
      await field(page, t.brand).selectOption({ label: 'Andina' });
      const gallery = page.getByTestId('gallery-field');
      await uploadToGallery(page, gallery, [{ name: 'frente.jpg', color: '#b91c1c' }, { name: 'espalda.jpg', color: '#1d4ed8' }], () => shot('product-uploading'));
      await expect(gallery.getByTestId('gallery-image-0')).toContainText(t.main);
      await create(page, locale, '/catalog/product');
      await expect(page.getByRole('heading', { level: 1, name: t.editProduct })).toBeVisible();
      await expect(field(page, t.price)).toHaveValue(t.productPrice);
      await expect(gallery.getByRole('listitem')).toHaveCount(2);
      productId = Number(new URL(page.url()).searchParams.get('id'));
      const productUrl = page.url();

      for (const [name, price, stock] of t.variants) {
        await page.getByTestId('new-variant').click();
        await expect(page.getByRole('heading', { level: 1, name: t.newVariant })).toBeVisible();
        await field(page, t.name).fill(name);
        await field(page, t.price).fill(price);
        await field(page, t.stock).fill(stock);
        await create(page, locale, '/catalog/variant');
        await gotoHydrated(page, productUrl);
      }
      await expect(page.getByTestId('variant-total')).toHaveText(t.total);
      await shot('product');
      // Deleting asks first, and says what goes with it.
      await page.getByRole('button', { name: t.delete, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(t.confirmText);
      await dialog.getByRole('button', { name: t.cancel, exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('a coupon: a percentage, a minimum and an expiry typed the page’s way', async () => {
      await gotoHydrated(page, localized('/catalog/coupon/new', locale));
      await field(page, t.code).fill('bienvenida10');
      await field(page, t.discountType).selectOption({ label: t.percentage });
      await field(page, t.discount).fill('10');
      await field(page, t.minimum).fill(t.minimumTyped);
      await typeDate(field(page, t.expiresOn), t.expiresTyped);
      await create(page, locale, '/catalog/coupon');
      await expect(field(page, t.code)).toHaveValue('BIENVENIDA10');
      await expect(field(page, t.expiresOn)).toHaveValue(t.expiresTyped);
      await gotoHydrated(page, localized('/catalog/coupon', locale));
      for (const text of t.couponRow) await expect(page.getByRole('main')).toContainText(text);
      await shot('coupon-list');
    });

    await test.step('a banner: a wrong link shows its field error and keeps the rest, then is fixed', async () => {
      await gotoHydrated(page, localized('/content/banner/new', locale));
      await page.getByTestId('upload-field-imageId').locator('input[type=file]').setInputFiles({ name: 'ofertas.png', mimeType: 'image/png', buffer: await picture('#9a3412', { width: 1920, height: 768, format: 'png' }) });
      await expect(page.getByTestId('upload-preview-imageId')).toBeVisible();
      const buttonName = locale === 'es' ? 'Ver ofertas' : 'See the offers';
      await field(page, t.buttonName).fill(buttonName);
      await field(page, t.link).fill('ofertas de verano');
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expect(field(page, t.link)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(t.linkInvalid)).toBeVisible();
      await expect(field(page, t.buttonName)).toHaveValue(buttonName);
      await expect(page.getByTestId('upload-preview-imageId')).toBeVisible();
      await shot('banner-errors');
      await field(page, t.link).fill('/catalogo?oferta=1');
      await create(page, locale, '/content/banner');
      await expect(field(page, t.link)).toHaveValue('/catalogo?oferta=1');
    });

    await test.step('a page written in the rich-text editor: bold text and a link', async () => {
      await gotoHydrated(page, localized('/content/page/new', locale));
      await field(page, t.title).fill(t.pageTitle);
      const editor = page.getByTestId('rich-text-content').locator('[contenteditable=true]');
      await editor.click();
      await page.keyboard.press('ControlOrMeta+b');
      await page.keyboard.type(t.bold);
      await page.keyboard.press('ControlOrMeta+b');
      await page.keyboard.type(`${t.plain}${t.linked}`);
      for (let i = 0; i < t.linked.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
      await page.getByTestId('rich-text-content').getByRole('button', { name: t.linkButton, exact: true }).click();
      const url = page.getByRole('textbox', { name: t.linkInput });
      await url.fill('https://example.com/condiciones');
      await url.press('Enter');
      await expect(editor.locator('strong')).toHaveText(t.bold);
      await expect(editor.locator('a[href="https://example.com/condiciones"]')).toHaveText(t.linked);
      await shot('page-editor');
      await create(page, locale, '/content/page');
      const saved = page.locator('input[name=content]');
      await expect(saved).toHaveValue(new RegExp(`<strong>${t.bold}</strong>`));
      await expect(saved).toHaveValue(/<a [^>]*href="https:\/\/example\.com\/condiciones"[^>]*>/);
    });

    await test.step('a shopper’s review, approved after the confirmation', async () => {
      await post(page, '/api/v1/reviews', { productId, authorName: 'Ana', email: 'ana@example.com', rating: 5, status: 'pending' });
      await gotoHydrated(page, localized('/catalog/review', locale));
      await page.getByRole('checkbox', { name: t.select('Ana') }).check();
      await page.getByTestId('bulk-bar').getByRole('button', { name: t.approve, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirmApprove }).click();
      await expectToast(page, t.updated);
      await expect(page.getByRole('main')).toContainText(t.approved);
      await shot('reviews');
    });

    await test.step('CSV: export, change a price, preview, import; the list shows the new price', async () => {
      await gotoHydrated(page, localized('/catalog/product', locale));
      await page.getByTestId('product-csv').click();
      await expect(page.getByTestId('csv-export')).toBeVisible();
      const exported = await (await page.request.get('/api/v1/products/export')).text();
      expect(exported).toContain(productName);
      const changed = exported.replace(',19.99,', ',24.75,');
      expect(changed).not.toBe(exported);
      mkdirSync(testInfo.outputDir, { recursive: true });
      const file = path.join(testInfo.outputDir, `catalog-${locale}.csv`);
      writeFileSync(file, changed);
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByRole('button', { name: t.check, exact: true }).click();
      await expect(page.getByTestId('csv-products')).toContainText('1');
      await shot('csv-preview');
      await page.getByTestId('csv-apply').click();
      await page.getByRole('dialog').getByTestId('confirm').click();
      await expect(page.getByTestId('csv-done')).toContainText(t.done);
      await gotoHydrated(page, localized('/catalog/product', locale));
      await expect(page.getByRole('main')).toContainText(t.listPrice);
      await shot('product-list');
      // The variants' stock counts in the list's stock filter.
      const search = page.getByRole('search');
      await field(search, t.stockFilter).selectOption({ label: t.outOfStock });
      await search.getByRole('button', { name: t.filterApply, exact: true }).click();
      await expect(page.getByTestId('empty-list')).toHaveText(t.empty);
      await field(search, t.stockFilter).selectOption({ label: t.inStock });
      await search.getByRole('button', { name: t.filterApply, exact: true }).click();
      await expect(page.getByRole('link', { name: productName })).toBeVisible();
    });

    await context.close();
  });
}

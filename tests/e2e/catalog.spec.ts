import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { field, gotoHydrated, LOCALES, localized, saveScreens } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The catalogue as a store owner lives it (issue 11 §13): a category from the menu, a product typed
// in the page's numbers, a variant from the product's screen and the total stock it gives, the
// list's stock filter, the delete confirmation that counts the variants, and the CSV round trip —
// export, change a price, preview, import. Screens: test-results/screenshots/catalog-*.png.

test.describe.configure({ timeout: 180_000 });

const TEXT = {
  es: {
    mainMenu: 'Menú principal', categories: 'Categorías', newCategory: 'Nueva categoría', name: 'Nombre', create: 'Crear', created: 'Registro creado correctamente',
    newProduct: 'Nuevo producto', price: 'Precio (USD)', stock: 'Stock', category: 'Categoría', editProduct: 'Editar producto', newVariant: 'Nueva variante',
    variantPrice: '21,50', productPrice: '19,99', shownPrice: '19,99', total: '3 en total (1 variantes)', deleteProduct: 'Eliminar', confirmText: 'Se eliminará con sus 1 variantes y 0 reseñas',
    cancel: 'Cancelar', csv: 'Importar / exportar CSV', file: 'Archivo CSV', check: 'Revisar el archivo', apply: 'Importar', done: 'Catálogo importado: 0 productos creados y 1 actualizados.',
    listPrice: '$24,75', inStock: 'Con stock', stockFilter: 'Stock', filterApply: 'Aplicar', outOfStock: 'Sin stock', empty: 'No se encontraron registros',
  },
  en: {
    mainMenu: 'Main menu', categories: 'Categories', newCategory: 'New category', name: 'Name', create: 'Create', created: 'Record created successfully',
    newProduct: 'New product', price: 'Price (USD)', stock: 'Stock', category: 'Category', editProduct: 'Edit product', newVariant: 'New variant',
    variantPrice: '21.50', productPrice: '19.99', shownPrice: '19.99', total: '3 in all (1 variants)', deleteProduct: 'Delete', confirmText: 'It goes with its 1 variants and 0 reviews',
    cancel: 'Cancel', csv: 'Import / export CSV', file: 'CSV file', check: 'Check the file', apply: 'Import', done: 'Catalogue imported: 0 products created and 1 updated.',
    listPrice: '$24.75', inStock: 'In stock', stockFilter: 'Stock', filterApply: 'Apply', outOfStock: 'Out of stock', empty: 'No records found',
  },
} as const;

const mainMenu = (page: Page, locale: 'es' | 'en') => page.getByRole('navigation', { name: TEXT[locale].mainMenu });

for (const locale of LOCALES) {
  const t = TEXT[locale];

  test(`a store owner builds a catalogue: category, product, variant, stock, CSV round trip (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `catalog-${locale}`, 'Lucía', 'Paredes');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const slug = `e2e-catalog-${randomBytes(4).toString('hex')}`;
    const opened = await page.request.post('/api/v1/store', { data: { name: 'Tienda Catálogo', slug, section: 'clothing' } });
    expect(opened.status(), await opened.text()).toBe(201);
    const categoryName = locale === 'es' ? 'Ropa' : 'Clothes';
    const productName = locale === 'es' ? 'Camiseta Quito' : 'Quito T-shirt';

    await test.step('a category, from the menu', async () => {
      await gotoHydrated(page, localized('/', locale));
      await mainMenu(page, locale).getByRole('link', { name: t.categories, exact: true }).click();
      await page.getByRole('link', { name: t.newCategory, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.newCategory })).toBeVisible();
      await field(page, t.name).fill(categoryName);
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expectToast(page, t.created);
    });

    await test.step('a product, its price typed the page’s way', async () => {
      await gotoHydrated(page, localized('/catalog/product/new', locale));
      await saveScreens(page, testInfo, `catalog-product-new-${locale}`);
      await field(page, t.name).fill(productName);
      await field(page, t.price).fill(t.productPrice);
      await field(page, t.category).selectOption({ label: categoryName });
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/catalog/product/show', locale));
      await expectToast(page, t.created);
      await expect(page.getByRole('heading', { level: 1, name: t.editProduct })).toBeVisible();
      await expect(field(page, t.price)).toHaveValue(t.shownPrice);
    });

    await test.step('a variant from the product’s screen gives it its stock', async () => {
      const productUrl = page.url();
      await page.getByTestId('new-variant').click();
      await expect(page.getByRole('heading', { level: 1, name: t.newVariant })).toBeVisible();
      await field(page, t.name).fill('M');
      await field(page, t.price).fill(t.variantPrice);
      await field(page, t.stock).fill('3');
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/catalog/subproduct/show', locale));
      await expectToast(page, t.created);
      await gotoHydrated(page, productUrl);
      await expect(page.getByTestId('variant-total')).toHaveText(t.total);
      await saveScreens(page, testInfo, `catalog-product-show-${locale}`);
      await page.getByRole('button', { name: t.deleteProduct, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(t.confirmText);
      await dialog.getByRole('button', { name: t.cancel, exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the list filters by stock', async () => {
      await gotoHydrated(page, localized('/catalog/product', locale));
      await expect(page.getByRole('link', { name: productName })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(t.inStock);
      const search = page.getByRole('search');
      await field(search, t.stockFilter).selectOption({ label: t.outOfStock });
      await search.getByRole('button', { name: t.filterApply, exact: true }).click();
      await expect(page.getByTestId('empty-list')).toHaveText(t.empty);
      await field(search, t.stockFilter).selectOption({ label: t.inStock });
      await search.getByRole('button', { name: t.filterApply, exact: true }).click();
      await expect(page.getByRole('link', { name: productName })).toBeVisible();
      await saveScreens(page, testInfo, `catalog-product-list-${locale}`);
    });

    await test.step('CSV: export, change a price, preview, import', async () => {
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
      await saveScreens(page, testInfo, `catalog-csv-preview-${locale}`);
      await page.getByTestId('csv-apply').click();
      await page.getByRole('dialog').getByTestId('confirm').click();
      await expect(page.getByTestId('csv-done')).toContainText(t.done);
      await gotoHydrated(page, localized('/catalog/product', locale));
      await expect(page.getByRole('main')).toContainText(t.listPrice);
    });

    await context.close();
  });
}

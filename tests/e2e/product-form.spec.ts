import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, localized, saveScreens, journeyLanguages } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The product form, its variant grid and the product list of issue 20 (§14, §15, §17–§21), in a
// real browser: what needs one — the subcategories following the category without a reload, a
// brand made in a dialog, the price preview as it is typed, the question before leaving unsaved
// changes, the grid, the duplicate and the list's stock cell. Rules and data are in Vitest
// (server/modules/product/product-form.test.ts). Screens: test-results/screenshots/product-form-*.png.

// Ten minutes: on a loaded machine (two cores shared) the grid and the screenshots took over three.
test.describe.configure({ timeout: 600_000, retries: 0 });

const TEXT = {
  es: {
    category: 'Categoría', subcategory: 'Subcategoría', brand: 'Marca', newBrand: 'Nueva marca', name: 'Nombre', create: 'Crear', price: 'Precio (USD)', compareAt: 'Precio anterior (USD)',
    discount: 'Descuento (%)', back: 'Volver', leave: 'Salir sin guardar', stay: 'Seguir editando', unsaved: '¿Salir sin guardar?', created: 'Registro creado correctamente',
    grid: 'Crear variantes por color y talla', combine: 'Ver combinaciones', createGrid: 'Crear las variantes marcadas', gridDone: '4 variantes creadas', duplicate: 'Duplicar',
    duplicated: 'Producto duplicado', apply: 'Aplicar', save: 'Guardar', updated: 'Registro actualizado correctamente', final: '$20,70', before: '$28,75', stockOf: 'Stock de Taza',
    clothes: 'Ropa', home: 'Hogar', shirts: 'Camisetas', mugs: 'Tazas', red: 'Rojo', blue: 'Azul', priceRow: 'Precio (USD): Rojo / M',
  },
  en: {
    category: 'Category', subcategory: 'Subcategory', brand: 'Brand', newBrand: 'New brand', name: 'Name', create: 'Create', price: 'Price (USD)', compareAt: 'Compare-at price (USD)',
    discount: 'Discount (%)', back: 'Back', leave: 'Leave without saving', stay: 'Keep editing', unsaved: 'Leave without saving?', created: 'Record created successfully',
    grid: 'Create variants by color and size', combine: 'Show combinations', createGrid: 'Create the ticked variants', gridDone: '4 variants created', duplicate: 'Duplicate',
    duplicated: 'Product duplicated', apply: 'Apply', save: 'Save', updated: 'Record updated successfully', final: '$20.70', before: '$28.75', stockOf: 'Stock of Mug',
    clothes: 'Clothes', home: 'Home', shirts: 'T-shirts', mugs: 'Mugs', red: 'Red', blue: 'Blue', priceRow: 'Price (USD): Red / M',
  },
} as const;

/** The record toast, given the time a save takes on a loaded machine (the grid writes many rows). */
const expectToast = (page: Page, message: string) => expect(page.locator('.mantine-Notifications-root').getByText(message).first()).toBeVisible({ timeout: 30_000 });

async function post(page: Page, url: string, data: object): Promise<number> {
  const response = await page.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both.
for (const locale of journeyLanguages('es')) {
  test(`the product form, its variant grid and the list (${locale})`, async ({ browser }, testInfo) => {
    const text = TEXT[locale];
    const owner = createUser('client', `product-form-${locale}`, 'Lucía', 'Paredes');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    await post(page, '/api/v1/store', { name: 'Tienda de Lucía', slug: `e2e-pf-${randomBytes(4).toString('hex')}`, section: 'clothing' });
    const clothes = await post(page, '/api/v1/categories', { name: text.clothes, enabled: true });
    const home = await post(page, '/api/v1/categories', { name: text.home, enabled: true });
    await post(page, '/api/v1/subcategories', { categoryId: clothes, name: text.shirts, enabled: true });
    await post(page, '/api/v1/subcategories', { categoryId: home, name: text.mugs, enabled: true });
    for (const [name, hex] of [[text.red, '#cc0000'], [text.blue, '#1f3a93']]) await post(page, '/api/v1/colors', { name, hex, enabled: true });
    for (const [n, name] of ['M', 'L'].entries()) await post(page, '/api/v1/sizes', { name, sortOrder: n, enabled: true });
    await post(page, '/api/v1/products', { name: locale === 'es' ? 'Taza' : 'Mug', categoryId: home, priceCents: 600, stock: 3, enabled: true });
    const shot = (name: string) => saveScreens(page, testInfo, `product-form-${name}-${locale}`);

    await test.step('the form: subcategories of the chosen category, a brand made in a dialog, the price as the shopper sees it', async () => {
      await gotoHydrated(page, localized('/catalog/product/new', locale));
      await page.locator('input[name="name"]').fill(locale === 'es' ? 'Camiseta Quito' : 'Quito T-shirt');
      const subcategory = page.locator('select[name="subcategoryId"]');
      const category = page.locator('select[name="categoryId"]');
      await category.selectOption(String(clothes));
      await expect(subcategory.locator('option')).toHaveText([locale === 'es' ? 'Ninguno' : 'None', text.shirts]);
      await category.selectOption(String(home));
      await expect(subcategory.locator('option')).toHaveText([locale === 'es' ? 'Ninguno' : 'None', text.mugs]);
      await category.selectOption(String(clothes));
      await subcategory.selectOption({ label: text.shirts });

      await page.getByTestId('create-brand').click();
      const dialog = page.getByRole('dialog', { name: text.newBrand });
      await dialog.getByRole('textbox').fill('Andina');
      await dialog.getByRole('button', { name: text.create }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('select[name="brandId"] option:checked')).toHaveText('Andina');

      await page.locator('input[name="price"]').fill('20');
      await page.locator('input[name="compareAtPrice"]').fill('25');
      await page.locator('input[name="discount"]').fill('10');
      // 20 less 10 % is 18, with IVA 15 % 20.70; the compare-at 25 with IVA is 28.75
      await expect(page.getByTestId('price-preview')).toContainText(text.final);
      await expect(page.getByTestId('price-preview')).toContainText(text.before);
      const editor = page.getByTestId('rich-text-description').locator('[contenteditable="true"]');
      await editor.click();
      await editor.pressSequentially(locale === 'es' ? 'Algodón orgánico de Imbabura.' : 'Organic cotton from Imbabura.');
      await shot('new');
    });

    await test.step('leaving with unsaved changes asks first', async () => {
      await page.getByRole('link', { name: text.back, exact: true }).click();
      await expect(page.getByRole('dialog', { name: text.unsaved })).toBeVisible();
      await shot('unsaved');
      await page.getByRole('button', { name: text.stay }).click();
      await expect(page).toHaveURL(/\/catalog\/product\/new$/);
      await page.getByRole('button', { name: text.create, exact: true }).click();
      await expectToast(page, text.created);
      // the toast is at the bottom: the language switch and the user menu stay free
      const toast = page.locator('.mantine-Notifications-root').getByText(text.created).first();
      expect((await toast.boundingBox())!.y).toBeGreaterThan(400);
    });

    await test.step('variants in one step: colors × sizes, edited in place, created at once', async () => {
      await page.getByRole('link', { name: text.grid }).click();
      await page.getByRole('checkbox', { name: text.red }).check();
      await page.getByRole('checkbox', { name: text.blue }).check();
      await page.getByRole('checkbox', { name: 'M', exact: true }).check();
      await page.getByRole('checkbox', { name: 'L', exact: true }).check();
      await page.getByRole('button', { name: text.combine }).click();
      await expect(page.getByTestId('variant-grid').getByRole('textbox', { name: text.priceRow })).toBeVisible();
      await page.getByRole('textbox', { name: text.priceRow }).fill('21');
      await shot('grid');
      await page.getByRole('button', { name: text.createGrid }).click();
      await expectToast(page, text.gridDone);
      await expect(page.getByTestId('variant-stock')).toHaveText('0');
      await shot('show');
    });

    await test.step('duplicate, after confirming', async () => {
      await page.getByTestId('duplicate-product').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: text.duplicate }).click();
      await expectToast(page, text.duplicated);
    });

    await test.step('the list: filtered by category, the stock typed in place', async () => {
      await gotoHydrated(page, localized('/catalog/product', locale));
      const stock = page.getByRole('textbox', { name: text.stockOf });
      await stock.fill('12');
      await stock.press('Enter');
      await expectToast(page, text.updated);
      await expect(page.getByRole('textbox', { name: text.stockOf })).toHaveValue('12');
      await shot('list');
      await page.locator('select[name="category"]').selectOption(String(clothes));
      await page.getByRole('button', { name: text.apply }).click();
      await expect(page.getByRole('textbox', { name: text.stockOf })).toBeHidden();
      await shot('list-category');
    });

    await test.step('closing the tab with unsaved changes asks the browser’s question', async () => {
      await gotoHydrated(page, localized('/catalog/product/new', locale));
      await page.locator('input[name="price"]').fill('5');
      const asked = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.accept();
    });

    expect(testInfo.annotations.filter((annotation) => annotation.type === 'overflow')).toEqual([]);
    await context.close();
  });
}

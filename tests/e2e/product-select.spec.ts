import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { field, gotoHydrated, journeyLanguages, localized, onBothDatabases, saveScreens } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The review form's product select at scale (issue 11 §10, decision 036): it carries only the
// first products, and typing finds any other by name, sku or code through the indexed search.
// Screens: test-results/screenshots/product-select-*.png.

const TEXT = {
  es: { product: 'Producto', author: 'Autor', email: 'Correo electrónico', create: 'Crear', created: 'Registro creado correctamente', editTitle: 'Reseña', none: 'No se encontraron registros' },
  en: { product: 'Product', author: 'Author', email: 'E-mail', create: 'Create', created: 'Record created successfully', editTitle: 'Review', none: 'No records found' },
} as const;

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both; Spanish, the run that PostgreSQL repeats.
for (const locale of journeyLanguages('es')) {
  const t = TEXT[locale];

  // On PostgreSQL too: finding by part of a name or SKU is a text search each database does its own
  // way (case and accents).
  test(`the review form finds a product by typing part of its name or sku (${locale})`, onBothDatabases(locale), async ({ browser }, testInfo) => {
    const owner = createUser('client', `product-select-${locale}`, 'Marta', 'Vega');
    const { page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const opened = await page.request.post('/api/v1/store', { data: { name: 'Tienda Reseñas', slug: `e2e-select-${randomBytes(4).toString('hex')}`, section: 'clothing' } });
    expect(opened.status(), await opened.text()).toBe(201);
    const category = await page.request.post('/api/v1/categories', { data: { name: 'Hogar', enabled: true } });
    const categoryId = (await category.json()).id as number;
    for (const [name, sku] of [['Gorra andina', 'GOR-7'], ['Taza grande', 'TAZ-42'], ['Camiseta Quito', 'CAM-1']]) {
      const created = await page.request.post('/api/v1/products', { data: { name, sku, categoryId, priceCents: 1000, enabled: true } });
      expect(created.status(), await created.text()).toBe(201);
    }

    await gotoHydrated(page, localized('/catalog/review/new', locale));
    const product = page.getByRole('combobox', { name: t.product });
    // a term that matches nothing says so
    await product.fill('zzz-nada');
    await expect(page.getByText(t.none)).toBeVisible();

    // part of a sku, in another case: only that product, from the server's search
    await product.fill('az-4');
    // the select's own list (the native selects' options are options too)
    const list = page.getByRole('listbox');
    const option = list.getByRole('option', { name: 'Taza grande' });
    await expect(option).toBeVisible();
    await expect(list.getByRole('option')).toHaveCount(1);
    await saveScreens(page, testInfo, `product-select-open-${locale}`, { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    await option.click();
    await expect(product).toHaveValue('Taza grande');

    await field(page, t.author).fill('Ana');
    await field(page, t.email).fill('ana@example.com');
    await page.getByRole('button', { name: t.create, exact: true }).click();
    await expectToast(page, t.created);
    await expect(page.getByRole('heading', { level: 1, name: t.editTitle })).toBeVisible();
    await expect(page.getByRole('combobox', { name: t.product })).toHaveValue('Taza grande');
  });
}

import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { post } from './support/catalog.ts';
import { gotoHydrated, LOCALES, localized, onBothDatabases, PHONE, saveScreens, runsIn } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The lists' bulk actions (issue 11 §8) as a store owner lives them, in both languages: select
// products, disable them after the confirmation, feature one from its row, delete a page of them
// with what cascades; approve reviews on a phone and see the store's rating on the desk.
// Screens: test-results/screenshots/bulk-*.png.

test.describe.configure({ timeout: 180_000 });

const TEXT = {
  es: {
    select: (name: string) => `Seleccionar ${name}`,
    selectAll: 'Seleccionar todos los registros de esta página',
    selected: (count: number) => (count === 1 ? `${count} registro seleccionado` : `${count} registros seleccionados`),
    disable: 'Desactivar',
    delete: 'Eliminar',
    approve: 'Aprobar',
    disableTitle: '¿Desactivar los registros?',
    disableMessage: 'Se desactivarán 2 registros: dejarán de mostrarse en tu tienda.',
    confirmDisable: 'Sí, desactivar',
    updated: (count: number) => (count === 1 ? `${count} registro actualizado` : `${count} registros actualizados`),
    featured: (name: string) => `Destacado: ${name}`,
    enabled: (name: string) => `Activo: ${name}`,
    featureTitle: (name: string) => `¿Activar «Destacado» en «${name}»?`,
    featureMessage: 'Se destacará 1 producto en tu tienda.',
    confirmFeature: 'Sí, destacar',
    deleteMessage: 'Se eliminarán 3 registros. Esta acción no se puede deshacer.',
    cascade: 'También se eliminará lo que depende de ellos: 2 variantes, 2 reseñas.',
    confirmDelete: 'Sí, eliminar',
    deleted: '3 registros eliminados',
    empty: 'No se encontraron registros',
    approveMessage: 'Se aprobarán 2 reseñas: se mostrarán en tu tienda y contarán en su calificación.',
    confirmApprove: 'Sí, aprobar',
    rating: '4,5 de 5',
  },
  en: {
    select: (name: string) => `Select ${name}`,
    selectAll: 'Select every record on this page',
    selected: (count: number) => (count === 1 ? `${count} record selected` : `${count} records selected`),
    disable: 'Disable',
    delete: 'Delete',
    approve: 'Approve',
    disableTitle: 'Disable the records?',
    disableMessage: '2 records will be disabled: they will no longer show in your store.',
    confirmDisable: 'Yes, disable',
    updated: (count: number) => (count === 1 ? `${count} record updated` : `${count} records updated`),
    featured: (name: string) => `Featured: ${name}`,
    enabled: (name: string) => `Active: ${name}`,
    featureTitle: (name: string) => `Turn on “Featured” for “${name}”?`,
    featureMessage: '1 product will be featured in your store.',
    confirmFeature: 'Yes, feature',
    deleteMessage: '3 records will be deleted. This cannot be undone.',
    cascade: 'What depends on them will be deleted too: 2 variants, 2 reviews.',
    confirmDelete: 'Yes, delete',
    deleted: '3 records deleted',
    empty: 'No records found',
    approveMessage: '2 reviews will be approved: they will show in your store and count in its rating.',
    confirmApprove: 'Yes, approve',
    rating: '4.5 out of 5',
  },
} as const;

/** A store with three products (one with two variants), and three pending reviews of the first. */
async function stock(page: Page, tag: string) {
  const slug = `e2e-${tag}-${randomBytes(4).toString('hex')}`;
  expect((await page.request.post('/api/v1/store', { data: { name: `Tienda ${tag}`, slug, section: 'other' } })).status()).toBe(201);
  const categoryId = await post(page, '/api/v1/categories', { name: 'Ropa' });
  const shirt = await post(page, '/api/v1/products', { name: 'Camiseta', categoryId, priceCents: 1250, enabled: true });
  await post(page, '/api/v1/products', { name: 'Gorra', categoryId, priceCents: 800, enabled: true });
  await post(page, '/api/v1/products', { name: 'Medias', categoryId, priceCents: 300, enabled: true });
  await post(page, '/api/v1/variants', { productId: shirt, name: 'Camiseta M', priceCents: 1250, stock: 2 });
  await post(page, '/api/v1/variants', { productId: shirt, name: 'Camiseta L', priceCents: 1250, stock: 1 });
  for (const [authorName, rating] of [['Ana', 5], ['Beto', 4]] as const) await post(page, '/api/v1/reviews', { productId: shirt, authorName, email: `${authorName.toLowerCase()}@example.com`, rating, status: 'pending' });
}

for (const locale of LOCALES) {
  const t = TEXT[locale];

  // On PostgreSQL too: bulk actions change many rows in one transaction, and a delete cascades
  // through the store's tables, which each database does its own way. In Spanish only (decision
  // 041): the language changes its words, which the axe walk and the Vitest page tests see in both.
  if (runsIn(locale, 'es')) test(`a store owner acts on many records from the lists (${locale})`, onBothDatabases(locale), async ({ browser }, testInfo) => {
    const owner = createUser('client', `bulk-${locale}`, 'Rosa', 'Vera');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    await stock(page, `bulk-${locale}`);
    const products = localized('/catalog/product', locale);
    const dialog = page.getByRole('dialog');

    await test.step('two selected products are disabled after a confirmation that says how many', async () => {
      await gotoHydrated(page, `${products}?sort=name&dir=asc`);
      await page.getByRole('checkbox', { name: t.select('Camiseta') }).check();
      await page.getByRole('checkbox', { name: t.select('Gorra') }).check();
      const bar = page.getByTestId('bulk-bar');
      await expect(bar.getByRole('status')).toHaveText(t.selected(2));
      await saveScreens(page, testInfo, `bulk-selected-${locale}`, { fullPage: false });
      await bar.getByRole('button', { name: t.disable, exact: true }).click();
      await expect(dialog.getByRole('heading', { name: t.disableTitle })).toBeVisible();
      await expect(dialog.getByTestId('bulk-message')).toHaveText(t.disableMessage);
      await saveScreens(page, testInfo, `bulk-confirm-disable-${locale}`, { fullPage: false });
      await dialog.getByRole('button', { name: t.confirmDisable }).click();
      await expectToast(page, t.updated(2));
      await expect(page.getByRole('switch', { name: t.enabled('Camiseta') })).not.toBeChecked();
      await expect(page.getByRole('switch', { name: t.enabled('Gorra') })).not.toBeChecked();
      await expect(page.getByRole('switch', { name: t.enabled('Medias') })).toBeChecked();
      await expect(page.getByTestId('bulk-bar')).toBeHidden();
      await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'name' && !url.searchParams.has('notice'));
    });

    await test.step('a product is featured from its row, after asking', async () => {
      await page.getByRole('switch', { name: t.featured('Gorra') }).click();
      await expect(dialog.getByRole('heading', { name: t.featureTitle('Gorra') })).toBeVisible();
      await expect(dialog.getByTestId('bulk-message')).toHaveText(t.featureMessage);
      await dialog.getByRole('button', { name: t.confirmFeature }).click();
      await expectToast(page, t.updated(1));
      await expect(page.getByRole('switch', { name: t.featured('Gorra') })).toBeChecked();
      await expect(page.getByRole('switch', { name: t.featured('Medias') })).not.toBeChecked();
    });

    await test.step('the whole page is deleted; the confirmation names what cascades', async () => {
      await page.getByRole('checkbox', { name: t.selectAll }).check();
      await expect(page.getByTestId('bulk-bar').getByRole('status')).toHaveText(t.selected(3));
      await page.getByTestId('bulk-bar').getByRole('button', { name: t.delete, exact: true }).click();
      await expect(dialog.getByTestId('bulk-message')).toHaveText(t.deleteMessage);
      await expect(dialog.getByTestId('bulk-cascade')).toHaveText(t.cascade);
      await saveScreens(page, testInfo, `bulk-confirm-delete-${locale}`, { fullPage: false });
      await dialog.getByRole('button', { name: t.confirmDelete }).click();
      await expectToast(page, t.deleted);
      await expect(page.getByTestId('empty-list')).toHaveText(t.empty);
    });

    await context.close();
  });

  // One language (decision 041): the language changes only this journey's words, which the axe
  // walk and the Vitest page tests see in both.
  if (runsIn(locale, 'en')) test(`reviews are approved on a phone and the desk shows the rating (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `bulk-reviews-${locale}`, 'Lía', 'Mora');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const slug = `e2e-rev-${randomBytes(4).toString('hex')}`;
    expect((await page.request.post('/api/v1/store', { data: { name: 'Tienda reseñas', slug, section: 'other' } })).status()).toBe(201);
    const categoryId = await post(page, '/api/v1/categories', { name: 'Hogar' });
    const productId = await post(page, '/api/v1/products', { name: 'Taza', categoryId, priceCents: 400 });
    for (const [authorName, rating] of [['Ana', 5], ['Beto', 4], ['Ceci', 1]] as const) await post(page, '/api/v1/reviews', { productId, authorName, email: `${authorName.toLowerCase()}@example.com`, rating, status: 'pending' });

    await page.setViewportSize(PHONE);
    await gotoHydrated(page, `${localized('/catalog/review', locale)}?sort=rating&dir=desc`);
    await page.getByRole('checkbox', { name: t.select('Ana') }).check();
    await page.getByRole('checkbox', { name: t.select('Beto') }).check();
    await expect(page.getByTestId('bulk-bar').getByRole('status')).toHaveText(t.selected(2));
    await saveScreens(page, testInfo, `bulk-reviews-selected-${locale}`);
    await page.setViewportSize(PHONE);
    await page.getByTestId('bulk-bar').getByRole('button', { name: t.approve, exact: true }).click();
    await expect(page.getByRole('dialog').getByTestId('bulk-message')).toHaveText(t.approveMessage);
    await page.getByRole('dialog').getByRole('button', { name: t.confirmApprove }).click();
    await expectToast(page, t.updated(2));

    await gotoHydrated(page, localized('/', locale));
    await expect(page.getByTestId('store-rating').first()).toContainText(t.rating);
    await context.close();
  });
}

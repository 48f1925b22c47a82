import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { countPosts, field, gotoHydrated, LOCALES, localized, saveScreens, says, runsIn } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The first kit resource (decision 028) as a store owner lives it: open a store, then list,
// create, find, filter, edit and delete its colors, in both languages; and a client without a
// store, who is told so. Screens: test-results/screenshots/colors-*.png.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: {
    mainMenu: 'Menú principal',
    catalog: 'Catálogo',
    colors: 'Colores',
    newColor: 'Nuevo color',
    editColor: 'Editar color',
    name: 'Nombre',
    hex: 'Color',
    required: 'Este campo es obligatorio',
    create: 'Crear',
    save: 'Guardar',
    back: 'Volver',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar este color?',
    confirmDelete: 'Sí, eliminar',
    search: 'Buscar',
    apply: 'Aplicar',
    status: 'Estado',
    all: 'Todos',
    active: 'Activo',
    inactive: 'Inactivo',
    empty: 'No se encontraron registros',
    created: 'Registro creado correctamente',
    updated: 'Registro actualizado correctamente',
    deleted: 'Registro eliminado correctamente',
    noStore: 'Aún no tienes una tienda',
    colorName: 'Verde selva',
    renamed: 'Verde bosque',
  },
  en: {
    mainMenu: 'Main menu',
    catalog: 'Catalog',
    colors: 'Colors',
    newColor: 'New color',
    editColor: 'Edit color',
    name: 'Name',
    hex: 'Color',
    required: 'This field is required',
    create: 'Create',
    save: 'Save',
    back: 'Back',
    delete: 'Delete',
    deleteTitle: 'Delete this color?',
    confirmDelete: 'Yes, delete',
    search: 'Search',
    apply: 'Apply',
    status: 'Status',
    all: 'All',
    active: 'Active',
    inactive: 'Inactive',
    empty: 'No records found',
    created: 'Record created successfully',
    updated: 'Record updated successfully',
    deleted: 'Record deleted successfully',
    noStore: "You don't have a store yet",
    colorName: 'Jungle green',
    renamed: 'Forest green',
  },
} as const;

const mainMenu = (page: Page, locale: 'es' | 'en') => page.getByRole('navigation', { name: TEXT[locale].mainMenu });
const colorRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Opens the logged-in user's store through the API, as a client would from the browser. */
async function openStore(page: Page, tag: string) {
  const slug = `e2e-${tag}-${randomBytes(4).toString('hex')}`;
  const response = await page.request.post('/api/v1/store', { data: { name: `Tienda ${tag}`, slug, section: 'other' } });
  expect(response.status(), await response.text()).toBe(201);
}

for (const locale of LOCALES) {
  const t = TEXT[locale];

  // One language (decision 041): the language changes only this journey's words, which the axe
  // walk and the Vitest page tests see in both.
  if (runsIn(locale, 'en')) test(`a store owner lists, creates, finds, filters, edits and deletes a color (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `colors-${locale}`, 'Marta', 'Ríos');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    await openStore(page, `colors-${locale}`);
    const list = localized('/catalog/color', locale);

    await test.step('the menu leads to the colors, whose list starts empty', async () => {
      await gotoHydrated(page, localized('/', locale));
      const menu = mainMenu(page, locale);
      await expect(menu.getByText(t.catalog, { exact: true })).toBeVisible();
      await menu.getByRole('link', { name: t.colors, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === list);
      await expect(page.getByRole('heading', { level: 1, name: t.colors })).toBeVisible();
      await expect(page.getByTestId('empty-list')).toHaveText(t.empty);
      await saveScreens(page, testInfo, `colors-empty-${locale}`);
    });

    const posts = countPosts(page);
    await test.step('"new color" opens the form; sent empty, the name error shows and nothing reaches the server', async () => {
      await page.getByRole('link', { name: t.newColor, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === `${list}/new`);
      await expect(page.getByRole('heading', { level: 1, name: t.newColor })).toBeVisible();
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expect(field(page, t.name)).toHaveAccessibleDescription(says(t.required));
      await expect(field(page, t.name)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, t.name)).toBeFocused();
      expect(posts.count).toBe(0);
      await saveScreens(page, testInfo, `colors-form-errors-${locale}`);
    });

    await test.step('the error clears once the name is typed; the color is created and shown', async () => {
      await field(page, t.name).fill(t.colorName);
      await expect(field(page, t.name)).not.toHaveAccessibleDescription(says(t.required));
      await expect(field(page, t.name)).not.toHaveAttribute('aria-invalid', 'true');
      await field(page, t.hex).fill('#2e8b57');
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === `${list}/show` && Boolean(url.searchParams.get('id')));
      await expectToast(page, t.created);
      await expect(page.getByRole('heading', { level: 1, name: t.editColor })).toBeVisible();
      await expect(field(page, t.name)).toHaveValue(t.colorName);
      await expect(field(page, t.hex)).toHaveValue('#2e8b57');
      expect(posts.count).toBe(1);
      await saveScreens(page, testInfo, `colors-show-${locale}`);
    });

    await test.step('back in the list it appears; search finds it, and the status filter keeps it or leaves it out', async () => {
      await page.getByRole('link', { name: t.back, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === list);
      const row = colorRow(page, t.colorName);
      await expect(row).toBeVisible();
      await expect(row).toContainText('#2e8b57');
      await expect(row).toContainText(t.active);
      await saveScreens(page, testInfo, `colors-list-${locale}`);

      const search = page.getByRole('search');
      await field(search, t.search).fill(t.colorName.split(' ')[1]!);
      await search.getByRole('button', { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === t.colorName.split(' ')[1]);
      await expect(row).toBeVisible();

      await field(search, t.search).fill('nada-que-ver');
      await search.getByRole('button', { name: t.apply, exact: true }).click();
      await expect(page.getByTestId('empty-list')).toHaveText(t.empty);
      await expect(row).toHaveCount(0);

      await field(search, t.search).fill('');
      await field(search, t.status).selectOption({ label: t.inactive });
      await search.getByRole('button', { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'disabled');
      await expect(page.getByTestId('empty-list')).toHaveText(t.empty);
      await expect(row).toHaveCount(0);

      await field(search, t.status).selectOption({ label: t.active });
      await search.getByRole('button', { name: t.apply, exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'enabled');
      await expect(row).toBeVisible();
    });

    await test.step('edited, it keeps its place under its new name', async () => {
      await colorRow(page, t.colorName).getByRole('link', { name: t.colorName, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === `${list}/show`);
      await expect(field(page, t.name)).toHaveValue(t.colorName);
      const before = posts.count;
      await field(page, t.name).fill(t.renamed);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await expectToast(page, t.updated);
      await expect(page).toHaveURL((url) => url.pathname === `${list}/show` && url.searchParams.get('notice') === null);
      await expect(field(page, t.name)).toHaveValue(t.renamed);
      expect(posts.count).toBe(before + 1);
    });

    await test.step('delete asks first, then the color is gone', async () => {
      await page.getByRole('button', { name: t.delete, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.deleteTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: t.confirmDelete, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === list);
      await expectToast(page, t.deleted);
      await expect(page.getByTestId('empty-list')).toHaveText(t.empty);
      await expect(colorRow(page, t.renamed)).toHaveCount(0);
    });

    await context.close();
  });

  // One language (decision 041): the language changes only this journey's words, which the axe
  // walk and the Vitest page tests see in both.
  if (runsIn(locale, 'es')) test(`a client without a store is told so and has no colors in the menu (${locale})`, async ({ browser }) => {
    const client = createUser('client', `nostore-${locale}`, 'Pablo', 'Vera');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, client);
    const menu = mainMenu(page, locale);
    await expect(menu.getByRole('link', { name: t.colors, exact: true })).toHaveCount(0);
    await expect(menu.getByText(t.catalog, { exact: true })).toHaveCount(0);
    await gotoHydrated(page, localized('/catalog/color', locale));
    await expect(page.getByTestId('no-store')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: t.noStore })).toBeVisible();
    await expect(menu.getByRole('link', { name: t.colors, exact: true })).toHaveCount(0);
    await context.close();
  });
}

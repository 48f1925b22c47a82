import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { field, gotoHydrated, journeyLanguages, localized, saveScreens, typeDate } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// Plans and stores in the back office (issue 10 §8), in both languages: an admin creates a plan,
// marks it the default (the old one loses the mark), sets a store's plan and expiration; staff see
// the stores and a store's detail, but neither the plans nor the write action. Screens are saved as
// test-results/screenshots/plans-*.png.

// Serial: both languages move the one default mark, and each puts it back.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const TEXT = {
  es: {
    plans: 'Planes', stores: 'Tiendas', newPlan: 'Nuevo plan', name: 'Nombre', nameEn: 'Nombre en inglés', price: 'Precio mensual (USD)', products: 'Productos (máximo)',
    banners: 'Banners (máximo)', pages: 'Páginas (máximo)', features: 'Funciones (una por línea)', isDefault: 'Plan predeterminado', save: 'Guardar plan',
    created: 'Registro creado correctamente', updated: 'Registro actualizado correctamente', default: 'Predeterminado', edit: (name: string) => `Editar plan ${name}`,
    search: 'Buscar', apply: 'Aplicar', plan: 'Plan', expiresOn: 'Vence el (fecha)', expiresTyped: '30/06/2027', saveStore: 'Guardar', readOnly: 'Solo un administrador puede cambiar el plan y el vencimiento.',
    price1: '14,90', shownPrice: /14,90/, expiry: '30 jun 2027',
  },
  en: {
    plans: 'Plans', stores: 'Stores', newPlan: 'New plan', name: 'Name', nameEn: 'Name in English', price: 'Monthly price (USD)', products: 'Products (maximum)',
    banners: 'Banners (maximum)', pages: 'Pages (maximum)', features: 'Features (one per line)', isDefault: 'Default plan', save: 'Save plan',
    created: 'Record created successfully', updated: 'Record updated successfully', default: 'Default', edit: (name: string) => `Edit plan ${name}`,
    search: 'Search', apply: 'Apply', plan: 'Plan', expiresOn: 'Expires on (date)', expiresTyped: '06/30/2027', saveStore: 'Save', readOnly: 'Only an admin can change the plan and the expiration.',
    price1: '14.90', shownPrice: /14\.90/, expiry: 'Jun 30, 2027',
  },
} as const;

const menuLink = (page: Page, name: string) => page.getByRole('navigation').first().getByRole('link', { name, exact: true });

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both.
for (const locale of journeyLanguages('en')) {
  const t = TEXT[locale];

  test(`an admin runs the plans and a store's plan; staff only look (${locale})`, async ({ browser }, testInfo) => {
    const adminUser = createUser('admin', `plans-admin-${locale}`, 'Paula', 'Planes');
    const staffUser = createUser('staff', `plans-staff-${locale}`, 'Sergio', 'Soporte');
    const owner = createUser('client', `plans-owner-${locale}`, 'Olga', 'Tendera');
    const planName = `Pro ${locale} ${randomBytes(3).toString('hex')}`;
    const slug = `plan-e2e-${locale}-${randomBytes(4).toString('hex')}`;

    const shop = await newBrowser(browser, locale);
    await login(shop.page, locale, owner);
    expect((await shop.context.request.post('/api/v1/store', { data: { name: `Tienda ${slug}`, slug, section: 'crafts' } })).status()).toBe(201);

    const { page } = await newBrowser(browser, locale);
    await login(page, locale, adminUser);
    let previousDefault = '';
    /** The previous default's name as this page's language shows it ("Basic" on English pages). */
    let previousDefaultShown = '';

    await test.step('the admin creates a plan and marks it the default', async () => {
      await menuLink(page, t.plans).click();
      await expect(page.getByRole('heading', { level: 1, name: t.plans })).toBeVisible();
      const listed = (await (await page.request.get('/api/v1/plans')).json()) as { rows: { name: string; nameEn: string; isDefault: boolean }[] };
      const before = listed.rows.find((plan) => plan.isDefault);
      previousDefault = before?.name ?? '';
      previousDefaultShown = (locale === 'en' && before?.nameEn) || previousDefault;
      await page.getByTestId('new-plan').click();
      const dialog = page.getByRole('dialog');
      await field(dialog, t.name).fill(planName);
      await field(dialog, t.nameEn).fill(planName);
      await field(dialog, t.price).fill(t.price1);
      await field(dialog, t.products).fill('250');
      await field(dialog, t.banners).fill('8');
      await field(dialog, t.pages).fill('15');
      await field(dialog, t.features).fill('Dominio propio\nSoporte prioritario');
      await dialog.getByRole('switch', { name: t.isDefault }).check({ force: true });
      await dialog.getByRole('button', { name: t.save }).click();
      await expectToast(page, t.created);
      const row = page.getByTestId(`plan-row-${planName}`);
      await expect(row.getByTestId('default-badge')).toBeVisible();
      await expect(row).toContainText(t.shownPrice);
      await expect(page.getByTestId('default-badge')).toHaveCount(1);
      await saveScreens(page, testInfo, `plans-list-${locale}`);
    });

    await test.step('the admin sets the store’s plan and expiration', async () => {
      await menuLink(page, t.stores).click();
      await field(page, t.search).fill(slug);
      await page.getByRole('button', { name: t.apply }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === slug);
      await saveScreens(page, testInfo, `plans-stores-${locale}`);
      await page.getByRole('link', { name: `Tienda ${slug}` }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/admin/store/show', locale));
      await field(page.getByTestId('set-plan'), t.plan).selectOption({ label: planName });
      await typeDate(field(page, t.expiresOn), t.expiresTyped);
      await page.getByRole('button', { name: t.saveStore, exact: true }).click();
      await expectToast(page, t.updated);
      await expect(page.getByText(t.expiry)).toBeVisible();
      await expect(page.getByTestId('owner-link')).toHaveAttribute('href', new RegExp(`^${localized('/admin/client/show', locale)}\\?id=\\d+$`));
      await saveScreens(page, testInfo, `plans-store-show-${locale}`);
    });

    await test.step('the old default gets its mark back (one default at all times)', async () => {
      await gotoHydrated(page, localized('/admin/plan', locale));
      await page.getByRole('link', { name: t.edit(previousDefaultShown) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('switch', { name: t.isDefault }).check({ force: true });
      await dialog.getByRole('button', { name: t.save }).click();
      await expectToast(page, t.updated);
      await expect(page.getByTestId(`plan-row-${previousDefault}`).getByTestId('default-badge')).toBeVisible();
      await expect(page.getByTestId('default-badge')).toHaveCount(1);
    });

    await test.step('staff see the stores and the store, not the plans nor the write action', async () => {
      const staff = await newBrowser(browser, locale);
      await login(staff.page, locale, staffUser);
      await expect(menuLink(staff.page, t.plans)).toHaveCount(0);
      await menuLink(staff.page, t.stores).click();
      await field(staff.page, t.search).fill(slug);
      await staff.page.getByRole('button', { name: t.apply }).click();
      await staff.page.getByRole('link', { name: `Tienda ${slug}` }).click();
      await expect(staff.page.getByTestId('read-only')).toHaveText(t.readOnly);
      await expect(staff.page.getByTestId('set-plan')).toHaveCount(0);
      await expect(staff.page.getByText(planName)).toBeVisible();
      await staff.page.getByTestId('owner-link').click();
      await expect(staff.page.getByRole('heading', { level: 1, name: 'Olga Tendera' })).toBeVisible();
      const response = await staff.page.goto(localized('/admin/plan', locale));
      expect(response?.status()).toBe(404);
    });
  });
}

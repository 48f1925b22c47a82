import { expect, type Page, test } from '@playwright/test';
import { invoicePdf, login, newBrowser, screens, tracking } from './support/casillero.ts';
import { field, gotoHydrated, journeyLanguages, localized } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// Staff's day in the back office (issue 9, points 2, 3 and 12), in both languages: the menu's own
// group with its queue badges, the hub that says what waits, a package opened from the list and
// its weight corrected, its client and alert; an admin changing a role after confirming. Screens
// are saved as test-results/screenshots/casillero-bo-*.png.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: {
    group: 'Administración',
    hub: 'Administración',
    waiting: 'En espera',
    pendingAlerts: /\d+ alertas? pendientes?/,
    packages: 'Paquetes',
    search: 'Buscar',
    apply: 'Aplicar',
    overview: 'Resumen',
    weight: 'Peso (lb)',
    save: 'Guardar cambios',
    updated: 'Registro actualizado correctamente',
    invoice: 'Ver factura',
    you: 'Eres tú',
    roleTitle: (name: string) => `¿Cambiar el rol de ${name}?`,
    roleMessage: 'Pasará de Cliente a Personal.',
    confirmRole: 'Sí, cambiar el rol',
    role: 'Rol',
  },
  en: {
    group: 'Back office',
    hub: 'Back office',
    waiting: 'Waiting',
    pendingAlerts: /\d+ alerts? pending/,
    packages: 'Packages',
    search: 'Search',
    apply: 'Apply',
    overview: 'Overview',
    weight: 'Weight (lb)',
    save: 'Save changes',
    updated: 'Record updated successfully',
    invoice: 'See invoice',
    you: 'This is you',
    roleTitle: (name: string) => `Change ${name}'s role?`,
    roleMessage: 'From Client to Staff.',
    confirmRole: 'Yes, change the role',
    role: 'Role',
  },
} as const;

/** A client with an alert (with its invoice) and a package that arrived for it, made through the JSON API. */
async function clientWithPackage(client: Page, staff: Page, lockerCode: string) {
  const number = tracking('BO');
  const upload = await client.request.post('/api/v1/uploads', { multipart: { purpose: 'invoice', file: { name: 'factura.pdf', mimeType: 'application/pdf', buffer: invoicePdf() } } });
  expect(upload.status()).toBe(201);
  const invoiceUpload = ((await upload.json()) as { id: string }).id;
  const alert = await client.request.post('/api/v1/alerts', { data: { trackingNumber: number, carrier: 'UPS', store: 'Amazon', content: 'Audífonos', declaredValue: 80, invoiceUpload } });
  expect(alert.status()).toBe(201);
  const pending = await client.request.post('/api/v1/alerts', { data: { trackingNumber: tracking('BOP'), carrier: 'DHL', store: 'eBay', content: 'Cables', declaredValue: 10 } });
  expect(pending.status()).toBe(201);
  const registered = await staff.request.post('/api/v1/admin/packages', {
    data: { lockerCode, trackingNumber: number, carrier: 'UPS', weightLb: 2.5, lengthCm: 30, widthCm: 20, heightCm: 15, declaredValue: 80 },
  });
  expect(registered.status()).toBe(201);
  return { number, alertId: ((await alert.json()) as { id: number }).id };
}

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both.
for (const locale of journeyLanguages('es')) {
  const t = TEXT[locale];

  test(`staff work from their own menu: hub, package, client, alert; an admin changes a role (${locale})`, async ({ browser }, testInfo) => {
    const client = createUser('client', `bo-${locale}`, 'Mariana', 'Quishpe');
    const staffUser = createUser('admin', `bo-admin-${locale}`, 'Diego', 'Bodega');
    const front = await newBrowser(browser, locale);
    const back = await newBrowser(browser, locale);
    const page = back.page;
    await login(front.page, locale, client);
    await login(page, locale, staffUser);
    const { number, alertId } = await clientWithPackage(front.page, page, client.lockerCode);

    await test.step('the hub says what waits, and the menu shows it as badges', async () => {
      const menu = page.getByRole('navigation').first();
      await expect(menu.getByText(t.group, { exact: true })).toBeVisible();
      await menu.getByRole('link', { name: t.overview, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.hub })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t.waiting })).toBeVisible();
      await expect(page.getByRole('link', { name: t.pendingAlerts })).toHaveAttribute('href', `${localized('/admin/alert', locale)}?status=pending`);
      await expect(page.getByTestId('menu-badge-admin-alerts')).toHaveText(/^\d+$/);
      await screens(page, testInfo, 'bo-hub', locale);
    });

    await test.step('a package opened from the list, its weight corrected', async () => {
      await page.getByRole('navigation').first().getByRole('link', { name: t.packages, exact: true }).click();
      await field(page, t.search).fill(number);
      await page.getByRole('button', { name: t.apply }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === number);
      await page.getByRole('link', { name: number }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/admin/package/show', locale));
      const weight = field(page, t.weight);
      await expect(weight).toHaveValue(locale === 'es' ? '2,5' : '2.5');
      await weight.fill(locale === 'es' ? '3,75' : '3.75');
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.locator('.mantine-Notifications-root').getByText(t.updated).first()).toBeVisible();
      await expect(page.getByText(locale === 'es' ? '3,75 lb' : '3.75 lb')).toBeVisible();
      await screens(page, testInfo, 'bo-package-show', locale);
    });

    await test.step('its client, with their records linked', async () => {
      await page.getByTestId('package-client').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mariana Quishpe' })).toBeVisible();
      await expect(page.getByTestId('client-locker')).toHaveText(client.lockerCode);
      await expect(page.getByRole('link', { name: number }).first()).toBeVisible();
      await screens(page, testInfo, 'bo-client-show', locale);
    });

    await test.step('the alert, with its invoice and its package', async () => {
      await gotoHydrated(page, `${localized('/admin/alert/show', locale)}?id=${alertId}`);
      await expect(page.getByRole('link', { name: t.invoice })).toHaveAttribute('href', /\/api\/v1\/uploads\//);
      await expect(page.getByTestId('alert-package')).toBeVisible();
      await screens(page, testInfo, 'bo-alert-show', locale);
    });

    await test.step('an admin makes the client staff, after confirming', async () => {
      await gotoHydrated(page, `${localized('/admin/user', locale)}?q=${encodeURIComponent(staffUser.email)}`);
      await expect(page.getByTestId(`user-row-${staffUser.email}`)).toContainText(t.you);
      await gotoHydrated(page, `${localized('/admin/user', locale)}?q=${encodeURIComponent(client.email)}`);
      const row = page.getByTestId(`user-row-${client.email}`);
      await row.getByTestId(`role-${client.email}`).selectOption('staff');
      const dialog = page.getByRole('dialog', { name: t.roleTitle('Mariana Quishpe') });
      await expect(dialog).toContainText(t.roleMessage);
      await screens(page, testInfo, 'bo-users-confirm', locale, { fullPage: false });
      await dialog.getByRole('button', { name: t.confirmRole }).click();
      await expect(page.getByTestId('form-notice')).toHaveText(t.updated);
      await expect(row.getByTestId(`role-${client.email}`)).toHaveValue('staff');
      await screens(page, testInfo, 'bo-users', locale);
    });

    for (const opened of [front, back]) await opened.context.close();
  });
}


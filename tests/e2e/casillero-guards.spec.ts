import { expect, test } from '@playwright/test';
import { admin, expectNotFound, login, newBrowser, screens, tracking } from './support/casillero.ts';
import { TEXT } from './support/casillero-text.ts';
import { escapeRegExp, field, gotoHydrated, LOCALES, localized, runsIn } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The casillero's guards through the browser, in Spanish and in English: forms that refuse bad
// input in the page's language and keep what was typed, and one client's records staying
// invisible to another (and the back office's screens to clients). Screens are saved as
// test-results/screenshots/casillero-*.png. Users: support/casillero.ts.

// Several screens, each shot at two sizes: more than the suite's default per test.
test.describe.configure({ timeout: 120_000 });

for (const locale of LOCALES) {
  const t = TEXT[locale];

  test(`the alert form refuses bad input in the page's language and keeps what was typed (${locale})`, async ({ browser }, testInfo) => {
    const client = createUser('client', `errors-${locale}`, 'Sofía', 'Mena');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, client);
    await gotoHydrated(page, localized('/alert', locale));
    await page.getByTestId('new-alert').click();
    let dialog = page.getByRole('dialog', { name: t.newAlert });

    await test.step('sent empty: an error next to each required field', async () => {
      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      dialog = page.getByRole('dialog', { name: t.newAlert });
      await expect(field(dialog, t.tracking)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.trackingInvalid)));
      await expect(field(dialog, t.store)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
      await expect(field(dialog, t.content)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
    });

    await test.step('what was typed stays when the form comes back', async () => {
      await field(dialog, t.tracking).fill('AB');
      await field(dialog, t.store).fill('Best Buy');
      await field(dialog, t.content).fill('Teclado mecánico');
      await field(dialog, t.carrier).selectOption('FedEx');
      await field(dialog, t.declaredValue).fill('89.9');
      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      await expect(field(dialog, t.tracking)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.trackingInvalid)));
      await expect(field(dialog, t.tracking)).toHaveValue('AB');
      await expect(field(dialog, t.store)).toHaveValue('Best Buy');
      await expect(field(dialog, t.content)).toHaveValue('Teclado mecánico');
      await expect(field(dialog, t.carrier)).toHaveValue('FedEx');
      await expect(field(dialog, t.declaredValue)).toHaveValue(/89[.,]9/);
      await expect(field(dialog, t.store)).not.toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
      await expect(page).toHaveURL((url) => url.pathname === localized('/alert', locale));
    });

    await test.step('a file that is not a PDF, PNG or JPEG is refused', async () => {
      const upload = dialog.getByTestId('upload-field-invoiceUpload');
      await upload.locator('input[type="file"]').setInputFiles({ name: 'factura.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una factura\n') });
      await expect(upload.getByRole('alert')).toHaveText(t.fileType);
      await expect(upload.locator('input[type="hidden"][name="invoiceUpload"]')).toHaveValue('');
      // Renamed to .pdf it is still refused: the server reads the bytes.
      await upload.locator('input[type="file"]').setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: Buffer.from('no soy una factura\n') });
      await expect(upload.getByRole('alert')).toHaveText(t.fileType);
      await expect(upload.locator('input[type="hidden"][name="invoiceUpload"]')).toHaveValue('');
      await screens(page, testInfo, 'alert-dialog-errors', locale);
    });

    await context.close();
  });

  // One language (decision 041): the language changes only this journey's words, which the axe
  // walk and the Vitest page tests see in both.
  if (runsIn(locale, 'en')) test(`another client's alert and consolidation, and the back office, are a 404; staff see them (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `owner-${locale}`, 'Lucía', 'Vera');
    const other = createUser('client', `other-${locale}`, 'Pablo', 'Cruz');
    const first = await newBrowser(browser, locale);
    const second = await newBrowser(browser, locale);
    const back = await newBrowser(browser, locale);

    // The owner's records, made through the JSON API (the UI journeys are above).
    await login(back.page, locale, admin());
    await login(first.page, locale, owner);
    const numbers = [tracking('ISO'), tracking('ISO')];
    const alert = await first.page.request.post('/api/v1/alerts', {
      data: { trackingNumber: numbers[0], carrier: 'DHL', store: 'Target', content: 'Libros', declaredValue: 30 },
    });
    expect(alert.status()).toBe(201);
    const alertId = String(((await alert.json()) as { id: number }).id);
    const packageIds: number[] = [];
    for (const number of numbers) {
      const registered = await back.page.request.post('/api/v1/admin/packages', {
        data: { lockerCode: owner.lockerCode, trackingNumber: number, carrier: 'DHL', weightLb: 1, lengthCm: 10, widthCm: 10, heightCm: 10, declaredValue: 15 },
      });
      expect(registered.status()).toBe(201);
      packageIds.push(((await registered.json()) as { id: number }).id);
    }
    const consolidation = await first.page.request.post('/api/v1/consolidations', { data: { packageIds, deliveryAddress: 'Calle Larga 7-45, Cuenca' } });
    expect(consolidation.status()).toBe(201);
    const consolidationId = String(((await consolidation.json()) as { id: number }).id);

    // The owner sees both…
    await first.page.goto(`${localized('/alert/show', locale)}?id=${alertId}`);
    await expect(first.page.getByRole('heading', { level: 1, name: t.alertNumber(alertId) })).toBeVisible();
    await first.page.goto(`${localized('/consolidate/show', locale)}?id=${consolidationId}`);
    await expect(first.page.getByRole('heading', { level: 1, name: t.consolidationNumber(consolidationId) })).toBeVisible();

    // …another client gets the 404 screen for them, and for the back office.
    await login(second.page, locale, other);
    await expectNotFound(second.page, locale, `${localized('/alert/show', locale)}?id=${alertId}`);
    await screens(second.page, testInfo, 'not-found', locale);
    await expectNotFound(second.page, locale, `${localized('/consolidate/show', locale)}?id=${consolidationId}`);
    await expectNotFound(second.page, locale, localized('/admin/package', locale));
    await expectNotFound(second.page, locale, `${localized('/admin/consolidate/show', locale)}?id=${consolidationId}`);

    // The back office's other screens, on these records (kept out of the long journey above).
    await gotoHydrated(back.page, localized('/admin', locale));
    await screens(back.page, testInfo, 'admin-home', locale);
    await gotoHydrated(back.page, `${localized('/admin/client', locale)}?q=${encodeURIComponent(owner.email)}`);
    await expect(back.page.locator('tbody tr')).toHaveCount(1);
    await expect(back.page.locator('tbody tr')).toContainText(owner.lockerCode);
    await screens(back.page, testInfo, 'admin-client-list', locale);
    await gotoHydrated(back.page, `${localized('/admin/alert', locale)}?q=${encodeURIComponent(numbers[0]!)}`);
    await expect(back.page.locator('tbody tr')).toHaveCount(1);
    await expect(back.page.locator('tbody tr')).toContainText(t.received);
    await screens(back.page, testInfo, 'admin-alert-list', locale);
    await gotoHydrated(back.page, localized('/admin/setting', locale));
    await screens(back.page, testInfo, 'admin-setting', locale);

    for (const opened of [first, second, back]) await opened.context.close();
  });
}

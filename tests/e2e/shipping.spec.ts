import { expect, test } from '@playwright/test';
import { admin, idOf, login, newBrowser, openBell, screens, tracking } from './support/casillero.ts';
import { TEXT } from './support/casillero-text.ts';
import { field, gotoHydrated, journeyLanguages, localized } from './support/helpers.ts';
import { SHIPPING_TEXT } from './support/shipping-text.ts';
import { createUser } from './support/users.ts';

// Issue 9, points 4–6: a client with a single package in the warehouse finds it in "Mis paquetes",
// opens it from its notification, ships it on its own; the back office confirms "processing" and
// then "shipped" with the final weight, cost and outbound tracking, each in a dialog that asks
// first; the client sees them on the consolidation and in the bell. Screens in
// test-results/screenshots/casillero-ship-*.png at 1280 and 375 px.

test.describe.configure({ timeout: 150_000 });

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both.
for (const locale of journeyLanguages('en')) {
  const t = TEXT[locale];
  const s = SHIPPING_TEXT[locale];

  test(`a single package ships on its own, with its final weight, cost and tracking (${locale})`, async ({ browser }, testInfo) => {
    const client = createUser('client', `ship-${locale}`, locale === 'es' ? 'Lucía' : 'Tomás', 'Vega');
    const you = await newBrowser(browser, locale);
    const back = await newBrowser(browser, locale);
    const page = you.page;
    const adminPage = back.page;
    const only = tracking('SOLO');
    const outbound = tracking('1Z');
    let packageId = '';
    let consolidationId = '';

    await test.step('the warehouse registers a package nobody alerted', async () => {
      await login(adminPage, locale, admin());
      const registered = await adminPage.request.post('/api/v1/admin/packages', {
        data: { lockerCode: client.lockerCode, trackingNumber: only, carrier: 'USPS', store: 'Amazon', description: 'Libros', weightLb: 2.9, lengthCm: 30, widthCm: 20, heightCm: 10, declaredValue: 35 },
      });
      expect(registered.status()).toBe(201);
      packageId = String((await registered.json()).id);
    });

    await test.step('its notification opens the package; "Mis paquetes" lists it', async () => {
      await login(page, locale, client);
      await openBell(page);
      await page.getByTestId('bell-item').filter({ hasText: t.packageReceived(only) }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/package/show', locale) && url.searchParams.get('id') === packageId);
      await expect(page.getByRole('heading', { level: 1, name: s.packageTitle(only) })).toBeVisible();
      await expect(page.getByTestId('package-detail')).toContainText(s.noAlert);
      await expect(page.getByTestId('package-detail')).toContainText(locale === 'es' ? '2,9 lb' : '2.9 lb');
      await screens(page, testInfo, 'ship-package-show', locale);

      await gotoHydrated(page, localized('/package', locale));
      await expect(page.getByRole('heading', { level: 1, name: s.myPackages })).toBeVisible();
      await expect(page.getByRole('link', { name: only })).toBeVisible();
      await expect(page.getByTestId('package-row').filter({ hasText: only })).toContainText(t.inWarehouse);
      await screens(page, testInfo, 'ship-package-list', locale);
    });

    await test.step('the client ships that one package; the estimate agrees', async () => {
      await gotoHydrated(page, localized('/consolidate/new', locale));
      const estimate = page.getByTestId('estimate');
      await expect(estimate).toContainText(s.chooseOne);
      await page.getByRole('checkbox', { name: t.choose(only) }).check();
      await expect(estimate).toContainText(s.oneChosen);
      await expect(estimate).not.toContainText(s.chooseOne);
      await expect(estimate.getByTestId('fits4x4')).toBeVisible();
      await field(page, t.deliveryAddress).fill('Av. Amazonas N34-120, Quito');
      await screens(page, testInfo, 'ship-consolidate-new-one', locale);
      await page.getByTestId('submit-consolidation').click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/consolidate/show', locale));
      consolidationId = idOf(page);
      await expect(page.getByTestId('consolidation-package')).toHaveCount(1);
      await expect(page.getByTestId('final-figures')).toContainText(s.finalPending);
    });

    await test.step('staff confirm "processing", then "shipped" with the final figures', async () => {
      await gotoHydrated(adminPage, `${localized('/admin/consolidate/show', locale)}?id=${consolidationId}`);
      const timeline = adminPage.getByTestId('consolidation-timeline');
      // Nothing moves on the first click: a dialog asks, and closing it changes nothing.
      await adminPage.getByRole('button', { name: s.moveTo(s.processing) }).click();
      let dialog = adminPage.getByRole('dialog', { name: s.moveTitle(consolidationId, s.processing) });
      await expect(dialog).toBeVisible();
      await adminPage.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(timeline.locator('.mantine-Timeline-item')).toHaveCount(1);
      await adminPage.getByRole('button', { name: s.moveTo(s.processing) }).click();
      await dialog.getByRole('button', { name: s.confirmMove(s.processing) }).click();
      await expect(timeline.locator('.mantine-Timeline-item')).toHaveCount(2);
      await expect(dialog).toBeHidden();

      await adminPage.getByRole('button', { name: s.moveTo(s.shipped) }).click();
      dialog = adminPage.getByRole('dialog', { name: s.moveTitle(consolidationId, s.shipped) });
      await expect(dialog).toBeVisible();
      // Empty figures are refused in the browser: nothing is sent, the dialog stays with its errors.
      await dialog.getByRole('button', { name: s.confirmMove(s.shipped) }).click();
      await expect(field(dialog, s.finalWeight)).toHaveAttribute('aria-invalid', 'true');
      await expect(timeline.locator('.mantine-Timeline-item')).toHaveCount(2);
      await field(dialog, s.finalWeight).fill(s.weightTyped);
      await field(dialog, s.finalCost).fill(s.costTyped);
      await field(dialog, s.outboundTracking).fill(outbound);
      await screens(adminPage, testInfo, 'ship-admin-dialog', locale, { fullPage: false });
      await dialog.getByRole('button', { name: s.confirmMove(s.shipped) }).click();
      await expect(timeline.locator('.mantine-Timeline-item')).toHaveCount(3);
      await expect(adminPage.getByTestId('final-cost')).toHaveText(s.costShown);
      await expect(adminPage.getByTestId('outbound-tracking')).toHaveText(outbound);
      await screens(adminPage, testInfo, 'ship-admin-consolidate-show', locale);
    });

    await test.step('the client sees the final figures and the notice says them', async () => {
      await gotoHydrated(page, `${localized('/consolidate/show', locale)}?id=${consolidationId}`);
      const final = page.getByTestId('final-figures');
      await expect(final).toContainText(s.weightShown);
      await expect(page.getByTestId('final-cost')).toHaveText(s.costShown);
      await expect(page.getByTestId('outbound-tracking')).toHaveText(outbound);
      await screens(page, testInfo, 'ship-consolidate-show', locale);
      await openBell(page);
      await expect(page.getByTestId('bell-item').first()).toContainText(s.shippedNotice(consolidationId, outbound));
      await page.keyboard.press('Escape');
    });

    await you.context.close();
    await back.context.close();
  });
}

import { expect, type Page, test } from '@playwright/test';
import { admin, login, newBrowser, tracking } from './support/casillero.ts';
import { DESKTOP, gotoHydrated, LOCALES, localized, PHONE, saveScreens, runsIn } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// Issue 9 point 13: on a phone a list is one card per record (title link, status, facts) and the
// page never scrolls sideways; on a desktop it stays a table. The list kit does it for every list.

const STATUS = { es: 'Pendiente', en: 'Pending' } as const;
const STATUS_HEADER = { es: 'Estado', en: 'Status' } as const;

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const locale of LOCALES) {
  // One language (decision 041): the language changes only this journey's words, which the axe
  // walk and the Vitest page tests see in both.
  if (runsIn(locale, 'es')) test(`/alert is a card per alert at 375 px and a table at 1280 px (${locale})`, async ({ browser }, testInfo) => {
    const client = createUser('client', 'cards', 'Carla', 'Tarjeta');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, client);
    const trackingNumber = tracking('CARD');
    const created = await context.request.post('/api/v1/alerts', { data: { trackingNumber, carrier: 'UPS', store: 'Amazon', content: 'Audífonos inalámbricos', declaredValue: 89.99 } });
    expect(created.status()).toBe(201);

    await page.setViewportSize(PHONE);
    await gotoHydrated(page, localized('/alert', locale));
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: trackingNumber }) });
    // The record's link is a real link, and the status is on screen, inside the phone's width.
    await expect(row.getByRole('link', { name: trackingNumber })).toHaveAttribute('href', new RegExp(`/alert/show\\?id=\\d+$`));
    const status = row.getByText(STATUS[locale], { exact: true });
    await expect(status).toBeVisible();
    const box = await status.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // A card: the facts show their column's name, the status header is not drawn.
    await expect(row.getByText('Amazon')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: STATUS_HEADER[locale] })).toBeHidden();
    await saveScreens(page, testInfo, `list-cards-alert-${locale}`);

    await page.setViewportSize(DESKTOP);
    await expect(page.getByRole('columnheader', { name: STATUS_HEADER[locale] })).toBeVisible();
    const rowBox = await row.boundingBox();
    const statusBox = await status.boundingBox();
    // The table again: the status sits on the same line as the tracking number.
    expect(statusBox && rowBox && statusBox.y < rowBox.y + rowBox.height && statusBox.y >= rowBox.y).toBe(true);
    await context.close();
  });

  // One language (decision 041): the language changes only this journey's words, which the axe
  // walk and the Vitest page tests see in both.
  if (runsIn(locale, 'en')) test(`screens of the desk, login and /admin/user at both widths (${locale})`, async ({ browser }, testInfo) => {
    const { context, page } = await newBrowser(browser, locale);
    await gotoHydrated(page, localized('/user/login', locale));
    await saveScreens(page, testInfo, `a11y-login-${locale}`);
    await login(page, locale, admin());
    await saveScreens(page, testInfo, `a11y-desk-${locale}`);
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, localized('/admin/user', locale));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await saveScreens(page, testInfo, `a11y-admin-user-${locale}`);
    await context.close();
  });
}

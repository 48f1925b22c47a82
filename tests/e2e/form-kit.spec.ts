import { expect, test } from '@playwright/test';
import { admin, expectToast, login, newBrowser, tracking } from './support/casillero.ts';
import { TEXT } from './support/casillero-text.ts';
import { countPosts, field, gotoHydrated, LOCALES, localized, saveScreens, says } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The record form kit (decision 027) in the browser: a form is checked with the server's own
// schema before it is sent, its errors clear as the fields are fixed, and a valid form goes to
// the server once. Screens: test-results/screenshots/form-kit-*.png.

test.describe.configure({ timeout: 90_000 });

const SETTINGS = {
  es: { city: 'Ciudad', ratePerLb: 'Tarifa por libra (USD)', save: 'Guardar cambios', number: 'Escribe un número' },
  en: { city: 'City', ratePerLb: 'Rate per pound (USD)', save: 'Save changes', number: 'Enter a number' },
} as const;


const EDIT = {
  es: { edit: 'Editar', editAlert: 'Editar alerta', save: 'Guardar', updated: 'Registro actualizado correctamente' },
  en: { edit: 'Edit', editAlert: 'Edit alert', save: 'Save', updated: 'Record updated successfully' },
} as const;

for (const locale of LOCALES) {
  const t = TEXT[locale];

  test(`the alert form shows its errors before sending, clears them as they are fixed, then creates and edits (${locale})`, async ({ browser }, testInfo) => {
    const client = createUser('client', `kit-${locale}`, 'Irene', 'Salas');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, client);
    await gotoHydrated(page, localized('/alert', locale));
    await page.getByTestId('new-alert').click();
    const dialog = page.getByRole('dialog', { name: t.newAlert });
    const posts = countPosts(page);

    await test.step('sent empty: every error shows, nothing reaches the server, the cursor is in the first bad field', async () => {
      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      await expect(field(dialog, t.tracking)).toHaveAccessibleDescription(says(t.trackingInvalid));
      await expect(field(dialog, t.store)).toHaveAccessibleDescription(says(t.required));
      await expect(field(dialog, t.content)).toHaveAccessibleDescription(says(t.required));
      await expect(field(dialog, t.tracking)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(dialog, t.tracking)).toBeFocused();
      expect(posts.count).toBe(0);
      await saveScreens(page, testInfo, `form-kit-alert-errors-${locale}`);
    });

    await test.step('a fixed field loses its error at once; the others keep theirs', async () => {
      await field(dialog, t.store).fill('Best Buy');
      await expect(field(dialog, t.store)).not.toHaveAccessibleDescription(says(t.required));
      await expect(field(dialog, t.store)).not.toHaveAttribute('aria-invalid', 'true');
      await expect(field(dialog, t.content)).toHaveAccessibleDescription(says(t.required));
      expect(posts.count).toBe(0);
    });

    await test.step('a valid form is sent once and created, the value read in the page language', async () => {
      const number = tracking('KIT');
      await field(dialog, t.tracking).fill(number);
      await field(dialog, t.content).fill(locale === 'es' ? 'Teclado mecánico' : 'Mechanical keyboard');
      await field(dialog, t.declaredValue).fill(locale === 'es' ? '12.089,99' : '12,089.99');
      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/alert/show', locale));
      await expectToast(page, t.created);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/\d+/);
      await expect(page.getByText(locale === 'es' ? /12\.089,99/ : /12,089\.99/)).toBeVisible();
      expect(posts.count).toBe(1);
    });

    await test.step('the edit dialog starts from the record, numbers in the page language, and checks the same way', async () => {
      const e = EDIT[locale];
      await page.getByRole('button', { name: e.edit, exact: true }).click();
      const edit = page.getByRole('dialog', { name: e.editAlert });
      await expect(field(edit, t.declaredValue)).toHaveValue(locale === 'es' ? '12089,99' : '12089.99');
      await field(edit, t.store).fill('');
      await edit.getByRole('button', { name: e.save, exact: true }).click();
      await expect(field(edit, t.store)).toHaveAccessibleDescription(says(t.required));
      await expect(field(edit, t.store)).toBeFocused();
      expect(posts.count).toBe(1);
      await field(edit, t.store).fill('Walmart');
      await expect(field(edit, t.store)).not.toHaveAccessibleDescription(says(t.required));
      await edit.getByRole('button', { name: e.save, exact: true }).click();
      await expectToast(page, e.updated);
      await expect(page.getByText('Walmart')).toBeVisible();
      expect(posts.count).toBe(2);
    });

    await context.close();
  });

  test(`the settings form checks a number in the page language before sending (${locale})`, async ({ browser }, testInfo) => {
    const s = SETTINGS[locale];
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, admin());
    await gotoHydrated(page, localized('/admin/setting', locale));
    const posts = countPosts(page);
    const city = field(page, s.city);
    const rate = field(page, s.ratePerLb);
    await city.fill('');
    await rate.fill('dos');
    await page.getByRole('button', { name: s.save, exact: true }).click();
    await expect(city).toHaveAccessibleDescription(says(t.required));
    await expect(rate).toHaveAccessibleDescription(says(s.number));
    await expect(city).toBeFocused();
    await saveScreens(page, testInfo, `form-kit-settings-errors-${locale}`);
    await rate.fill(locale === 'es' ? '2,5' : '2.5');
    await expect(rate).not.toHaveAccessibleDescription(says(s.number));
    await expect(city).toHaveAccessibleDescription(says(t.required));
    expect(posts.count).toBe(0);
    await context.close();
  });
}

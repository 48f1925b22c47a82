import { expect, test } from '@playwright/test';
import { admin, expectToast, login, newBrowser, tracking } from './support/casillero.ts';
import { TEXT } from './support/casillero-text.ts';
import { countPosts, field, gotoHydrated, LOCALES, localized, saveScreens, says, typeDate } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// The record form kit (decision 027) in the browser: a form is checked with the server's own
// schema before it is sent, its errors clear as the fields are fixed, and a valid form goes to
// the server once. Screens: test-results/screenshots/form-kit-*.png.

test.describe.configure({ timeout: 90_000 });

const SETTINGS = {
  es: { city: 'Ciudad', ratePerLb: 'Tarifa por libra (USD)', save: 'Guardar cambios', number: 'Escribe el número como 1.234,56' },
  en: { city: 'City', ratePerLb: 'Rate per pound (USD)', save: 'Save changes', number: 'Write the number as 1,234.56' },
} as const;


// The date field (DateField): typed in the page's order, the same day read back in the list's
// format, one that does not exist refused with the typed text kept, and the calendar by keyboard.
const DATES = {
  es: { impossible: '31/02/2030', typed: '15/08/2030', shown: '15 ago 2030', typeAs: 'Escribe la fecha como día/mes/año, por ejemplo 15/08/2030', openCalendar: 'Elegir la fecha en el calendario', day: '15 agosto 2030', picked: '16/08/2030', pickedShown: '16 ago 2030' },
  en: { impossible: '02/31/2030', typed: '08/15/2030', shown: 'Aug 15, 2030', typeAs: 'Type the date as month/day/year, for example 08/15/2030', openCalendar: 'Pick the date on the calendar', day: '15 August 2030', picked: '08/16/2030', pickedShown: 'Aug 16, 2030' },
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

  test(`the alert's expected date is typed in the page's order, refused with its text kept when it is no day, and picked by keyboard (${locale})`, async ({ browser }, testInfo) => {
    const d = DATES[locale];
    const e = EDIT[locale];
    const client = createUser('client', `kit-date-${locale}`, 'Dario', 'Fechas');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, client);
    await gotoHydrated(page, localized('/alert', locale));
    await page.getByTestId('new-alert').click();
    const dialog = page.getByRole('dialog', { name: t.newAlert });
    const date = field(dialog, t.expectedDate);
    const posts = countPosts(page);
    await field(dialog, t.tracking).fill(tracking('KITD'));
    await field(dialog, t.store).fill('Amazon');
    await field(dialog, t.content).fill(locale === 'es' ? 'Lámpara' : 'Lamp');
    await field(dialog, t.declaredValue).fill('30');
    await expect(date).toHaveAttribute('placeholder', locale === 'es' ? 'dd/mm/aaaa' : 'mm/dd/yyyy');
    await expect(date).toHaveAttribute('data-dates-input');
    await date.click();
    await expect(dialog.locator('[data-dates-dropdown]')).toBeVisible();
    await saveScreens(page, testInfo, `form-kit-date-calendar-${locale}`, { fullPage: false });

    await test.step('a day that does not exist: the error in the page language, the text kept, nothing sent', async () => {
      await typeDate(date, d.impossible);
      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      await expect(date).toHaveAccessibleDescription(says(d.typeAs));
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expect(date).toBeFocused();
      await expect(date).toHaveValue(d.impossible);
      expect(posts.count).toBe(0);
      await saveScreens(page, testInfo, `form-kit-date-error-${locale}`);
    });

    await test.step('typed right, the error goes; saved, the same day is shown and read back', async () => {
      await typeDate(date, d.typed);
      await expect(date).not.toHaveAttribute('aria-invalid', 'true');
      await expect(date).not.toHaveAccessibleDescription(says(d.typeAs));
      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/alert/show', locale));
      await expectToast(page, t.created);
      await expect(page.getByRole('main')).toContainText(d.shown);
      expect(posts.count).toBe(1);
      // The new alert's dialog has closed (a click while it fades can land on nothing).
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // A click while the page revalidates after the save can be lost (CI saw the dialog not open
      // once in 110 runs): click again until the dialog is there, then read the day back.
      const editDialog = page.getByRole('dialog', { name: e.editAlert });
      await expect(async () => {
        if (!(await editDialog.isVisible())) await page.getByRole('button', { name: e.edit, exact: true }).click();
        await expect(editDialog).toBeVisible({ timeout: 2_000 });
      }).toPass();
      await expect(field(editDialog, t.expectedDate)).toHaveValue(d.typed);
    });

    await test.step('the calendar by keyboard: opened from its button, the next day chosen with the arrows and Enter', async () => {
      const edit = page.getByRole('dialog', { name: e.editAlert });
      const editDate = field(edit, t.expectedDate);
      await expect(editDate).toHaveAttribute('data-dates-input');
      const open = edit.getByRole('button', { name: d.openCalendar });
      await open.focus();
      await page.keyboard.press('Enter');
      const day = page.getByRole('button', { name: d.day, exact: true });
      await expect(day).toBeVisible();
      await day.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect(editDate).toHaveValue(d.picked);
      await edit.getByRole('button', { name: e.save, exact: true }).click();
      await expectToast(page, e.updated);
      await expect(page.getByRole('main')).toContainText(d.pickedShown);
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

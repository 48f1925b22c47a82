import { expect, type Locator, test } from '@playwright/test';
import { TEXT } from './support/accounts-text.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { fillStepOne, fillStepTwo, formNotice, newUser, screens } from './support/accounts.ts';
import { admin, login, newBrowser, tracking } from './support/casillero.ts';
import { TEXT as CASILLERO } from './support/casillero-text.ts';
import { countPosts, DESKTOP, escapeRegExp, field, gotoHydrated, LOCALES, localized, PHONE } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// Issue 9 §8, §9, §1, §15, §16 through the browser, in both languages. Registration here never
// creates an account (accounts.spec.ts owns the registrations); its two e-mail questions per
// language do spend the address's registration allowance (30 an hour, LIMITS.registerPerIp).
test.describe.configure({ timeout: 90_000 });

// The staff's package registration and the client's new consolidation (issue 9 §8, §10 follow-up).
const SHIPPING = {
  es: { lockerUnknown: 'No existe un cliente con ese código de casillero', minPackages: 'Elige al menos un paquete para enviar', weight: '2,9', weightShown: '2,9 lb', dimensions: '30,5 × 20 × 10 cm', other: 'Otro' },
  en: { lockerUnknown: 'There is no client with that locker code', minPackages: 'Choose at least one package to ship', weight: '2.9', weightShown: '2.9 lb', dimensions: '30.5 × 20 × 10 cm', other: 'Other' },
} as const;

const MORE = {
  es: { save: 'Guardar cambios', currentWrong: 'La contraseña actual no es correcta', firstSteps: 'Primeros pasos', notFound: (path: string) => `Página no encontrada: ${path}`, mainMenu: 'Menú principal', desk: 'Escritorio', login: 'Iniciar sesión', changePassword: 'Cambiar contraseña' },
  en: { save: 'Save changes', currentWrong: 'The current password is not correct', firstSteps: 'First steps', notFound: (path: string) => `Page not found: ${path}`, mainMenu: 'Main menu', desk: 'Desk', login: 'Log in', changePassword: 'Change password' },
} as const;

const describedBy = (message: string) => new RegExp(escapeRegExp(message));

/**
 * Whether an element lies within the window's width (a sideways-scrolling table pushes it out).
 * Polled after a resize: the layout settles over a few frames (the app shell slides), and a box
 * measured in between failed once in CI.
 */
const inView = async (locator: Locator) => {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= (locator.page().viewportSize()?.width ?? 0);
};

for (const locale of LOCALES) {
  const t = { ...TEXT[locale], ...MORE[locale] };

  test(`registration checks each step as it is left, and errors clear as fields are fixed (${locale})`, async ({ page }, testInfo) => {
    const taken = createUser('client', `taken-${locale}`, 'Rosa', 'Vera');
    const user = newUser(`steps-${locale}`);
    await gotoHydrated(page, localized('/user/register', locale));

    await test.step('a taken e-mail is said on leaving step 1, before step 2 and the bot check', async () => {
      await fillStepOne(page, locale, { ...user, email: taken.email });
      const posts = countPosts(page);
      await page.getByRole('button', { name: t.next }).click();
      await expect(field(page, t.email)).toHaveAccessibleDescription(describedBy(t.duplicate));
      await expect(field(page, t.name)).toBeHidden();
      expect(posts.count, 'one question to the server').toBe(1);
      await screens(page, testInfo, 'forms-register-step1-taken', locale);
      // the step's error state is a page of its own for axe (the route walk sees only the empty form)
      expect(describeViolations(`register step 1, taken e-mail [${locale}]`, await axeViolations(page))).toEqual([]);
    });

    await test.step('the e-mail error goes as soon as the address is changed', async () => {
      await field(page, t.email).fill(user.email);
      await expect(page.getByText(t.duplicate)).toBeHidden();
      await expect(field(page, t.email)).not.toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('a password mismatch clears as the repeat is corrected, without sending', async () => {
      await field(page, t.passwordRepeat).fill(`${user.password}-typo`);
      await page.getByRole('button', { name: t.next }).click();
      await expect(field(page, t.passwordRepeat)).toHaveAccessibleDescription(describedBy(t.passwordInvalid));
      await field(page, t.passwordRepeat).fill(user.password);
      await expect(page.getByText(t.passwordInvalid)).toBeHidden();
      await page.getByRole('button', { name: t.next }).click();
      await expect(field(page, t.name)).toBeVisible();
    });

    await test.step('step 2 shows its errors at once, with no bot check and no request', async () => {
      const posts = countPosts(page);
      await page.getByRole('button', { name: t.createAccount }).click();
      await expect(field(page, t.name)).toHaveAccessibleDescription(describedBy(t.required));
      await expect(field(page, t.name)).toBeFocused();
      await expect(field(page, t.city)).toHaveAccessibleDescription(describedBy(t.required));
      await expect(page.getByText(t.botChecking)).toBeHidden();
      expect(posts.count).toBe(0);
      await screens(page, testInfo, 'forms-register-step2-errors', locale);
      await field(page, t.name).fill(user.name);
      await expect(field(page, t.name)).not.toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, t.city)).toHaveAttribute('aria-invalid', 'true');
      // everything right: still no request until the whole form passes
      await fillStepTwo(page, locale, user);
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    });
  });

  test(`profile forms clear a server's field error as the field is corrected (${locale})`, async ({ page }, testInfo) => {
    const user = createUser('client', `profile-${locale}`, 'Marta', 'Ruiz');
    await login(page, locale, user);

    await test.step('profile update: an emptied city is refused, and its error goes as it is typed', async () => {
      await gotoHydrated(page, localized('/profile/update', locale));
      await field(page, t.city).fill('');
      await page.getByRole('button', { name: t.save }).click();
      await expect(field(page, t.city)).toHaveAccessibleDescription(describedBy(t.required));
      await screens(page, testInfo, 'forms-profile-update-error', locale);
      await field(page, t.city).fill('Cuenca');
      await expect(field(page, t.city)).not.toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, t.city)).not.toHaveAccessibleDescription(describedBy(t.required));
    });

    await test.step('password: a wrong current password is said, and cleared as it is retyped', async () => {
      await gotoHydrated(page, localized('/profile/password', locale));
      await field(page, t.currentPassword).fill('not-my-password');
      await field(page, t.newPassword).fill('brand-new-1');
      await field(page, t.passwordRepeat).fill('brand-new-1');
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(field(page, t.currentPassword)).toHaveAccessibleDescription(describedBy(t.currentWrong));
      // a refused try keeps what was typed: only the wrong field needs retyping
      await expect(field(page, t.newPassword)).toHaveValue('brand-new-1');
      await expect(field(page, t.passwordRepeat)).toHaveValue('brand-new-1');
      await field(page, t.currentPassword).fill(user.password);
      await expect(page.getByText(t.currentWrong)).toBeHidden();
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(formNotice(page)).toHaveText(t.passwordChangedKept);
      await expect(field(page, t.newPassword)).toHaveValue('');
    });
  });

  test(`a new client's desk, the terms and an unknown page, logged in (${locale})`, async ({ page }, testInfo) => {
    const user = createUser('client', `desk-${locale}`, 'Iván', 'Mora');
    await login(page, locale, user);

    await test.step('the desk guides the first shipment', async () => {
      const panel = page.getByTestId('first-steps');
      await expect(panel.getByRole('heading', { name: t.firstSteps })).toBeVisible();
      await expect(panel.locator('[data-done="false"]')).toHaveCount(4);
      await screens(page, testInfo, 'forms-desk-first-steps', locale);
    });

    await test.step('the terms offer the desk, not the login, and the logo is not underlined', async () => {
      await gotoHydrated(page, localized('/terms', locale));
      await expect(page.getByRole('banner').getByRole('link', { name: t.desk })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: t.login })).toHaveCount(0);
      const decoration = await page.getByTestId('page-logo').evaluate((link) => getComputedStyle(link).textDecorationLine);
      expect(decoration).toBe('none');
      await screens(page, testInfo, 'forms-terms-logged-in', locale);
    });

    await test.step('an unknown page keeps the menu: a way back', async () => {
      const path = localized('/no/such/page', locale);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(t.notFound(path))).toBeVisible();
      await expect(page.getByRole('navigation', { name: t.mainMenu })).toBeVisible();
      await screens(page, testInfo, 'forms-404-logged-in', locale);
      await page.getByRole('navigation', { name: t.mainMenu }).getByRole('link', { name: t.desk }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/', locale));
    });
  });

  test(`staff register a package in the page's numbers, and a new consolidation's errors clear as fixed (${locale})`, async ({ page, browser }, testInfo) => {
    const c = { ...CASILLERO[locale], ...SHIPPING[locale] };
    const client = createUser('client', `ship-${locale}`, 'Lucía', 'Paz');
    const number = tracking('FRM');
    await login(page, locale, admin());
    await gotoHydrated(page, localized('/admin/package', locale));
    await page.getByTestId('register-package').click();
    const dialog = page.getByRole('dialog', { name: c.registerPackage });

    await test.step('the form says what is missing before sending, and each error goes as its field is fixed', async () => {
      // An unknown (but well-written) locker code: only the server can tell.
      await field(dialog, c.lockerCode).fill('EC-99999999');
      await field(dialog, c.tracking).fill(number);
      await expect(field(dialog, c.carrier).locator('option[value="Other"]')).toHaveText(c.other);
      await field(dialog, c.carrier).selectOption('Other');
      await field(dialog, c.store).fill('Amazon');
      const posts = countPosts(page);
      await dialog.getByRole('button', { name: c.registerPackage }).click();
      await expect(field(dialog, c.weightLb)).toHaveAccessibleDescription(describedBy(c.required));
      expect(posts.count, 'a form with problems is not sent').toBe(0);
      await screens(page, testInfo, 'forms-admin-package-error', locale, { fullPage: false });
      // typed the way the page's language writes it
      await field(dialog, c.weightLb).fill(c.weight);
      await expect(field(dialog, c.weightLb)).not.toHaveAttribute('aria-invalid', 'true');
      await field(dialog, c.lengthCm).fill(locale === 'es' ? '30,5' : '30.5');
      await field(dialog, c.widthCm).fill('20');
      await field(dialog, c.heightCm).fill('10');
      await field(dialog, c.declaredValue).fill(locale === 'es' ? '42,30' : '42.30');
      await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
    });

    await test.step("the server's locker error shows on its field and goes as the code is corrected", async () => {
      await dialog.getByRole('button', { name: c.registerPackage }).click();
      await expect(field(dialog, c.lockerCode)).toHaveAccessibleDescription(describedBy(c.lockerUnknown));
      await expect(field(dialog, c.weightLb)).toHaveValue(c.weight);
      await field(dialog, c.lockerCode).fill(client.lockerCode);
      await expect(page.getByText(c.lockerUnknown)).toBeHidden();
      await dialog.getByRole('button', { name: c.registerPackage }).click();
      await expect(page.getByRole('status').filter({ hasText: c.packageRegistered })).toBeVisible();
      const row = page.getByTestId('data-table').getByRole('row').filter({ hasText: number });
      await expect(row).toContainText(c.weightShown);
      if (await dialog.isVisible()) await page.keyboard.press('Escape');
      await screens(page, testInfo, 'forms-admin-package-list', locale);
    });

    const { context, page: clientPage } = await newBrowser(browser, locale);
    await login(clientPage, locale, client);

    await test.step("a new consolidation's errors clear as the package is ticked and the address typed", async () => {
      await gotoHydrated(clientPage, localized('/consolidate/new', locale));
      const address = field(clientPage, c.deliveryAddress);
      // The autosize textarea measures itself just after hydration; empty it until it stays empty.
      await expect(async () => {
        await address.fill('');
        await expect(address).toHaveValue('', { timeout: 500 });
      }).toPass();
      await clientPage.getByTestId('submit-consolidation').click();
      await expect(clientPage.getByTestId('packages-error')).toHaveText(c.minPackages);
      await expect(field(clientPage, c.deliveryAddress)).toHaveAccessibleDescription(describedBy(c.required));
      await screens(clientPage, testInfo, 'forms-consolidate-new-error', locale);
      // On a phone each package is a card: its weight is on screen, not off to the side.
      await clientPage.setViewportSize(PHONE);
      await expect.poll(() => inView(clientPage.getByTestId('choice-row').filter({ hasText: number }).getByText(c.weightShown))).toBe(true);
      await clientPage.setViewportSize(DESKTOP);
      await clientPage.getByRole('checkbox', { name: c.choose(number) }).check();
      await expect(clientPage.getByTestId('packages-error')).toBeHidden();
      await field(clientPage, c.deliveryAddress).fill('Av. Amazonas 123, Quito');
      await expect(field(clientPage, c.deliveryAddress)).not.toHaveAttribute('aria-invalid', 'true');
      await clientPage.getByTestId('submit-consolidation').click();
      await expect(clientPage).toHaveURL((url) => url.pathname === localized('/consolidate/show', locale));
      // its package in the page's numbers, with its status on a phone's card too
      await expect(clientPage.getByTestId('consolidation-package')).toContainText(c.dimensions);
      await clientPage.setViewportSize(PHONE);
      await expect.poll(() => inView(clientPage.getByTestId('consolidation-package').locator('[data-status]'))).toBe(true);
      await clientPage.setViewportSize(DESKTOP);
      await screens(clientPage, testInfo, 'forms-consolidate-show', locale);
    });

    await test.step('staff see the same package row, dimensions in the page\'s numbers', async () => {
      const id = new URL(clientPage.url()).searchParams.get('id') ?? '';
      await gotoHydrated(page, `${localized('/admin/consolidate/show', locale)}?id=${id}`);
      await expect(page.getByTestId('consolidation-package')).toContainText(c.dimensions);
      await screens(page, testInfo, 'forms-admin-consolidate-show', locale);
    });
    await context.close();
  });
}

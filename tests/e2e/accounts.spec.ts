import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { countLoads, gotoHydrated, LOCALES, type Locale, localized, saveScreenshot } from './support/helpers.ts';
import { MAIN_URL, SMTP_CAPTURE_URL } from './support/servers.ts';
import { type CliUser, createUser, uniqueEmail } from './support/users.ts';

// The accounts issue, through the browser in both languages: registration in two steps with the
// proof-of-work bot check, login and logout, password change, a disabled user, password reset by
// e-mail (read from a real SMTP server) and account deletion. Every test makes its own users.
//
// Budget: the server allows 10 registration attempts per IP and hour, valid or not
// (LIMITS.registerPerIp), and every browser here is 127.0.0.1. This file makes 9 per run
// (4 in the registration journeys, one each in the wrong-password, disabled and reset journeys,
// two in the deletion journeys), so it must stay the only spec that registers.

const TEXT = {
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    passwordRepeat: 'Repite la contraseña',
    currentPassword: 'Contraseña actual',
    newPassword: 'Nueva contraseña',
    next: 'Siguiente',
    back: 'Atrás',
    createAccount: 'Crear cuenta',
    login: 'Ingresar',
    name: 'Nombre',
    lastname: 'Apellido',
    documentNumber: 'Número de documento',
    phone: 'Teléfono',
    address: 'Dirección',
    country: 'País',
    state: 'Provincia / estado',
    city: 'Ciudad',
    zip: 'Código postal',
    registered: 'Gracias por registrarte',
    welcomeSubject: 'Bienvenido a Tiendabox',
    hello: (name: string) => `Hola, ${name}`,
    logout: 'Cerrar sesión',
    farewell: '¡Hasta pronto!',
    profile: 'Perfil',
    editProfile: 'Editar perfil',
    changePassword: 'Cambiar contraseña',
    passwordChanged: 'Tu contraseña se cambió y se cerraron todas tus sesiones. Inicia sesión con la nueva contraseña.',
    badLogin: 'Usuario y/o contraseña no válidos',
    disabled: 'Usuario no habilitado',
    passwordInvalid: 'El password no coincide o no es valido',
    documentInvalid: 'El número de documento no coincide',
    resetSubmit: 'Enviar enlace',
    resetSent: 'Si existe una cuenta con ese correo, te enviamos un enlace para crear una nueva contraseña. Revisa tu bandeja de entrada.',
    resetSave: 'Guardar contraseña',
    resetDone: 'Tu contraseña se cambió. Ya puedes iniciar sesión con la nueva.',
    resetUsed: 'Este enlace ya se usó. Pide uno nuevo si lo necesitas.',
    deleteAccount: 'Eliminar cuenta',
    deletePassword: 'Escribe tu contraseña para confirmar',
    deleteConfirmTitle: '¿Eliminar la cuenta para siempre?',
    accountDeleted: 'Tu cuenta y todos tus registros fueron eliminados.',
    search: 'Buscar por nombre, correo, documento o casillero',
    searchButton: 'Buscar',
    enable: 'Habilitar',
    disable: 'Deshabilitar',
    enabledBadge: 'Habilitado',
    disabledBadge: 'Deshabilitado',
    recordUpdated: 'Registro actualizado correctamente',
  },
  en: {
    email: 'E-mail',
    password: 'Password',
    passwordRepeat: 'Repeat the password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    next: 'Next',
    back: 'Back',
    createAccount: 'Create account',
    login: 'Log in',
    name: 'Name',
    lastname: 'Last name',
    documentNumber: 'Document number',
    phone: 'Phone',
    address: 'Address',
    country: 'Country',
    state: 'State / province',
    city: 'City',
    zip: 'ZIP code',
    registered: 'Thank you for registering',
    welcomeSubject: 'Welcome to Tiendabox',
    hello: (name: string) => `Hello, ${name}`,
    logout: 'Log out',
    farewell: 'See you soon!',
    profile: 'Profile',
    editProfile: 'Edit profile',
    changePassword: 'Change password',
    passwordChanged: 'Your password was changed and all your sessions were closed. Log in with the new password.',
    badLogin: 'User and/or password not valid',
    disabled: 'User not enabled',
    passwordInvalid: 'Password does not match or is invalid',
    documentInvalid: 'Document Number does not match',
    resetSubmit: 'Send link',
    resetSent: 'If an account exists for that e-mail, we sent you a link to create a new password. Check your inbox.',
    resetSave: 'Save password',
    resetDone: 'Your password was changed. You can now log in with the new one.',
    resetUsed: 'This link was already used. Ask for a new one if you need it.',
    deleteAccount: 'Delete account',
    deletePassword: 'Type your password to confirm',
    deleteConfirmTitle: 'Delete the account forever?',
    accountDeleted: 'Your account and all your records were deleted.',
    search: 'Search by name, e-mail, document or locker code',
    searchButton: 'Search',
    enable: 'Enable',
    disable: 'Disable',
    enabledBadge: 'Enabled',
    disabledBadge: 'Disabled',
    recordUpdated: 'Record updated successfully',
  },
} as const;

// Journeys of several screens, each registration with a proof of work of a second or more (far
// more on a loaded two-core machine): more time than the suite's default per test.
test.describe.configure({ timeout: 120_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

type NewUser = { email: string; password: string; name: string; lastname: string; cedula: string };

// --- data ---

/** A valid Ecuadorian cédula: province 01–24, third digit below 6, modulo-10 check digit. */
function validCedula(): string {
  const province = String(1 + Math.floor(Math.random() * 24)).padStart(2, '0');
  const body = `${province}${Math.floor(Math.random() * 6)}${Array.from({ length: 6 }, () => Math.floor(Math.random() * 10)).join('')}`;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let product = Number(body[i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The same cédula with a wrong check digit. */
function withWrongCheckDigit(cedula: string): string {
  return `${cedula.slice(0, 9)}${(Number(cedula[9]) + 1) % 10}`;
}

function newUser(tag: string, name = 'Lucía'): NewUser {
  return { email: uniqueEmail(tag), password: `pw-${randomUUID().slice(0, 10)}`, name, lastname: 'Pérez', cedula: validCedula() };
}

// --- page helpers ---

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its whole label (Mantine appends " *" to required ones). */
function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
}

/** The message of a whole form (FormAlert): error or notice. */
const formError = (page: Page) => page.getByTestId('form-error');
const formNotice = (page: Page) => page.getByTestId('form-notice');

/**
 * Saves the screen as test-results/screenshots/accounts-<screen>-<lang>-<desktop|phone>.png: as it
 * is on the desktop, then at 375 px, then back. Notes (does not fail on) a page wider than a phone.
 */
async function screens(page: Page, testInfo: TestInfo, screen: string, locale: Locale) {
  await page.setViewportSize(DESKTOP);
  await saveScreenshot(page, testInfo, `accounts-${screen}-${locale}-desktop`);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await saveScreenshot(page, testInfo, `accounts-${screen}-${locale}-phone`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > PHONE.width) testInfo.annotations.push({ type: 'overflow', description: `${screen} (${locale}) is ${width}px wide at 375px` });
  await page.setViewportSize(DESKTOP);
}

/** Step 1 of the registration, typed but not yet sent. */
async function fillStepOne(page: Page, locale: Locale, user: NewUser, repeat = user.password) {
  const t = TEXT[locale];
  await field(page, t.email).fill(user.email);
  await field(page, t.password).fill(user.password);
  await field(page, t.passwordRepeat).fill(repeat);
}

async function fillStepTwo(page: Page, locale: Locale, user: NewUser, cedula = user.cedula) {
  const t = TEXT[locale];
  await field(page, t.name).fill(user.name);
  await field(page, t.lastname).fill(user.lastname);
  await field(page, t.documentNumber).fill(cedula);
  await field(page, t.phone).fill('+593 99 765 4321');
  await field(page, t.address).fill('Av. 10 de Agosto N24-50 y Colón');
  await expect(field(page, t.country)).toHaveValue('Ecuador');
  await field(page, t.state).fill('Pichincha');
  await field(page, t.city).fill('Quito');
  await field(page, t.zip).fill('170143');
  await page.getByRole('checkbox').check();
}

/**
 * Sends step 2: the browser solves the proof of work (ALTCHA, invisible) and only then posts the
 * form; waits for the server's answer. Notes how long the proof of work and the answer took.
 */
async function submitRegistration(page: Page, locale: Locale, testInfo: TestInfo) {
  const isRegisterPost = (url: string, method: string) => method === 'POST' && new URL(url).pathname.startsWith(localized('/user/register', locale));
  const posted = page.waitForRequest((request) => isRegisterPost(request.url(), request.method()), { timeout: 30_000 });
  const answered = page.waitForResponse((response) => isRegisterPost(response.url(), response.request().method()), { timeout: 30_000 });
  const started = Date.now();
  await page.getByRole('button', { name: TEXT[locale].createAccount }).click();
  const request = await posted;
  const solved = Date.now();
  // The form carries the solved challenge (the server checks it, PRODUCT §8).
  const body = new URLSearchParams(request.postData() ?? '');
  expect(body.get('altcha')?.length ?? 0, 'the ALTCHA payload in the form').toBeGreaterThan(20);
  const response = await answered;
  testInfo.annotations.push({ type: 'timing', description: `proof of work ${solved - started} ms, server answer ${Date.now() - solved} ms (${response.status()})` });
  return response;
}

/** The whole registration in the page's current session; ends on the desk, logged in. */
async function register(page: Page, locale: Locale, user: NewUser, testInfo: TestInfo) {
  const t = TEXT[locale];
  await gotoHydrated(page, localized('/user/register', locale));
  await fillStepOne(page, locale, user);
  await page.getByRole('button', { name: t.next }).click();
  await fillStepTwo(page, locale, user);
  await submitRegistration(page, locale, testInfo);
  await expectDesk(page, locale, user.name);
}

async function expectDesk(page: Page, locale: Locale, name: string) {
  const t = TEXT[locale];
  await expect(page).toHaveURL((url) => url.pathname === localized('/', locale), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: t.hello(name) })).toBeVisible();
}

async function fillLogin(page: Page, locale: Locale, email: string, password: string) {
  const t = TEXT[locale];
  await field(page, t.email).fill(email);
  await field(page, t.password).fill(password);
  await page.getByRole('button', { name: t.login }).click();
}

/** Opens the login page and logs in; ends on the desk. */
async function login(page: Page, locale: Locale, user: Pick<NewUser, 'email' | 'password' | 'name'>) {
  await gotoHydrated(page, localized('/user/login', locale));
  await fillLogin(page, locale, user.email, user.password);
  await expectDesk(page, locale, user.name);
}

/** A login that the server refuses with a message; the e-mail stays typed. */
async function expectLoginRefused(page: Page, locale: Locale, email: string, password: string, message: string) {
  await gotoHydrated(page, localized('/user/login', locale));
  await fillLogin(page, locale, email, password);
  await expect(formError(page)).toHaveText(message);
  await expect(field(page, TEXT[locale].email)).toHaveValue(email);
  await expect(page).toHaveURL((url) => url.pathname === localized('/user/login', locale));
}

async function logout(page: Page, locale: Locale) {
  await page.goto(localized('/user/logout', locale));
  await expect(page.getByRole('heading', { level: 1, name: TEXT[locale].farewell })).toBeVisible();
}

/** Another browser (its own cookies) on the same server. */
async function otherBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: MAIN_URL, locale: 'es-EC', viewport: DESKTOP });
  return { context, page: await context.newPage() };
}

// --- mail ---

type CapturedMail = { to: string[]; subject: string; text: string; html: string; links: string[]; receivedAt: string };

async function mailsTo(address: string): Promise<CapturedMail[]> {
  const response = await fetch(`${SMTP_CAPTURE_URL}/messages?to=${encodeURIComponent(address)}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as CapturedMail[];
}

/** Waits for the n-th password-reset link sent to an address (the mail goes out before the answer). */
async function resetLink(address: string, locale: Locale, nth: number): Promise<string> {
  const path = localized('/user/reset/confirm', locale);
  const links = async () =>
    (await mailsTo(address)).flatMap((mail) => mail.links).filter((link) => new URL(link).pathname === path);
  await expect.poll(async () => (await links()).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(nth);
  return (await links())[nth - 1]!;
}

// --- an admin, from the command line (PRODUCT §2: "The first admin is created from the command line") ---

/** The back office's admin (the e2e servers have no demo users). */
function createAdmin(): CliUser {
  return createUser('admin', 'admin', 'Andrés', 'Bodega');
}

// --- journeys ---

for (const locale of LOCALES) {
  const t = TEXT[locale];

  test(`register in two steps, log out, log in, change the password (${locale})`, async ({ page, browser }, testInfo) => {
    const user = newUser(`reg-${locale}`);

    await test.step('step 1: passwords that differ are refused before moving on', async () => {
      await gotoHydrated(page, localized('/user/register', locale));
      await screens(page, testInfo, 'register-step1', locale);
      await fillStepOne(page, locale, user, `${user.password}-typo`);
      await page.getByRole('button', { name: t.next }).click();
      await expect(field(page, t.passwordRepeat)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.passwordInvalid)));
      await expect(page.getByText(t.passwordInvalid)).toBeVisible();
      await expect(field(page, t.name)).toBeHidden();
      await field(page, t.passwordRepeat).fill(user.password);
      await page.getByRole('button', { name: t.next }).click();
      await expect(field(page, t.name)).toBeVisible();
      await expect(page.getByText(t.passwordInvalid)).toBeHidden();
    });

    await test.step('step 2: an invalid cédula is refused next to the field, the typed values stay', async () => {
      await fillStepTwo(page, locale, user, withWrongCheckDigit(user.cedula));
      expect((await submitRegistration(page, locale, testInfo)).status()).toBe(400);
      await expect(field(page, t.documentNumber)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.documentInvalid)));
      await expect(page.getByText(t.documentInvalid)).toBeVisible();
      await expect(field(page, t.documentNumber)).toHaveValue(withWrongCheckDigit(user.cedula));
      await expect(field(page, t.name)).toHaveValue(user.name);
      await expect(field(page, t.lastname)).toHaveValue(user.lastname);
      await expect(field(page, t.city)).toHaveValue('Quito');
      await expect(field(page, t.zip)).toHaveValue('170143');
      await expect(page.getByRole('checkbox')).toBeChecked();
      await screens(page, testInfo, 'register-step2-errors', locale);
    });

    await test.step('going back to step 1 keeps what was typed', async () => {
      await page.getByRole('button', { name: t.back }).click();
      await expect(field(page, t.email)).toBeVisible();
      await expect(field(page, t.email)).toHaveValue(user.email);
      await expect(field(page, t.password)).toHaveValue(user.password);
      await expect(field(page, t.passwordRepeat)).toHaveValue(user.password);
      await page.getByRole('button', { name: t.next }).click();
      await expect(field(page, t.name)).toHaveValue(user.name);
    });

    await test.step('a valid cédula: the proof of work passes and the desk welcomes the new user', async () => {
      await field(page, t.documentNumber).fill(user.cedula);
      await submitRegistration(page, locale, testInfo);
      await expectDesk(page, locale, user.name);
      await expect(formNotice(page)).toHaveText(t.registered);
      await expect(page.getByTestId('user-name')).toHaveText(user.name);
      await screens(page, testInfo, 'desk-registered', locale);
      // The welcome e-mail, through real SMTP, in the language of the registration.
      await expect.poll(async () => (await mailsTo(user.email)).map((mail) => mail.subject), { timeout: 5_000 }).toEqual([t.welcomeSubject]);
      const [welcome] = await mailsTo(user.email);
      expect(welcome!.text).toContain(user.name);
      expect(welcome!.text).toMatch(/EC-\d+/);
      expect(welcome!.links).toContain(`${MAIN_URL}${localized('/user/login', locale)}`);
      // Below the xs breakpoint the header shows only the avatar.
      await page.setViewportSize(PHONE);
      await expect(page.getByTestId('user-name')).toBeHidden();
      await page.setViewportSize(DESKTOP);
    });

    await test.step('log out from the user menu: the farewell', async () => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: t.logout }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/user/logout', locale));
      await expect(page.getByRole('heading', { level: 1, name: t.farewell })).toBeVisible();
      await screens(page, testInfo, 'logout', locale);
      // The session is over: the desk asks for a login again.
      await page.goto(localized('/', locale));
      await expect(page).toHaveURL((url) => url.pathname === localized('/user/login', locale));
    });

    await test.step('log in with e-mail and password', async () => {
      await gotoHydrated(page, localized('/user/login', locale));
      await screens(page, testInfo, 'login', locale);
      await fillLogin(page, locale, user.email, user.password);
      await expectDesk(page, locale, user.name);
      await expect(page.getByTestId('user-name')).toHaveText(user.name);
    });

    // A second session of the same user, to see that a password change ends it too.
    const other = await otherBrowser(browser);
    await login(other.page, locale, user);

    await test.step('the profile shows the account', async () => {
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: t.profile }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/profile', locale));
      await expect(page.getByText(user.email)).toBeVisible();
      await expect(page.getByText(user.cedula)).toBeVisible();
      await expect(page.getByTestId('locker-code')).toContainText(/EC-\d+/);
      await screens(page, testInfo, 'profile', locale);
      // The editor shows the same data in the registration's fields.
      await page.getByRole('link', { name: t.editProfile }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/profile/update', locale));
      await expect(field(page, t.documentNumber)).toHaveValue(user.cedula);
      await screens(page, testInfo, 'profile-update', locale);
    });

    const newPassword = `${user.password}-new`;
    await test.step('change the password: every session ends, the login page says so', async () => {
      await page.getByRole('link', { name: t.changePassword }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/profile/password', locale));
      await screens(page, testInfo, 'profile-password', locale);
      await field(page, t.currentPassword).fill(user.password);
      await field(page, t.newPassword).fill(newPassword);
      await field(page, t.passwordRepeat).fill(newPassword);
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/user/login', locale));
      await expect(formNotice(page)).toHaveText(t.passwordChanged);
      await screens(page, testInfo, 'login-password-changed', locale);
      await other.page.goto(localized('/', locale));
      await expect(other.page).toHaveURL((url) => url.pathname === localized('/user/login', locale));
      await other.context.close();
    });

    await test.step('the old password fails, the new one works', async () => {
      await expectLoginRefused(page, locale, user.email, user.password, t.badLogin);
      await fillLogin(page, locale, user.email, newPassword);
      await expectDesk(page, locale, user.name);
    });
  });

  test(`delete the account after confirming (${locale})`, async ({ page }, testInfo) => {
    const user = newUser(`del-${locale}`);
    await register(page, locale, user, testInfo);
    await gotoHydrated(page, localized('/profile/delete', locale));
    await field(page, t.deletePassword).fill(user.password);
    await page.getByRole('button', { name: t.deleteAccount }).click();
    const dialog = page.getByRole('dialog', { name: t.deleteConfirmTitle });
    await expect(dialog).toBeVisible();
    await screens(page, testInfo, 'delete-dialog', locale);
    await page.getByTestId('confirm-delete').click();
    await expect(page).toHaveURL((url) => url.pathname === localized('/user/login', locale) && url.searchParams.get('notice') === 'deleted');
    await expect(formNotice(page)).toHaveText(TEXT[locale].accountDeleted);
    await screens(page, testInfo, 'login-account-deleted', locale);
    await fillLogin(page, locale, user.email, user.password);
    await expect(formError(page)).toHaveText(t.badLogin);
  });
}

test('a wrong password is refused in both languages and the e-mail stays typed', async ({ page }, testInfo) => {
  const user = newUser('badpw');
  await register(page, 'es', user, testInfo);
  await logout(page, 'es');
  for (const locale of LOCALES) {
    await expectLoginRefused(page, locale, user.email, `${user.password}x`, TEXT[locale].badLogin);
  }
  await fillLogin(page, 'en', user.email, user.password);
  await expectDesk(page, 'en', user.name);
});

test('an admin disables a user: the session ends and login says the user is not enabled', async ({ page, browser }, testInfo) => {
  const user = newUser('off', 'Tomás');
  await register(page, 'es', user, testInfo);
  const admin = createAdmin();
  const back = await otherBrowser(browser);
  const adminPage = back.page;

  const toggle = async (locale: Locale, action: 'enable' | 'disable') => {
    const t = TEXT[locale];
    await gotoHydrated(adminPage, localized('/admin/user', locale));
    await field(adminPage, t.search).fill(user.email);
    await adminPage.getByRole('button', { name: t.searchButton }).click();
    await expect(adminPage).toHaveURL((url) => url.searchParams.get('q') === user.email);
    const row = adminPage.getByTestId(`user-row-${user.email}`);
    await expect(row).toBeVisible();
    await expect(adminPage.locator('tbody tr')).toHaveCount(1);
    await row.getByRole('button', { name: t[action] }).click();
    await expect(formNotice(adminPage)).toHaveText(t.recordUpdated);
    await expect(row.getByText(action === 'disable' ? t.disabledBadge : t.enabledBadge, { exact: true })).toBeVisible();
    return row;
  };

  await login(adminPage, 'es', admin);
  await toggle('es', 'disable');
  await screens(adminPage, testInfo, 'admin-users', 'es');

  // Every open session of that user ends, and the login says why.
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === '/user/login');
  await expectLoginRefused(page, 'es', user.email, user.password, TEXT.es.disabled);

  // The same in English: enable, disable again, the English message.
  await toggle('en', 'enable');
  await toggle('en', 'disable');
  await screens(adminPage, testInfo, 'admin-users', 'en');
  await expectLoginRefused(page, 'en', user.email, user.password, TEXT.en.disabled);
  await back.context.close();
});

test('reset the password with the e-mailed link, in both languages', async ({ page }, testInfo) => {
  const user = newUser('reset', 'Valeria');
  await register(page, 'es', user, testInfo);
  let password = user.password;

  for (const locale of LOCALES) {
    const t = TEXT[locale];
    await logout(page, locale);

    await test.step(`${locale}: the same notice for a known and an unknown e-mail`, async () => {
      for (const email of [uniqueEmail('nobody'), user.email]) {
        await gotoHydrated(page, localized('/user/reset', locale));
        await field(page, t.email).fill(email);
        await page.getByRole('button', { name: t.resetSubmit }).click();
        await expect(formNotice(page)).toHaveText(t.resetSent);
      }
      await screens(page, testInfo, 'reset', locale);
    });

    const link = await resetLink(user.email, locale, 1);
    const newPassword = `${password}-${locale}`;

    await test.step(`${locale}: the link opens the new-password screen in the user layout`, async () => {
      await gotoHydrated(page, link);
      await expect(page.locator('[data-layout="user"]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await screens(page, testInfo, 'reset-landing', locale);
      await field(page, t.newPassword).fill(newPassword);
      await field(page, t.passwordRepeat).fill(newPassword);
      await page.getByRole('button', { name: t.resetSave }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/user/login', locale) && url.searchParams.get('notice') === 'reset');
      await expect(formNotice(page)).toHaveText(t.resetDone);
    });

    await test.step(`${locale}: the new password works, the link is spent`, async () => {
      await fillLogin(page, locale, user.email, newPassword);
      await expectDesk(page, locale, user.name);
      await gotoHydrated(page, link);
      await expect(page.locator('[data-layout="user"]')).toBeVisible();
      await expect(formError(page)).toHaveText(t.resetUsed);
      await screens(page, testInfo, 'reset-used', locale);
    });
    password = newPassword;
  }
});

test('a page loads its own language’s messages only; a login that returns to an English page loads English', async ({ page }) => {
  const catalogues: string[] = [];
  page.on('request', (request) => {
    const file = /\/assets\/(es|en)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (file?.[1]) catalogues.push(file[1]);
  });
  const loads = countLoads(page);
  const admin = createAdmin();
  await gotoHydrated(page, `/user/login?redirect=${encodeURIComponent('/en/profile')}`);
  expect(catalogues, 'the Spanish page fetched the Spanish messages only').toEqual(['es']);
  await fillLogin(page, 'es', admin.email, admin.password);
  await expect(page).toHaveURL((url) => url.pathname === '/en/profile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
  expect(catalogues, 'the English messages came with the navigation').toEqual(['es', 'en']);
  expect(loads.count, 'a navigation in the page, not a new document').toBe(1);
});

// What the account journeys share: new users, the registration and login steps, the form's
// messages, and the e-mails captured from the real SMTP server.
import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { TEXT } from './accounts-text.ts';
import { DESKTOP, field, gotoHydrated, type Locale, localized, saveScreens } from './helpers.ts';
import { MAIN_URL, SMTP_CAPTURE_URL } from './servers.ts';
import { type CliUser, createUser, uniqueEmail } from './users.ts';
import { validCedula } from '../../support/cedula.ts';

export type NewUser = { email: string; password: string; name: string; lastname: string; cedula: string };

// --- data ---

export { validCedula };

/** The same cédula with a wrong check digit. */
export function withWrongCheckDigit(cedula: string): string {
  return `${cedula.slice(0, 9)}${(Number(cedula[9]) + 1) % 10}`;
}

export function newUser(tag: string, name = 'Lucía'): NewUser {
  return { email: uniqueEmail(tag), password: `pw-${randomUUID().slice(0, 10)}`, name, lastname: 'Pérez', cedula: validCedula() };
}

// --- page helpers ---

/** Saves the screen as test-results/screenshots/accounts-<screen>-<lang>-<desktop|phone>.png. */
export const screens = (page: Page, testInfo: TestInfo, screen: string, locale: Locale, options?: { fullPage?: boolean }) =>
  saveScreens(page, testInfo, `accounts-${screen}-${locale}`, options);

/** The message of a whole form (FormAlert): error or notice. */
export const formError = (page: Page) => page.getByTestId('form-error');
export const formNotice = (page: Page) => page.getByTestId('form-notice');

/** Step 1 of the registration, typed but not yet sent. */
export async function fillStepOne(page: Page, locale: Locale, user: NewUser, repeat = user.password) {
  const t = TEXT[locale];
  await field(page, t.email).fill(user.email);
  await field(page, t.password).fill(user.password);
  await field(page, t.passwordRepeat).fill(repeat);
}

export async function fillStepTwo(page: Page, locale: Locale, user: NewUser, cedula = user.cedula) {
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
export async function submitRegistration(page: Page, locale: Locale, testInfo: TestInfo) {
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
export async function register(page: Page, locale: Locale, user: NewUser, testInfo: TestInfo) {
  const t = TEXT[locale];
  await gotoHydrated(page, localized('/user/register', locale));
  await fillStepOne(page, locale, user);
  await page.getByRole('button', { name: t.next }).click();
  await fillStepTwo(page, locale, user);
  await submitRegistration(page, locale, testInfo);
  await expectDesk(page, locale, user.name);
}

export async function expectDesk(page: Page, locale: Locale, name: string) {
  const t = TEXT[locale];
  await expect(page).toHaveURL((url) => url.pathname === localized('/', locale), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: t.hello(name) })).toBeVisible();
}

export async function fillLogin(page: Page, locale: Locale, email: string, password: string) {
  const t = TEXT[locale];
  await field(page, t.email).fill(email);
  await field(page, t.password).fill(password);
  await page.getByRole('button', { name: t.login }).click();
}

/** Opens the login page and logs in; ends on the desk. */
export async function login(page: Page, locale: Locale, user: Pick<NewUser, 'email' | 'password' | 'name'>) {
  await gotoHydrated(page, localized('/user/login', locale));
  await fillLogin(page, locale, user.email, user.password);
  await expectDesk(page, locale, user.name);
}

/** A login that the server refuses with a message; the e-mail stays typed. */
export async function expectLoginRefused(page: Page, locale: Locale, email: string, password: string, message: string) {
  await gotoHydrated(page, localized('/user/login', locale));
  await fillLogin(page, locale, email, password);
  await expect(formError(page)).toHaveText(message);
  await expect(field(page, TEXT[locale].email)).toHaveValue(email);
  await expect(page).toHaveURL((url) => url.pathname === localized('/user/login', locale));
}

export async function logout(page: Page, locale: Locale) {
  await page.goto(localized('/user/logout', locale));
  await expect(page.getByRole('heading', { level: 1, name: TEXT[locale].farewell })).toBeVisible();
}

/** Another browser (its own cookies) on the same server. */
export async function otherBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: MAIN_URL, locale: 'es-EC', viewport: DESKTOP });
  return { context, page: await context.newPage() };
}

// --- mail ---

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; links: string[]; receivedAt: string };

export async function mailsTo(address: string): Promise<CapturedMail[]> {
  const response = await fetch(`${SMTP_CAPTURE_URL}/messages?to=${encodeURIComponent(address)}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as CapturedMail[];
}

/** Waits for the n-th password-reset link sent to an address (mail leaves through the job queue, just after the answer). */
export async function resetLink(address: string, locale: Locale, nth: number): Promise<string> {
  const path = localized('/user/reset/confirm', locale);
  const links = async () =>
    (await mailsTo(address)).flatMap((mail) => mail.links).filter((link) => new URL(link).pathname === path);
  await expect.poll(async () => (await links()).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(nth);
  return (await links())[nth - 1]!;
}

// --- an admin, from the command line (PRODUCT §2: "The first admin is created from the command line") ---

/** The back office's admin (the e2e servers have no demo users). */
export function createAdmin(): CliUser {
  return createUser('admin', 'admin', 'Andrés', 'Bodega');
}

// What the casillero journeys share: their users, their data and their page helpers.
//
// Users: the e2e servers run without DEMO_DATA, so no demo data is loaded, and
// registration through /user/register is limited to 10 per IP and hour — a budget accounts.spec.ts
// already spends. Every test therefore makes its own users the way production makes its first
// admin: `scripts/create-user.ts` on the main server's database (clients get a locker code there
// too). The back-office staff is one admin per worker process.
import { randomBytes } from 'node:crypto';
import { type Browser, type BrowserContext, expect, type Page, type TestInfo } from '@playwright/test';
import { TEXT } from './casillero-text.ts';
import { DESKTOP, gotoHydrated, type Locale, localized, saveScreens } from './helpers.ts';
import { MAIN_URL } from './servers.ts';
import { type CliUser, createUser } from './users.ts';

// --- users ---

let staff: CliUser | undefined;
/** The back office's admin: one per worker process, made on first use. */
export function admin(): CliUser {
  staff ??= createUser('admin', 'admin', 'Andrés', 'Bodega');
  return staff;
}

/** A fresh browser (its own cookies) in a language: English keeps the `lang=en` choice. */
export async function newBrowser(browser: Browser, locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: MAIN_URL, locale: locale === 'es' ? 'es-EC' : 'en-US', viewport: DESKTOP });
  await context.addCookies([{ name: 'lang', value: locale, url: MAIN_URL }]);
  return { context, page: await context.newPage() };
}

/**
 * Logs the page's browser in as the user and opens their desk. The form is posted by the browser's
 * own request client (same cookie jar), not typed: a second a test, against three or four through
 * the form. The login form itself is a journey of its own (accounts.spec.ts).
 */
export async function login(page: Page, locale: Locale, user: CliUser) {
  const t = TEXT[locale];
  const answer = await page.request.post(localized('/user/login', locale), { form: { email: user.email, password: user.password }, maxRedirects: 0 });
  expect(answer.status(), `login of ${user.email}: ${answer.status()}`).toBe(302);
  await gotoHydrated(page, localized('/', locale));
  await expect(page.getByRole('heading', { level: 1, name: t.hello(user.name) })).toBeVisible();
}

// --- data ---

export const tracking = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

/** A small but real PDF (the server decides by the bytes: it starts with %PDF-). */
export function invoicePdf(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

// The two packages of journey 1: 2.5 + 1.2 lb actual (1.68 kg) but 12 750 cm³ → 2.55 kg → 5.62 lb
// volumetric, so the billable weight is the volumetric one; USD 165 in all: fits the 4x4 category.
export const PACKAGES = [
  { weight: '2.5', length: '30', width: '20', height: '15', value: '120', store: 'Amazon', description: 'Audífonos inalámbricos' },
  { weight: '1.2', length: '25', width: '15', height: '10', value: '45', store: 'eBay', description: 'Funda de teléfono' },
] as const;
export const BILLABLE_LB = '5.62';

// --- page helpers ---

/** Saves the screen as test-results/screenshots/casillero-<screen>-<lang>-<desktop|phone>.png. */
export const screens = (page: Page, testInfo: TestInfo, screen: string, locale: Locale, options?: { fullPage?: boolean }) =>
  saveScreens(page, testInfo, `casillero-${screen}-${locale}`, options);

/** The id of the record the page shows (`?id=`). */
export const idOf = (page: Page) => new URL(page.url()).searchParams.get('id') ?? '';

/** The record toast (RecordToast) says the action worked. */
export async function expectToast(page: Page, message: string) {
  await expect(page.locator('.mantine-Notifications-root').getByText(message).first()).toBeVisible();
}

export async function openBell(page: Page) {
  await page.getByTestId('bell').click();
  await expect(page.getByTestId('bell-dropdown')).toBeVisible();
}

/** The 404 screen: status, code line and the path that was not found. */
export async function expectNotFound(page: Page, locale: Locale, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText(TEXT[locale].notFound(new URL(url, MAIN_URL).pathname));
  await expect(page.getByTestId('error-code')).toContainText('404');
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type Response, type TestInfo } from '@playwright/test';
import { localeFromPath } from '../../../common/locale.ts';

export type Locale = 'es' | 'en';
export const LOCALES: readonly Locale[] = ['es', 'en'];

/**
 * The languages a journey runs in (decision 041). Both where the language changes what the journey
 * does: the order a date is typed in, how a number is read, the language of an e-mail or a route.
 * One where it changes only the words, which the axe walk and the Vitest page tests already see in
 * both; a journey that PostgreSQL repeats keeps Spanish, the run tagged by `onBothDatabases`.
 */
/** Whether a journey written for both languages runs in this one (see `journeyLanguages`). */
export function runsIn(locale: Locale, language: Locale): boolean {
  return locale === language;
}

export function journeyLanguages(language: Locale | 'both'): readonly Locale[] {
  return language === 'both' ? LOCALES : [language];
}

/** The same path (and query) in a language: Spanish without prefix, English under /en (PRODUCT §4). */
export function localized(path: string, locale: Locale): string {
  if (locale === 'es') return path;
  const [pathname = '/', query] = path.split('?');
  return `${pathname === '/' ? '/en' : `/en${pathname}`}${query === undefined ? '' : `?${query}`}`;
}

/** The redirect that brought the browser here (e.g. the 302 before a login page), if any. */
export async function redirectResponse(response: Response | null): Promise<Response | null> {
  const previous = response?.request().redirectedFrom();
  return previous ? previous.response() : null;
}

export async function expectHtmlLang(page: Page, locale: Locale) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** Waits until React has hydrated the page (the root layout marks <html data-hydrated>). */
export async function waitHydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Opens a page and waits until React has hydrated it. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitHydrated(page);
  return response;
}

/**
 * Goes to a page of the app, from a hydrated page of it, as a link in the app goes: through its
 * router, the route's loader asked for its data and the page drawn by React, without loading the
 * document and compiling the scripts again (half of a page's time in the axe walk; decision 105).
 * The page is the one hydration would have drawn; its first answer (status, headers) is not seen.
 */
export async function gotoInApp(page: Page, url: string) {
  const { at, errors } = await page.evaluate(async (to) => {
    type Router = { navigate(to: string): Promise<void>; state: { location: { pathname: string; search: string }; errors: Record<string, unknown> | null } };
    const router = (window as unknown as { __reactRouterDataRouter: Router }).__reactRouterDataRouter;
    await router.navigate(to);
    return { at: `${router.state.location.pathname}${router.state.location.search}`, errors: router.state.errors ? Object.keys(router.state.errors) : null };
  }, url);
  expect(at, `${url} reached by the app's router`).toBe(url);
  expect(errors, `${url} drew no error boundary`).toBeNull();
  // React draws the new page in a transition, possibly over several frames after the router is
  // done: the head's link to this page in its own language is drawn in the same commit as the page.
  await page.waitForFunction((to) => {
    const link = document.querySelector<HTMLLinkElement>(`link[rel=alternate][hreflang=${document.documentElement.lang}]`);
    if (!link) return false;
    const drawn = new URL(link.href);
    const wanted = new URL(to, location.origin);
    return drawn.pathname === wanted.pathname && drawn.search === wanted.search;
  }, url);
}

/**
 * Opens a page of the app: through the app's router when the page shows one of its pages hydrated
 * in the address's language (`gotoInApp`; a change of language loads the other's messages), else
 * as a document that must answer 200.
 */
export async function openInApp(page: Page, url: string) {
  const lang = localeFromPath(new URL(url, 'http://app').pathname);
  const inApp = await page.evaluate((wanted) => document.documentElement.dataset.hydrated === 'true' && document.documentElement.lang === wanted, lang).catch(() => false);
  if (inApp) return gotoInApp(page, url);
  const response = await gotoHydrated(page, url);
  expect(response?.status(), url).toBe(200);
}

/** Counts full document loads of the page (first load, reloads), not client-side navigations. */
export function countLoads(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('load', () => {
    counter.count += 1;
  });
  return counter;
}

/**
 * Whether journeys save screenshots: yes when a person runs them, no in `npm test` (which sets
 * SCREENSHOTS=0 unless told otherwise), where nobody looks at them (decision 041).
 */
export const SAVE_SCREENSHOTS = process.env.SCREENSHOTS !== '0';

/** Saves a full-page screenshot as a run artifact under test-results/screenshots/. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!SAVE_SCREENSHOTS) return;
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message anywhere in a text, taken literally. */
export const says = (message: string) => new RegExp(escapeRegExp(message));

/** Counts the form posts (document or data requests) the page sends from now on. */
export function countPosts(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST') counter.count += 1;
  });
  return counter;
}

/** A form field by its whole label (Mantine appends " *" to required ones). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
}

/**
 * Types a day into the form kit's DateField key by key, as a person does, in the page's order
 * ("31/12/2030" on a Spanish page, "12/31/2030" on an English one), once its picker has taken the
 * place of the browser's own date input; then leaves the field (Tab), which closes its calendar.
 */
export async function typeDate(input: Locator, typed: string) {
  await expect(input).toHaveAttribute('data-dates-input');
  await input.fill('');
  await input.pressSequentially(typed);
  await expect(input).toHaveValue(typed);
  await input.press('Tab');
}

async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Saves the screen as test-results/screenshots/<name>-<desktop|phone>.png: as it is on the
 * desktop, then at 375 px, then back to the width the journey had (a journey on a phone stays on
 * it, as it does in `npm test`, where no screenshot is taken). Toasts are left out of the picture
 * (they cover the page for four seconds). Notes (does not fail on) a page wider than a phone.
 */
export async function saveScreens(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  if (!SAVE_SCREENSHOTS) return;
  const before = page.viewportSize() ?? DESKTOP;
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const [device, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    // From the top: a page scrolled to a field with an error draws its fixed header mid-picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await nextFrames(page);
    const file = path.join(dir, `${name}-${device}.png`);
    await page.screenshot({ path: file, fullPage, animations: 'disabled', style: '.mantine-Notifications-root { display: none !important; }' });
    if (device === 'phone') {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) testInfo.annotations.push({ type: 'overflow', description: `${name} is ${width}px wide at 375px` });
    }
  }
  await page.setViewportSize(before);
  await nextFrames(page);
}

/**
 * Tags a journey to run on PostgreSQL too (the @db grep of playwright.config.ts, decision 041):
 * only journeys whose behaviour depends on the database, each saying why where it is tagged. The
 * language does not change what the database does, so the Spanish run stands for both.
 */
export function onBothDatabases(locale: Locale): { tag: string[] } {
  return { tag: locale === 'es' ? ['@db'] : [] };
}

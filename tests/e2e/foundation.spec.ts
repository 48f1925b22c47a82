import { expect, type Page, test } from '@playwright/test';
import { MAIN_URL } from './support/servers.ts';
import {
  expectHtmlLang,
  LOCALES,
  localized,
  redirectResponse,
  saveScreenshot,
  waitHydrated,
} from './support/helpers.ts';

// The foundation issue: every screen exists in Spanish (no prefix) and English (/en), each in its
// layout; login-required screens send a visitor to the login page of the same language and back
// afterwards; unknown paths answer 404 with the error screen; the language choice is remembered.

const LOGIN_REQUIRED = [
  '/',
  '/alert',
  '/alert/show',
  '/ticket',
  '/ticket/new',
  '/ticket/show',
  '/consolidate',
  '/consolidate/new',
  '/consolidate/show',
  '/profile',
  '/profile/update',
  '/profile/password',
  '/profile/delete',
];

/** Public screens and what marks their layout. */
const PUBLIC: { path: string; marker: string }[] = [
  { path: '/user/login', marker: '[data-layout="none"]' },
  { path: '/user/register', marker: '[data-layout="none"]' },
  { path: '/user/reset', marker: '[data-layout="none"]' },
  { path: '/user/logout', marker: '[data-layout="none"]' },
  { path: '/maintenance', marker: '[data-testid="maintenance"]' },
  { path: '/terms', marker: '[data-layout="page"]' },
  { path: '/user/reset/confirm', marker: '[data-layout="user"]' },
];

// seed §2.2 and PRODUCT §7: exact texts of the error screen.
const ERROR_TEXTS = {
  es: {
    code: (status: number) => `Código: ${status} · Ha ocurrido un error`,
    notFound: (path: string) => `Página no encontrada: ${path}`,
    heading: '¡Oops! Algo salió mal.',
    text1: 'Parece que la página que buscas no existe o ha ocurrido un problema inesperado.',
    text2: 'Por favor, inténtalo de nuevo o regresa a la página principal.',
    button: 'Ir a la página principal',
    title: '¡Ups!',
  },
  en: {
    code: (status: number) => `Code: ${status} · An error has occurred`,
    notFound: (path: string) => `Page not found: ${path}`,
    heading: 'Oops! Something went wrong.',
    text1: 'It looks like the page you are looking for does not exist or an unexpected problem occurred.',
    text2: 'Please try again or go back to the home page.',
    button: 'Go to the home page',
    title: 'Oops!',
  },
} as const;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

for (const locale of LOCALES) {
  test.describe(`routes in ${locale === 'es' ? 'Spanish' : 'English'}`, () => {
    // One page per language walks the routes: a fresh browser page costs a second of cold start.
    test('login-required screens send a visitor to the login page of the language, and back', async ({ page }) => {
      for (const bare of LOGIN_REQUIRED) {
        const path = localized(bare, locale);
        await test.step(path, async () => {
          const response = await page.goto(path);
          expect.soft((await redirectResponse(response))?.status(), `${path} redirects`).toBe(302);
          const url = new URL(page.url());
          expect.soft(url.pathname, `${path} lands on login`).toBe(localized('/user/login', locale));
          expect.soft(url.searchParams.get('redirect'), `${path} asks to come back`).toBe(path);
          expect.soft(response?.status()).toBe(200);
          await expect.soft(page.locator('[data-layout="none"]')).toBeVisible();
          await expectHtmlLang(page, locale);
        });
      }
      await test.step('the query of the page asked for is kept', async () => {
        const path = `${localized('/ticket/show', locale)}?id=42&tab=notes`;
        await page.goto(path);
        const url = new URL(page.url());
        expect.soft(url.pathname).toBe(localized('/user/login', locale));
        expect.soft(url.searchParams.get('redirect')).toBe(path);
      });
    });

    test('public screens open without login, each in its layout', async ({ page }) => {
      for (const { path: bare, marker } of PUBLIC) {
        const path = localized(bare, locale);
        await test.step(path, async () => {
          const response = await page.goto(path);
          expect.soft(response?.status(), `${path} status`).toBe(200);
          expect.soft(await redirectResponse(response), `${path} is not redirected`).toBeNull();
          expect.soft(new URL(page.url()).pathname).toBe(path);
          await expect.soft(page.locator(marker), `${path} layout`).toBeVisible();
          await expect.soft(page.getByTestId('language-switch'), `${path} language switch`).toBeVisible();
          await expectHtmlLang(page, locale);
        });
      }
      await test.step('the head names both language versions of the page', async () => {
        await page.goto(`${localized('/terms', locale)}?section=privacy`);
        const alternate = (lang: string) => page.locator(`head link[rel="alternate"][hreflang="${lang}"]`);
        await expect.soft(alternate('es')).toHaveAttribute('href', `${MAIN_URL}/terms?section=privacy`);
        await expect.soft(alternate('en')).toHaveAttribute('href', `${MAIN_URL}/en/terms?section=privacy`);
        await expect.soft(alternate('x-default')).toHaveAttribute('href', `${MAIN_URL}/terms?section=privacy`);
      });
    });

    test('the error screen: 404 for an unknown path, the status /error is given', async ({ page }) => {
      const texts = ERROR_TEXTS[locale];
      for (const bare of ['/no-existe', '/ticket/show/7/extra']) {
        const path = localized(bare, locale);
        await test.step(`unknown path ${path}`, async () => {
          const response = await page.goto(path);
          expect.soft(response?.status()).toBe(404);
          await expect.soft(page.getByTestId('error-code')).toHaveText(texts.code(404));
          await expect.soft(page.getByTestId('error-message')).toHaveText(texts.notFound(path));
          await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
          await expect.soft(page.getByText(texts.text1)).toBeVisible();
          await expect.soft(page.getByText(texts.text2)).toBeVisible();
          await expect.soft(page.getByRole('link', { name: texts.button })).toHaveAttribute('href', localized('/', locale));
          await expect.soft(page).toHaveTitle(texts.title);
          await expect.soft(page.getByTestId('language-switch')).toBeVisible();
          await expectHtmlLang(page, locale);
        });
      }

      const errorPath = localized('/error', locale);
      const cases: [string, number][] = [
        [`${errorPath}?status=500`, 500],
        [`${errorPath}?status=503`, 503],
        [errorPath, 404],
        [`${errorPath}?status=abc`, 404],
      ];
      for (const [path, status] of cases) {
        await test.step(path, async () => {
          const response = await page.goto(path);
          expect.soft(response?.status()).toBe(status);
          await expect.soft(page.getByTestId('error-code')).toHaveText(texts.code(status));
          await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
          await expect.soft(page).toHaveTitle(texts.title);
          await expectHtmlLang(page, locale);
        });
      }
    });
  });
}

test.describe('language', () => {
  async function langCookie(page: Page) {
    const cookies = await page.context().cookies();
    return cookies.find((cookie) => cookie.name === 'lang');
  }

  function expectRemembersForAYear(cookie: { expires: number } | undefined) {
    expect(cookie).toBeDefined();
    const secondsLeft = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(Math.abs(secondsLeft - YEAR_SECONDS)).toBeLessThan(3600);
  }

  test('the switch keeps path and query, and the choice is remembered for 365 days', async ({ page }) => {
    await page.goto('/user/login?redirect=%2Fticket%3Fid%3D7');
    const toEnglish = page.getByTestId('language-switch');
    // What is seen, then (for screen readers only) what the link does; the name holds the seen text.
    await expect(toEnglish).toHaveText('EN · English (Cambiar a English)');
    await expect(toEnglish).toHaveAccessibleName('EN · English (Cambiar a English)');
    await expect(toEnglish.locator('[lang="en"]')).toHaveText('EN · English');
    await expect(toEnglish).toHaveAttribute('hreflang', 'en');

    // A document request, so that the server can store the choice, answered by a redirect to
    // the clean English address.
    const switched = page.waitForRequest((request) => request.isNavigationRequest() && request.url().includes('lang=en'));
    await toEnglish.click();
    const switchResponse = await (await switched).response();
    expect(switchResponse?.status()).toBe(302);
    expect(switchResponse?.headers()['location']).toBe('/en/user/login?redirect=%2Fticket%3Fid%3D7');
    await expect(page).toHaveURL(`${MAIN_URL}/en/user/login?redirect=%2Fticket%3Fid%3D7`);
    await expectHtmlLang(page, 'en');
    await expect(page.getByTestId('language-switch')).toHaveText('ES · Español (Switch to Español)');
    const english = await langCookie(page);
    expect(english?.value).toBe('en');
    expectRemembersForAYear(english);

    // The stored choice wins over the unprefixed (Spanish) address.
    let response = await page.goto('/terms?section=cookies');
    expect((await redirectResponse(response))?.status()).toBe(302);
    await expect(page).toHaveURL(`${MAIN_URL}/en/terms?section=cookies`);
    await expectHtmlLang(page, 'en');

    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(`${MAIN_URL}/terms?section=cookies`);
    await expectHtmlLang(page, 'es');
    const spanish = await langCookie(page);
    expect(spanish?.value).toBe('es');
    expectRemembersForAYear(spanish);

    // An /en address is English whatever the cookie says.
    response = await page.goto('/en/terms');
    expect(await redirectResponse(response)).toBeNull();
    await expectHtmlLang(page, 'en');
  });

  test('a first visit from an English browser goes to the English page', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const response = await page.goto('/user/register?ref=ad');
    const redirect = await redirectResponse(response);
    expect(redirect?.status()).toBe(302);
    expect(redirect?.headers()['vary']).toMatch(/accept-language/i);
    await expect(page).toHaveURL(`${MAIN_URL}/en/user/register?ref=ad`);
    await expectHtmlLang(page, 'en');
    expect((await langCookie(page))?.value).toBe('en');
    await context.close();
  });

  test('Accept-Language is weighed by quality, Spanish when neither language is asked for', async ({ playwright }) => {
    // Chromium derives the header from the context's locale, so the weights go through plain HTTP.
    const cases: [string, string | undefined][] = [
      ['fr-FR, en;q=0.8, es;q=0.5', '/en/terms'],
      ['en;q=0.4, es-EC;q=0.9', undefined],
      ['fr-FR, de;q=0.9', undefined],
    ];
    for (const [acceptLanguage, location] of cases) {
      // A new client each time: the first answer stores a language cookie that would decide the next.
      const request = await playwright.request.newContext({ baseURL: MAIN_URL });
      const response = await request.get('/terms', { headers: { 'accept-language': acceptLanguage }, maxRedirects: 0 });
      expect.soft(response.status(), acceptLanguage).toBe(location ? 302 : 200);
      expect.soft(response.headers()['location'], acceptLanguage).toBe(location);
      await request.dispose();
    }
  });

  test('a first visit from a Spanish browser stays on the Spanish page', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-EC' });
    const page = await context.newPage();
    const response = await page.goto('/terms');
    expect(await redirectResponse(response)).toBeNull();
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${MAIN_URL}/terms`);
    await expectHtmlLang(page, 'es');
    expect((await langCookie(page))?.value).toBe('es');
    await context.close();
  });

  test('a stored Spanish choice wins over an English browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'lang', value: 'es', url: MAIN_URL }]);
    const page = await context.newPage();
    const response = await page.goto('/terms');
    expect(await redirectResponse(response)).toBeNull();
    await expectHtmlLang(page, 'es');
    await context.close();
  });
});

test.describe('page cache', () => {
  for (const locale of LOCALES) {
    test(`a login page served from memory runs its scripts under its own CSP (${locale})`, async ({ page }) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const path = `${localized('/user/login', locale)}?cache-check=${locale}`;
      // Rendered by React, then stored — by each server worker that gets the visit (the cache is
      // a process's own, decision 040): after a visit per worker, one is served from memory.
      let response = await page.goto(path);
      for (let visit = 0; visit < 6 && response?.headers()['x-page-cache'] !== 'hit'; visit++) response = await page.goto(path);
      expect(response?.headers()['x-page-cache'], 'a later visit is served from memory').toBe('hit');
      // Only a hydrated page shows the password: React must have run the page's scripts. A click
      // before hydration is lost (CI of issue 40 saw it once): wait for React's mark first.
      const password = page.locator('input[name="password"]');
      await expect(password).toHaveAttribute('type', 'password');
      await waitHydrated(page);
      await page.getByRole('button', { name: locale === 'es' ? 'Mostrar u ocultar la contraseña' : 'Show or hide the password' }).click();
      await expect(password).toHaveAttribute('type', 'text');
      expect(refused, 'no script refused by the CSP').toEqual([]);
    });
  }
});

test.describe('screenshots', () => {
  const VIEWPORTS = {
    desktop: { width: 1280, height: 800 },
    phone: { width: 375, height: 812 },
  } as const;

  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    for (const locale of LOCALES) {
      test(`login and 404 in ${locale} on ${device}`, async ({ browser }, testInfo) => {
        const context = await browser.newContext({ viewport, locale: locale === 'es' ? 'es-EC' : 'en-US' });
        const page = await context.newPage();
        const shots: [string, string][] = [
          ['login', localized('/user/login', locale)],
          ['404', localized('/pagina-que-no-existe', locale)],
        ];
        for (const [name, path] of shots) {
          await page.goto(path);
          await expect(page.getByTestId('language-switch')).toBeVisible();
          await page.evaluate(() => document.fonts.ready);
          // Nothing may stick out sideways: on a phone that is a page that scrolls left and right.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${name} is wider than the ${device} viewport`).toBeLessThanOrEqual(0);
          await saveScreenshot(page, testInfo, `${name}-${locale}-${device}`);
        }
        await context.close();
      });
    }
  }
});

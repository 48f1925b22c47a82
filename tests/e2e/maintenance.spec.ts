import { expect, test } from '@playwright/test';
import { messages } from '../../common/i18n/all-languages.ts';
import { expectHtmlLang, LOCALES, localized } from './support/helpers.ts';
import { MAINTENANCE_URL } from './support/servers.ts';

// The second server runs with MAINTENANCE_MODE=1: every page but /maintenance answers 503 with
// the maintenance screen; health checks and static files keep working.
test.use({ baseURL: MAINTENANCE_URL });

const MESSAGES = messages;

const PAGES = ['/', '/user/login', '/user/register', '/terms', '/alert', '/ticket/new', '/error?status=500', '/no-existe'];

for (const locale of LOCALES) {
  test(`pages answer 503 with the maintenance screen in ${locale === 'es' ? 'Spanish' : 'English'}, but /maintenance 200`, async ({ page }) => {
    const texts = MESSAGES[locale].maintenance;
    for (const bare of PAGES) {
      const path = localized(bare, locale);
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect.soft(response?.status(), `${path} status`).toBe(503);
        expect.soft(response?.headers()['retry-after'], `${path} retry-after`).toBe('300');
        // Not even a login-required page redirects: maintenance comes first.
        const url = new URL(page.url());
        expect.soft(`${url.pathname}${url.search}`, `${path} stays`).toBe(path);
        const screen = page.getByTestId('maintenance');
        await expect.soft(screen, `${path} maintenance screen`).toBeVisible();
        await expect.soft(screen.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
        await expect.soft(screen.getByText(texts.text)).toBeVisible();
        await expect.soft(page.getByTestId('language-switch')).toBeVisible();
        await expectHtmlLang(page, locale);
      });
    }

    const own = localized('/maintenance', locale);
    await test.step(`${own} itself answers 200`, async () => {
      const response = await page.goto(own);
      expect.soft(response?.status()).toBe(200);
      await expect.soft(page.getByTestId('maintenance').getByRole('heading', { level: 1 })).toHaveText(texts.heading);
      await expectHtmlLang(page, locale);
    });
  });
}

test('health check, static files and the build announcement keep answering; the API does not', async ({ request, page }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });

  expect((await request.get('/favicon.svg')).status()).toBe(200);
  expect((await request.get('/builds/latest.json')).status()).toBe(200);

  // The maintenance screen is a working page: its own scripts and styles load.
  const failed: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/') && response.status() !== 200) failed.push(response.url());
  });
  const assets = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/assets/'));
  await page.goto('/user/login');
  expect((await assets).status()).toBe(200);
  await page.waitForLoadState('load');
  expect(failed).toEqual([]);

  const api = await request.get('/api/v1/anything');
  expect(api.status()).toBe(503);
  expect(api.headers()['retry-after']).toBe('300');
});

import { expect, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, field, gotoHydrated, journeyLanguages, localized, PHONE, saveScreens } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { createUser } from './support/users.ts';

// Issue 12 as an integrator lives it: create a personal access token in the profile, call the API
// with it from outside the browser (no cookie), revoke it, and the same call fails.
// Screens: test-results/screenshots/access-tokens-*.png.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: { tokens: 'Tokens de acceso', name: 'Nombre', scope: 'Permiso', write: 'Lectura y escritura', create: 'Crear token', revoke: 'Revocar', confirm: 'Revocar token', revoked: 'El token fue revocado', empty: 'No se encontraron registros', tokenName: 'Hoja de inventario' },
  en: { tokens: 'Access tokens', name: 'Name', scope: 'Permission', write: 'Read and write', create: 'Create token', revoke: 'Revoke', confirm: 'Revoke token', revoked: 'The token was revoked', empty: 'No records found', tokenName: 'Stock spreadsheet' },
};

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both.
for (const locale of journeyLanguages('en')) {
  test(`a token made in the profile calls the API until it is revoked (${locale})`, async ({ browser, playwright }, testInfo) => {
    const t = TEXT[locale];
    const user = createUser('client', `tokens-${locale}`, 'Tomás', 'Token');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, user);

    // From the profile's nav to the screen, empty at first.
    await gotoHydrated(page, localized('/profile', locale));
    await page.getByRole('link', { name: t.tokens }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized('/profile/tokens', locale));
    await expect(page.getByText(t.empty)).toBeVisible();

    await field(page, t.name).fill(t.tokenName);
    await page.getByLabel(t.scope, { exact: true }).selectOption('write');
    await page.getByRole('button', { name: t.create }).click();
    const shown = page.getByTestId('new-token-value');
    await expect(shown).toHaveText(/^tbx_[A-Za-z0-9_-]{43}$/);
    const token = (await shown.textContent())!;
    await expect(page.getByTestId('data-table')).toContainText(t.tokenName);
    await saveScreens(page, testInfo, `access-tokens-created-${locale}`);
    // The states the accessibility spec's route walk never sees: the token shown, the confirmation.
    const found: string[] = [];
    const axeAt = async (state: string) => {
      for (const [width, size] of [['1280', DESKTOP], ['375', PHONE]] as const) {
        await page.setViewportSize(size);
        found.push(...describeViolations(`${state} [${locale}, ${width}px]`, await axeViolations(page)));
      }
      await page.setViewportSize(DESKTOP);
    };
    await axeAt('token shown');

    // An outside caller: no cookie, only the header.
    const outside = await playwright.request.newContext({ baseURL: MAIN_URL });
    const before = await outside.get('/api/v1/alerts', { headers: { authorization: `Bearer ${token}` } });
    expect(before.status()).toBe(200);
    const created = await outside.post('/api/v1/alerts', {
      headers: { authorization: `Bearer ${token}` },
      data: { trackingNumber: `TOK${Date.now()}`, carrier: 'UPS', store: 'Amazon', content: 'Libros', declaredValue: 12 },
    });
    expect(created.status()).toBe(201);
    expect((await outside.get('/api/v1/alerts')).status()).toBe(401);

    // Shown once: a reload lists it without its text.
    await page.reload();
    await expect(page.getByTestId('new-token-value')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(token);

    await page.getByRole('button', { name: `${t.revoke} ${t.tokenName}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await saveScreens(page, testInfo, `access-tokens-confirm-${locale}`, { fullPage: false });
    await axeAt('revoke confirmation');
    expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByText(t.revoked)).toBeVisible();
    await expect(page.getByText(t.empty)).toBeVisible();

    const after = await outside.get('/api/v1/alerts', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    await outside.dispose();
    await context.close();
  });
}

import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { post } from './support/catalog.ts';
import { countPosts, field, gotoHydrated, LOCALES, localized, saveScreens, says } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// Issue 20 §1 in the browser: a price typed the other language's way is refused in the field, with
// a message in the page's language that says how to write it, before anything is sent; written the
// page's way it is saved as typed. The rule itself (a table of inputs in both languages) is in
// common/locale-number.test.ts; this only shows the field. Screens: number-error-{es,en}-*.png.
test.describe.configure({ timeout: 180_000 });

const TEXT = {
  es: { name: 'Nombre', price: 'Precio (USD)', category: 'Categoría', create: 'Crear', wrong: '1,289.99', right: '1.289,99', short: '3,5', padded: '3,50', dotted: '12.50', dottedShown: '12,50', saved: '1289,99', error: 'Escribe el número como 1.234,56', listed: '$1.289,99', hexError: 'Escribe un color como #1c9283' },
  en: { name: 'Name', price: 'Price (USD)', category: 'Category', create: 'Create', wrong: '1.289,99', right: '1,289.99', short: '3.5', padded: '3.50', dotted: '12,50', dottedShown: '12.50', saved: '1289.99', error: 'Write the number as 1,234.56', listed: '$1,289.99', hexError: 'Write a color such as #1c9283' },
} as const;

for (const locale of LOCALES) {
  const t = TEXT[locale];
  test(`a price written the other language's way is a field error, never a guess (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `numbers-${locale}`, 'Nora', 'Números');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const slug = `e2e-numbers-${randomBytes(4).toString('hex')}`;
    expect((await page.request.post('/api/v1/store', { data: { name: 'Tienda Números', slug, section: 'clothing' } })).status()).toBe(201);
    await post(page, '/api/v1/categories', { name: 'Ropa', enabled: true });

    await gotoHydrated(page, localized('/catalog/product/new', locale));
    const posts = countPosts(page);
    await field(page, t.name).fill('Poncho de lana');
    await field(page, t.category).selectOption({ label: 'Ropa' });
    const price = field(page, t.price);
    // Issue 23 (loose ends §1): money shows two decimals once the field is left, never while typing.
    await price.pressSequentially(t.short);
    await expect(price).toHaveValue(t.short);
    await price.press('Tab');
    await expect(price).toHaveValue(t.padded);
    // Issue 40 (decision 096): the other separator before one or two digits is a decimal separator.
    await price.fill(t.dotted);
    await price.press('Tab');
    await expect(price).toHaveValue(t.dottedShown);
    await price.fill(t.wrong);
    await price.press('Tab');
    await expect(price).toHaveValue(t.wrong);
    await page.getByRole('button', { name: t.create, exact: true }).click();
    await expect(price).toHaveAccessibleDescription(says(t.error));
    await expect(price).toHaveValue(t.wrong);
    expect(posts.count).toBe(0);
    await saveScreens(page, testInfo, `number-error-${locale}`);

    await price.fill(t.right);
    await expect(price).not.toHaveAccessibleDescription(says(t.error));
    await page.getByRole('button', { name: t.create, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === localized('/catalog/product/show', locale));
    // Saved and loaded again: two decimals, ungrouped, the page's way.
    await expect(field(page, t.price)).toHaveValue(t.saved);
    await gotoHydrated(page, localized('/catalog/product', locale));
    await expect(page.getByText(t.listed).first()).toBeVisible();

    // Issue 20 §2: a color typed as a word stays as typed and is refused, not replaced by the default.
    await gotoHydrated(page, localized('/catalog/color/new', locale));
    const colorPosts = countPosts(page);
    await field(page, t.name).fill('Rojo');
    const hex = field(page, 'Color');
    await hex.fill('rojo');
    await hex.press('Tab');
    await expect(hex).toHaveValue('rojo');
    await page.getByRole('button', { name: t.create, exact: true }).click();
    await expect(hex).toHaveAccessibleDescription(says(t.hexError));
    await expect(hex).toHaveValue('rojo');
    expect(colorPosts.count).toBe(0);
    await saveScreens(page, testInfo, `color-error-${locale}`);
    await context.close();
  });
}

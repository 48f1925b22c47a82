import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { countPosts, field, gotoHydrated, journeyLanguages, localized, onBothDatabases, saveScreens, says } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// `/store/delete` as an owner lives it (issue 10 point 7): a wrong slug and a wrong password each
// get their field's error and keep what was typed before any dialog opens (issue 20 §6), the
// dialog asks once more when both are right, then the store is gone and `/store` no longer shows it. Screens: test-results/screenshots/store-delete-*.png.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: {
    title: 'Eliminar tienda',
    slug: 'Escribe la dirección de tu tienda para confirmar:',
    password: 'Escribe tu contraseña',
    submit: 'Eliminar tienda',
    dialog: '¿Eliminar la tienda para siempre?',
    confirm: 'Sí, eliminar mi tienda',
    cancel: 'Cancelar',
    slugWrong: 'La dirección no coincide con la de tu tienda',
    passwordWrong: 'La contraseña no es correcta',
    deleted: 'La tienda se eliminó correctamente',
  },
  en: {
    title: 'Delete store',
    slug: "Type your store's address to confirm:",
    password: 'Type your password',
    submit: 'Delete store',
    dialog: 'Delete the store forever?',
    confirm: 'Yes, delete my store',
    cancel: 'Cancel',
    slugWrong: "The address does not match your store's",
    passwordWrong: 'The password is not correct',
    deleted: 'The store was deleted',
  },
} as const;

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both; Spanish, the run that PostgreSQL repeats.
for (const locale of journeyLanguages('es')) {
  const t = TEXT[locale];

  // On PostgreSQL too: deleting a store removes its rows from every store table in one transaction.
  test(`an owner deletes their store by typing its slug and their password (${locale})`, onBothDatabases(locale), async ({ browser }, testInfo) => {
    const owner = createUser('client', `store-delete-${locale}`, 'Lucía', 'Andrade');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const slug = `borrar-${locale}-${randomBytes(4).toString('hex')}`;
    const opened = await page.request.post('/api/v1/store', { data: { name: `Tienda ${slug}`, slug, section: 'crafts' } });
    expect(opened.status(), await opened.text()).toBe(201);
    const slugField = () => page.getByTestId('delete-slug');
    const dialog = page.getByRole('dialog', { name: t.dialog });

    await gotoHydrated(page, localized('/store/delete', locale));
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByText(`${t.slug} ${slug}`)).toBeVisible();
    await saveScreens(page, testInfo, `store-delete-${locale}`);

    await test.step('a wrong slug: the error beside the slug before any dialog, what was typed kept', async () => {
      await slugField().fill(`${slug}-no`);
      await field(page, t.password).fill(owner.password);
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(slugField()).toHaveAccessibleDescription(says(t.slugWrong));
      await expect(dialog).toBeHidden();
      await expect(slugField()).toHaveValue(`${slug}-no`);
      await saveScreens(page, testInfo, `store-delete-slug-error-${locale}`);
    });

    await test.step('a wrong password: the error beside the password before any dialog, the slug kept', async () => {
      await slugField().fill(slug);
      await field(page, t.password).fill('not-my-password');
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(field(page, t.password)).toHaveAccessibleDescription(says(t.passwordWrong));
      await expect(dialog).toBeHidden();
      await expect(slugField()).not.toHaveAccessibleDescription(says(t.slugWrong));
      await expect(slugField()).toHaveValue(slug);
      await expect(field(page, t.password)).toHaveValue('not-my-password');
    });

    await test.step('both right: the dialog asks; cancel deletes nothing', async () => {
      await field(page, t.password).fill(owner.password);
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(dialog).toBeVisible();
      await saveScreens(page, testInfo, `store-delete-dialog-${locale}`, { fullPage: false });
      const posts = countPosts(page);
      await dialog.getByRole('button', { name: t.cancel, exact: true }).click();
      await expect(dialog).toBeHidden();
      expect(posts.count).toBe(0);
      expect((await page.request.get('/api/v1/store')).status()).toBe(200);
    });

    await test.step('confirmed with the right ones, the store is gone and /store no longer shows it', async () => {
      // after the cancel the checked form's own button asks again
      await page.getByRole('button', { name: t.confirm, exact: true }).click();
      await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/store', locale));
      await expectToast(page, t.deleted);
      await expect(page.getByText(`/shop/${slug}`)).toHaveCount(0);
      await saveScreens(page, testInfo, `store-delete-done-${locale}`);
      expect((await page.request.get('/api/v1/store')).status()).toBe(409);
      await gotoHydrated(page, localized('/store/delete', locale));
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toHaveCount(0);
    });

    await context.close();
  });
}

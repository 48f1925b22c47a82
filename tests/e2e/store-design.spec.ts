import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, type Locale, localized, saveScreens } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// /store/design as an owner lives it (issue 10 §3): the logo's drop zone in every state (invalid
// file, size exceeded, a valid PNG previewed, saved and shown again after a reload, clear
// selection, remove) and the style picked with the keyboard. Spanish in full, the key steps in
// English. Screens: test-results/screenshots/store-design-*.png.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: {
    title: 'Diseño de la tienda',
    invalid: 'Archivo no válido',
    size: 'El tamaño del archivo excede el máximo permitido',
    preview: (name: string) => `Vista previa de ${name}`,
    save: 'Guardar',
    saved: 'La tienda se actualizó correctamente',
    clear: 'Limpiar selección',
    remove: (name: string) => `Quitar el archivo ${name}`,
    choose: 'Elegir archivo',
    warm: 'Cálido',
    dark: 'Oscuro',
  },
  en: {
    title: 'Store design',
    invalid: 'Invalid file',
    size: 'File size exceeds maximum allowed',
    preview: (name: string) => `Preview of ${name}`,
    save: 'Save',
    saved: 'The store was successfully updated',
    clear: 'Clear selection',
    remove: (name: string) => `Remove the file ${name}`,
    choose: 'Choose file',
    warm: 'Warm',
    dark: 'Dark',
  },
} as const;

/** A wide logo, twice the size the store keeps: the server scales it to 620×150. */
const logoPng = (color: string) =>
  sharp({ create: { width: 1240, height: 300, channels: 3, background: color } }).png().toBuffer();

async function openStore(page: Page, tag: string) {
  const response = await page.request.post('/api/v1/store', { data: { name: `Tienda ${tag}`, slug: `e2e-${tag}-${randomBytes(4).toString('hex')}`, section: 'crafts' } });
  expect(response.status(), await response.text()).toBe(201);
}

const logoField = (page: Page) => page.getByTestId('upload-field-logo');
const fileInput = (page: Page) => logoField(page).locator('input[type=file]');

/** The preview image, once the browser has really drawn it (a broken image has no natural width). */
async function expectDrawn(image: Locator): Promise<number> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => img.naturalWidth);
}

async function pickWithKeyboard(page: Page, locale: Locale) {
  const t = TEXT[locale];
  const warm = page.getByRole('radio', { name: t.warm });
  await warm.focus();
  // A native radio group: each arrow moves to the next style and checks it.
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: t.dark })).toBeChecked();
  await expect(page.getByRole('radio', { name: t.dark })).toBeFocused();
  await expect(warm).not.toBeChecked();
}

test('an owner sets the logo through every state of the drop zone and picks a style with the keyboard (es)', async ({ browser }, testInfo) => {
  const locale = 'es';
  const t = TEXT[locale];
  const owner = createUser('client', 'design-es', 'Lucía', 'Mora');
  const { context, page } = await newBrowser(browser, locale);
  await login(page, locale, owner);
  await openStore(page, 'design-es');
  await gotoHydrated(page, localized('/store/design', locale));
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByRole('button', { name: t.choose })).toBeVisible();
  await saveScreens(page, testInfo, 'store-design-empty-es');

  await test.step('a text file named .png is "Archivo no válido"', async () => {
    await fileInput(page).setInputFiles({ name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('esto no es una imagen') });
    await expect(logoField(page).getByRole('alert')).toHaveText(t.invalid);
    await saveScreens(page, testInfo, 'store-design-invalid-es');
  });

  await test.step('a file over 15 MB is refused with the size message', async () => {
    await fileInput(page).setInputFiles({ name: 'enorme.png', mimeType: 'image/png', buffer: Buffer.alloc(15 * 1024 * 1024 + 1, 1) });
    await expect(logoField(page).getByRole('alert')).toHaveText(t.size);
  });

  await test.step('a valid PNG is previewed before saving', async () => {
    await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng('#c2410c') });
    await expectDrawn(logoField(page).getByRole('img', { name: t.preview('logo.png') }));
    await expect(logoField(page).getByRole('alert')).toHaveCount(0);
    await saveScreens(page, testInfo, 'store-design-chosen-es');
  });

  await test.step('the style is picked with the arrow keys', async () => {
    await pickWithKeyboard(page, locale);
  });

  await test.step('saved, and after a reload the current logo (resized to 620 px wide) and the style are shown', async () => {
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByTestId('form-notice')).toHaveText(t.saved);
    await page.reload();
    const width = await expectDrawn(logoField(page).getByRole('img', { name: t.preview('logo.png') }));
    expect(width).toBe(620);
    await expect(page.getByRole('radio', { name: t.dark })).toBeChecked();
    await saveScreens(page, testInfo, 'store-design-saved-es');
  });

  await test.step('another file chosen, then "clear selection" brings the saved logo back', async () => {
    const saved = await logoField(page).getByRole('img').getAttribute('src');
    await fileInput(page).setInputFiles({ name: 'otro.png', mimeType: 'image/png', buffer: await logoPng('#1d4ed8') });
    await expectDrawn(logoField(page).getByRole('img', { name: t.preview('otro.png') }));
    await saveScreens(page, testInfo, 'store-design-replacing-es');
    await logoField(page).getByRole('button', { name: t.clear }).click();
    await expect(logoField(page).getByRole('img', { name: t.preview('logo.png') })).toHaveAttribute('src', saved ?? '');
    await expect(logoField(page).getByRole('button', { name: t.clear })).toHaveCount(0);
  });

  await test.step('remove, save: the store has no logo any more', async () => {
    await logoField(page).getByRole('button', { name: t.remove('logo.png') }).click();
    await expect(logoField(page).getByRole('button', { name: t.choose })).toBeFocused();
    await expect(logoField(page).getByRole('button', { name: t.clear })).toBeVisible();
    await saveScreens(page, testInfo, 'store-design-removed-es');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByTestId('form-notice')).toHaveText(t.saved);
    await page.reload();
    await expect(logoField(page).getByRole('img')).toHaveCount(0);
    await expect(logoField(page).getByRole('button', { name: t.choose })).toBeVisible();
    const design = await page.request.get('/api/v1/store/design');
    expect(await design.json()).toEqual({ logo: null, style: 5, styleName: 'dark' });
  });
  await context.close();
});

test('the key steps in English: invalid file, size, preview, keyboard style, save and reload', async ({ browser }, testInfo) => {
  const locale = 'en';
  const t = TEXT[locale];
  const owner = createUser('client', 'design-en', 'Lucy', 'Moore');
  const { context, page } = await newBrowser(browser, locale);
  await login(page, locale, owner);
  await openStore(page, 'design-en');
  await gotoHydrated(page, localized('/store/design', locale));
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  await fileInput(page).setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(logoField(page).getByRole('alert')).toHaveText(t.invalid);
  await fileInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(15 * 1024 * 1024 + 1, 1) });
  await expect(logoField(page).getByRole('alert')).toHaveText(t.size);
  await fileInput(page).setInputFiles({ name: 'brand.png', mimeType: 'image/png', buffer: await logoPng('#2f5d34') });
  await expectDrawn(logoField(page).getByRole('img', { name: t.preview('brand.png') }));
  await pickWithKeyboard(page, locale);
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByTestId('form-notice')).toHaveText(t.saved);
  await page.reload();
  expect(await expectDrawn(logoField(page).getByRole('img', { name: t.preview('brand.png') }))).toBe(620);
  await expect(page.getByRole('radio', { name: t.dark })).toBeChecked();
  await saveScreens(page, testInfo, 'store-design-saved-en');
  await context.close();
});

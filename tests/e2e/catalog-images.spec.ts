import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { picture, uploadToGallery } from './support/catalog.ts';
import { expectToast, login, newBrowser } from './support/casillero.ts';
import { field, gotoHydrated, journeyLanguages, localized, PHONE, saveScreens } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// A product's gallery as a store owner lives it (issue 11 §7): two images chosen at once, each with
// its progress bar, saved with a new product; then put in the other order with the keyboard's move
// button, one removed after its confirmation, and the saved product's images follow — the removed
// one's public WebP address is gone. Screens: test-results/screenshots/catalog-images-*.png.

test.describe.configure({ timeout: 180_000 });

const TEXT = {
  es: {
    name: 'Nombre', price: 'Precio (USD)', category: 'Categoría', create: 'Crear', save: 'Guardar', created: 'Registro creado correctamente', updated: 'Registro actualizado correctamente',
    moveEarlier: 'Mover la imagen 2 antes', remove: 'Quitar la imagen 1', removeTitle: '¿Quitar esta imagen?', main: 'Principal', unsaved: 'Cambios en las imágenes sin guardar',
  },
  en: {
    name: 'Name', price: 'Price (USD)', category: 'Category', create: 'Create', save: 'Save', created: 'Record created successfully', updated: 'Record updated successfully',
    moveEarlier: 'Move image 2 earlier', remove: 'Remove image 1', removeTitle: 'Remove this image?', main: 'Main', unsaved: 'Unsaved changes to the images',
  },
} as const;

/** The saved product's gallery, as the API answers it. */
async function savedGallery(page: Page, id: string): Promise<string[]> {
  const response = await page.request.get(`/api/v1/products/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()).imageIds as string[];
}

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

// One language (decision 041): the language changes only this journey's words, which the axe walk
// and the Vitest page tests see in both.
for (const locale of journeyLanguages('en')) {
  const t = TEXT[locale];

  test(`a product gets two images with progress, reorders them and removes one (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `images-${locale}`, 'Rosa', 'Quishpe');
    const { page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const slug = `e2e-images-${randomBytes(4).toString('hex')}`;
    expect((await page.request.post('/api/v1/store', { data: { name: 'Tienda Fotos', slug, section: 'clothing' } })).status()).toBe(201);
    const categoryName = locale === 'es' ? 'Ropa' : 'Clothes';
    expect((await page.request.post('/api/v1/categories', { data: { name: categoryName, enabled: true } })).status()).toBe(201);
    const gallery = page.getByTestId('gallery-field');

    await test.step('two images chosen at once upload with their progress bars, then show in order', async () => {
      await gotoHydrated(page, localized('/catalog/product/new', locale));
      await field(page, t.name).fill(locale === 'es' ? 'Poncho Otavalo' : 'Otavalo poncho');
      await field(page, t.price).fill('45');
      await field(page, t.category).selectOption({ label: categoryName });
      await uploadToGallery(page, gallery, [{ name: 'rojo.jpg', color: '#b91c1c' }, { name: 'azul.jpg', color: '#1d4ed8' }], () => saveScreens(page, testInfo, `catalog-images-uploading-${locale}`));
      await expect(gallery.getByTestId('gallery-image-0')).toContainText(t.main);
    });

    let id = '';
    let first = '';
    let second = '';
    await test.step('saved with the new product, in the order they were chosen', async () => {
      const hidden = await gallery.locator('input[name=imageIds]').inputValue();
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/catalog/product/show', locale));
      await expectToast(page, t.created);
      id = new URL(page.url()).searchParams.get('id') ?? '';
      [first = '', second = ''] = await savedGallery(page, id);
      expect(`${first},${second}`).toBe(hidden);
      await expect(gallery.getByRole('listitem')).toHaveCount(2);
      await saveScreens(page, testInfo, `catalog-images-saved-${locale}`);
      await expectAccessible(page);
    });

    await test.step('reordered with the keyboard’s move button, saved', async () => {
      const moveEarlier = gallery.getByRole('button', { name: t.moveEarlier });
      await moveEarlier.focus();
      await page.keyboard.press('Enter');
      await expect(gallery.getByText(t.unsaved)).toBeVisible();
      // The focus follows the moved image (now first: its "later" button, the "earlier" one being off).
      await expect(page.locator(':focus')).toHaveAttribute('data-move', 'later');
      expect(await gallery.locator('input[name=imageIds]').inputValue()).toBe(`${second},${first}`);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await expectToast(page, t.updated);
      await expect(gallery.getByText(t.unsaved)).toBeHidden();
      await expect.poll(() => savedGallery(page, id)).toEqual([second, first]);
    });

    await test.step('one removed after its confirmation, and its public address is gone once saved', async () => {
      await gallery.getByRole('button', { name: t.remove }).click();
      const dialog = page.getByRole('dialog', { name: t.removeTitle });
      await expect(dialog).toBeVisible();
      await saveScreens(page, testInfo, `catalog-images-remove-${locale}`, { fullPage: false });
      await dialog.getByTestId('gallery-confirm-remove').click();
      await expect(gallery.getByRole('listitem')).toHaveCount(1);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      // The reorder's "updated" toast may still be on screen: the saved form (no unsaved mark) says
      // this save has come back.
      await expect(gallery.getByText(t.unsaved)).toBeHidden();
      await expectToast(page, t.updated);
      await expect.poll(() => savedGallery(page, id)).toEqual([first]);
      const storeId = (await (await page.request.get('/api/v1/store')).json()).id as number;
      expect((await page.request.get(`/media/${storeId}/${second}/w320.webp`)).status()).toBe(404);
      expect((await page.request.get(`/media/${storeId}/${first}/w320.webp`)).status()).toBe(200);
    });

    await test.step('a brand gets one image through the same upload field as a banner', async () => {
      await gotoHydrated(page, localized('/catalog/brand/new', locale));
      await field(page, t.name).fill('Andina');
      await page.getByTestId('upload-field-imageId').locator('input[type=file]').setInputFiles({ name: 'marca.png', mimeType: 'image/png', buffer: await picture('#2f5d34', { width: 400, height: 400, format: 'png' }) });
      await expect(page.getByTestId('upload-preview-imageId')).toBeVisible();
      await saveScreens(page, testInfo, `catalog-images-brand-${locale}`);
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await expectToast(page, t.created);
      const brandId = new URL(page.url()).searchParams.get('id');
      const brand = await (await page.request.get(`/api/v1/brands/${brandId}`)).json();
      expect(brand.imageUrl).toMatch(/\/w320\.webp$/);
      expect((await page.request.get(brand.imageUrl)).headers()['content-type']).toBe('image/webp');
      await expectAccessible(page);
    });

    await test.step('the list shows the main image’s thumbnail, a card on a phone', async () => {
      await gotoHydrated(page, localized('/catalog/product', locale));
      await expect(page.locator(`img[src*="/${first}/w320.webp"]`).first()).toBeVisible();
      await saveScreens(page, testInfo, `catalog-images-list-${locale}`);
      await page.setViewportSize(PHONE);
      await expectAccessible(page);
      // The product's screen with its gallery, at a phone's width too.
      await gotoHydrated(page, `${localized('/catalog/product/show', locale)}?id=${id}`);
      await expect(gallery.getByRole('listitem')).toHaveCount(1);
      await expectAccessible(page);
    });
  });
}

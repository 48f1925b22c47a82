import { expect, type Locator, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import { escapeRegExp } from './helpers.ts';

// Steps the catalog specs share: pictures to upload, an upload held back so its progress shows,
// and records a test makes through the API where it stands in for someone else (a shopper).

/** A plain picture of one colour, as a camera or a designer would hand it over. */
export const picture = (background: string, { width = 900, height = 700, format = 'jpeg' }: { width?: number; height?: number; format?: 'jpeg' | 'png' } = {}) => {
  const image = sharp({ create: { width, height, channels: 3, background } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

/**
 * Holds the next uploads back until `release()` (the real upload is near instant here, so without
 * it the progress bars could never be seen).
 */
export async function holdUploads(page: Page): Promise<{ release: () => void }> {
  let open: () => void = () => {};
  const held = new Promise<void>((resolve) => (open = resolve));
  const handler = async (route: Route) => {
    await held;
    await route.continue();
  };
  // Left in place once released (a let-through then): unrouting would cut the held ones short.
  await page.route('**/api/v1/uploads', handler);
  return { release: () => open() };
}

/**
 * Chooses images in a product's gallery field at once and checks each shows its named progress bar
 * while it uploads, then that all of them arrive in the order chosen.
 */
export async function uploadToGallery(page: Page, gallery: Locator, files: { name: string; color: string }[], whileUploading?: () => Promise<void>) {
  const hold = await holdUploads(page);
  const buffers = await Promise.all(files.map(async ({ name, color }) => ({ name, mimeType: 'image/jpeg', buffer: await picture(color) })));
  await gallery.locator('input[type=file]').setInputFiles(buffers);
  await expect(gallery.getByTestId('gallery-uploading')).toHaveCount(files.length);
  // One named progress bar per file (at 0 % while held: the route holds the body back).
  for (const { name } of files) await expect(gallery.getByRole('progressbar', { name: new RegExp(escapeRegExp(name)) })).toHaveAttribute('aria-valuenow', /^\d+$/);
  await whileUploading?.();
  hold.release();
  await expect(gallery.getByTestId('gallery-uploading')).toHaveCount(0);
  await expect(gallery.getByRole('listitem')).toHaveCount(files.length);
}

/** Makes a record through the API (a test standing in for someone who is not the merchant); its id. */
export async function post(page: Page, url: string, data: object): Promise<number> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

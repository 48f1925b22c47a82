import { loadSharp } from './sharp.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { MEDIA_WIDTHS as VARIANT_WIDTHS, type MediaWidth as VariantWidth } from '#common/media-url.ts';
import { IMAGE_LIMITS } from './upload.content.ts';

// Responsive copies of a store's public images (decision 031): WebP at a few widths, written beside
// the original under the same storage key plus a suffix, so whatever removes the original's key
// (file-removal.ts) removes them too and no table has to list them.

/** The widths written, narrowest first: a phone, a tablet, a laptop, a full-width banner. */
export { MEDIA_WIDTHS as VARIANT_WIDTHS, type MediaWidth as VariantWidth } from '#common/media-url.ts';

export const isVariantWidth = (value: number): value is VariantWidth => (VARIANT_WIDTHS as readonly number[]).includes(value);

/** `2026/11/<uuid>.png` → `2026/11/<uuid>.png.w640.webp`. */
export const variantKey = (storageKey: string, width: VariantWidth) => `${storageKey}.w${width}.webp`;

export const variantKeys = (storageKey: string) => VARIANT_WIDTHS.map((width) => variantKey(storageKey, width));

/**
 * Writes the WebP variants of a stored PNG/JPEG and answers their widths. Never enlarged: an image
 * narrower than a width gets no variant of it — except the narrowest, always written (at the image's
 * own width when smaller), so every public image has at least one variant to serve. Run after the
 * upload is checked by content (claimImage); a variant left by a failed run is rewritten the next time.
 */
export async function writeImageVariants(deps: Pick<ServiceDeps, 'storage'>, storageKey: string): Promise<VariantWidth[]> {
  const original = await deps.storage.read(storageKey);
  if (!original) return [];
  const sharp = await loadSharp();
  const { width: imageWidth = 0 } = await sharp(original, { limitInputPixels: IMAGE_LIMITS.maxInputPixels }).metadata();
  const widths = VARIANT_WIDTHS.filter((width, index) => index === 0 || width <= imageWidth);
  for (const width of widths) {
    const data = await sharp(original, { limitInputPixels: IMAGE_LIMITS.maxInputPixels })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await deps.storage.put(variantKey(storageKey, width), data);
  }
  return widths;
}

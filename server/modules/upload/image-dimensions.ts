import { loadSharp } from './sharp.ts';
import { AppError } from '#server/errors.ts';
import { IMAGE_LIMITS } from './upload.content.ts';

/**
 * The longest side an uploaded image may have. The area limit alone (40 megapixels) let a 76 KB
 * PNG of 1 × 39,000,000 pixels through: 10 s of CPU to scale it, and eight of 39,000,000 × 1 took
 * 2 GB (issue 21). 16,384 is more than any camera or phone panorama within the area limit needs.
 */
export const MAX_IMAGE_SIDE = 16_384;

/**
 * Refuses an image too large by its header's dimensions, before any pixel is decoded: reading the
 * header costs well under a millisecond (bench/image-refusal.ts), whatever the file claims. A file
 * whose header cannot be read is left to the decoder, which refuses it as it does today.
 */
export async function assertImageDimensions(data: Buffer): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  const sharp = await loadSharp();
  try {
    // `metadata()` reads the header only; no limit here, since nothing is decoded.
    ({ width, height } = await sharp(data, { limitInputPixels: false }).metadata());
  } catch {
    return;
  }
  if (!width || !height) return;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > IMAGE_LIMITS.maxInputPixels) {
    throw new AppError('upload.imageDimensions', 413);
  }
}

import sharp from 'sharp';

// What a file is, decided by its bytes alone: the name and the type the browser declared are the
// sender's word, and a renamed file must not slip through as something it is not.

import { KIND_EXTENSIONS, type UploadKind } from '#common/upload-limits.ts';

export { KIND_EXTENSIONS, KIND_TYPES, UPLOAD_KINDS, type UploadKind } from '#common/upload-limits.ts';

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export function sniffKind(data: Buffer): UploadKind | null {
  if (data.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (data.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  return null;
}

export const IMAGE_LIMITS = {
  /** libvips refuses to decode more than this: a 3 MB file can claim a billion pixels. */
  maxInputPixels: 40_000_000,
  /** Longest side kept; larger photos are scaled down (an invoice stays readable at this size). */
  maxDimension: 2400,
};

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('unreadable image', { cause });
    this.name = 'UnreadableImageError';
  }
}

/**
 * Decodes and re-encodes an image in its own format: turned upright by its EXIF orientation,
 * scaled to fit `maxDimension`, converted to sRGB and stripped of every metadata block (camera,
 * GPS position, comments). Whatever was hidden in the original file does not survive this.
 */
export async function normalizeImage(data: Buffer, kind: 'png' | 'jpeg'): Promise<Buffer> {
  try {
    const image = sharp(data, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize({ width: IMAGE_LIMITS.maxDimension, height: IMAGE_LIMITS.maxDimension, fit: 'inside', withoutEnlargement: true });
    return kind === 'png' ? await image.png({ compressionLevel: 9 }).toBuffer() : await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}

/**
 * Scales an image down to fit `box` (aspect kept, never enlarged), in its own format, with the
 * same decoding limits as `normalizeImage`: a store logo is drawn at about 620×150.
 */
export async function fitImage(data: Buffer, kind: 'png' | 'jpeg', box: { width: number; height: number }): Promise<Buffer> {
  try {
    const image = sharp(data, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true });
    return kind === 'png' ? await image.png({ compressionLevel: 9 }).toBuffer() : await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}

// Control characters, path separators and characters Windows refuses in names.
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name shown to people: the last path segment the browser sent, cleaned, at most 200
 * characters, and ending in the extension of what the file really is (`factura.pdf` that is a
 * PNG is kept as `factura.png`).
 */
export function displayName(original: string, kind: UploadKind): string {
  const last = original.split(/[\\/]/).pop() ?? '';
  const cleaned = last.normalize('NFC').replace(UNSAFE_NAME_CHARS, '').replace(/\s+/g, ' ').trim();
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const extensions = KIND_EXTENSIONS[kind];
  const canonical = extensions[0]!;
  let base = cleaned;
  let suffix = `.${canonical}`;
  if (extensions.includes(extension)) {
    base = cleaned.slice(0, dot);
    suffix = cleaned.slice(dot);
  } else if (/^[a-z0-9]{1,5}$/.test(extension)) {
    base = cleaned.slice(0, dot);
  }
  // Code points, not UTF-16 units: an emoji is never cut in half, and PostgreSQL counts the same.
  base = Array.from(base.replace(/^[.\s]+/, '')).slice(0, 200 - Array.from(suffix).length).join('').trim();
  return `${base || 'file'}${suffix}`;
}

import type { Sharp } from 'sharp';
import { loadSharp } from './sharp.ts';

// What a file is, decided by its bytes alone: the name and the type the browser declared are the
// sender's word, and a renamed file must not slip through as something it is not.

import { type ImageKind, KIND_EXTENSIONS, type UploadKind } from '#common/upload-limits.ts';

export { IMAGE_KINDS, type ImageKind, KIND_EXTENSIONS, KIND_TYPES, UPLOAD_KINDS, type UploadKind } from '#common/upload-limits.ts';

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

/** AVIF is an ISO-BMFF file whose first box is `ftyp` naming `avif` (a still) or `avis` (a sequence). */
function isAvif(data: Buffer): boolean {
  if (data.length < 16 || ascii(data, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(data.readUInt32BE(0), data.length, 4096);
  // The major brand at 8, then the compatible brands from 16, four bytes each (the minor version sits between).
  const brands = [ascii(data, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(data, at, at + 4));
  return brands.includes('avif') || brands.includes('avis');
}

export function sniffKind(data: Buffer): UploadKind | null {
  if (data.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (data.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'jpeg';
  // RIFF container, WEBP form type (RIFF itself is also WAV and AVI).
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(data)) return 'avif';
  return null;
}

/** What an image is stored as: its own format, but an AVIF becomes a WebP (decision 051). */
export const storedKindOf = (kind: ImageKind): Exclude<ImageKind, 'avif'> => (kind === 'avif' ? 'webp' : kind);

/**
 * Encodes in the stored kind. An AVIF is written as WebP: encoding AVIF costs seconds of CPU per
 * photo where WebP costs a fraction of one, and every browser we serve shows WebP (decision 051).
 */
function encodeAs(image: Sharp, kind: ImageKind, quality: number): Promise<Buffer> {
  const stored = storedKindOf(kind);
  if (stored === 'png') return image.png({ compressionLevel: 9 }).toBuffer();
  if (stored === 'webp') return image.webp({ quality }).toBuffer();
  return image.jpeg({ quality, mozjpeg: true }).toBuffer();
}

export const IMAGE_LIMITS = {
  /**
   * libvips refuses to decode more than this: a small file can claim a billion pixels. Room for a
   * 50 MP photo (8160×6120), as a phone's high-resolution mode saves it (decision 051).
   */
  maxInputPixels: 52_000_000,
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
 * Decodes and re-encodes an image in its own format (an AVIF as WebP): turned upright by its EXIF orientation,
 * scaled to fit `maxDimension`, converted to sRGB and stripped of every metadata block (camera,
 * GPS position, comments). Whatever was hidden in the original file does not survive this.
 */
export async function normalizeImage(data: Buffer, kind: ImageKind): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const image = sharp(data, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize({ width: IMAGE_LIMITS.maxDimension, height: IMAGE_LIMITS.maxDimension, fit: 'inside', withoutEnlargement: true });
    return await encodeAs(image, kind, 85);
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}

/**
 * Scales an image down to fit `box` (aspect kept, never enlarged), in its own format (an AVIF as WebP), with the
 * same decoding limits as `normalizeImage`: a store logo is drawn at about 620×150.
 */
export async function fitImage(data: Buffer, kind: ImageKind, box: { width: number; height: number }): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const image = sharp(data, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true });
    return await encodeAs(image, kind, 88);
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

import { z } from 'zod';
import { MAX_PRODUCT_IMAGES } from '../upload-limits.ts';

// The image fields of store records (decision 033): an upload id the form's upload field (or an
// API client's POST /api/v1/uploads) got. The service claims it, so an id that is not the owner's
// unclaimed upload is refused there, as a field error.

const uploadId = z.string({ error: 'upload.notFound' }).trim().max(36, { error: 'upload.notFound' });

/** One optional image (a brand's, a variant's): "" or null is none. */
export const optionalImage = z.preprocess((value) => (value === '' || value === undefined ? null : value), uploadId.min(1, { error: 'upload.notFound' }).nullable());

/** A product's gallery in order, the first its main image; the form repeats `imageIds`, the API sends a list. */
export const imageList = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? [] : typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item) => item !== '') : value),
  z
    .array(uploadId.min(1, { error: 'upload.notFound' }), { error: 'validation.invalid' })
    .max(MAX_PRODUCT_IMAGES, { error: 'catalog.product.tooManyImages' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.invalid' }),
);

/** What the API answers of one image: its id and the address of its smallest WebP variant (320 px wide or less; 640, 1280 and 1920 exist when the image is that wide). */
export const imageOutput = z.object({ id: z.string(), url: z.string() });

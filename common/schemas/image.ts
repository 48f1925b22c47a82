import { z } from '#common/zod.ts';
import { MAX_PRODUCT_IMAGES } from '../upload-limits.ts';

// The image fields of store records (decision 033): an upload id the form's upload field (or an
// API client's POST /api/v1/uploads) got. The service claims it, so an id that is not the owner's
// unclaimed upload is refused there, as a field error.

const uploadId = z.string({ error: 'upload.notFound' }).trim().max(36, { error: 'upload.notFound' });

// Written as an optional input with a transform rather than a preprocess, so the OpenAPI document
// (which describes the input) says a client may leave the field out.

/** One optional image (a brand's, a variant's): "", null or absent is none. */
export const optionalImage = z
  .union([uploadId, z.null()], { error: 'upload.notFound' })
  .optional()
  .transform((value) => value || null);

/** A list of ids as the form sends it — one field, comma-separated (ids have no commas) — or as the API does. */
const idsOf = (value: unknown): unknown => {
  if (value === undefined || value === null) return [];
  const items = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(items)) return items;
  return items.flatMap((item) => (typeof item === 'string' ? item.split(',').map((id) => id.trim()).filter(Boolean) : [item]));
};

/** A product's gallery in order, the first its main image. */
export const imageList = z
  .union([z.string(), z.array(z.string())], { error: 'validation.invalid' })
  .nullable()
  .optional()
  .transform(idsOf)
  .pipe(
    z
      .array(uploadId.min(1, { error: 'upload.notFound' }), { error: 'validation.invalid' })
      .max(MAX_PRODUCT_IMAGES, { error: 'catalog.product.tooManyImages' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.invalid' }),
  );

/** What the API answers of one image: its id and the address of its smallest WebP variant (320 px wide or less; 640, 1280 and 1920 exist when the image is that wide). */
export const imageOutput = z.object({ id: z.string(), url: z.string() });

import { AppError } from '#server/errors.ts';

// How big a catalog CSV may be (issue 21 §1, decision 044): never more than the store's plan can
// use, known before a byte of the file is parsed (from its Content-Length, or counted as it arrives).

/** A file bigger than this is refused before parsing (100,000 products with variants is ~30 MB). */
export const MAX_CSV_BYTES = 40 * 1024 * 1024;
/**
 * What one product of a plan may take in a file: a full description (20,000 characters, accented
 * and quoted) or a few hundred variant lines. A plan of 50 products takes files up to 3.2 MB.
 */
export const BYTES_PER_PRODUCT = 64 * 1024;
/** The least any plan takes (a small plan's catalog with long texts). */
export const MIN_CSV_BYTES = 1024 * 1024;

/** The largest file a store with this product limit may send (null: no plan, the server's limit). */
export function importByteLimit(maxProductsOfPlan: number | null): number {
  if (maxProductsOfPlan === null) return MAX_CSV_BYTES;
  return Math.min(MAX_CSV_BYTES, Math.max(MIN_CSV_BYTES, maxProductsOfPlan * BYTES_PER_PRODUCT));
}

/** The error of a file bigger than the plan takes: 413, in the caller's language, naming the size. */
export const tooBigForPlan = (limit: number) => new AppError('productCsv.tooBigForPlan', 413, { vars: { megabytes: Math.floor((limit / 1024 / 1024) * 10) / 10 } });

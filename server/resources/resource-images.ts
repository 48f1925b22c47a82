import { mediaUrl } from '#common/media-url.ts';
import { AppError } from '#server/errors.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { getStore } from '#server/modules/store/store.service.ts';
import { claimStoreUpload, takeStoreFile, takeStoreFileList } from '#server/modules/upload/upload.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

// The images of store records, written once for every resource that has some (decision 033): a
// banner, a brand, a category, a variant (one image each, in a column) and a product's gallery. A
// new image is claimed in the save's transaction — checked by content, fitted to its box, given its
// WebP variants (decision 031), listed among the store's files (029) — and the image a save
// replaces or a delete takes along is taken in the same transaction; its file (and variants) is
// removed after the commit with `removeFiles`, so a rolled-back save never loses a kept image.

export type Box = { width: number; height: number };

/** The upload service's refusals as the form's field errors: another user's, a used or an unknown id. */
function asFieldError(error: unknown, field: string): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'upload.notFound' || error.code === 'error.generic') return new AppError('upload.notFound', 400, { field });
  if (error.code === 'upload.fileType') return new AppError('upload.fileType', 400, { field });
  return error;
}

/**
 * Claims one unclaimed upload of the store's owner as a public image of the store. Another user's,
 * another store's, an already used or an unknown id is a `field` error (400), never attached.
 */
export async function claimStoreImage(deps: ServiceDeps, scope: StoreScope, uploadId: string, { field, box, owner }: { field: string; box: Box; owner?: number }): Promise<void> {
  const userId = owner ?? (await getStore(deps, scope)).userId;
  try {
    await claimStoreUpload(deps, scope, { userId, uploadId, box, variants: true });
  } catch (error) {
    throw asFieldError(error, field);
  }
}

/**
 * A save's image columns (`imageId`): the ones that changed are claimed, the ones they replace are
 * taken. Answers the taken files' storage keys, to remove after the commit.
 */
export async function saveImageColumns(
  deps: ServiceDeps,
  scope: StoreScope,
  { columns, box, before, after }: { columns: readonly string[]; box: Box; before: Record<string, unknown> | undefined; after: Record<string, unknown> },
): Promise<string[]> {
  const freed: string[] = [];
  for (const column of columns) {
    const next = typeof after[column] === 'string' && after[column] ? (after[column] as string) : null;
    const previous = typeof before?.[column] === 'string' && before[column] ? (before[column] as string) : null;
    after[column] = next;
    if (next === previous) continue;
    if (next) await claimStoreImage(deps, scope, next, { field: column, box });
    if (previous) {
      const key = await takeStoreFile(deps, scope, previous);
      if (key) freed.push(key);
    }
  }
  return freed;
}

/** Takes the store's files by upload id (what a delete takes along) and answers their storage keys. */
export const takeImages = (deps: ServiceDeps, scope: StoreScope, uploadIds: readonly (string | null | undefined)[]) =>
  takeStoreFileList(deps, scope, uploadIds.filter((id): id is string => typeof id === 'string' && id.length > 0));

/**
 * A repository's `decorate` for records with an `imageId`: adds `imageUrl`, the address of its
 * smallest WebP variant (always written, decision 031), so lists show a thumbnail without a query.
 */
export async function addImageUrl(_db: unknown, scope: StoreScope, rows: { imageId: string | null }[]): Promise<void> {
  for (const row of rows) (row as typeof row & { imageUrl: string | null }).imageUrl = row.imageId ? mediaUrl(scope.storeId, row.imageId, 320) : null;
}

import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SessionUser } from '#server/modules/auth/session-user.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import { newStorageKey } from '#server/storage/storage.ts';
import { displayName, fitImage, IMAGE_LIMITS, KIND_EXTENSIONS, KIND_TYPES, normalizeImage, sniffKind, storedKindOf, type UploadKind } from './upload.content.ts';
import { MAX_UPLOAD_BYTES, maxBytesOf } from '#common/upload-limits.ts';
import * as uploads from './upload.repository.ts';
import { assertImageDimensions } from './image-dimensions.ts';
import { loadSharp } from './sharp.ts';
import { isVariantWidth, VARIANT_WIDTHS, variantKey, variantKeys, writeImageVariants } from './image-variants.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type MediaViewer, mediaStoreScope, ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';

export { UPLOAD_KINDS, type UploadKind } from './upload.content.ts';

// The limits are defined once in common/ with the upload field that applies them first.
export { isUploadPurpose, MAX_IMAGE_BYTES, MAX_PDF_BYTES, MAX_UPLOAD_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from '#common/upload-limits.ts';

/** What leaves the server about a file. */
export type UploadInfo = { id: string; name: string; type: string; size: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new AppError('upload.notFound', 404);

/**
 * A file as it may be kept, or refused: size first (cheapest), then the content by its bytes and
 * that kind's own size limit (an image 15 MB, a PDF 3 MB: decision 051); an image is decoded,
 * scaled down and written again (an AVIF as WebP), a PDF kept byte for byte. `maxBytes` lowers the
 * limit for every kind. Refusals: `upload.fileSize` or `upload.imageDimensions` (413),
 * `upload.fileType` (415). The one check of every file a person sends (uploads, transfer receipts).
 */
export async function checkedFile(input: { data: Buffer; kinds: readonly UploadKind[]; maxBytes?: number; box?: { width: number; height: number } }): Promise<{ kind: Exclude<UploadKind, 'avif'>; data: Buffer }> {
  const maxBytes = input.maxBytes ?? MAX_UPLOAD_BYTES;
  if (input.data.length > maxBytes) throw new AppError('upload.fileSize', 413);
  const sniffed = sniffKind(input.data);
  if (!sniffed || !input.kinds.includes(sniffed)) throw new AppError('upload.fileType', 415);
  if (input.data.length > maxBytesOf(sniffed)) throw new AppError('upload.fileSize', 413);
  if (sniffed === 'pdf') return { kind: sniffed, data: input.data };
  await assertImageDimensions(input.data);
  try {
    return { kind: storedKindOf(sniffed), data: input.box ? await fitImage(input.data, sniffed, input.box) : await normalizeImage(input.data, sniffed) };
  } catch {
    throw new AppError('upload.fileType', 415);
  }
}

/**
 * Checks and cleans one file (`checkedFile`) and stores it for its owner, unclaimed: the form that
 * uses it claims it when it is saved.
 */
export async function acceptUpload(
  { db, storage, clock }: ServiceDeps,
  input: { userId: number; name: string; data: Buffer; kinds: readonly UploadKind[]; maxBytes?: number; box?: { width: number; height: number } },
): Promise<UploadInfo> {
  const { kind, data } = await checkedFile(input);
  const id = randomUUID();
  const now = clock.now();
  const storageKey = newStorageKey(id, KIND_EXTENSIONS[kind][0]!, now);
  const info: UploadInfo = { id, name: displayName(input.name, kind), type: KIND_TYPES[kind], size: data.length };
  await storage.put(storageKey, data);
  try {
    await uploads.insertUpload(db, {
      id,
      userId: input.userId,
      storageKey: storageKey,
      name: info.name,
      type: info.type,
      size: info.size,
      claimed: 0,
      createdAt: now.toISOString(),
    });
  } catch (error) {
    await storage.remove(storageKey).catch(() => {});
    throw error;
  }
  return info;
}

/**
 * Marks the user's unclaimed upload as used by a record and returns it. Another user's upload, an
 * unknown id or one already used is "not found". Pass the transaction that saves the record as
 * `db`, so a failed save leaves the upload unclaimed. When an edit keeps the same file, do not
 * claim it again: it is already claimed.
 */
export async function claimUpload(deps: ServiceDeps, { userId, uploadId }: { userId: number; uploadId: string }): Promise<UploadInfo> {
  const { db } = deps;
  if (!UUID.test(uploadId)) throw notFound();
  if (!(await uploads.markClaimed(db, { userId, uploadId }))) throw notFound();
  const row = await uploads.findOwnUpload(db, { userId, uploadId });
  if (!row) throw notFound();
  return { id: row.id, name: row.name, type: row.type, size: row.size };
}

/**
 * `claimUpload` for an image shown at a fixed size (a store logo): the stored bytes are checked
 * by content again — an upload sent with another purpose may be a PDF — and scaled down to fit
 * `box` (aspect kept, never enlarged) before the upload is claimed. A file that is not an image
 * is "invalid file" (415). Pass the transaction that saves the record as `db`.
 */
export async function claimImage(deps: ServiceDeps, { userId, uploadId, box }: { userId: number; uploadId: string; box: { width: number; height: number } }): Promise<UploadInfo> {
  const { db, storage } = deps;
  const row = UUID.test(uploadId) ? await uploads.findOwnUpload(db, { userId, uploadId }) : undefined;
  if (!row || row.claimed !== 0) throw notFound();
  const data = await storage.read(row.storageKey);
  if (!data) throw notFound();
  const kind = sniffKind(data);
  // acceptUpload stores an AVIF as WebP, so a stored AVIF is no upload of ours.
  if (!kind || kind === 'pdf' || kind === 'avif') throw new AppError('upload.fileType', 415);
  await assertImageDimensions(data);
  let fitted = data;
  const sharp = await loadSharp();
  try {
    // Uploaded for this purpose it already fits (PURPOSE_BOX): kept byte for byte, as previewed.
    const { width = Infinity, height = Infinity } = await sharp(data, { limitInputPixels: IMAGE_LIMITS.maxInputPixels }).metadata();
    if (width > box.width || height > box.height) fitted = await fitImage(data, kind, box);
  } catch {
    throw new AppError('upload.fileType', 415);
  }
  // Same key: the write is atomic (written beside, renamed), and an unclaimed upload is nobody's yet.
  if (fitted !== data) await storage.put(row.storageKey, fitted);
  if (!(await uploads.markClaimedWithSize(db, { userId, uploadId, size: fitted.length }))) throw notFound();
  return { id: row.id, name: row.name, type: KIND_TYPES[kind], size: fitted.length };
}

/** The upload's details for its owner (for edit screens), or "not found". */
export async function getOwnUpload(deps: ServiceDeps, { userId, uploadId }: { userId: number; uploadId: string }): Promise<UploadInfo> {
  const { db } = deps;
  const row = UUID.test(uploadId) ? await uploads.findOwnUpload(db, { userId, uploadId }) : undefined;
  if (!row) throw notFound();
  return { id: row.id, name: row.name, type: row.type, size: row.size };
}

async function canSeeUpload(db: Db, viewer: Pick<SessionUser, 'id' | 'role'>, upload: { id: string; userId: number }): Promise<boolean> {
  if (viewer.id === upload.userId || viewer.role === 'staff' || viewer.role === 'admin') return true;
  return uploads.usedByRecordOf(db, { uploadId: upload.id, userId: viewer.id });
}

/**
 * The file for serving: to its owner; to staff and admins (who work with every client's invoices
 * and photos); and to the client whose package, alert or ticket uses it (a package photo or a
 * reply's attachment is uploaded by staff). Anyone else gets the same "not found" as an unknown id.
 */
export async function readUpload(
  { db, storage }: ServiceDeps,
  { uploadId, viewer }: { uploadId: string; viewer: Pick<SessionUser, 'id' | 'role'> },
): Promise<UploadInfo & { body: Readable | Buffer }> {
  const row = UUID.test(uploadId) ? await uploads.findUpload(db, { uploadId }) : undefined;
  if (!row || !(await canSeeUpload(db, viewer, row))) throw notFound();
  const body = storage.stream ? await storage.stream(row.storageKey) : await storage.read(row.storageKey);
  if (!body) throw notFound();
  return { id: row.id, name: row.name, type: row.type, size: row.size, body };
}

/**
 * Deletes the user's upload and its file. `unclaimedOnly` is for the upload field's "remove":
 * a file already used by a record is deleted by that record's service, not from the browser.
 */
export async function deleteUpload(
  { db, storage }: ServiceDeps,
  { userId, uploadId, unclaimedOnly = false }: { userId: number; uploadId: string; unclaimedOnly?: boolean },
): Promise<void> {
  if (!UUID.test(uploadId)) throw notFound();
  const storageKey = await uploads.deleteOwnUpload(db, { userId, uploadId, unclaimedOnly });
  if (!storageKey) throw notFound();
  await storage.remove(storageKey);
}

/** Removes files that were uploaded but never used by a saved form (run from a periodic job). */
export async function purgeStaleUploads({ db, storage, clock }: ServiceDeps, { olderThanMs = 24 * 60 * 60 * 1000, limit = 500 } = {}): Promise<number> {
  const now = clock.now().getTime();
  const stale = await uploads.findStaleUploads(db, { before: new Date(now - olderThanMs).toISOString(), limit });
  let removed = 0;
  for (const row of stale) {
    // Claimed in the meantime? Then the delete matches nothing and the file stays.
    if (await uploads.deleteUnclaimed(db, { uploadId: row.id })) {
      // A claim rolled back after its variants were written leaves them too (decision 031).
      for (const key of [row.storageKey, ...variantKeys(row.storageKey)]) await storage.remove(key);
      removed += 1;
    }
  }
  return removed;
}

/** A `.part` older than this is no write in progress: every write finishes in seconds. */
export const PARTIAL_MAX_AGE_MS = 60 * 60 * 1000;

/** Deletes the half-written files a killed process left (run at start-up and hourly by the job worker). */
export async function sweepPartialUploads({ storage, clock }: ServiceDeps, { olderThanMs = PARTIAL_MAX_AGE_MS } = {}): Promise<number> {
  return (await storage.sweepPartials?.(new Date(clock.now().getTime() - olderThanMs))) ?? 0;
}

// ---- Store files (decision 029) ----

/**
 * Claims the owner's upload for a record of the store (its logo; issue 11's product and banner
 * images) and records it as the store's file, so the store's deletion finds and removes it. Pass
 * the transaction that saves the record.
 */
export async function claimStoreUpload(
  deps: ServiceDeps,
  scope: StoreScope,
  { userId, uploadId, box, variants = false }: { userId: number; uploadId: string; box?: { width: number; height: number }; variants?: boolean },
): Promise<UploadInfo> {
  // An image with a box is checked by content and fitted to it (a logo, a banner); any other file is claimed as it is.
  const info = box ? await claimImage(deps, { userId, uploadId, box }) : await claimUpload(deps, { userId, uploadId });
  await uploads.insertStoreUpload(deps.db, scope, uploadId);
  // A public image of the store (a banner, a product photo) gets its WebP variants now, in the
  // request that saves it (decision 031): the record's image is servable the moment it is saved.
  if (variants && box) {
    const row = await uploads.findUpload(deps.db, { uploadId });
    if (row) await writeImageVariants(deps, row.storageKey);
  }
  return info;
}

/**
 * One WebP variant of a store's image, for `GET /media/{storeId}/{uploadId}/w{width}.webp`
 * (decision 031): a store shoppers may see shows it to anyone (`shown: 'public'`) — it is what the
 * storefront shows —, any other only to its owner and staff (`mediaStoreScope`). Only the
 * variants a store wrote for its images exist; any other id, width or store is "not found".
 */
export async function readImageVariant(
  deps: ServiceDeps,
  { storeId, uploadId, width, viewer }: { storeId: number; uploadId: string; width: number; viewer: MediaViewer },
): Promise<{ body: Readable | Buffer; shown: 'public' | 'private' }> {
  if (!UUID.test(uploadId) || !isVariantWidth(width) || !Number.isSafeInteger(storeId)) throw notFound();
  const { db, storage } = deps;
  const { scope, shown } = await mediaStoreScope(deps, storeId, viewer);
  const storageKey = await uploads.findStoreFileKey(db, scope, uploadId);
  if (!storageKey) throw notFound();
  // A width the image was too narrow for was never written (decision 031): the nearest narrower one
  // answers, so a page's `srcset` may list every width without knowing the image's own.
  for (const candidate of VARIANT_WIDTHS.filter((w) => w <= width).reverse()) {
    const key = variantKey(storageKey, candidate);
    const body = storage.stream ? await storage.stream(key) : await storage.read(key);
    if (body) return { body, shown };
  }
  throw notFound();
}

/**
 * A store's logo for its storefront (decision 030: `GET /shop/{slug}/logo`): only the upload the
 * store's `logo` names, read under the store's scope; its type from its stored name.
 */
export async function readStoreLogo(deps: ServiceDeps, scope: StoreScope, uploadId: string): Promise<{ type: string; body: Readable | Buffer }> {
  if (!UUID.test(uploadId)) throw notFound();
  const storageKey = await uploads.findStoreFileKey(deps.db, scope, uploadId);
  if (!storageKey) throw notFound();
  const body = deps.storage.stream ? await deps.storage.stream(storageKey) : await deps.storage.read(storageKey);
  if (!body) throw notFound();
  const type = storageKey.endsWith('.png') ? 'image/png' : storageKey.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  return { type, body };
}

/**
 * Deletes the row of one of the store's files (a replaced or deleted banner's image) and answers
 * its storage key; remove the file with `removeFiles` once the transaction has committed.
 */
export async function takeStoreFile(deps: ServiceDeps, scope: StoreScope, uploadId: string): Promise<string | null> {
  return UUID.test(uploadId) ? uploads.deleteStoreUpload(deps.db, scope, uploadId) : null;
}

/** `takeStoreFile` for several files at once (a product's gallery, a category's products' images). */
export async function takeStoreFileList(deps: ServiceDeps, scope: StoreScope, uploadIds: readonly string[]): Promise<string[]> {
  return uploads.deleteStoreUploadsIn(deps.db, scope, uploadIds.filter((id) => UUID.test(id)));
}

/** The ids of the files a store owns. */
export async function storeUploadIds(deps: ServiceDeps, scope: StoreScope): Promise<string[]> {
  return uploads.findStoreUploadIds(deps.db, scope);
}

/**
 * Deletes the rows of the store's files and answers their storage keys. Run it in the store's
 * deletion transaction; remove the files with `removeFiles` once that has committed.
 */
export async function takeStoreFiles(deps: ServiceDeps, scope: StoreScope): Promise<string[]> {
  const keys = await uploads.findStoreFileKeys(deps.db, scope);
  await uploads.deleteStoreUploads(deps.db, scope);
  return keys;
}

/** The same for an account: the user's uploads and their store's files. */
export async function takeUserFiles(deps: ServiceDeps, owner: { userId: number }): Promise<string[]> {
  const store = await ownStoreScope(deps, owner);
  const keys = await uploads.findUserFileKeys(deps.db, owner, store);
  await uploads.deleteUserUploads(deps.db, owner, store);
  return keys;
}


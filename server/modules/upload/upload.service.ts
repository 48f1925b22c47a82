import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SessionUser } from '#server/modules/auth/session-user.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import { newStorageKey } from '#server/storage/storage.ts';
import { displayName, KIND_EXTENSIONS, KIND_TYPES, normalizeImage, sniffKind, type UploadKind } from './upload.content.ts';
import { MAX_UPLOAD_BYTES } from '#common/upload-limits.ts';
import * as uploads from './upload.repository.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

export { UPLOAD_KINDS, type UploadKind } from './upload.content.ts';

// The limits are defined once in common/ with the upload field that applies them first.
export { isUploadPurpose, MAX_UPLOAD_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from '#common/upload-limits.ts';

/** What leaves the server about a file. */
export type UploadInfo = { id: string; name: string; type: string; size: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new AppError('upload.notFound', 404);

/**
 * Checks, cleans and stores one file for its owner, unclaimed: the form that uses it claims it
 * when it is saved. Size first (cheapest), then the content by its bytes; images are decoded and
 * written again, PDFs kept byte for byte.
 */
export async function acceptUpload(
  { db, storage, clock }: ServiceDeps,
  input: { userId: number; name: string; data: Buffer; kinds: readonly UploadKind[]; maxBytes?: number },
): Promise<UploadInfo> {
  const maxBytes = input.maxBytes ?? MAX_UPLOAD_BYTES;
  if (input.data.length > maxBytes) throw new AppError('upload.fileSize', 413);
  const kind = sniffKind(input.data);
  if (!kind || !input.kinds.includes(kind)) throw new AppError('upload.fileType', 415);

  let data = input.data;
  if (kind !== 'pdf') {
    try {
      data = await normalizeImage(input.data, kind);
    } catch {
      throw new AppError('upload.fileType', 415);
    }
  }

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
      await storage.remove(row.storageKey);
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

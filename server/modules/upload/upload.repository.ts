import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { UploadTable } from '#server/db/schema.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// Every query names its columns and, except the one that serves staff, its owner.
const COLUMNS = ['id', 'userId', 'storageKey', 'name', 'type', 'size', 'claimed', 'createdAt'] as const;

export async function insertUpload(db: Db, row: Insertable<UploadTable>): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}

/** Any user's upload: the service decides who may see it (owner, staff, admin). */
export function findUpload(db: Db, { uploadId }: { uploadId: string }) {
  return db.selectFrom('upload').select(COLUMNS).where('id', '=', uploadId).executeTakeFirst();
}

export function findOwnUpload(db: Db, { userId, uploadId }: { userId: number; uploadId: string }) {
  return db.selectFrom('upload').select(COLUMNS).where('id', '=', uploadId).where('userId', '=', userId).executeTakeFirst();
}

/** One statement, so two requests racing for the same upload cannot both claim it. */
export async function markClaimed(db: Db, { userId, uploadId }: { userId: number; uploadId: string }): Promise<boolean> {
  const result = await db
    .updateTable('upload')
    .set({ claimed: 1 })
    .where('id', '=', uploadId)
    .where('userId', '=', userId)
    .where('claimed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** `markClaimed` for a file that was rewritten (resized) on the way: its new size too. */
export async function markClaimedWithSize(db: Db, { userId, uploadId, size }: { userId: number; uploadId: string; size: number }): Promise<boolean> {
  const result = await db
    .updateTable('upload')
    .set({ claimed: 1, size })
    .where('id', '=', uploadId)
    .where('userId', '=', userId)
    .where('claimed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteOwnUpload(db: Db, { userId, uploadId, unclaimedOnly }: { userId: number; uploadId: string; unclaimedOnly: boolean }) {
  let query = db.deleteFrom('upload').where('id', '=', uploadId).where('userId', '=', userId);
  if (unclaimedOnly) query = query.where('claimed', '=', 0);
  const row = await query.returning(['storageKey']).executeTakeFirst();
  return row?.storageKey ?? null;
}

/** Unclaimed uploads older than `before`: files chosen on a form that was never sent. */
export function findStaleUploads(db: Db, { before, limit }: { before: string; limit: number }) {
  return db.selectFrom('upload').select(['id', 'storageKey']).where('claimed', '=', 0).where('createdAt', '<', before).orderBy('createdAt').limit(limit).execute();
}

export async function deleteUnclaimed(db: Db, { uploadId }: { uploadId: string }): Promise<boolean> {
  const result = await db.deleteFrom('upload').where('id', '=', uploadId).where('claimed', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Whether a record of this user uses the upload: staff upload a package's photo and attach
 * files to their ticket replies, and the client whose package or ticket it is must see them.
 */
export async function usedByRecordOf(db: Db, { uploadId, userId }: { uploadId: string; userId: number }): Promise<boolean> {
  const checks = [
    () => db.selectFrom('package').select('id').where('photoUploadId', '=', uploadId).where('userId', '=', userId).limit(1).executeTakeFirst(),
    () => db.selectFrom('alert').select('id').where('invoiceUploadId', '=', uploadId).where('userId', '=', userId).limit(1).executeTakeFirst(),
    () =>
      db
        .selectFrom('ticketAttachment')
        .innerJoin('ticketMessage', 'ticketMessage.id', 'ticketAttachment.messageId')
        .innerJoin('ticket', 'ticket.id', 'ticketMessage.ticketId')
        .select('ticket.id')
        .where('ticketAttachment.uploadId', '=', uploadId)
        .where('ticket.userId', '=', userId)
        .limit(1)
        .executeTakeFirst(),
  ];
  for (const check of checks) if (await check()) return true;
  return false;
}

// ---- Store files (decision 029): the uploads a store owns, found and removed with the store ----

/** Records a claimed upload of the store's owner as the store's file. */
export async function insertStoreUpload(db: Db, scope: StoreScope, uploadId: string): Promise<void> {
  await db.insertInto('storeUpload').values({ uploadId, storeId: scope.storeId }).execute();
}

/** The storage key of one of a store's files. */
export async function findStoreFileKey(db: Db, scope: StoreScope, uploadId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('storeUpload')
    .innerJoin('upload', 'upload.id', 'storeUpload.uploadId')
    .select('upload.storageKey')
    .where('storeUpload.storeId', '=', scope.storeId)
    .where('storeUpload.uploadId', '=', uploadId)
    .executeTakeFirst();
  return row?.storageKey;
}

/** Deletes one of the store's files' rows and answers its storage key (null: not the store's). */
export async function deleteStoreUpload(db: Db, scope: StoreScope, uploadId: string): Promise<string | null> {
  const row = await db
    .deleteFrom('upload')
    .where('id', '=', uploadId)
    .where('id', 'in', (sub) => sub.selectFrom('storeUpload').select('storeUpload.uploadId').where('storeUpload.storeId', '=', scope.storeId))
    .returning(['storageKey'])
    .executeTakeFirst();
  return row?.storageKey ?? null;
}

/** Deletes several of the store's files' rows (a deleted product's gallery) and answers their storage keys; ids not the store's are left alone. */
export async function deleteStoreUploadsIn(db: Db, scope: StoreScope, uploadIds: readonly string[]): Promise<string[]> {
  if (uploadIds.length === 0) return [];
  const rows = await db
    .deleteFrom('upload')
    .where('id', 'in', uploadIds)
    .where('id', 'in', (sub) => sub.selectFrom('storeUpload').select('storeUpload.uploadId').where('storeUpload.storeId', '=', scope.storeId))
    .returning(['storageKey'])
    .execute();
  return rows.map((row) => row.storageKey);
}

/** The storage keys of the store's files. */
export async function findStoreUploadIds(db: Db, scope: StoreScope): Promise<string[]> {
  const rows = await db.selectFrom('storeUpload').select('uploadId').where('storeId', '=', scope.storeId).orderBy('uploadId').execute();
  return rows.map((row) => row.uploadId);
}

export async function findStoreFileKeys(db: Db, scope: StoreScope): Promise<string[]> {
  const rows = await db
    .selectFrom('upload')
    .innerJoin('storeUpload', 'storeUpload.uploadId', 'upload.id')
    .select('upload.storageKey')
    .where('storeUpload.storeId', '=', scope.storeId)
    .execute();
  return rows.map((row) => row.storageKey);
}

/** Deletes the store's uploads (their `store_upload` rows cascade). */
export async function deleteStoreUploads(db: Db, scope: StoreScope): Promise<void> {
  await db
    .deleteFrom('upload')
    .where('id', 'in', (sub) => sub.selectFrom('storeUpload').select('storeUpload.uploadId').where('storeUpload.storeId', '=', scope.storeId))
    .execute();
}

/** The user's uploads and those of the store they own, if any (an account deletion takes both). */
function userAndStoreUploads(db: Db, userId: number, store: StoreScope | null) {
  return db
    .selectFrom('upload')
    .where((eb) =>
      eb.or([
        eb('upload.userId', '=', userId),
        ...(store ? [eb('upload.id', 'in', eb.selectFrom('storeUpload').select('storeUpload.uploadId').where('storeUpload.storeId', '=', store.storeId))] : []),
      ]),
    );
}

export async function findUserFileKeys(db: Db, { userId }: { userId: number }, store: StoreScope | null): Promise<string[]> {
  const rows = await userAndStoreUploads(db, userId, store).select('upload.storageKey').execute();
  return rows.map((row) => row.storageKey);
}

export async function deleteUserUploads(db: Db, { userId }: { userId: number }, store: StoreScope | null): Promise<void> {
  const ids = await userAndStoreUploads(db, userId, store).select('upload.id').execute();
  if (ids.length > 0) await db.deleteFrom('upload').where('id', 'in', ids.map((row) => row.id)).execute();
}

import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { UploadTable } from '#server/db/schema.ts';

// Every query names its columns and, except the one that serves staff, its owner.
const COLUMNS = ['id', 'user_id', 'storage_key', 'name', 'type', 'size', 'claimed', 'created_at'] as const;

export async function insertUpload(db: Db, row: Insertable<UploadTable>): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}

/** Any user's upload: the service decides who may see it (owner, staff, admin). */
export function findUpload(db: Db, { uploadId }: { uploadId: string }) {
  return db.selectFrom('upload').select(COLUMNS).where('id', '=', uploadId).executeTakeFirst();
}

export function findOwnUpload(db: Db, { userId, uploadId }: { userId: number; uploadId: string }) {
  return db.selectFrom('upload').select(COLUMNS).where('id', '=', uploadId).where('user_id', '=', userId).executeTakeFirst();
}

/** One statement, so two requests racing for the same upload cannot both claim it. */
export async function markClaimed(db: Db, { userId, uploadId }: { userId: number; uploadId: string }): Promise<boolean> {
  const result = await db
    .updateTable('upload')
    .set({ claimed: 1 })
    .where('id', '=', uploadId)
    .where('user_id', '=', userId)
    .where('claimed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteOwnUpload(db: Db, { userId, uploadId, unclaimedOnly }: { userId: number; uploadId: string; unclaimedOnly: boolean }) {
  let query = db.deleteFrom('upload').where('id', '=', uploadId).where('user_id', '=', userId);
  if (unclaimedOnly) query = query.where('claimed', '=', 0);
  const row = await query.returning(['storage_key']).executeTakeFirst();
  return row?.storage_key ?? null;
}

/** Unclaimed uploads older than `before`: files chosen on a form that was never sent. */
export function findStaleUploads(db: Db, { before, limit }: { before: string; limit: number }) {
  return db.selectFrom('upload').select(['id', 'storage_key']).where('claimed', '=', 0).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
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
    () => db.selectFrom('package').select('id').where('photo_upload_id', '=', uploadId).where('user_id', '=', userId).limit(1).executeTakeFirst(),
    () => db.selectFrom('alert').select('id').where('invoice_upload_id', '=', uploadId).where('user_id', '=', userId).limit(1).executeTakeFirst(),
    () =>
      db
        .selectFrom('ticket_attachment')
        .innerJoin('ticket_message', 'ticket_message.id', 'ticket_attachment.message_id')
        .innerJoin('ticket', 'ticket.id', 'ticket_message.ticket_id')
        .select('ticket.id')
        .where('ticket_attachment.upload_id', '=', uploadId)
        .where('ticket.user_id', '=', userId)
        .limit(1)
        .executeTakeFirst(),
  ];
  for (const check of checks) if (await check()) return true;
  return false;
}

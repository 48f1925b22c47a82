import type { Db } from '#server/db/database.ts';
import type { PasswordResetTable } from '#server/db/schema.ts';

export async function insertPasswordReset(db: Db, row: PasswordResetTable) {
  await db.insertInto('passwordReset').values(row).execute();
}

export async function findPasswordReset(db: Db, id: string) {
  return db.selectFrom('passwordReset').select(['id', 'userId', 'expiresAt', 'usedAt']).where('id', '=', id).executeTakeFirst();
}

/** Spends the link once: false when a concurrent use spent it first. */
export async function spendPasswordReset(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable('passwordReset').set({ usedAt: at }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

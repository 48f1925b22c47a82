import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { PasswordResetTable, SessionTable } from '#server/db/schema.ts';

export async function insertSession(db: Db, row: Insertable<SessionTable>) {
  await db.insertInto('session').values(row).execute();
}

export async function findSessionWithUser(db: Db, id: string) {
  return db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select(['session.expiresAt', 'session.actingStoreId', 'user.id', 'user.email', 'user.name', 'user.role', 'user.enabled'])
    .where('session.id', '=', id)
    .executeTakeFirst();
}

export async function extendSession(db: Db, id: string, expiresAt: string) {
  await db.updateTable('session').set({ expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string) {
  await db.deleteFrom('session').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Db, userId: number) {
  await db.deleteFrom('session').where('userId', '=', userId).execute();
}

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

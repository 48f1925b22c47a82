import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { SessionTable } from '#server/db/schema.ts';

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

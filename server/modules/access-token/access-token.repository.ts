import type { Db } from '#server/db/database.ts';
import type { AccessTokenTable } from '#server/db/schema.ts';
import { type Insertable, PostgresAdapter } from 'kysely';

type Owner = { userId: number };

export async function insertAccessToken(db: Db, row: Insertable<AccessTokenTable>): Promise<number> {
  const inserted = await db.insertInto('accessToken').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Locks the owner's user row until the transaction `db` belongs to ends (PostgreSQL `for update`):
 * a second creation of the same user waits here, then counts the first one's token. SQLite runs
 * one writing transaction at a time (`begin immediate`), which serializes them already.
 */
export async function lockTokenOwner(db: Db, { userId }: Owner): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function countAccessTokens(db: Db, { userId }: Owner): Promise<number> {
  const row = await db.selectFrom('accessToken').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The owner's tokens, newest first: never the hash. */
export async function listAccessTokens(db: Db, { userId }: Owner) {
  return db
    .selectFrom('accessToken')
    .select(['id', 'name', 'scope', 'createdAt', 'expiresAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** False when the token is not the owner's (or already gone). */
export async function deleteAccessToken(db: Db, { userId, id }: Owner & { id: number }): Promise<boolean> {
  const result = await db.deleteFrom('accessToken').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The token behind a hash with the user it acts for, enabled or not (the service decides). */
export async function findAccessTokenWithUser(db: Db, tokenHash: string) {
  return db
    .selectFrom('accessToken')
    .innerJoin('user', 'user.id', 'accessToken.userId')
    .select(['accessToken.id as tokenId', 'accessToken.name as tokenName', 'accessToken.actingStoreId', 'accessToken.scope', 'accessToken.expiresAt', 'accessToken.lastUsedAt', 'user.id', 'user.email', 'user.name', 'user.role', 'user.enabled'])
    .where('accessToken.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchAccessToken(db: Db, id: number, at: string) {
  await db.updateTable('accessToken').set({ lastUsedAt: at }).where('id', '=', id).execute();
}

import type { Db } from '#server/db/database.ts';
import type { RateLimitTable } from '#server/db/schema.ts';

export async function findCounter(db: Db, key: string) {
  return db.selectFrom('rateLimit').select(['count', 'resetAt']).where('key', '=', key).executeTakeFirst();
}

export async function putCounter(db: Db, row: RateLimitTable) {
  await db
    .insertInto('rateLimit')
    .values(row)
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ count: row.count, resetAt: row.resetAt }))
    .execute();
}

export async function deleteCounter(db: Db, key: string) {
  await db.deleteFrom('rateLimit').where('key', '=', key).execute();
}

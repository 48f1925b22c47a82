import type { Db } from '#server/db/database.ts';

/**
 * Counts one attempt and answers the count it made, in one statement: a new key starts at 1, a
 * key whose window has passed starts again at 1 with a new window, any other adds 1. Parallel
 * requests each get their own number (the row is locked by the upsert on PostgreSQL, and SQLite
 * runs one writer at a time), so no two of them can both see "under the limit" (issue 9).
 */
export async function incrementCounter(db: Db, { key, now, resetAt }: { key: string; now: string; resetAt: string }) {
  return db
    .insertInto('rateLimit')
    .values({ key, count: 1, resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        count: eb.case().when('rateLimit.resetAt', '<=', now).then(1).else(eb('rateLimit.count', '+', 1)).end(),
        resetAt: eb.case().when('rateLimit.resetAt', '<=', now).then(resetAt).else(eb.ref('rateLimit.resetAt')).end(),
      })),
    )
    .returning(['count', 'resetAt'])
    .executeTakeFirstOrThrow();
}

/** Takes back one attempt that turned out not to count (a successful login). */
export async function decrementCounter(db: Db, key: string) {
  await db
    .updateTable('rateLimit')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function deleteCounter(db: Db, key: string) {
  await db.deleteFrom('rateLimit').where('key', '=', key).execute();
}

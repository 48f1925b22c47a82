import { DatabaseSync } from 'node:sqlite';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

// One start-up step at a time per database (decision 098): when several processes start at once
// on an empty database, one migrates (or loads the demo data) while the others wait here, then
// find the work done. Held by the database's own locks, so a process that dies holding one frees it.

const isBusy = (error: unknown) => (error as { errcode?: number } | null)?.errcode === 5; // SQLITE_BUSY

/**
 * Runs `work` while holding this database's start-up lock, waiting as long as another process
 * holds it (its migrations may take minutes on a large database). `onWait` is told once when the
 * lock was not free at the first try.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return withAdvisoryLock(db, work, onWait);
  return withSqliteLock(db, work, onWait);
}

/**
 * PostgreSQL: a session advisory lock per schema, on a connection set aside for it (the work runs
 * on the pool's others). Per schema, so that two apps (or test files) on one database in schemas
 * of their own do not wait for each other. Kysely's migrator takes an advisory lock of its own
 * around the migrations, but not around its setup (creating its tables) nor around what we do
 * after them (the demo data), and a single key for the whole database.
 */
async function withAdvisoryLock<T>(db: Db, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext('tiendabox start-up ' || current_schema())`;
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection);
    if (!rows[0]?.locked) {
      onWait?.();
      await sql`select pg_advisory_lock(${key})`.execute(connection);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/**
 * SQLite: an exclusive transaction on a small file beside the database (`<file>.start-lock`).
 * Not on the database itself: its write lock held by one connection would stop the migrations'
 * own writes on the app's connection. Kysely's SQLite migrator takes no lock at all: two
 * processes would both run a migration, and the second fail ("table … already exists").
 * The wait is on a timer (busy_timeout 0), so the event loop is not stopped meanwhile.
 */
async function withSqliteLock<T>(db: Db, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  // In memory: no other process can open it.
  if (!file) return work();
  const lock = new DatabaseSync(`${file}.start-lock`);
  try {
    lock.exec('pragma busy_timeout = 0');
    for (let first = true; ; first = false) {
      try {
        lock.exec('begin exclusive');
        break;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (first) onWait?.();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    return await work();
  } finally {
    if (lock.isTransaction) lock.exec('rollback');
    lock.close();
  }
}

// The SQL of bench:search (bench/search.ts): the bench's own statement, never a request's.
import { sql } from 'kysely';
import { type Db, optimizeDatabase } from '#server/db/database.ts';

/**
 * What a settled database has after a fill: statistics (SQLite's `optimize`, as at start), and on
 * PostgreSQL `vacuum analyze` — this machine's PostgreSQL runs without autovacuum, and without
 * statistics its planner took the 100,000-product store for 111 rows.
 */
export async function settleDatabase(db: Db, postgres: boolean): Promise<void> {
  if (postgres) await sql`vacuum analyze`.execute(db);
  else await optimizeDatabase(db);
}

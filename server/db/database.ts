import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, type KyselyConfig, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import { CaseNames, withSqlNames } from '#server/db/case-names.ts';
import { createSqliteDialect } from '#server/db/sqlite-dialect.ts';
import type { Database } from '#server/db/schema.ts';
import { StoreGuardPlugin } from '#server/db/store-guard.ts';
import { storeQueryLog } from '#server/db/store-query-log.ts';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

// Both dialects hand timestamps and counts to the code the same way: ISO strings and numbers.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (value) => new Date(value).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export function dialectOf(databaseUrl: string | undefined): DialectName {
  return databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
}

export function sqliteFile(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  const url = config.databaseUrl;
  if (url?.startsWith('sqlite:')) return url.slice('sqlite:'.length);
  return path.join(config.dataDir, 'tiendabox.sqlite');
}

/**
 * One data shape from the repository up: tables and columns are snake_case in SQL and camelCase in
 * code (decision 022), printed so by the compiler and mapped back in the rows by `CaseNames`
 * (decision 039). Migrations keep writing snake_case names, which stay as they are.
 */
export function databaseOptions(dialect: KyselyConfig['dialect'], options: { storeGuard?: boolean; logStoreQueries?: string } = {}): KyselyConfig {
  const plugins = [new CaseNames(), ...(options.storeGuard ? [new StoreGuardPlugin()] : [])];
  // No logger unless asked for: Kysely then skips the logging path altogether.
  if (!options.logStoreQueries) return { dialect: withSqlNames(dialect), plugins };
  const watch = storeQueryLog(options.logStoreQueries);
  return { dialect: withSqlNames(dialect), plugins: [...plugins, watch.plugin], log: watch.log };
}

/**
 * A connection that PostgreSQL drops (a restart, a failover, a network cut) is an 'error' event on
 * its client, and on the pool when idle, which ends the process when nobody listens. The query it
 * was running fails on its own, the pool throws the connection away and opens a new one for the
 * next query, and /healthz says whether one can be had (decision 098): crashing would turn a
 * database blip into every process restarting at once.
 */
export function quietWhenCut(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function createDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'storeGuard' | 'logStoreQueries'>>): Db {
  const options = { storeGuard: config.storeGuard, logStoreQueries: config.logStoreQueries };
  if (dialectOf(config.databaseUrl) === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    quietWhenCut(pool);
    return new Kysely<Database>(databaseOptions(new PostgresDialect({ pool }), options));
  }
  const file = sqliteFile(config);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  return new Kysely<Database>(databaseOptions(createSqliteDialect(file), options));
}

/**
 * Table statistics for SQLite's planner (PostgreSQL's autovacuum keeps its own). Without them
 * SQLite takes `store_id = ?` for a rare value and reads a list page's 20 rows by walking the
 * store's whole index instead of by id (38 ms against 0.07 ms at 100,000 products, decision 036).
 * `optimize` analyzes only the tables whose size changed a lot since the last time, and
 * `analysis_limit` samples each index, so it costs ~0.2 s at that size. Run at start and every
 * few hours.
 */
export async function optimizeDatabase(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`pragma analysis_limit = 400`.execute(db);
  await sql`pragma optimize = 0x10002`.execute(db);
  // The catalogue's text index (migration 2026-12-06-103) merged into one segment: every write adds
  // a segment and FTS5 merges them only four at a time, so a word is looked up in each of a dozen;
  // a typo's ~450 look-ups in its vocabulary took 2.6 ms of CPU at 100,000 products, 0.55 merged
  // (decision 095). About 0.25 s at that size, in one write.
  await sql`insert into product_text(product_text) values ('optimize')`.execute(db);
}

/** A trivial query: throws when the database cannot answer one (used by /healthz, within its bound). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

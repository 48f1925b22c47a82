import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { searchTerms, storeSearchTerms, typoWords } from '#common/search-terms.ts';
import { CompiledQuery, type DatabaseConnection, SqliteDialect, SqliteDriver, type SqliteDatabase, type SqliteStatement } from 'kysely';

type Parameter = null | number | bigint | string | Uint8Array;

/**
 * Prepared statements kept per SQL text. Kysely prepares every query it runs; preparing is a
 * parse and plan in SQLite, about as costly as running a list page's small statements, so the
 * app's few hundred distinct statements are prepared once each (least recently used first out).
 */
const STATEMENT_CACHE_SIZE = 500;

const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);

// Kysely's SqliteDialect speaks better-sqlite3; node:sqlite differs only in spreading the
// parameters and in having no `reader` flag, so this adapter is all we need (no native addon).
function adapt(database: DatabaseSync, statement: StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    // `all` and `run` finish before they return (node:sqlite is synchronous), so one statement
    // serves every caller in turn. An iteration stays open across awaits: it gets its own.
    all: (parameters) => statement.all(...params(parameters)),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...params(parameters));
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => database.prepare(statement.sourceSQL).iterate(...params(parameters)),
  };
}

function toSqlite(value: unknown): Parameter {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as Parameter;
}

export function openSqlite(file: string): DatabaseSync {
  const database = new DatabaseSync(file);
  // First: setting the journal mode takes a lock too, and a second process opening the file
  // while another writes got "database is locked" at once with no wait set yet (seen in CI).
  database.exec(`PRAGMA busy_timeout = ${LOCK_WAIT_MS}`);
  // WAL for concurrent readers, FULL sync so a committed write survives a power cut.
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  // 8 MiB of pages kept (the default is 2): a search's keys at 100,000 products spread over more
  // pages of the product index than 2 MiB holds, and each page read again from the OS's cache is a
  // system call — "lampara de algodon" took 2.4 ms of SQLite's CPU with 2 MiB, 1.4 with 4 MiB or
  // more (issue 40 §7). One connection a process: 6 MiB more at most (decision 101's budget).
  database.exec('PRAGMA cache_size = -8192');
  // The catalogue's search index is written by triggers with the app's stemmer (migrations
  // 2026-12-06-103 and 106, decision 095): every connection that may write a product needs them.
  database.function('search_terms', { deterministic: true }, (text) => searchTerms(typeof text === 'string' ? text : null));
  database.function('store_search_terms', { deterministic: true }, (store, text) => storeSearchTerms(Number(store), typeof text === 'string' ? text : null));
  // and a store's vocabulary of words (migration 2026-12-06-107), as a JSON array for json_each
  database.function('product_words', { deterministic: true }, (name, description) => JSON.stringify(typoWords(typeof name === 'string' ? name : null, typeof description === 'string' ? description : null)));
  return database;
}

/** How long a transaction waits for another process's write lock, as `busy_timeout` for the rest. */
const LOCK_WAIT_MS = 5000;

const isBusy = (error: unknown) => (error as { errcode?: number } | null)?.errcode === 5; // SQLITE_BUSY

/**
 * Transactions take the write lock when they begin (`begin immediate`). With a plain `begin`, a
 * transaction that reads and then writes asks for the lock at its first write; if another
 * process (a second server worker, a script) committed in between, SQLite answers SQLITE_BUSY at
 * once, since waiting could not help a snapshot that is already stale. Taken at the start, the
 * lock is waited for like any other. In one process it changes nothing: Kysely runs one
 * transaction at a time on the one connection.
 *
 * The wait is on a timer, not in SQLite's busy handler (decision 070): node:sqlite is synchronous,
 * so the busy handler's sleeps would stop this worker's event loop for as long as the other worker
 * writes — no request read, no page rendered, the core idle. Waiting here, the worker goes on
 * serving, and the placings that arrive meanwhile join its next group commit.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = performance.now() + LOCK_WAIT_MS;
    await connection.executeQuery(CompiledQuery.raw('pragma busy_timeout = 0'));
    try {
      for (let pause = 1; ; pause = Math.min(pause * 2, 4)) {
        try {
          await connection.executeQuery(CompiledQuery.raw('begin immediate'));
          return;
        } catch (error) {
          if (!isBusy(error) || performance.now() > deadline) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    } finally {
      await connection.executeQuery(CompiledQuery.raw(`pragma busy_timeout = ${LOCK_WAIT_MS}`));
    }
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export function createSqliteDialect(file: string): SqliteDialect {
  const database = openSqlite(file);
  // A Map iterates in insertion order: re-inserting on every use keeps it least-recent first.
  const statements = new Map<string, SqliteStatement>();
  const adapter: SqliteDatabase = {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = adapt(database, database.prepare(sql));
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
  return new ImmediateSqliteDialect({ database: adapter });
}

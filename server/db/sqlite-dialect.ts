import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

type Parameter = null | number | bigint | string | Uint8Array;

// Kysely's SqliteDialect speaks better-sqlite3; node:sqlite differs only in spreading the
// parameters and in having no `reader` flag, so this adapter is all we need (no native addon).
function adapt(statement: StatementSync): SqliteStatement {
  const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlite);
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...params(parameters)),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...params(parameters));
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...params(parameters)),
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
  // WAL for concurrent readers, FULL sync so a committed write survives a power cut.
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA foreign_keys = ON');
  database.exec('PRAGMA busy_timeout = 5000');
  return database;
}

export function createSqliteDialect(file: string): SqliteDialect {
  const database = openSqlite(file);
  const adapter: SqliteDatabase = {
    close: () => database.close(),
    prepare: (sql) => adapt(database.prepare(sql)),
  };
  return new SqliteDialect({ database: adapter });
}

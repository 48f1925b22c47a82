import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Shared by migrations, so it must stay stable: changing it would change landed migrations.
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// Timestamps are real timestamptz on PostgreSQL and ISO-8601 text on SQLite; the app writes and
// reads ISO strings on both (see database.ts type parsers).
export function timestampType(db: Kysely<any>): ColumnDataType {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

/** An auto-numbered primary key: identity on PostgreSQL, rowid alias on SQLite. */
export function idColumn(db: Kysely<any>): [ColumnDataType, (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db)
    ? ['integer', (col) => col.primaryKey().generatedByDefaultAsIdentity()]
    : ['integer', (col) => col.primaryKey().autoIncrement()];
}

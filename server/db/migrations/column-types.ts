import { type ColumnDataType, type Kysely, PostgresAdapter } from 'kysely';

// Shared by migrations, so it must stay stable: changing it would change landed migrations.
// Timestamps are real timestamptz on PostgreSQL and ISO-8601 text on SQLite; the app writes and
// reads ISO strings on both (see database.ts type parsers).
export function timestampType(db: Kysely<any>): ColumnDataType {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
}

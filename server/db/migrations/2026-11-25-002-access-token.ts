import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited. Personal access tokens for the API (issue 12,
// decision 034): only a SHA-256 of the token is kept, so a copy of the table opens nothing.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('access_token')
    .addColumn('id', ...idColumn(db))
    // A deleted user's tokens go with them.
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('scope', 'varchar(10)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts)
    .addColumn('last_used_at', ts)
    .execute();
  await db.schema.createIndex('access_token_user_id').on('access_token').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_token').execute();
}

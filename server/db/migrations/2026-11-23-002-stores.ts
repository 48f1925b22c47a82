import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited. One store per user (decision 025); plan, logo,
// style and contact come with the store screens in later migrations.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('store')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('user.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('section', 'varchar(60)', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('published', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store').execute();
}

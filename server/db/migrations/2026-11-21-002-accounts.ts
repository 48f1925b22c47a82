import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited; later changes come as new files.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('user')
    .addColumn('id', ...idColumn(db))
    .addColumn('email', 'varchar(254)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('lastname', 'varchar(100)', (col) => col.notNull())
    .addColumn('document_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('document_number', 'varchar(20)', (col) => col.notNull())
    .addColumn('phone', 'varchar(30)', (col) => col.notNull())
    .addColumn('address', 'varchar(200)', (col) => col.notNull())
    .addColumn('country', 'varchar(60)', (col) => col.notNull())
    .addColumn('state', 'varchar(60)', (col) => col.notNull())
    .addColumn('city', 'varchar(60)', (col) => col.notNull())
    .addColumn('zip', 'varchar(20)', (col) => col.notNull())
    .addColumn('role', 'varchar(10)', (col) => col.notNull().defaultTo('client'))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('locker_code', 'varchar(20)', (col) => col.unique())
    .addColumn('locale', 'varchar(2)', (col) => col.notNull().defaultTo('es'))
    .addColumn('email_notifications', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey()) // SHA-256 of the token, never the token
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('session_user_id').on('session').column('user_id').execute();

  await db.schema
    .createTable('password_reset')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey()) // SHA-256 of the token
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('password_reset_user_id').on('password_reset').column('user_id').execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['rate_limit', 'password_reset', 'session', 'user']) await db.schema.dropTable(table).execute();
}

import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen once landed. Issue 41 §5 (decision 100): a store's own domain (`www.tiendademaria.ec`).
// The host is unique across stores (two stores never answer on one host) and kept lowercase, in
// punycode; one domain per store for now (the unique store_id), which a later migration may lift.
// `verified_at` stays null until the owner's DNS shows the verification token.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_domain')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('verify_token', 'text', (col) => col.notNull())
    .addColumn('verified_at', timestampType(db))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('store_domain_host').on('store_domain').column('host').unique().execute();
  await db.schema.createIndex('store_domain_store').on('store_domain').column('store_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_domain').execute();
}

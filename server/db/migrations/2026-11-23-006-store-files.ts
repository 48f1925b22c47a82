import type { Kysely } from 'kysely';

// The files a store owns (decision 029): its logo today, product and banner images with issue 11.
// A store-owned list beside `upload` rather than a `store_id` on it: most uploads belong to no
// store, and a `store_id` column would put every upload query under the store guard.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_upload')
    .addColumn('upload_id', 'varchar(36)', (col) => col.primaryKey().references('upload.id').onDelete('cascade'))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('store_upload_store_id').on('store_upload').column('store_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_upload').execute();
}

import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited. The store's colors, the first catalogue table.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('color')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('slug', 'varchar(60)', (col) => col.notNull())
    .addColumn('hex', 'varchar(7)', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .execute();
  // Every list and lookup starts from the store: its id leads each index.
  await db.schema.createIndex('color_store_slug').on('color').columns(['store_id', 'slug']).unique().execute();
  await db.schema.createIndex('color_store_name').on('color').columns(['store_id', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('color').execute();
}

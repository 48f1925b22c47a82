import type { Kysely } from 'kysely';

// Frozen once landed. Every sort a kit list offers walks a `(store_id, column, id)` index
// (decision 036): the deferred join and the seek to the next page stay inside it. The product list
// had its indexes from the start; the other resources' sorts had none, or one without `id` (the
// colours' name). A unique `(store_id, column)` (a coupon's code) already orders every row.
const SORTS: [table: string, column: string][] = [
  ['color', 'name'],
  ['color', 'updated_at'],
  ['brand', 'updated_at'],
  ['category', 'updated_at'],
  ['subcategory', 'updated_at'],
  ['size', 'name'],
  ['size', 'updated_at'],
  ['subproduct', 'updated_at'],
  ['subproduct', 'price_cents'],
  ['subproduct', 'stock'],
  ['coupon', 'updated_at'],
  ['review', 'updated_at'],
  ['review', 'rating'],
  ['banner', 'updated_at'],
  ['page', 'title'],
  ['page', 'updated_at'],
];

const indexName = (table: string, column: string) => `${table}_store_${column.replace(/_at$/, '').replace(/_cents$/, '')}`;

export async function up(db: Kysely<any>): Promise<void> {
  // The colours' name index lacked the id that breaks ties: replaced by one that has it.
  await db.schema.dropIndex('color_store_name').execute();
  for (const [table, column] of SORTS) await db.schema.createIndex(indexName(table, column)).on(table).columns(['store_id', column, 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of SORTS) await db.schema.dropIndex(indexName(table, column)).execute();
  await db.schema.createIndex('color_store_name').on('color').columns(['store_id', 'name']).execute();
}

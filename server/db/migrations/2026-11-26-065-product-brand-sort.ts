import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

// Frozen once landed. The product list sorts by brand (issue 20 §21). A list sorts only by a column
// that holds no NULL (its seek compares values, decision 036), and `brand_id` may be NULL: a column
// the database computes, the brand's number or 0 for none, that no code writes and that follows
// every change of `brand_id` (a brand deleted sets it NULL) by itself. SQLite adds only virtual
// generated columns to a table that exists; an index stores its values all the same.
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`alter table product add column brand_sort integer generated always as (coalesce(brand_id, 0)) stored`.execute(db);
  else await sql`alter table product add column brand_sort integer not null generated always as (coalesce(brand_id, 0)) virtual`.execute(db);
  await db.schema.createIndex('product_store_brand_sort').on('product').columns(['store_id', 'brand_sort', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_store_brand_sort').execute();
  await db.schema.alterTable('product').dropColumn('brand_sort').execute();
}

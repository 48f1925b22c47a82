import type { Kysely } from 'kysely';

// Frozen once landed. One name for one thing (issue 19 §5, decision 049): the table of a product's
// variants was called `subproduct` while every screen said "variant". The table is renamed and its
// indexes with it (SQLite cannot rename an index, so each is made again under its new name; the
// table holds a store's handful of variants per product, so rebuilding costs little).
const INDEXES: [suffix: string, columns: string[]][] = [
  ['product', ['store_id', 'product_id', 'id']],
  ['name', ['store_id', 'name', 'id']],
  ['sku', ['store_id', 'sku']],
  ['updated', ['store_id', 'updated_at', 'id']],
  ['price', ['store_id', 'price_cents', 'id']],
  ['stock', ['store_id', 'stock', 'id']],
];

async function rename(db: Kysely<any>, from: string, to: string) {
  for (const [suffix] of INDEXES) await db.schema.dropIndex(`${from}_store_${suffix}`).execute();
  await db.schema.alterTable(from).renameTo(to).execute();
  for (const [suffix, columns] of INDEXES) await db.schema.createIndex(`${to}_store_${suffix}`).on(to).columns(columns).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await rename(db, 'subproduct', 'variant');
}

export async function down(db: Kysely<any>): Promise<void> {
  await rename(db, 'variant', 'subproduct');
}

import type { Kysely } from 'kysely';

// Frozen once landed. Decision 071: the catalog CSV reads a store's products and variants page by
// page in id order (`store_id = ? and id > ? order by id limit n`: the export, and the import's
// reading of the catalog). No index served that order: SQLite took one of `(store_id, …)` and
// sorted all the store's rows for every page (25 ms a page of 200 at 30,000 products, growing with
// the store, each a hold of the event loop), PostgreSQL walked the primary key through every
// store's rows. `(store_id, id)` serves it on both.
const TABLES = ['product', 'variant'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.createIndex(`${table}_store_id`).on(table).columns(['store_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.dropIndex(`${table}_store_id`).execute();
}

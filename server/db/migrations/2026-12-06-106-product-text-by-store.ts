import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

// The catalogue's text index on SQLite holds each store's terms apart: `s<store>x<stem>`
// (common/search-terms.ts's storeTerm; decision 095, amended for issue 40 §7). Migration 103 kept
// the store as a column of its own, so every search AND-ed its words with the store's term, whose
// list in the 100,000-product store has 100,000 entries, and FTS5 read it whole to go newest first:
// a third to half of a search's index time. The vocabulary (`product_text_terms`) becomes each
// store's too, so a typo's forms are the ones its own catalogue has. PostgreSQL's tsvector is
// filtered by `store_id` through its own index and is unchanged.
//
// On both databases, `product_store_rank` holds what the search ranks its matches by (enabled,
// featured, priority) beside the key: ranking 1,000 matches read 1,000 product rows, and read this
// index instead, 0.6 ms of CPU less a search on SQLite at 100,000 products.

const COLUMNS = 'name, keywords, sku, code, description';
const VALUES = (row: string) =>
  `${row}.id, store_search_terms(${row}.store_id, ${row}.name), store_search_terms(${row}.store_id, ${row}.keywords || ' ' || ${row}.sku || ' ' || ${row}.code), store_search_terms(${row}.store_id, ${row}.description)`;
const OLD_VALUES = (row: string) =>
  `${row}.id, 's' || ${row}.store_id, search_terms(${row}.name), search_terms(${row}.keywords || ' ' || ${row}.sku || ' ' || ${row}.code), search_terms(${row}.description)`;

async function dropIndex(db: Kysely<any>) {
  for (const trigger of ['insert', 'delete', 'update']) await sql.raw(`drop trigger product_text_${trigger}`).execute(db);
  await sql`drop table product_text_terms`.execute(db);
  await sql`drop table product_text`.execute(db);
}

async function createIndex(db: Kysely<any>, columns: string, values: (row: string) => string) {
  await sql.raw(`create virtual table product_text using fts5(${columns}, content = '', contentless_delete = 1)`).execute(db);
  await sql`create virtual table product_text_terms using fts5vocab(product_text, 'row')`.execute(db);
  await sql.raw(`insert into product_text(rowid, ${columns}) select ${values('product')} from product`).execute(db);
  await sql.raw(`create trigger product_text_insert after insert on product begin
    insert into product_text(rowid, ${columns}) values (${values('new')});
  end`).execute(db);
  await sql.raw(`create trigger product_text_delete after delete on product begin
    delete from product_text where rowid = old.id;
  end`).execute(db);
  await sql.raw(`create trigger product_text_update after update of ${COLUMNS} on product begin
    delete from product_text where rowid = old.id;
    insert into product_text(rowid, ${columns}) values (${values('new')});
  end`).execute(db);
  // One segment, as optimizeDatabase keeps it (database.ts): a rebuilt index is many.
  await sql`insert into product_text(product_text) values ('optimize')`.execute(db);
}

const RANK_INDEX = 'product_store_rank';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex(RANK_INDEX).on('product').columns(['store_id', 'id', 'enabled', 'featured', 'priority']).execute();
  if (isPostgres(db)) return;
  await dropIndex(db);
  await createIndex(db, 'name, extra, body', VALUES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex(RANK_INDEX).execute();
  if (isPostgres(db)) return;
  await dropIndex(db);
  await createIndex(db, 'store, name, extra, body', OLD_VALUES);
}

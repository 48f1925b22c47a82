import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

// Frozen once landed. Issue 40 §7 (decision 095, eighth amendment), SQLite only: each product's
// name as the search index reads it (`search_terms`, its stems padded with a space each side) in a
// column of its own, `name_terms`, kept in the index the storefront's search ranks its matches by
// (`product_store_rank`, migration 2026-12-06-106). Whether a match's name has every word is then
// a test of the index entry the ranking reads anyway (`instr`), where a second FTS5 query of the
// name column built a list of its own to test against: the three words' statement took 1.29 ms
// of SQLite's CPU with that list, 0.85 with the column, at 100,000 products.
//
// Triggers keep it as the name is written (the services, the CSV import, bulk actions): SQLite's
// triggers cannot change the row they fire on before it is stored, so theirs is an update after.
// PostgreSQL asks the name of each match's tsvector as it finds it (decision 095's fifth
// amendment) and has no such column.

const NAME_TERMS = (row: string) => `' ' || search_terms(${row}.name) || ' '`;
const RANK_INDEX = 'product_store_rank';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`alter table product add column name_terms text not null default ''`.execute(db);
  await sql.raw(`update product set name_terms = ${NAME_TERMS('product')}`).execute(db);
  await sql.raw(`create trigger product_name_terms_insert after insert on product begin
    update product set name_terms = ${NAME_TERMS('new')} where id = new.id;
  end`).execute(db);
  await sql.raw(`create trigger product_name_terms_update after update of name on product begin
    update product set name_terms = ${NAME_TERMS('new')} where id = new.id;
  end`).execute(db);
  await db.schema.dropIndex(RANK_INDEX).execute();
  await db.schema.createIndex(RANK_INDEX).on('product').columns(['store_id', 'id', 'enabled', 'featured', 'priority', 'name_terms']).execute();
  // Its statistics at once (the start's optimizeDatabase would take them next): without them the
  // planner took it to walk a store's products for the dashboard's search, sorting them all after
  // — 26 ms at 100,000 products, against 1.3 along the list's own index.
  await sql`analyze product_store_rank`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.dropIndex(RANK_INDEX).execute();
  await db.schema.createIndex(RANK_INDEX).on('product').columns(['store_id', 'id', 'enabled', 'featured', 'priority']).execute();
  await sql`drop trigger product_name_terms_insert`.execute(db);
  await sql`drop trigger product_name_terms_update`.execute(db);
  await sql`alter table product drop column name_terms`.execute(db);
}

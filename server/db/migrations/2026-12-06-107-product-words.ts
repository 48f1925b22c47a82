import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

// Frozen once landed. Issue 40 §7 (decision 095, third amendment): each store's vocabulary of
// words — the letter-only stems of its products' names and descriptions, where a typo is forgiven —
// in a table of its own, `product_word (store_id, word)`. A typo's ~450 forms are looked up there in
// one index range: in FTS5's vocabulary (which counts every found term's list as it goes, and holds
// each SKU and code too) they took 0.7–0.8 ms of CPU at 100,000 products, in this table 0.25; on
// PostgreSQL a tsquery probe a form took 4.3 ms.
//
// Triggers add a product's words as it is written (the services, the CSV import, bulk actions).
// A word is never taken out when no product has it any longer: its typo then finds what a word
// not there finds, nothing, and counting each word's products on every write would cost every
// write. The store's delete takes its words with it (the foreign key's cascade).

// `source`: the product table itself for the backfill, nothing for a trigger's `new` row.
const SQLITE_WORDS = (row: string, source = '') => `insert or ignore into product_word(store_id, word) select ${row}.store_id, value from ${source}json_each(product_words(${row}.name, ${row}.description))`;
// PostgreSQL reads them off the row's search_document (migration 2026-12-06-103's trigger, before
// this one): its lexemes of weight A (the name) and C (the description), stemmed once already.
const POSTGRES_WORDS = (row: string, source = '') =>
  `insert into product_word(store_id, word) select distinct ${row}.store_id, lexeme from ${source}unnest(ts_filter(${row}.search_document, '{a,c}')) where lexeme ~ '^[a-z]+$' on conflict do nothing`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_word')
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('word', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_word_pkey', ['store_id', 'word'])
    .$call((table) => (isPostgres(db) ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  if (isPostgres(db)) {
    await sql.raw(`create function tb_product_words() returns trigger language plpgsql as $fn$
      begin
        ${POSTGRES_WORDS('new')};
        return null;
      end
    $fn$`).execute(db);
    await sql`create trigger product_words after insert or update of name, description on product for each row execute function tb_product_words()`.execute(db);
    await sql.raw(POSTGRES_WORDS('product', 'product, ')).execute(db);
    return;
  }
  await sql.raw(`create trigger product_word_insert after insert on product begin ${SQLITE_WORDS('new')}; end`).execute(db);
  await sql.raw(`create trigger product_word_update after update of name, description on product begin ${SQLITE_WORDS('new')}; end`).execute(db);
  await sql.raw(SQLITE_WORDS('product', 'product, ')).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger product_words on product`.execute(db);
    await sql`drop function tb_product_words()`.execute(db);
  } else {
    await sql`drop trigger product_word_insert`.execute(db);
    await sql`drop trigger product_word_update`.execute(db);
  }
  await db.schema.dropTable('product_word').execute();
}

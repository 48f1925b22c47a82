import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

// Frozen once landed. Issue 40 §7 (decision 095): a search that finds what shoppers type — accents
// and case folded, Spanish plurals and endings stemmed — over a product's name (weighted most),
// its keywords, SKU and code, and its description.
//
// Both databases index the same terms, the stems of common/search-terms.ts:
// * SQLite: an FTS5 table `product_text` (rowid = product id, contentless: the terms are not
//   stored twice) written by triggers with `search_terms()`, the app's own stemmer, which every
//   connection registers (server/db/sqlite-dialect.ts). Its `store` column holds `s<store id>`, so a
//   search asks for one store's matches, newest first, and stops at its cap; `product_text_terms`
//   is its vocabulary (fts5vocab), where a typo's neighbours are looked up;
// * PostgreSQL: a `search_document` tsvector on `product`, written by a trigger with
//   `tb_search_terms()`, the same steps as SQL below (common/search-terms.ts's STEM_STEPS), and a
//   GIN index. `unaccent` lives in `public` like `pg_trgm` (one per database, every schema finds it).
// Triggers catch every write: the services, the CSV import, the variant grid, bulk actions, a
// store's cascading delete. Existing products are indexed here.

const STOP_WORDS = 'a|al|con|de|del|e|el|en|la|las|lo|los|o|para|por|sin|su|sus|u|un|una|y|and|for|of|the|with';

// common/search-terms.ts as SQL: tags out, unaccent, lowercase, words, stop words out, three steps.
const TERMS_FUNCTION = `
create function tb_search_terms(input text) returns text language sql immutable parallel safe as $fn$
  select trim(regexp_replace(
    regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      ' ' || regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, regexp_replace(coalesce(input, ''), '<[^>]*>', ' ', 'g'))), '[^a-z0-9]+', ' ', 'g') || ' ',
      ' (?:${STOP_WORDS})(?= )', ' ', 'g'),
      ' ([a-z]+[aeiou])ces(?= )', ' \\1z', 'g'),
      ' ([a-z]{2,}[aeo])s(?= )', ' \\1', 'g'),
      ' ([a-z]{3,})[aeo](?= )', ' \\1', 'g'),
    ' +', ' ', 'g'))
$fn$`;

const DOCUMENT = (row: string) => `setweight(to_tsvector('simple', tb_search_terms(${row}.name)), 'A')
  || setweight(to_tsvector('simple', tb_search_terms(concat_ws(' ', ${row}.keywords, ${row}.sku, ${row}.code))), 'B')
  || setweight(to_tsvector('simple', tb_search_terms(${row}.description)), 'C')`;

const SQLITE_VALUES = (row: string) => `${row}.id, 's' || ${row}.store_id, search_terms(${row}.name), search_terms(${row}.keywords || ' ' || ${row}.sku || ' ' || ${row}.code), search_terms(${row}.description)`;
const COLUMNS = 'name, keywords, sku, code, description';

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Test schemas migrate side by side; one `create extension` at a time.
    await sql`select pg_advisory_xact_lock(hashtext('tiendabox:unaccent'))`.execute(db);
    await sql`create extension if not exists unaccent with schema public`.execute(db);
    await sql.raw(TERMS_FUNCTION).execute(db);
    await sql`alter table product add column search_document tsvector`.execute(db);
    await sql.raw(`create function tb_product_search_document() returns trigger language plpgsql as $fn$
      begin
        new.search_document := ${DOCUMENT('new')};
        return new;
      end
    $fn$`).execute(db);
    await sql.raw(`create trigger product_search_document before insert or update of ${COLUMNS} on product for each row execute function tb_product_search_document()`).execute(db);
    await sql.raw(`update product set search_document = ${DOCUMENT('product')}`).execute(db);
    await sql`create index product_search_document on product using gin (search_document)`.execute(db);
    return;
  }
  await sql`create virtual table product_text using fts5(store, name, extra, body, content = '', contentless_delete = 1)`.execute(db);
  await sql`create virtual table product_text_terms using fts5vocab(product_text, 'row')`.execute(db);
  await sql.raw(`insert into product_text(rowid, store, name, extra, body) select ${SQLITE_VALUES('product')} from product`).execute(db);
  await sql.raw(`create trigger product_text_insert after insert on product begin
    insert into product_text(rowid, store, name, extra, body) values (${SQLITE_VALUES('new')});
  end`).execute(db);
  await sql.raw(`create trigger product_text_delete after delete on product begin
    delete from product_text where rowid = old.id;
  end`).execute(db);
  await sql.raw(`create trigger product_text_update after update of ${COLUMNS} on product begin
    delete from product_text where rowid = old.id;
    insert into product_text(rowid, store, name, extra, body) values (${SQLITE_VALUES('new')});
  end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger product_search_document on product`.execute(db);
    await sql`drop function tb_product_search_document()`.execute(db);
    await sql`alter table product drop column search_document`.execute(db);
    await sql`drop function tb_search_terms(text)`.execute(db);
    return;
  }
  for (const trigger of ['insert', 'delete', 'update']) await sql.raw(`drop trigger product_text_${trigger}`).execute(db);
  await sql`drop table product_text_terms`.execute(db);
  await sql`drop table product_text`.execute(db);
}

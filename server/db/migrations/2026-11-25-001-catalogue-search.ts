import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

// Frozen once landed. A text index for the product list's search over name, sku and code
// (decision 036): case-insensitive "contains" that no B-tree can serve.
//
// * PostgreSQL: `pg_trgm` GIN indexes on `lower(column)`, which serve the very
//   `lower(column) like '%term%'` the repositories write. The extension lives in `public` (it is
//   one per database, and every test schema must find it), so its operator class is named with it.
// * SQLite: an FTS5 table with the `trigram` tokenizer over the same columns, an external-content
//   twin of `product` (the text is not stored twice), kept in step by triggers: every insert,
//   update and delete of a product — the services, the CSV import, a store's cascading delete —
//   goes through them.
const COLUMNS = ['name', 'sku', 'code'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Test schemas migrate side by side; one `create extension` at a time.
    await sql`select pg_advisory_xact_lock(hashtext('tiendabox:pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    for (const column of COLUMNS) {
      await sql.raw(`create index product_search_${column} on product using gin (lower(${column}) public.gin_trgm_ops)`).execute(db);
    }
    return;
  }
  const list = COLUMNS.join(', ');
  const values = (row: 'new' | 'old') => COLUMNS.map((column) => `${row}.${column}`).join(', ');
  await sql.raw(`create virtual table product_search using fts5(${list}, content='product', content_rowid='id', tokenize='trigram')`).execute(db);
  await sql.raw(`insert into product_search(product_search) values ('rebuild')`).execute(db);
  await sql.raw(`create trigger product_search_insert after insert on product begin
    insert into product_search(rowid, ${list}) values (new.id, ${values('new')});
  end`).execute(db);
  await sql.raw(`create trigger product_search_delete after delete on product begin
    insert into product_search(product_search, rowid, ${list}) values ('delete', old.id, ${values('old')});
  end`).execute(db);
  await sql.raw(`create trigger product_search_update after update of ${list} on product begin
    insert into product_search(product_search, rowid, ${list}) values ('delete', old.id, ${values('old')});
    insert into product_search(rowid, ${list}) values (new.id, ${values('new')});
  end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of COLUMNS) await sql.raw(`drop index product_search_${column}`).execute(db);
    return;
  }
  for (const trigger of ['insert', 'delete', 'update']) await sql.raw(`drop trigger product_search_${trigger}`).execute(db);
  await sql.raw('drop table product_search').execute(db);
}

import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

// Frozen once landed. Decision 064: `store.page_version` changes in the same transaction as any
// change to what a storefront page shows — the store row itself and the store's catalogue and
// content tables — so a page cache in any process, on any machine, can tell a stored page is
// old by reading one number. Triggers, not service code: every write path (the resource kit,
// the store service, reviews, the CSV import, stock taken by an order, a cascading delete) goes
// through them, including the ones written later.
//
// * PostgreSQL: per table three statement-level triggers with a transition table, so a bulk
//   import bumps its store once per statement rather than once per row; the store row's own
//   change bumps it in a row-level BEFORE trigger (no second write).
// * SQLite: row-level triggers (it has no statement-level ones); a store's writes are serialized
//   by SQLite's single writer anyway.
const TABLES = ['color', 'brand', 'category', 'subcategory', 'size', 'product', 'product_image', 'variant', 'review', 'banner', 'page'] as const;

// The storefront's sorts on an index each (decision 064): with 100,000 products, the home's
// "newest" and "featured", a category's default order and its brand list read the whole
// catalogue per render (seconds on the scale database).
const SHOP_INDEXES: [string, string[]][] = [
  ['product_shop_newest', ['store_id', 'created_at', 'id']],
  ['product_shop_relevance', ['store_id', 'featured', 'priority', 'id']],
  ['product_shop_category', ['store_id', 'category_id', 'featured', 'priority', 'id']],
  // a category's brand filter: without it the planner walked every product of the store by brand
  ['product_shop_category_brand', ['store_id', 'category_id', 'brand_id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of SHOP_INDEXES) await db.schema.createIndex(name).on('product').columns(columns).execute();
  await db.schema.alterTable('store').addColumn('page_version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  if (isPostgres(db)) {
    await sql.raw(`create function shop_page_version_bump() returns trigger language plpgsql set search_path from current as $$
      begin
        update store set page_version = page_version + 1 where id in (select distinct store_id from changed);
        return null;
      end $$`).execute(db);
    await sql.raw(`create function shop_page_version_own() returns trigger language plpgsql as $$
      begin
        if new.page_version = old.page_version then new.page_version := old.page_version + 1; end if;
        return new;
      end $$`).execute(db);
    await sql.raw('create trigger store_page_version before update on store for each row execute function shop_page_version_own()').execute(db);
    for (const table of TABLES) {
      for (const [event, transition] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
        await sql.raw(`create trigger ${table}_page_version_${event} after ${event} on ${table} referencing ${transition} table as changed for each statement execute function shop_page_version_bump()`).execute(db);
      }
    }
    return;
  }
  await sql.raw(`create trigger store_page_version after update on store when new.page_version = old.page_version begin
    update store set page_version = old.page_version + 1 where id = new.id;
  end`).execute(db);
  for (const table of TABLES) {
    for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql.raw(`create trigger ${table}_page_version_${event} after ${event} on ${table} begin
        update store set page_version = page_version + 1 where id = ${row}.store_id;
      end`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger ${table}_page_version_${event}${isPostgres(db) ? ` on ${table}` : ''}`).execute(db);
  }
  await sql.raw(`drop trigger store_page_version${isPostgres(db) ? ' on store' : ''}`).execute(db);
  if (isPostgres(db)) {
    await sql.raw('drop function shop_page_version_bump()').execute(db);
    await sql.raw('drop function shop_page_version_own()').execute(db);
  }
  await db.schema.alterTable('store').dropColumn('page_version').execute();
  for (const [name] of SHOP_INDEXES) await db.schema.dropIndex(name).execute();
}

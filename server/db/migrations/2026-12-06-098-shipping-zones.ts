import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen once landed. Issue 40 §1 (decision 090): shipping by zone. A zone is a set of Ecuador's
// provinces (some of a province's cantons where the owner likes), kept as JSON of the provinces'
// codes; its rates are flat, by the order's total or by its weight, their brackets JSON too. Pickup
// in the store is one row per store. The order keeps what was sold: the canton, the rate's name and
// whether it is picked up. The sales settings' flat fee stays: it serves a store with no zone.
export async function up(db: Kysely<any>): Promise<void> {
  const text = (length: number) => `varchar(${length})` as const;
  const time = timestampType(db);
  const store = (col: any) => col.notNull().references('store.id').onDelete('cascade');

  await db.schema
    .createTable('shipping_zone')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    .addColumn('name', text(80), (col) => col.notNull())
    /** JSON: [{ "province": "W", "cantons": [] }, …]; no cantons is the whole province. */
    .addColumn('places', 'text', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shipping_zone_store').on('shipping_zone').columns(['store_id', 'id']).execute();

  await db.schema
    .createTable('shipping_rate')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    .addColumn('zone_id', 'integer', (col) => col.notNull().references('shipping_zone.id').onDelete('cascade'))
    .addColumn('name', text(120), (col) => col.notNull())
    /** 'flat' | 'total' | 'weight' */
    .addColumn('kind', text(10), (col) => col.notNull())
    /** JSON: [{ "upTo": cents or grams or null, "priceCents": n }, …], ascending; a flat rate has one. */
    .addColumn('brackets', 'text', (col) => col.notNull())
    .addColumn('days_min', 'integer', (col) => col.notNull())
    .addColumn('days_max', 'integer', (col) => col.notNull())
    .addColumn('free_from_cents', 'integer')
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shipping_rate_zone').on('shipping_rate').columns(['store_id', 'zone_id']).execute();

  await db.schema
    .createTable('shipping_pickup')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('address', text(300), (col) => col.notNull())
    .addColumn('instructions', text(500), (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shipping_pickup_store').on('shipping_pickup').column('store_id').unique().execute();

  await db.schema.alterTable('store_order').addColumn('canton', text(80), (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('store_order').addColumn('shipping_name', text(120), (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('store_order').addColumn('shipping_pickup', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

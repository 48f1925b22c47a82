import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen once landed. An order's shipments (issue 40 §2, decision 091): each parcel handed to a
// carrier, with its tracking number and link, and which of the order's lines (and how many of each
// line's units) it carries. An order may ship in parts; it is `shipped` once every unit is.
export async function up(db: Kysely<any>): Promise<void> {
  const text = (length: number) => `varchar(${length})` as const;
  await db.schema.createTable('order_shipment')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id').onDelete('cascade'))
    /** common/carriers.ts: servientrega, tramaco, laar, correos_ecuador, urbano, other. */
    .addColumn('carrier', text(20), (col) => col.notNull())
    .addColumn('tracking_number', text(60), (col) => col.notNull())
    /** The link as built (or typed, for "other") when it shipped: a later change of a pattern never reaches it. */
    .addColumn('tracking_url', text(500), (col) => col.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_shipment_store_order').on('order_shipment').columns(['store_id', 'order_id', 'id']).execute();

  await db.schema.createTable('order_shipment_line')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('shipment_id', 'integer', (col) => col.notNull().references('order_shipment.id').onDelete('cascade'))
    .addColumn('order_line_id', 'integer', (col) => col.notNull().references('store_order_line.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_shipment_line_store_shipment').on('order_shipment_line').columns(['store_id', 'shipment_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_shipment_line').ifExists().execute();
  await db.schema.dropTable('order_shipment').ifExists().execute();
}

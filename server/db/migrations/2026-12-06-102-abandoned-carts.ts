import { type Kysely, sql } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen once landed. Issue 40 §6 (decision 094): abandoned carts. A store's switch for the
// reminder, and one row per shopper (e-mail) and store while their cart is open: what the cart held
// as the cookie has it, when it was last seen, and the one reminder's token (its SHA-256 only).
export async function up(db: Kysely<any>): Promise<void> {
  const time = timestampType(db);
  const store = (col: any) => col.notNull().references('store.id').onDelete('cascade');

  await db.schema
    .createTable('abandoned_cart_setting')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('abandoned_cart_setting_store').on('abandoned_cart_setting').column('store_id').unique().execute();

  await db.schema
    .createTable('abandoned_cart')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    /** 'es' | 'en': the reminder's language. */
    .addColumn('locale', 'varchar(2)', (col) => col.notNull())
    /** JSON [[productId, variantId or 0, quantity], …], as the cart cookie holds its lines. */
    .addColumn('lines', 'text', (col) => col.notNull())
    /** SHA-256 (hex) of the restore link's token, set with the reminder; the token itself is never kept. */
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('created_at', time, (col) => col.notNull())
    /** The last change of the row: a capture, the reminder, the order. */
    .addColumn('updated_at', time, (col) => col.notNull())
    .addColumn('reminded_at', time)
    /** An order with this e-mail placed after the reminder. */
    .addColumn('recovered_at', time)
    /** The order that closed the cart (before or after the reminder); null while it is open. */
    .addColumn('order_id', 'integer', (col) => col.references('store_order.id').onDelete('set null'))
    /** 1 once an order closed it: an order may be deleted later, the cart stays closed. */
    .addColumn('closed', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // One open cart per shopper and store: two captures at once update one row, never make two.
  await db.schema.createIndex('abandoned_cart_open').on('abandoned_cart').columns(['store_id', 'email']).unique().where(sql<boolean>`closed = 0`).execute();
  // The placing's lookup of a shopper's open cart binds `closed` as a parameter, which neither
  // database matches against a partial index's predicate at prepare time: a plain index serves it.
  await db.schema.createIndex('abandoned_cart_store_email').on('abandoned_cart').columns(['store_id', 'email']).execute();
  await db.schema.createIndex('abandoned_cart_due').on('abandoned_cart').columns(['closed', 'reminded_at', 'updated_at']).execute();
  await db.schema.createIndex('abandoned_cart_token').on('abandoned_cart').column('token_hash').execute();
  await db.schema.createIndex('abandoned_cart_store_reminded').on('abandoned_cart').columns(['store_id', 'reminded_at']).execute();
}

import type { CreateTableBuilder, Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen once landed. Sales (issue 23, PRODUCT §5–6): a store's sales settings, its customers,
// orders with their lines and timeline, and SRI invoices. Every table belongs to a store
// (`store_id`, cascading, decision 029) and every index starts with it (decision 025). Money is
// integer cents and rates basis points, as in the catalogue. An order copies what it sold (names,
// prices, the buyer's data): a product edited or deleted later never changes a placed order.
export async function up(db: Kysely<any>): Promise<void> {
  const storeId = (table: string) => db.schema.createTable(table)
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'));
  const stamps = (table: CreateTableBuilder<string, string>) => table
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull());
  const text = (length: number) => `varchar(${length})` as const;

  // One row per store, made with its first settings or its first order. The two counters are
  // taken inside the placing or issuing transaction (`update … set next = next + 1 returning`), so
  // a number is never given twice, even to two orders placed at the same moment.
  await stamps(storeId('store_sales')
    .addColumn('cash_on_delivery', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('bank_transfer', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('bank_name', text(80), (col) => col.notNull().defaultTo(''))
    /** 'savings' | 'checking' | '' */
    .addColumn('bank_account_type', text(10), (col) => col.notNull().defaultTo(''))
    .addColumn('bank_account_number', text(30), (col) => col.notNull().defaultTo(''))
    .addColumn('bank_account_holder', text(120), (col) => col.notNull().defaultTo(''))
    .addColumn('shipping_fee_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('free_shipping_from_cents', 'integer')
    .addColumn('ruc', text(13), (col) => col.notNull().defaultTo(''))
    .addColumn('business_name', text(300), (col) => col.notNull().defaultTo(''))
    .addColumn('establishment', text(3), (col) => col.notNull().defaultTo('001'))
    .addColumn('emission_point', text(3), (col) => col.notNull().defaultTo('001'))
    .addColumn('iva_bp', 'integer', (col) => col.notNull().defaultTo(1500))
    /** SRI's environment: 1 tests, 2 production. */
    .addColumn('sri_environment', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('next_order_number', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('next_invoice_sequence', 'integer', (col) => col.notNull().defaultTo(1))).execute();
  await db.schema.createIndex('store_sales_store_unique').on('store_sales').column('store_id').unique().execute();

  // A store's customer, found by e-mail at checkout (one per e-mail and store).
  await stamps(storeId('customer')
    .addColumn('code', text(36), (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('name', text(160), (col) => col.notNull())
    .addColumn('email', text(254), (col) => col.notNull())
    .addColumn('phone', text(30), (col) => col.notNull().defaultTo(''))
    /** 'cedula' | 'passport' */
    .addColumn('document_type', text(10), (col) => col.notNull())
    .addColumn('document_number', text(20), (col) => col.notNull())
    .addColumn('address', text(300), (col) => col.notNull().defaultTo(''))
    .addColumn('city', text(80), (col) => col.notNull().defaultTo(''))
    .addColumn('province', text(80), (col) => col.notNull().defaultTo(''))).execute();
  await db.schema.createIndex('customer_store_email_unique').on('customer').columns(['store_id', 'email']).unique().execute();
  await db.schema.createIndex('customer_code_unique').on('customer').column('code').unique().execute();
  await db.schema.createIndex('customer_store_name').on('customer').columns(['store_id', 'name']).execute();

  // The order, as placed: its buyer and delivery data are copied from the checkout form.
  await stamps(storeId('store_order')
    .addColumn('number', 'integer', (col) => col.notNull())
    /** The shopper's key to the order page: a random UUID, never guessable. */
    .addColumn('code', text(36), (col) => col.notNull())
    .addColumn('customer_id', 'integer', (col) => col.notNull().references('customer.id'))
    /** The storefront's language at ordering: the shopper's e-mails are written in it. */
    .addColumn('locale', text(2), (col) => col.notNull())
    /** pending → paid → shipped → delivered, or cancelled (PRODUCT §6). */
    .addColumn('status', text(10), (col) => col.notNull())
    /** 'cash_on_delivery' | 'bank_transfer' */
    .addColumn('payment_method', text(20), (col) => col.notNull())
    .addColumn('coupon_id', 'integer', (col) => col.references('coupon.id').onDelete('set null'))
    .addColumn('coupon_code', text(40), (col) => col.notNull().defaultTo(''))
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .addColumn('discount_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_cents', 'integer', (col) => col.notNull())
    .addColumn('shipping_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('name', text(160), (col) => col.notNull())
    .addColumn('email', text(254), (col) => col.notNull())
    .addColumn('phone', text(30), (col) => col.notNull())
    .addColumn('document_type', text(10), (col) => col.notNull())
    .addColumn('document_number', text(20), (col) => col.notNull())
    .addColumn('address', text(300), (col) => col.notNull())
    .addColumn('city', text(80), (col) => col.notNull())
    .addColumn('province', text(80), (col) => col.notNull())
    .addColumn('notes', text(1000), (col) => col.notNull().defaultTo(''))).execute();
  await db.schema.createIndex('store_order_store_number_unique').on('store_order').columns(['store_id', 'number']).unique().execute();
  await db.schema.createIndex('store_order_code_unique').on('store_order').column('code').unique().execute();
  await db.schema.createIndex('store_order_store_created').on('store_order').columns(['store_id', 'created_at']).execute();
  await db.schema.createIndex('store_order_store_status_created').on('store_order').columns(['store_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('store_order_store_customer').on('store_order').columns(['store_id', 'customer_id']).execute();

  // What was sold, each line rounded once (common/order-totals.ts); the product may go later.
  await storeId('store_order_line')
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.references('product.id').onDelete('set null'))
    .addColumn('variant_id', 'integer', (col) => col.references('variant.id').onDelete('set null'))
    .addColumn('name', text(330), (col) => col.notNull())
    .addColumn('sku', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    /** The product's own discount and the line's share of the coupon. */
    .addColumn('discount_cents', 'integer', (col) => col.notNull())
    .addColumn('base_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_bp', 'integer', (col) => col.notNull())
    .addColumn('tax_cents', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('store_order_line_store_order').on('store_order_line').columns(['store_id', 'order_id']).execute();

  // The order's timeline: one event per change of status (and the placing itself).
  await storeId('store_order_event')
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id').onDelete('cascade'))
    .addColumn('status', text(10), (col) => col.notNull())
    .addColumn('note', text(500), (col) => col.notNull().defaultTo(''))
    /** Who made the change; null for the shopper who placed the order. */
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('store_order_event_store_order').on('store_order_event').columns(['store_id', 'order_id']).execute();

  // An SRI invoice (factura) of one order. Its number `001-001-000000123` runs per store and
  // emission point and is never reused; what it states is copied at issue, as the law wants it kept.
  await stamps(storeId('invoice')
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id'))
    .addColumn('establishment', text(3), (col) => col.notNull())
    .addColumn('emission_point', text(3), (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    /** `001-001-000000123` */
    .addColumn('number', text(17), (col) => col.notNull())
    .addColumn('access_key', text(49), (col) => col.notNull())
    .addColumn('environment', 'integer', (col) => col.notNull())
    .addColumn('ruc', text(13), (col) => col.notNull())
    .addColumn('business_name', text(300), (col) => col.notNull())
    .addColumn('buyer_name', text(300), (col) => col.notNull())
    .addColumn('buyer_document_type', text(10), (col) => col.notNull())
    .addColumn('buyer_document_number', text(20), (col) => col.notNull())
    .addColumn('buyer_email', text(254), (col) => col.notNull())
    .addColumn('buyer_address', text(300), (col) => col.notNull())
    .addColumn('iva_bp', 'integer', (col) => col.notNull())
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .addColumn('discount_cents', 'integer', (col) => col.notNull())
    .addColumn('base_taxed_cents', 'integer', (col) => col.notNull())
    .addColumn('base_zero_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_cents', 'integer', (col) => col.notNull())
    .addColumn('shipping_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('issued_at', timestampType(db), (col) => col.notNull())
    /** 'unsigned' until the signing job runs (decision record of issue 23): then 'signed', 'sent', 'authorized' or 'rejected'. */
    .addColumn('sri_status', text(12), (col) => col.notNull().defaultTo('unsigned'))).execute();
  await db.schema.createIndex('invoice_store_sequence_unique').on('invoice').columns(['store_id', 'establishment', 'emission_point', 'sequence']).unique().execute();
  await db.schema.createIndex('invoice_order_unique').on('invoice').column('order_id').unique().execute();
  await db.schema.createIndex('invoice_access_key_unique').on('invoice').column('access_key').unique().execute();
  await db.schema.createIndex('invoice_store_issued').on('invoice').columns(['store_id', 'issued_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['invoice', 'store_order_event', 'store_order_line', 'store_order', 'customer', 'store_sales']) await db.schema.dropTable(table).ifExists().execute();
}

import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres, timestampType } from './column-types.ts';

// Frozen once landed. Issue 39 (decision 089): getting paid. A store's gateways with their
// settings sealed; one `payment` per attempt to pay an order; the receipts shoppers upload for a
// transfer; the refunds. The order keeps its payment's state beside its own (`payment_state`,
// written in the same transaction as the payment), so the order list filters by it on an index.
export async function up(db: Kysely<any>): Promise<void> {
  const text = (length: number) => `varchar(${length})` as const;
  const time = timestampType(db);
  const bytes = sql.raw(isPostgres(db) ? 'bytea' : 'blob');
  const store = (col: any) => col.notNull().references('store.id').onDelete('cascade');

  await db.schema
    .createTable('store_payment_gateway')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    /** 'payphone' | 'paypal' */
    .addColumn('gateway', text(20), (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    /** 'sandbox' | 'live' */
    .addColumn('environment', text(10), (col) => col.notNull())
    /** JSON of the gateway's fields, AES-256-GCM under CERTIFICATE_KEY (or a key from APP_SECRET); never shown again. */
    .addColumn('credentials_sealed', bytes)
    /** An unpaid order is expired, and its stock released, this long after it was placed. */
    .addColumn('expiry_minutes', 'integer', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('store_payment_gateway_unique').on('store_payment_gateway').columns(['store_id', 'gateway']).unique().execute();

  await db.schema
    .createTable('payment')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id').onDelete('cascade'))
    /** 'payphone' | 'paypal' | 'bank_transfer' | 'cash_on_delivery' */
    .addColumn('method', text(20), (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', text(3), (col) => col.notNull())
    /** pending → authorized → paid | failed | expired | refunded | partially_refunded */
    .addColumn('state', text(20), (col) => col.notNull())
    /** Ours, unique per attempt: PayPhone's clientTransactionId, PayPal's invoice_id. */
    .addColumn('client_transaction_id', text(50), (col) => col.notNull())
    /** The gateway's id of the attempt (PayPhone's transaction, PayPal's order). */
    .addColumn('provider_payment_id', text(100))
    .addColumn('provider_status', text(40), (col) => col.notNull().defaultTo(''))
    /** JSON: what a later call needs (PayPal's capture id) and what the owner is shown (authorization code). */
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    /** Why the gateway's word was refused (another amount, currency or id), told to the owner; '' when none. */
    .addColumn('flag', text(300), (col) => col.notNull().defaultTo(''))
    /** An unpaid gateway attempt is asked about, then expired, from then on. */
    .addColumn('expires_at', time)
    /** Who confirmed a transfer or cash payment by hand, and when (issue 39 §1); a gateway's has none. */
    .addColumn('confirmed_by', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('confirmed_at', time)
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_client_transaction_unique').on('payment').column('client_transaction_id').unique().execute();
  await db.schema.createIndex('payment_store_order').on('payment').columns(['store_id', 'order_id', 'id']).execute();
  await db.schema.createIndex('payment_due').on('payment').columns(['state', 'expires_at']).execute();

  await db.schema
    .createTable('payment_receipt')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payment.id').onDelete('cascade'))
    .addColumn('storage_key', text(200), (col) => col.notNull())
    /** 'image/jpeg' | 'image/png' | 'application/pdf', as its content showed. */
    .addColumn('content_type', text(40), (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    /** submitted → confirmed | rejected */
    .addColumn('state', text(10), (col) => col.notNull())
    .addColumn('reason', text(300), (col) => col.notNull().defaultTo(''))
    .addColumn('decided_by', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('decided_at', time)
    .addColumn('created_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_receipt_store_order').on('payment_receipt').columns(['store_id', 'order_id', 'id']).execute();

  await db.schema
    .createTable('payment_refund')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', store)
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payment.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('reason', text(300), (col) => col.notNull())
    /** JSON [{ lineId, quantity }] when refunded by lines; [] when by amount. */
    .addColumn('lines', 'text', (col) => col.notNull())
    /** 1 when the refunded lines' units went back to stock. */
    .addColumn('restocked', 'integer', (col) => col.notNull())
    /** 'gateway' (through the provider's refund API) | 'manual' (made by hand, recorded here) */
    .addColumn('kind', text(10), (col) => col.notNull())
    .addColumn('provider_refund_id', text(100))
    .addColumn('provider_status', text(40), (col) => col.notNull().defaultTo(''))
    .addColumn('credit_note_id', 'integer')
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_refund_store_order').on('payment_refund').columns(['store_id', 'order_id', 'id']).execute();

  // The order's payment at a glance: the state of its payment, and what was refunded of it.
  await db.schema.alterTable('store_order').addColumn('payment_state', text(20), (col) => col.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('store_order').addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('store_order_store_payment').on('store_order').columns(['store_id', 'payment_method', 'payment_state', 'created_at']).execute();

  // The orders of before: a paid one was confirmed by its owner's hand; each gets its payment.
  await sql`update store_order set payment_state = 'paid' where status in ('paid', 'shipped', 'delivered')`.execute(db);
  await sql`
    insert into payment (store_id, order_id, method, amount_cents, currency, state, client_transaction_id, created_at, updated_at, confirmed_at)
    select store_id, id, payment_method, total_cents, 'USD', payment_state, ${sql.raw(isPostgres(db) ? "'o' || id::text" : "'o' || id")}, created_at, updated_at,
      case when payment_state = 'paid' then updated_at else null end
    from store_order`.execute(db);
}

import type { Kysely } from 'kysely';
import { idColumn, isPostgres, timestampType } from './column-types.ts';

// Frozen once landed. Credit notes (issue 37 §7, SRI's `nota de crédito`, document type 04): each
// credits some or all of one invoice's lines and its shipping, with its own number per store and
// emission point, never reused (`store_sales.next_credit_note_sequence`, taken in the issuing
// transaction as the invoice's is, decision 063). What it credits is copied at issue, as an
// invoice's lines are: the invoice's figures never change, a credit note is a document beside it.
export async function up(db: Kysely<any>): Promise<void> {
  const text = (length: number) => `varchar(${length})` as const;
  await db.schema.alterTable('store_sales').addColumn('next_credit_note_sequence', 'integer', (col) => col.notNull().defaultTo(1)).execute();

  await db.schema.createTable('credit_note')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoice.id'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id'))
    .addColumn('establishment', text(3), (col) => col.notNull())
    .addColumn('emission_point', text(3), (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    /** `001-001-000000123`, in the credit notes' own series. */
    .addColumn('number', text(17), (col) => col.notNull())
    .addColumn('access_key', text(49), (col) => col.notNull())
    .addColumn('environment', 'integer', (col) => col.notNull())
    /** SRI's `motivo`: one line, at most 300 characters. */
    .addColumn('reason', text(300), (col) => col.notNull())
    /** Whether the credited goods came back to stock (a return), or only their price (an allowance). */
    .addColumn('restocked', 'integer', (col) => col.notNull())
    .addColumn('base_cents', 'integer', (col) => col.notNull())
    .addColumn('tax_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('issued_at', timestampType(db), (col) => col.notNull())
    // Its way through SRI, as an invoice's (migration 089, decision 086): the same states and columns.
    .addColumn('sri_status', text(12), (col) => col.notNull().defaultTo('issued'))
    .addColumn('sri_signed_xml', isPostgres(db) ? 'bytea' : 'blob')
    .addColumn('sri_authorized_xml', isPostgres(db) ? 'bytea' : 'blob')
    .addColumn('authorization_number', text(49))
    .addColumn('authorized_at', timestampType(db))
    .addColumn('sri_message_id', text(10))
    .addColumn('sri_message', text(300))
    .addColumn('sri_message_detail', text(2000))
    .addColumn('sri_message_type', text(20))
    .addColumn('sri_waiting', text(20))
    .addColumn('sri_sent_at', timestampType(db))
    .addColumn('sri_next_attempt_at', timestampType(db))
    .addColumn('sri_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_note_store_sequence_unique').on('credit_note').columns(['store_id', 'establishment', 'emission_point', 'sequence']).unique().execute();
  await db.schema.createIndex('credit_note_access_key_unique').on('credit_note').column('access_key').unique().execute();
  await db.schema.createIndex('credit_note_store_invoice').on('credit_note').columns(['store_id', 'invoice_id']).execute();
  await db.schema.createIndex('credit_note_store_issued').on('credit_note').columns(['store_id', 'issued_at']).execute();

  // One credited line: an order line's units (or the shipping, `order_line_id` null), priced as the
  // invoice priced them, the share of its base and IVA rounded so that all the credits of a line
  // together never pass what the invoice charged for it.
  await db.schema.createTable('credit_note_line')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('credit_note_id', 'integer', (col) => col.notNull().references('credit_note.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('order_line_id', 'integer', (col) => col.references('store_order_line.id'))
    .addColumn('code', text(64), (col) => col.notNull())
    .addColumn('name', text(300), (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('discount_cents', 'integer', (col) => col.notNull())
    .addColumn('base_cents', 'integer', (col) => col.notNull())
    /** SRI's IVA code (`codigoPorcentaje`), as the order line froze it (decision 087). */
    .addColumn('iva_code', text(2), (col) => col.notNull())
    .addColumn('tax_bp', 'integer', (col) => col.notNull())
    .addColumn('tax_cents', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_note_line_store_note').on('credit_note_line').columns(['store_id', 'credit_note_id']).execute();

  // What SRI answered at each step, as `invoice_sri_event` for invoices.
  await db.schema.createTable('credit_note_sri_event')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('credit_note_id', 'integer', (col) => col.notNull().references('credit_note.id').onDelete('cascade'))
    .addColumn('status', text(12), (col) => col.notNull())
    .addColumn('step', text(12), (col) => col.notNull())
    .addColumn('message_id', text(10))
    .addColumn('message', text(300))
    .addColumn('message_detail', text(2000))
    .addColumn('message_type', text(20))
    .addColumn('waiting', text(20))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_note_sri_event_store_note').on('credit_note_sri_event').columns(['store_id', 'credit_note_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_note_sri_event').ifExists().execute();
  await db.schema.dropTable('credit_note_line').ifExists().execute();
  await db.schema.dropTable('credit_note').ifExists().execute();
  await db.schema.alterTable('store_sales').dropColumn('next_credit_note_sequence').execute();
}

import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen once landed. Issue 40 §3 (decision 092): the notes an owner sends a shopper from the order
// page, e-mailed and kept on the order's timeline. A table of their own, not rows of the status
// timeline (`store_order_event`), whose every row is a move of the order's state.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_order_note')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (col) => col.notNull().references('store_order.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    /** Who wrote it; null once their account is gone. */
    .addColumn('user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('store_order_note_order').on('store_order_note').columns(['store_id', 'order_id']).execute();
}

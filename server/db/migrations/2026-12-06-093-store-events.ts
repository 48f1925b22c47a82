import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen once landed. Issue 38 §3–§4 (decision 088): every event a store's change emits, written in
// the change's own transaction by `emit` (server/events/). It is the audit log: who (the actor's
// kind, user, token and name as they were then), what (the type and the record, with a label that
// outlives the record), the before and after of the fields that changed, and the payload webhooks
// deliver. Rows are never updated; only the retention job deletes them.
export async function up(db: Kysely<any>): Promise<void> {
  const text = (length: number) => `varchar(${length})` as const;
  await db.schema
    .createTable('store_event')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('type', text(40), (col) => col.notNull())
    .addColumn('resource_kind', text(30), (col) => col.notNull())
    .addColumn('resource_id', 'integer')
    .addColumn('resource_label', text(200), (col) => col.notNull())
    .addColumn('actor_kind', text(10), (col) => col.notNull())
    // No foreign key: the log keeps who it was after the account or token is gone.
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor_token_id', 'integer')
    .addColumn('actor_name', text(200), (col) => col.notNull())
    /** JSON: the event's payload, as webhooks deliver it. */
    .addColumn('data', 'text', (col) => col.notNull())
    /** JSON: `{ field: [before, after] }` of the fields that changed; `{}` when none are tracked. */
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('store_event_store_time').on('store_event').columns(['store_id', 'created_at']).execute();
  await db.schema.createIndex('store_event_store_actor').on('store_event').columns(['store_id', 'actor_user_id', 'created_at']).execute();
  await db.schema.createIndex('store_event_store_type').on('store_event').columns(['store_id', 'type', 'created_at']).execute();
}

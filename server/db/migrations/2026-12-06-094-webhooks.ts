import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres, timestampType } from './column-types.ts';

// Frozen once landed. Issue 38 §5: webhooks for integrators. A store's endpoints (at most ten,
// their secret sealed at rest), one delivery per event and endpoint, written by the webhook
// subscriber in the event's own transaction, and each attempt at it. A delivery keeps the body it
// sends, so every try and a redelivery send the same bytes under the same `webhook-id`.
export async function up(db: Kysely<any>): Promise<void> {
  const text = (length: number) => `varchar(${length})` as const;
  const time = timestampType(db);
  const bytes = sql.raw(isPostgres(db) ? 'bytea' : 'blob');
  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('url', text(2000), (col) => col.notNull())
    /** JSON: the event types it wants, at least one. */
    .addColumn('event_types', 'text', (col) => col.notNull())
    /** `whsec_…`, AES-256-GCM under CERTIFICATE_KEY (or a key derived from APP_SECRET without one). */
    .addColumn('secret_sealed', bytes, (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    /** Why it is off: `failing` when the sender turned it off after three days of failures. */
    .addColumn('disabled_reason', text(20))
    /** The first failure since its last success; null while it answers. */
    .addColumn('failing_since', time)
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoint_store').on('webhook_endpoint').columns(['store_id', 'id']).execute();

  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (col) => col.notNull().references('webhook_endpoint.id').onDelete('cascade'))
    // No foreign key: the audit log's retention may forget the event before its deliveries.
    .addColumn('event_id', 'integer', (col) => col.notNull())
    .addColumn('event_type', text(40), (col) => col.notNull())
    /** `kind:id` of the record: deliveries of one record to one endpoint go out in order. */
    .addColumn('resource_key', text(60), (col) => col.notNull())
    /** The JSON body, as signed and sent on every try. */
    .addColumn('body', 'text', (col) => col.notNull())
    /** 1 for a test event or a redelivery the owner asked for: sent even to a disabled endpoint. */
    .addColumn('manual', 'integer', (col) => col.notNull())
    .addColumn('state', text(10), (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', time, (col) => col.notNull())
    /** While a sender holds it (a try in flight); a sender that died leaves it to lapse. */
    .addColumn('lease_until', time)
    .addColumn('last_status', 'integer')
    .addColumn('last_attempt_at', time)
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_delivery_due').on('webhook_delivery').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_delivery_resource').on('webhook_delivery').columns(['endpoint_id', 'resource_key', 'state', 'id']).execute();
  await db.schema.createIndex('webhook_delivery_store').on('webhook_delivery').columns(['store_id', 'endpoint_id', 'id']).execute();

  await db.schema
    .createTable('webhook_attempt')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('delivery_id', 'integer', (col) => col.notNull().references('webhook_delivery.id').onDelete('cascade'))
    .addColumn('attempted_at', time, (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    /** The HTTP status, null when no answer came (refused address, timeout, connection error). */
    .addColumn('status', 'integer')
    /** The first 1 KB of the answer's body, as text. */
    .addColumn('response_snippet', text(1024), (col) => col.notNull())
    .addColumn('error', text(300))
    .execute();
  await db.schema.createIndex('webhook_attempt_delivery').on('webhook_attempt').columns(['store_id', 'delivery_id', 'id']).execute();

  // The bell's new kind, by e-mail too for the users who had every store notice on (as migration 007 did).
  const users = await db.selectFrom('user').select(['id', 'email_notifications as kinds']).execute();
  for (const user of users) {
    let kinds: unknown;
    try {
      kinds = JSON.parse(user.kinds);
    } catch {
      continue;
    }
    if (!Array.isArray(kinds) || !kinds.includes('order_received') || kinds.includes('webhook_disabled')) continue;
    await db.updateTable('user').set({ email_notifications: JSON.stringify([...kinds, 'webhook_disabled']) }).where('id', '=', user.id).execute();
  }
}

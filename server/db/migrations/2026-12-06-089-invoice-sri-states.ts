import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres, timestampType } from './column-types.ts';

// Frozen once landed. Issue 37 §6: an invoice is signed, sent to SRI and authorized by a job, and
// keeps what SRI answered. Its states become `issued` → `signed` → `received` → `authorized` |
// `rejected` ('unsigned' was `issued` waiting for a certificate; 'sent' was never written). The
// signed bytes are kept as sent (signing again would give other bytes: the signature's time and
// ids), and the authorized file as SRI authorized it: neither is ever rebuilt from the row.
export async function up(db: Kysely<any>): Promise<void> {
  const bytes = isPostgres(db) ? 'bytea' : 'blob';
  const text = (length: number) => `varchar(${length})` as const;
  await sql`update invoice set sri_status = 'issued' where sri_status = 'unsigned'`.execute(db);
  await sql`update invoice set sri_status = 'received' where sri_status = 'sent'`.execute(db);
  // SQLite cannot change a column's default in place; the app always writes the status itself.
  if (isPostgres(db)) await sql`alter table invoice alter column sri_status set default 'issued'`.execute(db);

  const columns: [string, string, boolean?][] = [
    /** The signed `factura` as sent to SRI (UTF-8), from the moment it is signed. */
    ['sri_signed_xml', bytes],
    /** SRI's `<autorizacion>` file: estado, numeroAutorizacion, fechaAutorizacion, ambiente, and the comprobante SRI returned, unchanged. */
    ['sri_authorized_xml', bytes],
    /** SRI's numeroAutorizacion (offline scheme: the 49-digit access key). */
    ['authorization_number', text(49)],
    /** SRI's fechaAutorizacion, as an instant. */
    ['authorized_at', timestampType(db)],
    /** SRI's last message: its identificador (`35`, `39`, `43`…), mensaje, informacionAdicional, tipo. */
    ['sri_message_id', text(10)],
    ['sri_message', text(300)],
    ['sri_message_detail', text(2000)],
    ['sri_message_type', text(20)],
    /** Why the job waits, when it does: 'certificate' (none, expired, no key), 'unreachable', 'processing'. */
    ['sri_waiting', text(20)],
    /** When the reception service was first called: from then on the job asks for the authorization before sending again. */
    ['sri_sent_at', timestampType(db)],
    ['sri_next_attempt_at', timestampType(db)],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('invoice').addColumn(name, sql.raw(type)).execute();
  await db.schema.alterTable('invoice').addColumn('sri_attempts', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  // What SRI answered at each step, for the owner's invoice page: the latest is also on the invoice.
  await db.schema.createTable('invoice_sri_event')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoice.id').onDelete('cascade'))
    /** The invoice's state after this step. */
    .addColumn('status', text(12), (col) => col.notNull())
    /** 'sign' | 'send' | 'authorize' */
    .addColumn('step', text(12), (col) => col.notNull())
    .addColumn('message_id', text(10))
    .addColumn('message', text(300))
    .addColumn('message_detail', text(2000))
    .addColumn('message_type', text(20))
    .addColumn('waiting', text(20))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invoice_sri_event_store_invoice').on('invoice_sri_event').columns(['store_id', 'invoice_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_sri_event').ifExists().execute();
  for (const name of ['sri_signed_xml', 'sri_authorized_xml', 'authorization_number', 'authorized_at', 'sri_message_id', 'sri_message', 'sri_message_detail', 'sri_message_type', 'sri_waiting', 'sri_sent_at', 'sri_next_attempt_at', 'sri_attempts']) {
    await db.schema.alterTable('invoice').dropColumn(name).execute();
  }
  await sql`update invoice set sri_status = 'unsigned' where sri_status = 'issued'`.execute(db);
  if (isPostgres(db)) await sql`alter table invoice alter column sri_status set default 'unsigned'`.execute(db);
}

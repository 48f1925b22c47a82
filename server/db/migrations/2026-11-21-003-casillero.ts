import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited; later changes come as new files.
// Money is kept in integer cents and weights in grams-free decimals (lb, cm) as reals.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const id = () => idColumn(db);

  await db.schema
    .createTable('upload')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(200)', (col) => col.notNull())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('type', 'varchar(60)', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('claimed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('upload_user_id').on('upload').column('user_id').execute();

  await db.schema
    .createTable('consolidation')
    .addColumn('id', ...id())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('delivery_address', 'varchar(300)', (col) => col.notNull())
    .addColumn('notes', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('total_weight_lb', 'real', (col) => col.notNull())
    .addColumn('billable_weight_lb', 'real', (col) => col.notNull())
    .addColumn('declared_value_cents', 'integer', (col) => col.notNull())
    .addColumn('cost_cents', 'integer', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('consolidation_user_id').on('consolidation').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('consolidation_event')
    .addColumn('id', ...id())
    .addColumn('consolidation_id', 'integer', (col) => col.notNull().references('consolidation.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('note', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('consolidation_event_consolidation_id').on('consolidation_event').column('consolidation_id').execute();

  await db.schema
    .createTable('package')
    .addColumn('id', ...id())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('consolidation_id', 'integer', (col) => col.references('consolidation.id').onDelete('set null'))
    .addColumn('tracking_number', 'varchar(60)', (col) => col.notNull())
    .addColumn('carrier', 'varchar(60)', (col) => col.notNull())
    .addColumn('store', 'varchar(100)', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('weight_lb', 'real', (col) => col.notNull())
    .addColumn('length_cm', 'real', (col) => col.notNull())
    .addColumn('width_cm', 'real', (col) => col.notNull())
    .addColumn('height_cm', 'real', (col) => col.notNull())
    .addColumn('declared_value_cents', 'integer', (col) => col.notNull())
    .addColumn('photo_upload_id', 'varchar(36)', (col) => col.references('upload.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('received_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('package_user_id').on('package').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('package_tracking_number').on('package').column('tracking_number').execute();

  await db.schema
    .createTable('alert')
    .addColumn('id', ...id())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (col) => col.references('package.id').onDelete('set null'))
    .addColumn('tracking_number', 'varchar(60)', (col) => col.notNull())
    .addColumn('carrier', 'varchar(60)', (col) => col.notNull())
    .addColumn('store', 'varchar(100)', (col) => col.notNull())
    .addColumn('content', 'varchar(500)', (col) => col.notNull())
    .addColumn('declared_value_cents', 'integer', (col) => col.notNull())
    .addColumn('expected_date', 'varchar(10)')
    .addColumn('invoice_upload_id', 'varchar(36)', (col) => col.references('upload.id').onDelete('set null'))
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addUniqueConstraint('alert_user_tracking', ['user_id', 'tracking_number'])
    .execute();

  await db.schema
    .createTable('ticket')
    .addColumn('id', ...id())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('subject', 'varchar(200)', (col) => col.notNull())
    .addColumn('category', 'varchar(30)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ticket_user_id').on('ticket').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('ticket_message')
    .addColumn('id', ...id())
    .addColumn('ticket_id', 'integer', (col) => col.notNull().references('ticket.id').onDelete('cascade'))
    .addColumn('author_user_id', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('from_staff', 'integer', (col) => col.notNull())
    .addColumn('body', 'varchar(5000)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ticket_message_ticket_id').on('ticket_message').column('ticket_id').execute();

  await db.schema
    .createTable('ticket_attachment')
    .addColumn('message_id', 'integer', (col) => col.notNull().references('ticket_message.id').onDelete('cascade'))
    .addColumn('upload_id', 'varchar(36)', (col) => col.notNull().references('upload.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('ticket_attachment_pk', ['message_id', 'upload_id'])
    .execute();

  await db.schema
    .createTable('notification')
    .addColumn('id', ...id())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(30)', (col) => col.notNull())
    // Rendered in the reader's language: the message key's parameters, not a sentence.
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('link', 'varchar(300)', (col) => col.notNull())
    .addColumn('read_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notification_user_id').on('notification').columns(['user_id', 'read_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['notification', 'ticket_attachment', 'ticket_message', 'ticket', 'alert', 'package', 'consolidation_event', 'consolidation', 'upload']) {
    await db.schema.dropTable(table).execute();
  }
}

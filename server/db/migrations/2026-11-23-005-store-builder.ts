import { type Kysely, sql } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited. Issue 10: plans, and the store's design, marketing,
// contact, analytics and plan columns (PRODUCT §5). Texts default to '' so an existing store stays
// valid; the contact form requires them before it saves.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('plan')
    .addColumn('id', ...idColumn(db))
    .addColumn('name', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('price_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_products', 'integer', (col) => col.notNull())
    .addColumn('max_banners', 'integer', (col) => col.notNull())
    .addColumn('max_pages', 'integer', (col) => col.notNull())
    // JSON array of short texts, shown as the plan's feature list
    .addColumn('features', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  const columns: [string, string, unknown][] = [
    ['logo', 'varchar(64)', null],
    ['style', 'integer', 1],
    ['keywords', 'varchar(500)', ''],
    ['analytics_script', 'text', ''],
    ['pixel_script', 'text', ''],
    ['contact_email', 'varchar(254)', ''],
    ['contact_phone', 'varchar(30)', ''],
    ['contact_address', 'varchar(200)', ''],
    ['contact_state', 'varchar(100)', ''],
    ['contact_city', 'varchar(100)', ''],
    ['contact_zip', 'varchar(20)', ''],
    ['contact_country', 'varchar(100)', ''],
    ['facebook', 'varchar(300)', ''],
    ['instagram', 'varchar(300)', ''],
    ['tiktok', 'varchar(300)', ''],
    ['x', 'varchar(300)', ''],
    ['youtube', 'varchar(300)', ''],
    ['whatsapp', 'varchar(20)', ''],
    ['rating', 'real', 0],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('store')
      .addColumn(name, sql.raw(type), (col) => (fallback === null ? col : col.notNull().defaultTo(fallback)))
      .execute();
  }
  // A plan in use cannot be deleted (the back office moves its stores first).
  await db.schema.alterTable('store').addColumn('plan_id', 'integer', (col) => col.references('plan.id').onDelete('restrict')).execute();
  await db.schema.createIndex('store_plan_id').on('store').column('plan_id').execute();
  await db.schema.createIndex('store_expires_at').on('store').column('expires_at').execute();

  // The platform starts with one plan, the default a new store gets; the admin edits it at /admin/plan.
  const now = new Date().toISOString();
  await db
    .insertInto('plan')
    .values({ name: 'Básico', price_cents: 0, max_products: 50, max_banners: 3, max_pages: 5, features: JSON.stringify(['Tienda en línea con dirección propia', 'Catálogo y contenido', 'Pedidos y facturas']), is_default: 1, created_at: now, updated_at: now })
    .execute();
  await db.updateTable('store').set({ plan_id: sql`(select id from plan where is_default = 1)` }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('store_expires_at').execute();
  await db.schema.dropIndex('store_plan_id').execute();
  for (const name of ['plan_id', 'rating', 'whatsapp', 'youtube', 'x', 'tiktok', 'instagram', 'facebook', 'contact_country', 'contact_zip', 'contact_city', 'contact_state', 'contact_address', 'contact_phone', 'contact_email', 'pixel_script', 'analytics_script', 'keywords', 'style', 'logo']) {
    await db.schema.alterTable('store').dropColumn(name).execute();
  }
  await db.schema.dropTable('plan').execute();
}

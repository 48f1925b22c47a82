import type { Kysely } from 'kysely';

// Frozen once landed. A plan's name and features are shown to merchants on both languages' pages
// (issue 20 §11): the seeded "Básico" said "Básico" and "Catálogo y contenido" on English pages.
// A plan carries its English name and features beside the Spanish ones; the seeded plan gets its
// English words here, a plan the admin made before gets them in the plan form (until then the
// English pages show its Spanish words rather than nothing).
const SEEDED_FEATURES = ['Tienda en línea con dirección propia', 'Catálogo y contenido', 'Pedidos y facturas'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plan').addColumn('name_en', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('plan').addColumn('features_en', 'text', (col) => col.notNull().defaultTo('[]')).execute();
  await db.updateTable('plan').set({ name_en: 'Basic' }).where('name', '=', 'Básico').execute();
  await db
    .updateTable('plan')
    .set({ features_en: JSON.stringify(['Online store at its own address', 'Catalog and content', 'Orders and invoices']) })
    .where('name', '=', 'Básico')
    .where('features', '=', JSON.stringify(SEEDED_FEATURES))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plan').dropColumn('features_en').execute();
  await db.schema.alterTable('plan').dropColumn('name_en').execute();
}

import { type Kysely, sql } from 'kysely';

// Frozen once landed. Decision 087: IVA per product, as SRI codes it (`codigoPorcentaje`, Tabla 17).
// The codes are written out here rather than imported from common/iva.ts: a migration never
// changes with the app.
//
// - product.iva_code replaces product.tax_bp. Until now a product's rate only said "taxed or not":
//   any rate above 0 was charged at the store's rate (15 % everywhere in practice). So 1500 → '4'
//   (15 %), 0 → '0', 500 → '5' (what its owner typed, charged 15 % until now), and any other rate
//   above 0 → '4', the 15 % it was charged at.
// - variant.iva_code: null takes the product's.
// - store_order_line.iva_code: frozen at sale beside its tax_bp (the rate its tax was reckoned at).
//   Existing lines take the code of their rate in SRI's table; a rate the table lacks (a store that
//   typed 10 %) → '4', the code its invoice's XML already carried.
// - store_sales.shipping_iva_code (default '4', 15 %) replaces store_sales.iva_bp.
// - store_order.shipping_iva_code and shipping_tax_cents freeze shipping's IVA. Orders placed before
//   charged none on shipping and their invoices print it at 0 % (decision 063): '0' and 0.
// - invoice.iva_bp (the store's one rate) goes: an invoice's rates are its lines'.
const LINE_CODES: [number, string][] = [[0, '0'], [500, '5'], [800, '8'], [1200, '2'], [1300, '10'], [1400, '3'], [1500, '4']];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product').addColumn('iva_code', 'varchar(2)', (col) => col.notNull().defaultTo('4')).execute();
  // Raw SQL, as every store's rows are rewritten at once (the store guard takes a builder's update for one store's).
  await sql`update product set iva_code = case when tax_bp = 0 then '0' when tax_bp = 500 then '5' else '4' end`.execute(db);
  await db.schema.alterTable('product').dropColumn('tax_bp').execute();

  await db.schema.alterTable('variant').addColumn('iva_code', 'varchar(2)').execute();

  await db.schema.alterTable('store_order_line').addColumn('iva_code', 'varchar(2)', (col) => col.notNull().defaultTo('4')).execute();
  const cases = sql.join(LINE_CODES.map(([bp, code]) => sql`when ${sql.lit(bp)} then ${sql.lit(code)}`), sql` `);
  await sql`update store_order_line set iva_code = case tax_bp ${cases} else '4' end`.execute(db);

  await db.schema.alterTable('store_sales').addColumn('shipping_iva_code', 'varchar(2)', (col) => col.notNull().defaultTo('4')).execute();
  await db.schema.alterTable('store_sales').dropColumn('iva_bp').execute();

  await db.schema.alterTable('store_order').addColumn('shipping_iva_code', 'varchar(2)', (col) => col.notNull().defaultTo('0')).execute();
  await db.schema.alterTable('store_order').addColumn('shipping_tax_cents', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('invoice').dropColumn('iva_bp').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice').addColumn('iva_bp', 'integer', (col) => col.notNull().defaultTo(1500)).execute();
  await db.schema.alterTable('store_order').dropColumn('shipping_tax_cents').execute();
  await db.schema.alterTable('store_order').dropColumn('shipping_iva_code').execute();
  await db.schema.alterTable('store_sales').addColumn('iva_bp', 'integer', (col) => col.notNull().defaultTo(1500)).execute();
  await db.schema.alterTable('store_sales').dropColumn('shipping_iva_code').execute();
  await db.schema.alterTable('store_order_line').dropColumn('iva_code').execute();
  await db.schema.alterTable('variant').dropColumn('iva_code').execute();
  await db.schema.alterTable('product').addColumn('tax_bp', 'integer', (col) => col.notNull().defaultTo(1500)).execute();
  await sql`update product set tax_bp = case iva_code when '4' then 1500 when '5' then 500 else 0 end`.execute(db);
  await db.schema.alterTable('product').dropColumn('iva_code').execute();
}

import { type Insertable, PostgresAdapter, sql } from 'kysely';
import { sqlName } from '#server/db/case-names.ts';
import { type Db, optimizeDatabase } from '#server/db/database.ts';
import type { ProductTable, VariantTable } from '#server/db/schema.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The catalog CSV's reads and writes: the whole store's catalog at once (one query per table,
// not one per line), and batched inserts.

export const PRODUCT_FIELDS = ['name', 'slug', 'sku', 'code', 'description', 'categoryId', 'subcategoryId', 'brandId', 'colorId', 'sizeId', 'priceCents', 'discountBp', 'ivaCode', 'stock', 'weightGrams', 'unit', 'type', 'priority', 'keywords', 'featured', 'enabled', 'content'] as const;
export const VARIANT_FIELDS = ['name', 'sku', 'colorId', 'sizeId', 'priceCents', 'stock', 'ivaCode', 'enabled'] as const;
type Slugged = 'category' | 'brand' | 'color' | 'size';

/** The store's taxonomy, each record's id and slug (subcategories with their category). */
export async function taxonomyRows(db: Db, scope: StoreScope) {
  const rows = (table: Slugged) => db.selectFrom(table).select(['id', 'slug']).where('storeId', '=', scope.storeId).execute();
  const [category, subcategory, brand, color, size] = await Promise.all([
    rows('category'),
    db.selectFrom('subcategory').select(['id', 'slug', 'categoryId']).where('storeId', '=', scope.storeId).execute(),
    rows('brand'),
    rows('color'),
    rows('size'),
  ]);
  return { category, subcategory, brand, color, size };
}

/** A page of the store's products in id order, after `afterId`: the export and the import read the catalog page by page. */
export const productPage = (db: Db, scope: StoreScope, afterId: number, limit: number) =>
  db.selectFrom('product').select(['id', ...PRODUCT_FIELDS]).where('storeId', '=', scope.storeId).where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** A page of the store's variants in id order, after `afterId`. */
export const variantPage = (db: Db, scope: StoreScope, afterId: number, limit: number) =>
  db.selectFrom('variant').select(['id', 'productId', ...VARIANT_FIELDS]).where('storeId', '=', scope.storeId).where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** The variants of some products of the store, by product then id (a page of the export). */
export const variantsOfProducts = (db: Db, scope: StoreScope, productIds: readonly number[]) =>
  productIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('variant').select(['id', 'productId', ...VARIANT_FIELDS]).where('storeId', '=', scope.storeId).where('productId', 'in', [...productIds]).orderBy('productId').orderBy('id').execute();

/**
 * What changes when anything of the store's catalog changes: each table's count, last id and last
 * update. An import is planned outside its transaction (so the long part holds no connection) and
 * written inside it only while this is what it was when planned.
 */
export async function catalogFingerprint(db: Db, scope: StoreScope): Promise<string> {
  const tables = ['product', 'variant', 'category', 'subcategory', 'brand', 'color', 'size'] as const;
  const rows = await Promise.all(
    tables.map((table) =>
      db
        .selectFrom(table)
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('id').as('last'), eb.fn.max('updatedAt').as('updated')])
        .where('storeId', '=', scope.storeId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return JSON.stringify(rows.map((row) => [Number(row.count), Number(row.last ?? 0), String(row.updated ?? '')]));
}

/**
 * What changes when anyone adds or edits a product, or adds a variant, of the store: checked between
 * the import's write batches (csv-write.ts), each a look-up in an index, not a count of the catalog.
 */
export async function writeMark(db: Db, scope: StoreScope): Promise<string> {
  // One aggregate a query: SQLite reads a lone max() from the end of an index, two in one query by
  // a scan of the store's rows (8–11 ms at 100,000 products).
  const [lastProduct, lastUpdate, lastVariant] = await Promise.all([
    db.selectFrom('product').select((eb) => eb.fn.max('id').as('value')).where('storeId', '=', scope.storeId).executeTakeFirstOrThrow(),
    db.selectFrom('product').select((eb) => eb.fn.max('updatedAt').as('value')).where('storeId', '=', scope.storeId).executeTakeFirstOrThrow(),
    db.selectFrom('variant').select((eb) => eb.fn.max('id').as('value')).where('storeId', '=', scope.storeId).executeTakeFirstOrThrow(),
  ]);
  return `${Number(lastProduct.value ?? 0)}/${String(lastUpdate.value ?? '')}/${Number(lastVariant.value ?? 0)}`;
}

/** The store plan's product limit; null without a plan. */
export async function maxProducts(db: Db, scope: StoreScope): Promise<number | null> {
  const row = await db.selectFrom('store').leftJoin('plan', 'plan.id', 'store.planId').select('plan.maxProducts').where('store.id', '=', scope.storeId).executeTakeFirst();
  return row?.maxProducts ?? null;
}

type NewProduct = Omit<Insertable<ProductTable>, 'storeId'>;
type NewVariant = Omit<Insertable<VariantTable>, 'storeId'>;
type ChangedProduct = Pick<Insertable<ProductTable>, (typeof PRODUCT_FIELDS)[number] | 'updatedAt'> & { id: number };
type ChangedVariant = Pick<Insertable<VariantTable>, (typeof VARIANT_FIELDS)[number] | 'updatedAt'> & { id: number };

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Rows per statement. SQLite binds each value (at most 32,766 a statement: 500 products × 24
 * columns is 12,000), in process, so a statement costs no round trip. PostgreSQL gets a batch as
 * one JSON parameter (below): a statement's size is bound by memory, not by parameters, and each
 * statement is a round trip and a planning, so fewer, bigger ones.
 */
const BATCH = 500;
const POSTGRES_BATCH = 5000;

/**
 * PostgreSQL: a batch as one JSON array read back into the table's own row type
 * (`json_populate_recordset(null::product, …)`), instead of a VALUES list of one parameter per cell
 * (23 per product, so at most ~2,800 products under the protocol's 65,535 parameters): 20
 * statements for 100,000 products instead of 200, and one per 5,000 changed records instead of one
 * per record. The columns are the table's, so each value is cast by the column's type, as a
 * parameter would be; the store is a parameter of its own, not a value of the file's rows. (Most of
 * a product row's cost is the table's: its 3 trigram and 17 B-tree indexes and 6 foreign keys.)
 */
function fromJson(table: 'product' | 'variant', columns: readonly string[], rows: readonly Record<string, unknown>[]) {
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((column) => [sqlName(column), row[column] ?? null]))));
  return sql`json_populate_recordset(null::${sql.table(table)}, ${json}::json)`;
}

/** Inserts a table's rows in batches, each a statement; what `returning` asks for, of every row. */
async function insertBatches<R>(db: Db, scope: StoreScope, table: 'product' | 'variant', rows: readonly Record<string, unknown>[], returning: readonly string[]): Promise<R[]> {
  const out: R[] = [];
  if (rows.length === 0) return out;
  const columns = Object.keys(rows[0]!);
  if (!isPostgres(db)) {
    for (let start = 0; start < rows.length; start += BATCH) {
      const query = db.insertInto(table).values(rows.slice(start, start + BATCH).map((row) => ({ ...row, storeId: scope.storeId })) as never);
      if (returning.length === 0) await query.execute();
      else out.push(...((await query.returning(returning as never).execute()) as R[]));
    }
    return out;
  }
  const names = sql.join(columns.map((column) => sql.ref(column)));
  for (let start = 0; start < rows.length; start += POSTGRES_BATCH) {
    const batch = rows.slice(start, start + POSTGRES_BATCH);
    const select = sql`select ${scope.storeId}::integer, ${names} from ${fromJson(table, columns, batch)}`;
    const query = db.insertInto(table).columns(['storeId', ...columns] as never).expression(select as never);
    if (returning.length === 0) await query.execute();
    else out.push(...((await query.returning(returning as never).execute()) as R[]));
  }
  return out;
}

/** Inserts products in batches; returns each new product's id by its slug. */
export async function insertProducts(db: Db, scope: StoreScope, rows: NewProduct[]): Promise<Map<string, number>> {
  const inserted = await insertBatches<{ id: number; slug: string }>(db, scope, 'product', rows, ['id', 'slug']);
  return new Map(inserted.map((row) => [row.slug, row.id]));
}

export async function insertVariants(db: Db, scope: StoreScope, rows: NewVariant[]): Promise<void> {
  await insertBatches(db, scope, 'variant', rows, []);
}

/**
 * Writes the changed records of a table, the store's only. SQLite: a statement per record, in
 * process. PostgreSQL: one `update … from` a batch of them as JSON, not a round trip per record (a
 * re-import that changes 100,000 prices was 100,000 statements).
 */
async function updateBatches(db: Db, scope: StoreScope, table: 'product' | 'variant', fields: readonly string[], rows: readonly ({ id: number } & Record<string, unknown>)[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...fields, 'updatedAt'];
  if (!isPostgres(db)) {
    for (const { id, ...values } of rows) {
      await db.updateTable(table).set(values as never).where('storeId', '=', scope.storeId).where('id', '=', id).execute();
    }
    return;
  }
  const assignments = sql.join(columns.map((column) => sql`${sql.ref(column)} = ${sql.ref(`changed.${column}`)}`));
  for (let start = 0; start < rows.length; start += POSTGRES_BATCH) {
    const batch = rows.slice(start, start + POSTGRES_BATCH);
    await sql`update ${sql.table(table)} set ${assignments} from ${fromJson(table, ['id', ...columns], batch)} as changed
      where ${sql.ref(`${table}.id`)} = changed.id and ${sql.ref(`${table}.storeId`)} = ${scope.storeId}`.execute(db);
  }
}

/** Empties the SKUs of these records of the store (the unique index leaves empty SKUs alone), a batch a statement. */
export async function releaseSkus(db: Db, scope: StoreScope, table: 'product' | 'variant', ids: readonly number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH) {
    await db.updateTable(table).set({ sku: '' }).where('storeId', '=', scope.storeId).where('id', 'in', ids.slice(start, start + BATCH)).execute();
  }
}

/**
 * Fresh planner statistics for the catalog tables after a bulk write (an import of thousands of
 * records). PostgreSQL's autovacuum analyzes a table only on its next pass (and not at all where it
 * is off), and until then the planner reads a store's grown catalog by its old size: an export page
 * after a 100,000-row import took 80 ms (a bitmap scan and a sort of every row) instead of 0.05 ms.
 * About 0.5 s at that size. SQLite: `optimize`, as at start.
 */
export async function refreshCatalogStatistics(db: Db): Promise<void> {
  if (!isPostgres(db)) return optimizeDatabase(db);
  await sql`analyze product, variant`.execute(db);
}

export const updateProducts = (db: Db, scope: StoreScope, rows: ChangedProduct[]) => updateBatches(db, scope, 'product', PRODUCT_FIELDS, rows);
export const updateVariants = (db: Db, scope: StoreScope, rows: ChangedVariant[]) => updateBatches(db, scope, 'variant', VARIANT_FIELDS, rows);

/**
 * Every product of the store that has variants, among those with ids after `afterProductId`, takes
 * their total stock (after an import wrote both): the products of the next `variants` variants in
 * product order, or all the rest. Returns the last product id of the range, or null when it reached
 * the end. Only the products whose stock is not that total are written: the same end state, without
 * rewriting every product with variants — each rewrite is a new row version and an entry in each of
 * the product's ~20 indexes on PostgreSQL, and a trigger's write on SQLite.
 */
export async function syncStockFromVariants(db: Db, scope: StoreScope, afterProductId: number, variants: number): Promise<number | null> {
  // the product of the variant `variants` places on, by the (store_id, product_id, id) index: its variants all join this range
  const edge = await db.selectFrom('variant').select('productId').where('storeId', '=', scope.storeId).where('productId', '>', afterProductId)
    .orderBy('productId').limit(1).offset(variants).executeTakeFirst();
  const upTo = edge?.productId ?? null;
  let inRange = db
    .selectFrom('variant')
    .select((eb) => ['variant.productId', eb.fn.sum<number>('variant.stock').as('total')])
    .where('variant.storeId', '=', scope.storeId)
    .where('variant.productId', '>', afterProductId);
  if (upTo !== null) inRange = inRange.where('variant.productId', '<=', upTo);
  const totals = inRange.groupBy('variant.productId').as('totals');
  await db
    .updateTable('product')
    .from(totals)
    .set((eb) => ({ stock: eb.ref('totals.total') }))
    .whereRef('product.id', '=', 'totals.productId')
    .where('product.storeId', '=', scope.storeId)
    .whereRef('product.stock', '<>', 'totals.total')
    .execute();
  return upTo;
}

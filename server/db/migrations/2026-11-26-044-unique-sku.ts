import { type Kysely, sql } from 'kysely';

// Frozen once landed. A SKU names one product or one variant of a store (issue 20 §4, decision
// 044). The services refuse a second one across both tables (an index cannot span two tables);
// each table also gets a unique index on (store_id, sku) for non-empty SKUs, so parallel writes
// cannot slip past the check. "Where possible": a database whose data already holds a duplicate
// SKU keeps the plain index for that table (making the index would mean changing a merchant's
// data behind their back), says so, and the services still refuse every new duplicate.
const TABLES = ['product', 'variant'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    // Across every store, once: raw SQL, which the store guard (decision 042) leaves to the migration.
    const { rows } = await sql<{ store_id: number }>`select store_id from ${sql.table(table)} where sku <> '' group by store_id, sku having count(*) > 1 limit 1`.execute(db);
    if (rows[0]) {
      console.warn(`migration unique-sku: ${table} has a duplicate SKU in store ${String(rows[0].store_id)}; its unique index is not made (decision 044)`);
      continue;
    }
    await db.schema.createIndex(`${table}_store_sku_unique`).on(table).columns(['store_id', 'sku']).unique().where(sql.ref('sku'), '<>', '').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.dropIndex(`${table}_store_sku_unique`).ifExists().execute();
}

// The SQL of bench:orders (bench/orders.ts): the bench's own statements to pick its products and
// to check, after the load, what the database holds — never a request's.
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { openSqlite } from '#server/db/sqlite-dialect.ts';

export type BenchProduct = { id: number; slug: string; priceCents: number };

/** Enabled products of the store without variants (their own stock is the one taken), by id. */
export async function productsWithoutVariants(db: Db, storeId: number, count: number): Promise<BenchProduct[]> {
  return db
    .selectFrom('product')
    .select(['product.id', 'product.slug', 'product.priceCents'])
    .where('product.storeId', '=', storeId)
    .where('product.enabled', '=', 1)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('variant').select('variant.id').where('variant.storeId', '=', storeId).whereRef('variant.productId', '=', 'product.id'))))
    .orderBy('product.id')
    .limit(count)
    .execute();
}

/** The stock of these products now, by id. */
export async function stockOf(db: Db, storeId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db.selectFrom('product').select(['id', 'stock']).where('storeId', '=', storeId).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, Number(row.stock)]));
}

/** Units of each product in the store's orders (order lines), by product id. */
export async function unitsOrdered(db: Db, storeId: number, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('storeOrderLine')
    .select(['productId', (eb) => eb.fn.sum<number>('quantity').as('units')])
    .where('storeId', '=', storeId)
    .where('productId', 'in', [...ids])
    .groupBy('productId')
    .execute();
  return new Map(rows.map((row) => [row.productId!, Number(row.units)]));
}

/** How many orders have a line of this product. */
export async function ordersWithProduct(db: Db, storeId: number, productId: number): Promise<number> {
  const row = await db
    .selectFrom('storeOrderLine')
    .select((eb) => eb.fn.count<number>('orderId').distinct().as('orders'))
    .where('storeId', '=', storeId)
    .where('productId', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.orders);
}

/** Of these order codes, the ones the store has (in pages of 500 parameters). */
export async function existingOrderCodes(db: Db, storeId: number, codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < codes.length; start += 500) {
    const rows = await db.selectFrom('storeOrder').select('code').where('storeId', '=', storeId).where('code', 'in', codes.slice(start, start + 500)).execute();
    for (const row of rows) found.add(row.code);
  }
  return found;
}

/** The store's orders: how many, how many distinct numbers, the highest, and the orders without a line. */
export async function orderBook(db: Db, storeId: number) {
  const totals = await db
    .selectFrom('storeOrder')
    .select((eb) => [eb.fn.countAll<number>().as('orders'), eb.fn.count<number>('number').distinct().as('numbers'), eb.fn.max<number>('number').as('highest')])
    .where('storeId', '=', storeId)
    .executeTakeFirstOrThrow();
  const withoutLines = await db
    .selectFrom('storeOrder')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('storeOrder.storeId', '=', storeId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('storeOrderLine').select('storeOrderLine.id').where('storeOrderLine.storeId', '=', storeId).whereRef('storeOrderLine.orderId', '=', 'storeOrder.id'))))
    .executeTakeFirstOrThrow();
  return { orders: Number(totals.orders), numbers: Number(totals.numbers), highest: Number(totals.highest ?? 0), withoutLines: Number(withoutLines.count) };
}

/** SQLite's own check of the file: every page, index and constraint; ['ok'] when sound. */
export async function integrityCheck(db: Db): Promise<string[]> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  return rows.map((row) => String(Object.values(row)[0]));
}

/** The connection's journal mode and sync level (synchronous: 2 = FULL). */
export async function sqliteSettings(db: Db): Promise<{ journalMode: string; synchronous: number }> {
  const journal = await sql<Record<string, string>>`pragma journal_mode`.execute(db);
  const synchronous = await sql<Record<string, number>>`pragma synchronous`.execute(db);
  return { journalMode: String(Object.values(journal.rows[0] ?? {})[0]), synchronous: Number(Object.values(synchronous.rows[0] ?? {})[0]) };
}

/** Every order with its shopper's confirmation e-mail queued (an `order.shopperMail` job naming it, decision 093). */
export async function ordersWithConfirmationJob(db: Db): Promise<Set<number>> {
  const ids = new Set<number>();
  const rows = await db.selectFrom('job').select('payload').where('kind', '=', 'order.shopperMail').execute();
  for (const row of rows) {
    const payload = JSON.parse(row.payload) as { orderId: number; message: { kind: string } };
    if (payload.message.kind === 'confirmation') ids.add(payload.orderId);
  }
  return ids;
}

/** Rows other tables hold, to tell the writes an order costs besides its own transaction. */
export async function rowCounts(db: Db): Promise<{ jobs: number; jobsDone: number; notifications: number; rateLimits: number }> {
  const count = async (table: 'job' | 'notification' | 'rateLimit') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const done = await db.selectFrom('job').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'done').executeTakeFirstOrThrow();
  return { jobs: await count('job'), jobsDone: Number(done.n), notifications: await count('notification'), rateLimits: await count('rateLimit') };
}

/** Every order id of the store. */
export async function allOrderIds(db: Db, storeId: number): Promise<number[]> {
  const rows = await db.selectFrom('storeOrder').select('id').where('storeId', '=', storeId).execute();
  return rows.map((row) => row.id);
}

/**
 * The floor under SQLite's writes on this disk: one-row transactions in a row on a file of its
 * own beside the app's, opened as the app opens its files (WAL, synchronous=FULL: each commit
 * waits for fsync). SQLite has one writer at a time and no group commit, so the app's write
 * transactions per second cannot pass this, whatever the number of workers.
 */
export function sqliteCommitsPerSecond(directory: string, commits = 300, rowsPerCommitBatched = 20) {
  const database = openSqlite(path.join(directory, 'commit-floor.sqlite'));
  try {
    database.exec('create table if not exists floor (id integer primary key, at text not null)');
    const insert = database.prepare('insert into floor (at) values (?)');
    const run = (rows: number) => {
      const started = performance.now();
      for (let n = 0; n < commits; n++) {
        database.exec('begin immediate');
        for (let row = 0; row < rows; row++) insert.run(new Date().toISOString());
        database.exec('commit');
      }
      return performance.now() - started;
    };
    const single = run(1);
    // the same commits carrying 20 rows each: what a group commit of 20 orders would write
    const batched = run(rowsPerCommitBatched);
    return {
      commitsPerSecond: Math.round((commits / single) * 1000),
      msPerCommit: Math.round((single / commits) * 1000) / 1000,
      rowsPerSecondBatched: Math.round(((commits * rowsPerCommitBatched) / batched) * 1000),
      rowsPerCommitBatched,
    };
  } finally {
    database.close();
  }
}

/** The server processes of this database's other sessions: the app's pooled connections (PostgreSQL). */
export async function postgresBackendPids(db: Db): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
  return rows.map((row) => Number(row.pid));
}

// The SQL of bench:catalog (bench/catalog.ts): the product list's statements written out by
// hand, so that the database's plan for each can be printed (EXPLAIN) and each timed alone. The
// bench's own statements, never a request's, so no module's repository holds them.
import { sql } from 'kysely';
import { COUNT_CAP, PAGE_SIZE } from '#common/list-query.ts';
import { type Db, optimizeDatabase } from '#server/db/database.ts';
import { FEW_MATCHES } from '#server/db/paginate.ts';
import { round } from './settings.ts';

/** The plans of the product list's queries, as the database will run them at this size. */
export async function explainProductList(db: Db, { storeId, postgres, deepPage }: { storeId: number; postgres: boolean; deepPage: number }) {
  // What a settled database has: statistics (`optimizeDatabase` at start on SQLite), and on
  // PostgreSQL autovacuum's visibility map, without which an index-only scan reads the table anyway.
  if (postgres) await sql`vacuum analyze`.execute(db);
  else await optimizeDatabase(db);
  // The statements the kit's list runs (decision 036), as `server/db/store-resource.ts` writes them.
  const own = `from product where store_id = ${storeId}`;
  const term = 'camiseta clásica 1';
  const search = postgres
    ? `(lower(name) like '%${term}%' or lower(sku) like '%${term}%' or lower(code) like '%${term}%')`
    : `id in (select rowid from product_search where product_search match '"${term}"')`;
  const deep = (deepPage - 1) * PAGE_SIZE;
  // The record a page of the default order (last update, descending) ends at, 2,000 pages in:
  // where the next page's seek starts (`after`, decision 036).
  // (an alias without an underscore: the rows' keys come back camelCased, decision 022)
  const last = (await sql.raw<{ id: number; stamp: string }>(`select id, updated_at as stamp ${own} order by updated_at desc, id desc limit 1 offset ${deep - 1}`).execute(db)).rows[0]!;
  const stamp = last.stamp;
  const matches = postgres
    ? `select id ${own} and ${search} limit ${FEW_MATCHES + 1}`
    : `select rowid from product_search where product_search match '"${term}"' limit ${FEW_MATCHES + 1}`;
  const hits = (await sql.raw<{ id: number; rowid: number }>(matches).execute(db)).rows.map((row) => Number(row.id ?? row.rowid));
  const among = postgres ? `id = any('{${hits.join(',')}}'::int[])` : `id in (select value from json_each('${JSON.stringify(hits)}'))`;
  const queries: Record<string, string> = {
    'ids of page 1 (by last update, the default)': `select id ${own} order by updated_at desc, id desc limit ${PAGE_SIZE + 1}`,
    [`ids of page ${deepPage} by its number (offset ${deep})`]: `select id ${own} order by updated_at desc, id desc limit ${PAGE_SIZE + 1} offset ${deep}`,
    [`ids of page ${deepPage} after its last record: the ties`]: `select id ${own} and updated_at = '${stamp}' and id < ${last.id} order by updated_at desc, id desc limit ${PAGE_SIZE + 1}`,
    [`ids of page ${deepPage} after its last record: past it`]: `select id ${own} and updated_at < '${stamp}' order by updated_at desc, id desc limit ${PAGE_SIZE + 1}`,
    [`ids of page ${deepPage} by name, after a record`]: `select id ${own} and name > 'Camiseta' order by name, id limit ${PAGE_SIZE + 1}`,
    [`ids of page ${deepPage} by price, descending, after a record`]: `select id ${own} and price_cents < 5000 order by price_cents desc, id desc limit ${PAGE_SIZE + 1}`,
    'rows of the page (by id)': `select id, name, sku, price_cents, stock ${own} and id in (1, 2, 3)`,
    [`capped count (≤ ${COUNT_CAP + 1})`]: `select count(*) from (select id ${own} limit ${COUNT_CAP + 1}) as capped`,
    [`search: the matches, up to ${FEW_MATCHES + 1} (${hits.length} here)`]: matches,
    ...(postgres ? {} : { "search: the store's among them": `select id ${own} and ${among}` }),
    'search: the page among them': `select id ${own} and ${among} order by ${postgres ? 'updated_at desc, id desc' : '+updated_at desc, +id desc'} limit ${PAGE_SIZE + 1}`,
    [`search of more than ${FEW_MATCHES} matches: ids of page 1`]: `select id ${own} and ${postgres ? "lower(name) like '%camiseta%'" : `id in (select rowid from product_search where product_search match '"camiseta"')`} order by updated_at desc, id desc limit ${PAGE_SIZE + 1}`,
    'variants of a page': `select product_id, count(*) from variant where store_id = ${storeId} and product_id in (1, 2, 3) group by product_id`,
  };
  const plans: Record<string, string[]> = {};
  for (const [name, query] of Object.entries(queries)) {
    const rows = (await sql.raw(`${postgres ? 'explain' : 'explain query plan'} ${query}`).execute(db)).rows as Record<string, unknown>[];
    // Each statement alone, timed in process (median of 15 runs after one warm-up): what the
    // database costs, apart from HTTP and rendering.
    const times: number[] = [];
    for (let run = 0; run < 16; run++) {
      const started = performance.now();
      await sql.raw(query).execute(db);
      if (run > 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    plans[name] = [...rows.map((row) => String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row))), `(median ${round(times[7]!, 2)} ms alone)`];
  }
  return plans;
}

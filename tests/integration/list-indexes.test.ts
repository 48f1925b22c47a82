import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '#server/db/database.ts';
import type { StoreResourceRepository } from '#server/db/store-resource.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

// Every sort a kit list offers walks a `(store_id, column, id)` index (decision 036): the list's
// deferred join and its seek to the next page stay inside it. Every kit repository of
// server/modules is found here, so a new resource's sort without its index fails, on both databases.

type KitRepository = StoreResourceRepository<unknown, string, string, unknown, unknown>;
const isKitRepository = (value: unknown): value is KitRepository => typeof value === 'object' && value !== null && 'table' in value && 'sort' in value && 'list' in value;

const REPOSITORIES = Object.values(import.meta.glob<Record<string, unknown>>('../../server/modules/*/*.repository.ts', { eager: true }))
  .flatMap((module) => Object.values(module))
  .filter(isKitRepository);

const snake = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

type Index = { name: string; unique: boolean; columns: string[] };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

/** The table's indexes and their columns in order, as the database has them. */
async function indexesOf(table: string): Promise<Index[]> {
  const rows =
    dialectOf(process.env.DATABASE_URL) === 'postgres'
      ? (
          await sql<{ name: string; unique: boolean; col: string }>`
            select i.relname as name, x.indisunique as unique, a.attname as col
            from pg_index x
            join pg_class c on c.oid = x.indrelid
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
            join pg_class i on i.oid = x.indexrelid
            cross join lateral unnest(x.indkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
            where c.relname = ${table}
            order by i.relname, k.ord`.execute(t.db)
        ).rows
      : (
          await sql<{ name: string; unique: number; col: string }>`
            select l.name as name, l."unique" as "unique", i.name as col
            from pragma_index_list(${table}) l join pragma_index_info(l.name) i
            order by l.name, i.seqno`.execute(t.db)
        ).rows;
  const byName = new Map<string, Index>();
  for (const row of rows) {
    const index = byName.get(row.name) ?? { name: row.name, unique: Boolean(row.unique), columns: [] };
    index.columns.push(row.col);
    byName.set(row.name, index);
  }
  return [...byName.values()];
}

/** `(store_id, column, id…)`, or unique `(store_id, column)`: either orders the store's rows fully. */
const serves = (index: Index, column: string) =>
  index.columns[0] === 'store_id' && index.columns[1] === column && (index.columns[2] === 'id' || (index.unique && index.columns.length === 2));

describe('the kit lists’ sorts', () => {
  it('are found: every kit repository of server/modules', () => {
    expect(REPOSITORIES.map((repository) => repository.table).sort()).toEqual(['banner', 'brand', 'category', 'color', 'coupon', 'page', 'product', 'review', 'size', 'subcategory', 'variant']);
  });

  it('each walk an index of the store, the sorted column and the id', async () => {
    const missing: string[] = [];
    for (const repository of REPOSITORIES) {
      const indexes = await indexesOf(repository.table);
      for (const [name, column] of Object.entries(repository.sort)) {
        if (!indexes.some((index) => serves(index, snake(column)))) missing.push(`${repository.table} sorted by ${name} (${snake(column)})`);
      }
    }
    expect(missing).toEqual([]);
  });
});

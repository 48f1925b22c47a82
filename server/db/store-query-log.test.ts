import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Dialect, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { databaseOptions } from './database.ts';
import type { UnscopedQuery } from './store-query-log.ts';

let t: TestDatabase;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'store-query-log-'));
  file = path.join(dir, 'unscoped.log');
  t = await createTestDatabase({ LOG_STORE_QUERIES: file });
});

afterAll(async () => {
  await t.dispose();
  rmSync(dir, { recursive: true, force: true });
});

let seen = 0;
/** The entries logged since the last call. */
function logged(): UnscopedQuery[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // no query logged yet: no file
  }
  const entries = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as UnscopedQuery);
  const fresh = entries.slice(seen);
  seen = entries.length;
  return fresh;
}

beforeEach(() => void logged());

describe('the unscoped-query log (LOG_STORE_QUERIES, decision 102)', () => {
  it('records a raw query on a store table with no store_id, with its table and where it came from', async () => {
    await sql`select id from product where price_cents > ${0}`.execute(t.db);
    const [entry, ...more] = logged();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ tables: ['product'], raw: true, sql: expect.stringMatching(/^select id from product where price_cents > (\$1|\?)$/) });
    expect(entry!.stack.some((frame) => frame.startsWith('server/db/store-query-log.test.ts:'))).toBe(true);
  });

  it('records a built query the guard would refuse, and one on a membership table it leaves alone', async () => {
    // withoutPlugins: the same database and log, without the guard that refuses it before it runs
    await t.db.withoutPlugins().selectFrom('variant').select('id').where('stock', '>', 0).execute();
    await t.db.selectFrom('storeMember').select('storeId').where('userId', '=', 1).execute();
    expect(logged().map((entry) => [entry.tables, entry.raw])).toEqual([
      [['variant'], false],
      [['store_member'], false],
    ]);
  });

  it('records nothing for queries that name one store (raw or built, joined by store_id, the store by its id), or on platform tables', async () => {
    await sql`select id from product where store_id = ${1} and price_cents > ${0}`.execute(t.db);
    await t.db
      .selectFrom('product')
      .innerJoin('variant', (join) => join.onRef('variant.productId', '=', 'product.id').onRef('variant.storeId', '=', 'product.storeId'))
      .select('variant.id')
      .where('product.storeId', '=', 1)
      .execute();
    await t.db.selectFrom('storeMember').select('userId').where('storeId', '=', 1).execute();
    await t.db.selectFrom('store').select('slug').where('id', '=', 1).execute();
    await t.db.selectFrom('storeMember').innerJoin('store', 'store.id', 'storeMember.storeId').select('store.slug').where('storeMember.storeId', '=', 1).execute();
    await t.db.selectFrom('setting').select('value').where('key', '=', 'nadie').execute();
    expect(logged()).toEqual([]);
  });

  it('records a store looked up by anything but its id (its slug), which a sharded database asks every shard', async () => {
    await t.db.selectFrom('store').select('id').where('slug', '=', 'nadie').execute();
    expect(logged().map((entry) => entry.tables)).toEqual([['store']]);
  });

  it('records a raw query that only links stores (a.store_id = b.store_id) without naming one', async () => {
    await sql`select p.id from payment p join store_order o on o.id = p.order_id and o.store_id = p.store_id where p.expires_at <= ${'2026-01-01'}`.execute(t.db);
    expect(logged().map((entry) => entry.tables.toSorted())).toEqual([['payment', 'store_order']]);
  });

  it('is off unless LOG_STORE_QUERIES names a file: no logger, no extra plugin, so Kysely skips its logging path', () => {
    // databaseOptions only wraps the dialect; nothing here connects
    const dialect = {} as Dialect;
    expect(databaseOptions(dialect, { storeGuard: true }).log).toBeUndefined();
    expect(databaseOptions(dialect, { storeGuard: true }).plugins).toHaveLength(2);
    expect(databaseOptions(dialect, { storeGuard: true, logStoreQueries: file }).log).toBeTypeOf('function');
    expect(databaseOptions(dialect, { storeGuard: true, logStoreQueries: file }).plugins).toHaveLength(3);
  });
});

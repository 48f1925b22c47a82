import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { CaseNames, sqlName } from './case-names.ts';
import { dialectOf } from './database.ts';

// camelCase in code, snake_case in SQL (decisions 022 and 039), on a table made here so every
// kind of name is met: tables, columns, aliases, references inside `sql`, and JSON values.
type NamesDb = {
  twoWordThing: { id: Generated<number>; storeId: number; displayName: string; extraData: string | null };
};

let t: TestDatabase;
let db: Kysely<NamesDb>;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.schema
    .createTable('two_word_thing')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('store_id', 'integer', (col) => col.notNull())
    .addColumn('display_name', 'varchar(40)', (col) => col.notNull())
    .addColumn('extra_data', 'text')
    .execute();
  db = t.db as unknown as Kysely<NamesDb>;
  await db.insertInto('twoWordThing').values([{ id: 1, storeId: 7, displayName: 'uno', extraData: null }, { id: 2, storeId: 7, displayName: 'dos', extraData: '{"a":1}' }]).execute();
});

afterAll(() => t.dispose());

describe('names between code and SQL', () => {
  it('the compiled SQL spells every identifier in snake_case', () => {
    const query = db
      .selectFrom('twoWordThing as someThing')
      .select(['someThing.displayName', sql<number>`${sql.ref('someThing.storeId')} + 1`.as('nextStoreId')])
      .where('someThing.storeId', '=', 7)
      .orderBy('displayName')
      .compile();
    const q = (name: string) => `"${name}"`;
    expect(query.sql).toBe(
      `select ${q('some_thing')}.${q('display_name')}, ${q('some_thing')}.${q('store_id')} + 1 as ${q('next_store_id')} from ${q('two_word_thing')} as ${q('some_thing')} where ${q('some_thing')}.${q('store_id')} = ${dialectOf(t.config.databaseUrl) === 'postgres' ? '$1' : '?'} order by ${q('display_name')}`,
    );
  });

  it('rows come back with camelCase keys, aliases included, in every row', async () => {
    const rows = await db.selectFrom('twoWordThing').select(['id', 'displayName', 'extraData', 'storeId as ownerStore']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, displayName: 'uno', extraData: null, ownerStore: 7 },
      { id: 2, displayName: 'dos', extraData: '{"a":1}', ownerStore: 7 },
    ]);
    expect(await db.selectFrom('twoWordThing').select('id').where('id', '=', 99).execute()).toEqual([]);
  });

  it('inserts, updates and deletes name their columns the same way', async () => {
    await db.insertInto('twoWordThing').values({ id: 3, storeId: 8, displayName: 'tres' }).execute();
    await db.updateTable('twoWordThing').set({ displayName: 'TRES', extraData: 'x' }).where('storeId', '=', 8).execute();
    expect(await db.selectFrom('twoWordThing').selectAll().where('id', '=', 3).executeTakeFirst()).toEqual({ id: 3, storeId: 8, displayName: 'TRES', extraData: 'x' });
    await db.deleteFrom('twoWordThing').where('storeId', '=', 8).execute();
    expect(await db.selectFrom('twoWordThing').select('id').where('id', '=', 3).executeTakeFirst()).toBeUndefined();
  });

  it('keys of JSON objects in a row are camelCased too, as Kysely’s CamelCasePlugin does', async () => {
    const names = new CaseNames();
    const rows = [{ some_value: { inner_key: 1, list_of: [{ deep_key: true }, 'plain'] }, other: [1, 2] }];
    const { rows: mapped } = await names.transformResult({ result: { rows }, queryId: { queryId: 'q' } });
    expect(mapped).toEqual([{ someValue: { innerKey: 1, listOf: [{ deepKey: true }, 'plain'] }, other: [1, 2] }]);
    expect(sqlName('storeId')).toBe('store_id');
    expect(sqlName('store_id')).toBe('store_id');
  });
});

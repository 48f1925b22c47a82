import { type Generated, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { activeStoreId, runInStore } from '#server/tenancy/active-store.ts';
import { StoreGuardError, StoreGuardPlugin } from './store-guard.ts';

// Two probe tables made here, so the guard is tested on real SQL of both dialects before any
// real store-owned table exists.
type ProbeDb = {
  probe: { id: Generated<number>; storeId: number; name: string };
  probeNote: { id: Generated<number>; probeId: number; storeId: number; body: string };
  setting: { key: string; value: string; updatedAt: string };
  // the real store table (migrations made it): its id names a store as store_id does
  store: { id: number; slug: string };
};

let t: TestDatabase;
let db: Kysely<ProbeDb>;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.schema.createTable('probe').addColumn('id', 'integer', (col) => col.primaryKey()).addColumn('store_id', 'integer', (col) => col.notNull()).addColumn('name', 'varchar(40)', (col) => col.notNull()).execute();
  await t.db.schema
    .createTable('probe_note')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('probe_id', 'integer', (col) => col.notNull())
    .addColumn('store_id', 'integer', (col) => col.notNull())
    .addColumn('body', 'varchar(40)', (col) => col.notNull())
    .execute();
  db = t.db.withPlugin(new StoreGuardPlugin(['probe', 'probe_note'])) as unknown as Kysely<ProbeDb>;
  await db.insertInto('probe').values([{ id: 1, storeId: 1, name: 'mine' }, { id: 2, storeId: 2, name: 'theirs' }]).execute();
  await db.insertInto('probeNote').values([{ id: 1, probeId: 1, storeId: 1, body: 'a' }, { id: 2, probeId: 2, storeId: 2, body: 'b' }]).execute();
});

afterAll(() => t.dispose());

const refused = (query: { execute(): Promise<unknown> }, message: RegExp) => expect(query.execute()).rejects.toThrow(expect.objectContaining({ name: StoreGuardError.name, message: expect.stringMatching(message) }));
/** The guard's refusal of a table with no condition naming one store. */
const unpinned = (table: string) => new RegExp(`on store-owned table "${table}".* without a \\S*store_id condition`);

describe('store guard: scoped queries pass', () => {
  it('select, update and delete pinned to one store, qualified or not, by = or in', async () => {
    expect(await db.selectFrom('probe').select('name').where('storeId', '=', 1).execute()).toEqual([{ name: 'mine' }]);
    expect(await db.selectFrom('probe as p').select('p.name').where('p.storeId', 'in', [2]).execute()).toEqual([{ name: 'theirs' }]);
    await db.updateTable('probe').set({ name: 'still mine' }).where('id', '=', 1).where('probe.storeId', '=', 1).execute();
    await db.deleteFrom('probeNote').where('storeId', '=', 9).where('id', '=', 1).execute();
    expect(await db.selectFrom('probe').select('name').where((eb) => eb.and([eb('id', '=', 1), eb('storeId', '=', 1)])).execute()).toEqual([{ name: 'still mine' }]);
  });

  it('joins and subqueries with each store-owned table pinned, in WHERE or ON', async () => {
    const joined = await db
      .selectFrom('probe')
      .innerJoin('probeNote', (join) => join.onRef('probeNote.probeId', '=', 'probe.id').onRef('probeNote.storeId', '=', 'probe.storeId'))
      .select(['probe.name', 'probeNote.body'])
      .where('probe.storeId', '=', 2)
      .execute();
    expect(joined).toEqual([{ name: 'theirs', body: 'b' }]);
    const nested = await db
      .selectFrom('probe')
      .select('name')
      .where('storeId', '=', 2)
      .where('id', 'in', (eb) => eb.selectFrom('probeNote').select('probeId').where('storeId', '=', 2))
      .execute();
    expect(nested).toEqual([{ name: 'theirs' }]);
  });

  it('one value however it is written: a parameter, a literal, a list of one', async () => {
    expect(await db.selectFrom('probe').select('name').where((eb) => eb('storeId', '=', eb.lit(2))).execute()).toEqual([{ name: 'theirs' }]);
    expect(await db.selectFrom('probe').select('name').where((eb) => eb('storeId', 'in', [eb.val(2)])).execute()).toEqual([{ name: 'theirs' }]);
    expect(await db.selectFrom('probe').select('name').where('probe.storeId', '=', 2).where('id', 'in', [1, 2, 3]).execute()).toEqual([{ name: 'theirs' }]);
  });

  it('a joined table pinned through the equality of its store_id with a pinned one, written either way round', async () => {
    const joined = await db
      .selectFrom('probe as p')
      .innerJoin('probeNote as n', (join) => join.onRef('n.probeId', '=', 'p.id').onRef('p.storeId', '=', 'n.storeId'))
      .select('n.body')
      .where('p.storeId', '=', 1)
      .execute();
    expect(joined).toEqual([{ body: 'a' }]);
    const inWhere = await db.selectFrom('probe').innerJoin('probeNote', 'probeNote.probeId', 'probe.id').select('probeNote.body').whereRef('probe.storeId', '=', 'probeNote.storeId').where('probeNote.storeId', '=', 2).execute();
    expect(inWhere).toEqual([{ body: 'b' }]);
  });

  it('an insert with a store_id value, and tables that are not store-owned, pass', async () => {
    await db.insertInto('probe').values({ id: 3, storeId: 1, name: 'new' }).execute();
    expect(await db.selectFrom('setting').select('key').execute()).toBeInstanceOf(Array);
  });
});

describe('store guard: unscoped queries throw before reaching the database', () => {
  it('a select, update or delete without store_id', async () => {
    await refused(db.selectFrom('probe').select('name'), /select on store-owned table "probe" without a probe\.store_id condition/);
    await refused(db.selectFrom('probe').select('name').where('id', '=', 2), /select on store-owned table "probe"/);
    await refused(db.updateTable('probe').set({ name: 'stolen' }).where('id', '=', 2), /update on store-owned table "probe"/);
    await refused(db.deleteFrom('probe').where('id', '=', 2), /delete on store-owned table "probe"/);
    expect(await db.selectFrom('probe').select('name').where('id', '=', 2).where('storeId', '=', 2).executeTakeFirst()).toEqual({ name: 'theirs' });
  });

  it('a store_id condition that does not hold for every row: under OR, against NULL, or with another operator', async () => {
    await refused(db.selectFrom('probe').select('name').where((eb) => eb.or([eb('storeId', '=', 1), eb('id', '=', 2)])), /probe/);
    await refused(db.selectFrom('probe').select('name').where('storeId', 'is', null), /probe/);
    await refused(db.selectFrom('probe').select('name').where('storeId', '>', 0), /probe/);
  });

  it('an OR that widens the store condition: `store_id = 1 or true`, `or name = …`, also inside an AND', async () => {
    await refused(db.selectFrom('probe').select('name').where((eb) => eb.or([eb('storeId', '=', 1), sql<boolean>`true`])), unpinned('probe'));
    await refused(db.selectFrom('probe').select('name').where((eb) => eb.or([eb('storeId', '=', 1), eb('name', '=', 'theirs')])), unpinned('probe'));
    await refused(db.selectFrom('probe').select('name').where('id', '>', 0).where((eb) => eb.or([eb('storeId', '=', 1), eb('name', '=', 'theirs')])), unpinned('probe'));
    await refused(db.updateTable('probe').set({ name: 'x' }).where((eb) => eb.or([eb('storeId', '=', 1), eb('id', '=', 2)])), /update on store-owned table "probe"/);
  });

  it('a store_id compared with itself, in WHERE or in a join\'s ON, or a ring of joined store_ids with no value', async () => {
    await refused(db.selectFrom('probe').select('name').whereRef('storeId', '=', 'storeId'), unpinned('probe'));
    await refused(db.selectFrom('probe').select('name').whereRef('probe.storeId', '=', 'probe.storeId'), unpinned('probe'));
    await refused(db.deleteFrom('probe').whereRef('probe.storeId', '=', 'probe.storeId').where('id', '=', 2), /delete on store-owned table "probe"/);
    await refused(
      db.selectFrom('probe').innerJoin('probeNote', (join) => join.onRef('probeNote.probeId', '=', 'probe.id').onRef('probeNote.storeId', '=', 'probeNote.storeId')).select('probeNote.body').where('probe.storeId', '=', 1),
      unpinned('probe_note'),
    );
    await refused(
      db.selectFrom('probe').innerJoin('probeNote', (join) => join.onRef('probeNote.storeId', '=', 'probe.storeId')).select('probeNote.body').whereRef('probe.storeId', '=', 'probeNote.storeId'),
      unpinned('probe'),
    );
  });

  it('a store_id in a subquery of stores, or in a list of several', async () => {
    await refused(db.selectFrom('probe').select('name').where('storeId', 'in', (eb) => eb.selectFrom('store').select('store.id')), unpinned('probe'));
    await refused(db.selectFrom('probe').select('name').where('storeId', 'in', [1, 2]), unpinned('probe'));
    await refused(db.selectFrom('probe').select('name').where((eb) => eb('storeId', 'in', [eb.val(1), eb.val(2)])), unpinned('probe'));
  });

  it('a store_id equal to a scalar subquery or to raw SQL', async () => {
    await refused(db.selectFrom('probe').select('name').where('storeId', '=', (eb) => eb.selectFrom('store').select('store.id').limit(1)), unpinned('probe'));
    await refused(db.selectFrom('probe').select('name').where('storeId', '=', (eb) => eb.selectFrom('probeNote').select('probeNote.storeId').where('probeNote.storeId', '=', 1).limit(1)), unpinned('probe'));
    await refused(db.selectFrom('probe').select('name').where('storeId', '=', sql<number>`1`), unpinned('probe'));
  });

  it('an update that sets store_id to anything but one value', async () => {
    await refused(db.updateTable('probe').set((eb) => ({ storeId: eb.selectFrom('store').select('store.id').limit(1) })).where('storeId', '=', 1), /update of store-owned table "probe" sets store_id/);
    await refused(db.updateTable('probe').set((eb) => ({ storeId: eb.ref('probe.id') })).where('storeId', '=', 1), /sets store_id/);
  });

  it('a joined table without its own store_id condition', async () => {
    await refused(
      db.selectFrom('probe').innerJoin('probeNote', 'probeNote.probeId', 'probe.id').select('probeNote.body').where('probe.storeId', '=', 1),
      /select on store-owned table "probe_note" without a probe_note\.store_id condition/,
    );
    // With two store-owned tables an unqualified store_id could be either: it pins neither.
    await refused(db.selectFrom('probe as p').innerJoin('probeNote as n', 'n.probeId', 'p.id').select('n.body').where('p.storeId', '=', 1), /"probe_note" \(as "n"\)/);
  });

  it('a subquery without store_id, even inside a scoped query', async () => {
    await refused(
      db.selectFrom('probe').select('name').where('storeId', '=', 1).where('id', 'in', (eb) => eb.selectFrom('probeNote').select('probeId')),
      /select on store-owned table "probe_note"/,
    );
    await refused(db.selectFrom((eb) => eb.selectFrom('probe').select('name').as('inner')).selectAll(), /select on store-owned table "probe"/);
  });

  it('an insert without a store_id value, or with one that is not a value', async () => {
    await refused((db as unknown as Kysely<{ probe: { id: number; name: string } }>).insertInto('probe').values({ id: 4, name: 'orphan' }), /insert into store-owned table "probe" without a store_id value/);
    await refused(db.insertInto('probe').values((eb) => ({ id: 4, storeId: eb.selectFrom('store').select('store.id').limit(1), name: 'orphan' })), /insert into store-owned table "probe" without a store_id value/);
    const rows = await sql<{ count: number }>`select count(*) as count from probe where id = 4`.execute(db);
    expect(Number(rows.rows[0]!.count)).toBe(0);
  });
});

describe("store guard: while a request's scope is active, only its store may be named", () => {
  it("passes the scope's own store, across awaits, and nothing is active outside it", async () => {
    await runInStore(1, async () => {
      expect(await db.selectFrom('probe').select('name').where('storeId', '=', 1).where('id', '=', 1).execute()).toEqual([{ name: 'still mine' }]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(activeStoreId()).toBe(1);
      await db.insertInto('probeNote').values({ id: 5, probeId: 1, storeId: 1, body: 'c' }).execute();
      await db.updateTable('probeNote').set({ storeId: 1, body: 'd' }).where('storeId', '=', 1).where('id', '=', 5).execute();
      expect(await db.selectFrom('store').select('id').where('id', '=', 1).execute()).toBeInstanceOf(Array);
    });
    expect(activeStoreId()).toBeUndefined();
  });

  it("refuses another store's id in WHERE, in a list of one, in a join's ON, in a subquery, inserted or set", async () => {
    await runInStore(1, async () => {
      const otherStore = /names store 2 while the request acts for store 1/;
      await refused(db.selectFrom('probe').select('name').where('storeId', '=', 2), otherStore);
      await refused(db.selectFrom('probe').select('name').where('probe.storeId', 'in', [2]), otherStore);
      await refused(db.selectFrom('probe').innerJoin('probeNote', (join) => join.onRef('probeNote.probeId', '=', 'probe.id').on('probeNote.storeId', '=', 2)).select('probe.name').where('probe.storeId', '=', 1), otherStore);
      await refused(db.selectFrom('probe').select('name').where('storeId', '=', 1).where('id', 'in', (eb) => eb.selectFrom('probeNote').select('probeId').where('storeId', '=', 2)), otherStore);
      await refused(db.deleteFrom('probe').where('storeId', '=', 2).where('id', '=', 2), otherStore);
      await refused(db.insertInto('probe').values({ id: 6, storeId: 2, name: 'planted' }), /insert names store 2/);
      await refused(db.updateTable('probe').set({ storeId: 2 }).where('storeId', '=', 1).where('id', '=', 1), /update names store 2/);
      // the store table's key names a store too
      await refused(db.selectFrom('store').select('slug').where('id', '=', 2), otherStore);
      await refused(db.updateTable('store').set({ slug: 'taken' }).where('store.id', '=', 2), /update names store 2/);
    });
    expect(await db.selectFrom('probe').select(['id', 'storeId']).where('storeId', '=', 2).orderBy('id').execute()).toEqual([{ id: 2, storeId: 2 }]);
  });

  it('lets code without a scope (staff, jobs, scripts) name any store', async () => {
    expect(await db.selectFrom('probe').select('name').where('storeId', '=', 2).execute()).toEqual([{ name: 'theirs' }]);
    expect(await db.selectFrom('probe').select('name').where('storeId', '=', 1).where('id', '=', 1).execute()).toEqual([{ name: 'still mine' }]);
  });
});

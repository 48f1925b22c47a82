import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-db.ts';
import { groupCommit, groupCommitStats, inSavepoint } from './group-commit.ts';

// Group commit (decision 070) on the database the suite runs on (PostgreSQL with DATABASE_URL):
// units that arrive together share one commit, a unit that fails is undone alone and answered as
// it would be without a batch, and a batch that fails before its commit leaves nothing behind.
// The units count rate-limit attempts: a table any unit may write, read back by key.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const plenty = { max: 1000, windowMs: 60_000 };
const count = async (key: string) => (await t.db.selectFrom('rateLimit').select('count').where('key', '=', key).executeTakeFirst())?.count ?? null;
const statsNow = () => ({ ...groupCommitStats(t.db) });
const delta = (before: ReturnType<typeof statsNow>) => {
  const now = groupCommitStats(t.db);
  return { commits: now.commits - before.commits, units: now.units - before.units, triedAlone: now.triedAlone - before.triedAlone };
};

describe('groupCommit', () => {
  it('gives the units that arrive together one commit; one that fails is undone alone, tried again alone, and gets its own error', async () => {
    const before = statsNow();
    let badTries = 0;
    const good = Array.from({ length: 5 }, (_, n) =>
      groupCommit(t.deps, { key: 'test:a' }, async (tx) => {
        await takeAttempt(tx, `gc:good:${n}`, plenty);
        return n;
      }),
    );
    // A real database error (a duplicate primary key), which on PostgreSQL aborts the transaction
    // until its savepoint is rolled back: the units after it must still commit.
    const bad = groupCommit(t.deps, { key: 'test:a' }, async (tx) => {
      badTries += 1;
      const row = { key: 'gc:bad', count: 1, resetAt: '2030-01-01T00:00:00.000Z' };
      await tx.db.insertInto('rateLimit').values(row).execute();
      await tx.db.insertInto('rateLimit').values(row).execute();
    });
    const after = groupCommit(t.deps, { key: 'test:a' }, async (tx) => {
      await takeAttempt(tx, 'gc:after-bad', plenty);
      return 'after';
    });
    const [values, badOutcome, afterValue] = await Promise.all([Promise.all(good), bad.then(() => 'placed', (error: unknown) => error), after]);
    expect(values).toEqual([0, 1, 2, 3, 4]);
    expect(afterValue).toBe('after');
    expect(badOutcome).toBeInstanceOf(Error);
    expect(badTries).toBe(2); // in the batch, then alone
    expect(await Promise.all([0, 1, 2, 3, 4].map((n) => count(`gc:good:${n}`)))).toEqual([1, 1, 1, 1, 1]);
    expect(await count('gc:after-bad')).toBe(1);
    expect(await count('gc:bad')).toBeNull();
    // One commit for the batch; the lone retry failed, so it committed nothing.
    expect(delta(before)).toEqual({ commits: 1, units: 7, triedAlone: 1 });
  });

  it('tries every unit again alone when the batch fails before its commit, and nothing of the batch stays', async () => {
    const before = statsNow();
    let begins = 0;
    const batch = {
      key: 'test:b',
      begin: async (tx: ServiceDeps) => {
        begins += 1;
        await takeAttempt(tx, 'gc:begin', plenty);
        if (begins === 1) throw new Error('the first transaction fails');
      },
    };
    const values = await Promise.all([1, 2, 3].map((n) => groupCommit(t.deps, batch, async (tx) => {
      await takeAttempt(tx, `gc:retried:${n}`, plenty);
      return n * 10;
    })));
    expect(values).toEqual([10, 20, 30]);
    expect(begins).toBe(4); // the batch's, then one per lone transaction
    expect(await Promise.all([1, 2, 3].map((n) => count(`gc:retried:${n}`)))).toEqual([1, 1, 1]);
    expect(await count('gc:begin')).toBe(3); // the failed batch's attempt was rolled back
    expect(delta(before)).toEqual({ commits: 3, units: 3, triedAlone: 3 });
  });

  it('keeps what a unit wrote before an inner savepoint whose work threw, in a batch and alone', async () => {
    const unit = (name: string) => groupCommit(t.deps, { key: 'test:c' }, async (tx) => {
      await takeAttempt(tx, `gc:outer:${name}`, plenty);
      const inner = await inSavepoint(tx, async (own) => {
        await takeAttempt(own, `gc:inner:${name}`, plenty);
        throw new Error('refused');
      }).catch((error: Error) => error.message);
      return inner;
    });
    expect(await Promise.all([unit('one'), unit('two')])).toEqual(['refused', 'refused']);
    expect(await unit('alone')).toBe('refused');
    for (const name of ['one', 'two', 'alone']) {
      expect(await count(`gc:outer:${name}`)).toBe(1);
      expect(await count(`gc:inner:${name}`)).toBeNull();
    }
  });

  it('joins a caller’s transaction instead of queueing', async () => {
    const before = statsNow();
    await t.db.transaction().execute(async (trx) => {
      const value = await groupCommit({ ...t.deps, db: trx }, { key: 'test:d' }, async (tx) => {
        await takeAttempt(tx, 'gc:joined', plenty);
        return tx.db === trx;
      });
      expect(value).toBe(true);
    });
    expect(await count('gc:joined')).toBe(1);
    expect(delta(before)).toEqual({ commits: 0, units: 0, triedAlone: 0 });
  });
});

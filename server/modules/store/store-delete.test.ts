import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '#server/db/database.ts';
import { STORE_MEMBERSHIP_TABLES, STORE_OWNED_TABLES } from '#server/db/store-guard.ts';
import { AppError } from '#server/errors.ts';
import { deleteAccount } from '#server/modules/user/user.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { makeStore, TEST_PASSWORD, type TestStore } from '../../../tests/support/factories.ts';
import { JOB_HANDLERS } from '#server/composition.ts';
import { runJobs } from '#server/modules/job/job.service.ts';
import { OWNED_FILES_GRACE_MS } from '#server/modules/upload/file-removal.ts';
import { recordingLog, runDueJobs, testServiceDeps } from '../../../tests/support/jobs.ts';
import { fillStore, storeForeignKeys, storeFootprint } from '../../../tests/support/store-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { ownStoreScope, staffStoreScope } from '#server/tenancy/store-scope.ts';
import { deleteStore } from './store.service.ts';

// Deleting a store takes everything it owns, rows and files, and nothing of another store
// (issue 10 point 7, decision 029); deleting the account takes the store the same way.
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

/** A store with a row in every store-owned table and a file on disk. */
async function filledStore(): Promise<TestStore> {
  const store = await makeStore(t);
  await fillStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, store.owner.id);
  return store;
}
const footprint = (store: TestStore, deps: ServiceDeps = t.deps) => storeFootprint(deps, { storeId: store.id, ownerId: store.owner.id });
const scopeOf = async (store: TestStore) => (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { key: error.code, status: error.status, field: error.field } : error),
  );

describe('every store-owned table', () => {
  it("references the store with on delete cascade, so the store's delete takes its rows", async () => {
    const keys = await storeForeignKeys(t.db, dialectOf(process.env.DATABASE_URL));
    expect(keys).toEqual(Object.fromEntries([...STORE_OWNED_TABLES, ...STORE_MEMBERSHIP_TABLES].map((table) => [table, 'store.id on delete cascade'])));
  });
});

/** Files named by no row that outlives the store: a receipt, a kept invoice's and credit note's RIDE (issue 41 §1). */
async function prefixedFiles(store: TestStore): Promise<string[]> {
  const keys = [`receipts/${store.id}/r.png`, `invoices/${store.id}/7/ride-v3-es-authorized.pdf`, `credit-notes/${store.id}/2/ride-v3-en-pending.pdf`];
  for (const key of keys) await t.deps.storage.put(key, Buffer.from(key));
  return keys;
}
const present = async (keys: string[]) => (await Promise.all(keys.map((key) => t.deps.storage.read(key)))).filter(Boolean).length;

describe('deleteStore', () => {
  it('deletes the store, every store-owned row and its files in one go, and nothing of another store', async () => {
    const [mine, other] = [await filledStore(), await filledStore()];
    const [before, otherBefore] = [await footprint(mine), await footprint(other)];
    // Something in every table and on disk, or the counts below would prove nothing.
    for (const counts of [before, otherBefore]) {
      for (const [table, n] of Object.entries(counts.rows)) expect(n, table).toBeGreaterThan(0);
      expect(counts.files).toBe(counts.keys.length);
      expect(counts.files).toBeGreaterThan(0);
    }

    const [myPrefixed, otherPrefixed] = [await prefixedFiles(mine), await prefixedFiles(other)];

    await deleteStore(t.deps, await scopeOf(mine), { slug: mine.slug, password: TEST_PASSWORD });

    const after = await footprint(mine);
    expect(after.rows).toEqual(Object.fromEntries(Object.keys(before.rows).map((table) => [table, 0])));
    for (const key of before.keys) expect(await t.deps.storage.read(key), key).toBeNull();
    expect(await present(myPrefixed)).toBe(0);
    expect(await present(otherPrefixed)).toBe(3);
    expect(await footprint(other)).toEqual(otherBefore);
    expect(await ownStoreScope(t.deps, { userId: mine.owner.id })).toBeNull();
    // Everything went at once: the job queued as the net for a crash was dropped.
    const nets = await t.db.selectFrom('job').select('id').where('kind', '=', 'removeOwnedFiles').where('state', '=', 'queued').execute();
    expect(nets).toEqual([]);
  });

  it('leaves a job with its commit: a process stopped right after it still gets every file removed', async () => {
    const [store, other] = [await filledStore(), await filledStore()];
    const [before, otherBefore] = [await footprint(store), await footprint(other)];
    const [prefixed, otherPrefixed] = [await prefixedFiles(store), await prefixedFiles(other)];
    // A storage that never answers a removal: the process is stuck (or killed) after the commit.
    let stuck = 0;
    const stuckDeps: ServiceDeps = { ...t.deps, storage: { ...t.deps.storage, remove: () => ((stuck += 1), new Promise<void>(() => {})) } };
    void deleteStore(stuckDeps, await scopeOf(store), { slug: store.slug, password: TEST_PASSWORD });
    await expect.poll(() => stuck).toBe(1);
    expect((await footprint(store)).rows.store).toBe(0);
    expect(await present([...before.keys, ...prefixed])).toBe(before.keys.length + 3);

    // Another process's worker, once the net's time has come.
    const later = { now: () => new Date(Date.now() + OWNED_FILES_GRACE_MS + 1000) };
    await runJobs(testServiceDeps(t, { clock: later }), { workerId: 'other', lockMs: 60_000, retryMs: 1000, handlers: JOB_HANDLERS });
    expect(await present([...before.keys, ...prefixed])).toBe(0);
    expect(await present(otherPrefixed)).toBe(3);
    expect(await footprint(other)).toEqual(otherBefore);
  });

  it('refuses a wrong slug on the slug field and a wrong password on the password field, deleting nothing', async () => {
    const store = await filledStore();
    const before = await footprint(store);
    const scope = await scopeOf(store);
    expect(await errorOf(deleteStore(t.deps, scope, { slug: `${store.slug}-x`, password: TEST_PASSWORD }))).toEqual({ key: 'store.delete.slugWrong', status: 400, field: 'slug' });
    expect(await errorOf(deleteStore(t.deps, scope, { slug: store.slug, password: 'wrong-one' }))).toEqual({ key: 'auth.passwordWrong', status: 400, field: 'password' });
    expect(await footprint(store)).toEqual(before);
  });

  it('counts wrong passwords like logins: the sixth try in 15 minutes is refused even with the right one', async () => {
    const store = await makeStore(t);
    const scope = await scopeOf(store);
    for (let i = 0; i < 5; i += 1) expect(await errorOf(deleteStore(t.deps, scope, { slug: store.slug, password: 'wrong' }))).toMatchObject({ status: 400 });
    expect(await errorOf(deleteStore(t.deps, scope, { slug: store.slug, password: TEST_PASSWORD }))).toMatchObject({ key: 'auth.tooManyAttempts', status: 429 });
    expect(await ownStoreScope(t.deps, { userId: store.owner.id })).not.toBeNull();
  });

  it('is the owner’s alone: a back-office scope cannot delete through it', async () => {
    const store = await makeStore(t);
    const staffScope = await staffStoreScope(t.deps, store.id);
    expect(await errorOf(deleteStore(t.deps, staffScope, { slug: store.slug, password: TEST_PASSWORD }))).toMatchObject({ status: 404 });
    expect(await ownStoreScope(t.deps, { userId: store.owner.id })).not.toBeNull();
  });

  it('never fails on a file it cannot remove: it logs it and the job queue removes it later', async () => {
    const store = await filledStore();
    const before = await footprint(store);
    const log = recordingLog();
    const failing: ServiceDeps = {
      ...t.deps,
      log,
      storage: { ...t.deps.storage, remove: () => Promise.reject(new Error('EBUSY: resource busy')) },
    };
    await deleteStore(failing, await scopeOf(store), { slug: store.slug, password: TEST_PASSWORD });
    expect((await footprint(store)).rows.store).toBe(0);
    expect(log.entries.filter((entry) => entry.level === 'warn')).toHaveLength(before.keys.length);
    for (const key of before.keys) expect(await t.deps.storage.read(key)).not.toBeNull();
    await runDueJobs(t, t.deps.mailer);
    for (const key of before.keys) expect(await t.deps.storage.read(key), key).toBeNull();
  });
});

describe('deleteAccount', () => {
  it('takes the store too: its rows and files, and leaves another store as it was', async () => {
    const [mine, other] = [await filledStore(), await filledStore()];
    const [before, otherBefore] = [await footprint(mine), await footprint(other)];
    const [myPrefixed, otherPrefixed] = [await prefixedFiles(mine), await prefixedFiles(other)];
    await deleteAccount(t.deps, { userId: mine.owner.id }, TEST_PASSWORD);
    const after = await footprint(mine);
    expect(after.rows).toEqual(Object.fromEntries(Object.keys(before.rows).map((table) => [table, 0])));
    for (const key of before.keys) expect(await t.deps.storage.read(key), key).toBeNull();
    expect([await present(myPrefixed), await present(otherPrefixed)]).toEqual([0, 3]);
    expect(await footprint(other)).toEqual(otherBefore);
  });

  it('keeps everything on a wrong password', async () => {
    const store = await filledStore();
    const before = await footprint(store);
    expect(await errorOf(deleteAccount(t.deps, { userId: store.owner.id }, 'nope'))).toEqual({ key: 'auth.passwordWrong', status: 400, field: 'password' });
    expect(await footprint(store)).toEqual(before);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { S3Storage } from '#server/storage/s3-storage.ts';
import { createLocalStorage, createStorage, type Storage, uploadsDir } from '#server/storage/storage.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore, type TestStore } from '../tests/support/factories.ts';
import { startS3Server, type S3Server } from '../tests/support/s3-server.ts';
import { fillStore, storeFootprint } from '../tests/support/store-rows.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-db.ts';
import { keysToMove, moveFiles } from './storage-move.ts';

// npm run storage:move (issue 41 §1): a store's files from the disk to the bucket, resumable.
let t: TestDatabase;
let s3: S3Server;
let disk: Storage;
let bucket: S3Storage;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase({ STORAGE_URL: 'file:' });
  dir = await mkdtemp(path.join(tmpdir(), 'tiendabox-move-'));
  s3 = await startS3Server({ port: 0, dir });
  disk = createLocalStorage(uploadsDir(t.config));
  bucket = createStorage(loadConfig({ STORAGE_URL: s3.storageUrl })) as S3Storage;
});
afterAll(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
  await t.dispose();
});

async function filledStore(): Promise<{ store: TestStore; keys: string[] }> {
  const store = await makeStore(t);
  await fillStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, store.owner.id);
  // A receipt and a kept RIDE: named by the store's id, not by an upload row.
  const prefixed = [`receipts/${store.id}/r.png`, `invoices/${store.id}/3/ride-v3-es-authorized.pdf`];
  for (const key of prefixed) await disk.put(key, Buffer.from(`bytes of ${key}`));
  return { store, keys: [...(await storeFootprint(t.deps, { storeId: store.id, ownerId: store.owner.id })).keys, ...prefixed] };
}

const move = async (store: string, target: S3Storage = bucket) => moveFiles(disk, target, await keysToMove(t.deps, disk, { store }));

describe('storage:move', () => {
  it('copies one store’s files byte for byte, nothing of another, and a second run copies nothing', async () => {
    const [mine, other] = [await filledStore(), await filledStore()];
    const first = await move(mine.store.slug);
    expect(first.copied).toBeGreaterThanOrEqual(mine.keys.length);
    for (const key of mine.keys) expect((await bucket.read(key))?.equals((await disk.read(key))!), key).toBe(true);
    for (const key of other.keys) expect(await bucket.read(key), key).toBeNull();

    const again = await move(String(mine.store.id));
    expect(again).toMatchObject({ copied: 0, skipped: first.copied });
  });

  it('resumes after a run killed half way, and copies again a file whose bytes differ in the bucket', async () => {
    const { store, keys } = await filledStore();
    // A run that died after its second copy.
    const copied: string[] = [];
    const dying: S3Storage = { ...bucket, put: async (key, data) => {
      if (copied.length === 2) throw new Error('killed');
      await bucket.put(key, data);
      copied.push(key);
    } };
    await expect(move(store.slug, dying)).rejects.toThrow('killed');
    // A half-done or stale object in the bucket: same key, other bytes.
    await bucket.put(copied[0]!, Buffer.from('stale'));

    const resumed = await move(store.slug);
    expect(resumed.skipped).toBe(1);
    expect(resumed.copied).toBeGreaterThanOrEqual(keys.length - 1);
    for (const key of keys) expect((await bucket.read(key))?.equals((await disk.read(key))!), key).toBe(true);
  });

  it('with --all copies every file on the disk; an unknown store is refused', async () => {
    await filledStore();
    const onDisk: string[] = [];
    for await (const { key } of disk.list('')) onDisk.push(key);
    await moveFiles(disk, bucket, await keysToMove(t.deps, disk, { all: true }));
    for (const key of onDisk) expect(await bucket.read(key), key).not.toBeNull();
    await expect(keysToMove(t.deps, disk, { store: 'no-such-store' })).rejects.toThrow('no store "no-such-store"');
  });
});

// npm run storage:move -- --store <slug or id> | --all [--dry-run]
//
// Copies files from the local disk (`${DATA_DIR}/uploads`) to the S3 bucket STORAGE_URL names
// (issue 41 §1, decision 097): one store's (its uploads and their image variants, its receipts, its
// kept RIDEs) or every file on the disk. Resumable: an object already in the bucket with the same
// size and MD5 (its ETag) is skipped, and each copy is one PUT that S3 shows only once whole, so a
// run killed at any point is simply run again. It copies; it never deletes from the disk.
import { createHash } from 'node:crypto';
import { loadConfig } from '#server/config.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createDatabase } from '#server/db/database.ts';
import { findStoreById, findStoreBySlug } from '#server/modules/store/store.repository.ts';
import { storeFilePrefixes } from '#server/modules/upload/file-removal.ts';
import { variantKeys } from '#server/modules/upload/image-variants.ts';
import { findStoreFileKeys } from '#server/modules/upload/upload.repository.ts';
import type { S3Storage } from '#server/storage/s3-storage.ts';
import { createLocalStorage, createStorage, type Storage, uploadsDir } from '#server/storage/storage.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';
import { parseArgs } from './cli-args.ts';

export type MoveResult = { copied: number; skipped: number; missing: number; bytes: number };

/** One store's files on the disk: its uploads' keys and variants (by its rows), and its prefixes (by listing). */
async function* storeKeys(deps: ServiceDeps, source: Storage, storeId: number): AsyncIterable<string> {
  for (const key of await findStoreFileKeys(deps.db, await staffStoreScope(deps, storeId))) yield* [key, ...variantKeys(key)];
  for (const prefix of storeFilePrefixes(storeId)) for await (const { key } of source.list(prefix)) yield key;
}

async function* allKeys(source: Storage): AsyncIterable<string> {
  for await (const { key } of source.list('')) yield key;
}

/**
 * Copies each key from `source` to `target` unless the bucket has it already, byte for byte (size
 * and MD5). A key with no file on the disk (a variant an image was too narrow for) counts as missing.
 */
export async function moveFiles(source: Storage, target: S3Storage, keys: AsyncIterable<string>, options: { dryRun?: boolean; log?: (line: string) => void } = {}): Promise<MoveResult> {
  const result: MoveResult = { copied: 0, skipped: 0, missing: 0, bytes: 0 };
  for await (const key of keys) {
    const data = await source.read(key);
    if (!data) {
      result.missing += 1;
      continue;
    }
    const there = await target.info(key);
    if (there && there.size === data.length && there.etag === createHash('md5').update(data).digest('hex')) {
      result.skipped += 1;
      continue;
    }
    if (!options.dryRun) await target.put(key, data);
    result.copied += 1;
    result.bytes += data.length;
    if (result.copied % 500 === 0) options.log?.(`  ${result.copied} copied, ${result.skipped} already there…`);
  }
  return result;
}

/** The keys to move: one store's (by slug or id) or, with `all`, every file on the disk. */
export async function keysToMove(deps: ServiceDeps, source: Storage, which: { store?: string; all?: boolean }): Promise<AsyncIterable<string>> {
  if (which.all) return allKeys(source);
  const text = which.store ?? '';
  const store = /^\d+$/.test(text) ? await findStoreById(deps.db, Number(text)) : await findStoreBySlug(deps.db, text);
  if (!store) throw new Error(`no store ${JSON.stringify(text)} (give its slug or id)`);
  return storeKeys(deps, source, store.id);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.all && !args.store) {
    console.error('usage: npm run storage:move -- --store <slug or id> | --all [--dry-run]');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    console.error('STORAGE_URL must name the bucket to copy to: s3://<bucket>?endpoint=…');
    process.exit(2);
  }
  const db = createDatabase(config);
  const deps = createServiceDeps({ db, config });
  const source = createLocalStorage(uploadsDir(config));
  const target = createStorage(config) as S3Storage;
  try {
    await target.check?.();
    const keys = await keysToMove(deps, source, { store: args.store, all: args.all === 'true' });
    const result = await moveFiles(source, target, keys, { dryRun: args['dry-run'] === 'true', log: console.log });
    console.log(`${args['dry-run'] ? 'would copy' : 'copied'} ${result.copied} files (${(result.bytes / 1024 / 1024).toFixed(1)} MiB), ${result.skipped} already in the bucket, ${result.missing} named but not on the disk`);
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) await main();

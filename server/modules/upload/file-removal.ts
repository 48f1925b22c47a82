import { dropQueuedJobs, enqueueJob } from '#server/modules/job/job-queue.ts';
import type { JobPayloads } from '#server/modules/job/job-payloads.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { variantKeys } from './image-variants.ts';

// A removal that failed is queued as work of its own (`removeFile`, its handler in upload-jobs.ts),
// not a side effect of an event: the queue is this module's retry, and takes only the enqueue.

/**
 * Removes stored files whose rows are gone, after the commit that deleted them (decision 029). One
 * that fails is logged and handed to the job queue (`removeFile`), which tries again with back-off:
 * it never blocks or fails the deletion that freed it. Answers how many keys could not be removed.
 */
export async function removeFiles(deps: ServiceDeps, storageKeys: readonly string[]): Promise<number> {
  let failures = 0;
  for (const storageKey of storageKeys) {
    // An image's WebP variants (decision 031) live under its key plus a suffix and go with it; most
    // files have none, and removing a key that does not exist is not an error. One file, one warning.
    const failed: { key: string; error: unknown }[] = [];
    for (const key of [storageKey, ...variantKeys(storageKey)]) {
      await deps.storage.remove(key).catch((error: unknown) => failed.push({ key, error }));
    }
    if (failed.length === 0) continue;
    failures += failed.length;
    deps.log.warn({ err: failed[0]!.error, storageKey, keys: failed.map(({ key }) => key) }, 'file removal failed; queued to try again');
    for (const { key } of failed) {
      await enqueueJob(deps, { kind: 'removeFile', payload: { storageKey: key } }).catch((queueError: unknown) => deps.log.error({ err: queueError, storageKey: key }, 'file removal could not be queued'));
    }
  }
  return failures;
}

// ---- a deleted store's or account's files (issue 41 §1) ------------------------------------------

/**
 * Where a store's own files live under its id, named by no row that outlives it: payment receipts
 * and the kept RIDEs of its invoices and credit notes (invoice-pdf-keep.ts). Uploads' keys are not
 * store-prefixed: their `upload` rows name them.
 */
export const storeFilePrefixes = (storeId: number) => [`receipts/${storeId}/`, `invoices/${storeId}/`, `credit-notes/${storeId}/`];

/** The files a deletion frees: its uploads' keys, and the store (if any) whose prefixes go too. */
export type OwnedFiles = JobPayloads['removeOwnedFiles'];

const KEYS_PER_JOB = 500;
/** How long the net waits: the removal right after the commit takes it away well before. */
export const OWNED_FILES_GRACE_MS = 10 * 60_000;

/**
 * Queues the removal of a deletion's files, inside the transaction that deletes their rows: the
 * rows' deletion and the work to remove their files commit together, so a process killed between
 * the commit and the removal leaves a job, not files nobody names any more. The jobs wait
 * OWNED_FILES_GRACE_MS; `removeOwnedFiles` drops them once it has done their work.
 */
export async function queueOwnedFiles(tx: ServiceDeps, files: OwnedFiles): Promise<number[]> {
  const ids: number[] = [];
  const runAt = new Date(tx.clock.now().getTime() + OWNED_FILES_GRACE_MS);
  for (let start = 0; start === 0 || start < files.storageKeys.length; start += KEYS_PER_JOB) {
    const payload = { storeId: start === 0 ? files.storeId : null, storageKeys: files.storageKeys.slice(start, start + KEYS_PER_JOB) };
    const id = await enqueueJob(tx, { kind: 'removeOwnedFiles', payload, runAt });
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** Removes every file under the store's prefixes; answers how many could not be removed. */
async function removeStorePrefixes(deps: ServiceDeps, storeId: number): Promise<number> {
  let failures = 0;
  for (const prefix of storeFilePrefixes(storeId)) {
    try {
      for await (const { key } of deps.storage.list(prefix)) await deps.storage.remove(key);
    } catch (error) {
      failures += 1;
      deps.log.warn({ err: error, storeId, prefix }, 'store files not all removed; the queued job tries again');
    }
  }
  return failures;
}

/**
 * After the deletion's commit: removes its files at once. When all went, the jobs queued with the
 * commit are dropped; otherwise they stay, and try again when their time comes.
 */
export async function removeOwnedFiles(deps: ServiceDeps, files: OwnedFiles, queued: readonly number[]): Promise<void> {
  let failures = await removeFiles(deps, files.storageKeys);
  if (files.storeId !== null) failures += await removeStorePrefixes(deps, files.storeId);
  if (failures === 0) await dropQueuedJobs(deps, queued).catch((error: unknown) => deps.log.warn({ err: error }, 'file removal jobs not dropped; they will find nothing to do'));
}

/** The job's handler: the same removal, failing (so that the queue tries again) while any file is left. */
export async function removeOwnedFilesJob(deps: ServiceDeps, files: OwnedFiles): Promise<void> {
  for (const storageKey of files.storageKeys) {
    for (const key of [storageKey, ...variantKeys(storageKey)]) await deps.storage.remove(key);
  }
  if (files.storeId === null) return;
  for (const prefix of storeFilePrefixes(files.storeId)) {
    for await (const { key } of deps.storage.list(prefix)) await deps.storage.remove(key);
  }
}

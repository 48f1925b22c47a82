import { enqueueJob } from '#server/modules/job/job-queue.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { variantKeys } from './image-variants.ts';

// A removal that failed is queued as work of its own (`removeFile`, its handler in upload-jobs.ts),
// not a side effect of an event: the queue is this module's retry, and takes only the enqueue.

/**
 * Removes stored files whose rows are gone, after the commit that deleted them (decision 029). One
 * that fails is logged and handed to the job queue (`removeFile`), which tries again with back-off:
 * it never blocks or fails the deletion that freed it.
 */
export async function removeFiles(deps: ServiceDeps, storageKeys: readonly string[]): Promise<void> {
  for (const storageKey of storageKeys) {
    // An image's WebP variants (decision 031) live under its key plus a suffix and go with it; most
    // files have none, and removing a key that does not exist is not an error. One file, one warning.
    const failed: { key: string; error: unknown }[] = [];
    for (const key of [storageKey, ...variantKeys(storageKey)]) {
      await deps.storage.remove(key).catch((error: unknown) => failed.push({ key, error }));
    }
    if (failed.length === 0) continue;
    deps.log.warn({ err: failed[0]!.error, storageKey, keys: failed.map(({ key }) => key) }, 'file removal failed; queued to try again');
    for (const { key } of failed) {
      await enqueueJob(deps, { kind: 'removeFile', payload: { storageKey: key } }).catch((queueError: unknown) => deps.log.error({ err: queueError, storageKey: key }, 'file removal could not be queued'));
    }
  }
}

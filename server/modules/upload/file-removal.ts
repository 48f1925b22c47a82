import { enqueueJob } from '#server/modules/job/job-queue.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

// Beside upload.service.ts, not in it: the job worker imports the upload service (its hourly
// sweep), so this takes only the queue's enqueue (job-queue.ts), never the worker.

/**
 * Removes stored files whose rows are gone, after the commit that deleted them (decision 029). One
 * that fails is logged and handed to the job queue (`removeFile`), which tries again with back-off:
 * it never blocks or fails the deletion that freed it.
 */
export async function removeFiles(deps: ServiceDeps, storageKeys: readonly string[]): Promise<void> {
  for (const storageKey of storageKeys) {
    try {
      await deps.storage.remove(storageKey);
    } catch (error) {
      deps.log.warn({ err: error, storageKey }, 'file removal failed; queued to try again');
      await enqueueJob(deps, { kind: 'removeFile', payload: { storageKey } }).catch((queueError: unknown) => deps.log.error({ err: queueError, storageKey }, 'file removal could not be queued'));
    }
  }
}

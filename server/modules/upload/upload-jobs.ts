import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import { removeOwnedFilesJob } from './file-removal.ts';
import { sweepPartialUploads } from './upload.service.ts';

// The upload module's job kind and hourly chore, wired at the composition root (server/composition.ts).
export const uploadJobHandlers = {
  // Idempotent: removing a file that is already gone succeeds (decision 029).
  removeFile: (deps, { storageKey }) => deps.storage.remove(storageKey),
  // A deleted store's or account's files, queued with the deletion's commit (issue 41 §1).
  removeOwnedFiles: removeOwnedFilesJob,
} satisfies Pick<JobHandlers, 'removeFile' | 'removeOwnedFiles'>;

/** Removes half-written uploads: hourly and at start-up. */
export const uploadChores = [(deps: Parameters<typeof sweepPartialUploads>[0]) => sweepPartialUploads(deps)] as const;

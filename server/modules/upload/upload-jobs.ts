import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import { sweepPartialUploads } from './upload.service.ts';

// The upload module's job kind and hourly chore, wired at the composition root (server/composition.ts).
export const uploadJobHandlers = {
  // Idempotent: removing a file that is already gone succeeds (decision 029).
  removeFile: (deps, { storageKey }) => deps.storage.remove(storageKey),
} satisfies Pick<JobHandlers, 'removeFile'>;

/** Removes half-written uploads: hourly and at start-up. */
export const uploadChores = [(deps: Parameters<typeof sweepPartialUploads>[0]) => sweepPartialUploads(deps)] as const;

import type { ServiceDeps } from '#server/service-deps.ts';
import { sendExpiryReminder } from '#server/modules/plan/plan-reminder.service.ts';
import { runCreditNoteSri, runInvoiceSri } from '#server/modules/invoice/invoice-sri.service.ts';
import { sendBuyerCopy } from '#server/modules/invoice/sri-buyer-copy.ts';
import type { JobKind, JobPayloads } from './job-payloads.ts';

export type { JobKind, JobPayloads } from './job-payloads.ts';

/** Handlers run at least once per job (see decision 024): a retry after a crash may repeat one. */
export type JobHandlers = { [K in JobKind]: (deps: ServiceDeps, payload: JobPayloads[K]) => Promise<void> };

export const jobHandlers: JobHandlers = {
  mail: (deps, mail) => deps.mailer.send(mail),
  // Idempotent: removing a file that is already gone succeeds.
  removeFile: (deps, { storageKey }) => deps.storage.remove(storageKey),
  store_expiring: sendExpiryReminder,
  'invoice.sri': (deps, payload) => runInvoiceSri(deps, payload),
  'creditNote.sri': (deps, payload) => runCreditNoteSri(deps, payload),
  'sri.buyerCopy': sendBuyerCopy,
};

import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import { runCreditNoteSri, runInvoiceSri } from './invoice-sri.service.ts';
import { sendBuyerCopy } from './sri-buyer-copy.ts';

// The invoice module's job kinds (issue 37 §6–§8), wired into the worker at the composition root
// (server/composition.ts `JOB_HANDLERS`): the queue itself knows no module.
export const invoiceJobHandlers = {
  'invoice.sri': (deps, payload) => runInvoiceSri(deps, payload),
  'creditNote.sri': (deps, payload) => runCreditNoteSri(deps, payload),
  'sri.buyerCopy': sendBuyerCopy,
} satisfies Pick<JobHandlers, 'invoice.sri' | 'creditNote.sri' | 'sri.buyerCopy'>;

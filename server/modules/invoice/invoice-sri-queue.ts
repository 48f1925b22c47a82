import { AppError, notFound } from '#server/errors.ts';
import { enqueueAgain, enqueueJob } from '#server/modules/job/job-queue.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import * as sri from './invoice-sri.repository.ts';

// The invoice's SRI job as the rest of the app asks for it (issue 37 §6): queued at issue, queued
// again when a certificate arrives or the owner retries, and the files and answers it kept. Apart
// from the job's own steps (invoice-sri.service.ts), which sign with the certificate module and read
// the invoice: so that neither of those imports back the job that imports them.

export type InvoiceSriPayload = { storeId: number; invoiceId: number };

/** The job's unique key: one live job per invoice. */
export const invoiceSriJobKey = (invoiceId: number) => `invoice.sri:${invoiceId}`;

/** About a day of tries with the queue's backoff (capped at an hour): SRI's own outages last hours. */
export const SRI_JOB_MAX_ATTEMPTS = 30;

/** SRI's final answers: nothing is sent again after either. */
export const FINAL = new Set(['authorized', 'rejected']);

const sriJob = (payload: InvoiceSriPayload) => ({ kind: 'invoice.sri' as const, payload, key: invoiceSriJobKey(payload.invoiceId), maxAttempts: SRI_JOB_MAX_ATTEMPTS });

/** Queues the SRI job of an invoice (in the caller's transaction when there is one). */
export function queueInvoiceSri(deps: Pick<ServiceDeps, 'db' | 'clock'>, payload: InvoiceSriPayload) {
  return enqueueJob(deps, sriJob(payload));
}

/**
 * Queues again the store's invoices that wait for a certificate: the certificate's upload calls it,
 * in its transaction. Each keeps its one key; a job still queued for one is left as it is.
 */
export async function resumeInvoicesAwaitingCertificate(deps: ServiceDeps, scope: StoreScope): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const waiting = await sri.invoicesAwaitingCertificate(tx.db, scope);
    for (const { id } of waiting) await enqueueAgain(tx, sriJob({ storeId: scope.storeId, invoiceId: id }));
    return waiting.length;
  });
}

/**
 * The owner's "try again" for an invoice whose job gave up (SRI away longer than its tries): queued
 * again, as from the step it stopped at. An authorized or rejected invoice has nothing to send (409).
 */
export async function retryInvoiceSri(deps: ServiceDeps, scope: StoreScope, invoiceId: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const state = await sri.findSriState(tx.db, scope, invoiceId);
    if (!state) throw notFound();
    if (FINAL.has(state.sriStatus)) throw new AppError('invoice.sri.nothingToSend', 409);
    await enqueueAgain(tx, sriJob({ storeId: scope.storeId, invoiceId }));
  });
}

/** What SRI answered of one of the store's invoices, step by step, for its page. */
export async function invoiceSriEvents(deps: ServiceDeps, scope: StoreScope, invoiceId: number) {
  return sri.listSriEvents(deps.db, scope, invoiceId);
}

/**
 * The XML file kept of one of the store's invoices, if any: SRI's authorized file once authorized,
 * the signed document once signed; null before (the XML is then made from the row). The kept bytes
 * were written from text as UTF-8, so the text read back encodes to the same bytes, exactly.
 */
export async function keptInvoiceXml(deps: ServiceDeps, scope: StoreScope, invoiceId: number): Promise<{ fileName: string; xml: string } | null> {
  const files = await sri.findSriFiles(deps.db, scope, invoiceId);
  if (!files) throw notFound();
  const kept = files.sriStatus === 'authorized' ? files.sriAuthorizedXml : files.sriSignedXml;
  if (!kept) return null;
  return { fileName: `factura-${files.number}.xml`, xml: Buffer.from(kept).toString('utf8') };
}

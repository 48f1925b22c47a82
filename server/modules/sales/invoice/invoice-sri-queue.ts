import { AppError, notFound } from '#server/errors.ts';
import { enqueueAgain, enqueueJob } from '#server/modules/job/job-queue.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import * as sri from './invoice-sri.repository.ts';
import type { SriDoc } from './invoice-sri.repository.ts';

// The SRI job of invoices and credit notes as the rest of the app asks for it (issue 37 §6, §7):
// queued at issue, queued again when a certificate arrives or the owner retries, and the files and
// answers it kept. Apart from the job's own steps (invoice-sri.service.ts), which sign with the
// certificate module and read the documents: so that neither of those imports back the job.

export type InvoiceSriPayload = { storeId: number; invoiceId: number };
export type CreditNoteSriPayload = { storeId: number; creditNoteId: number };

/** The job's unique key: one live job per invoice. */
export const invoiceSriJobKey = (invoiceId: number) => `invoice.sri:${invoiceId}`;
/** The credit note's job's key: one live job per credit note. */
const creditNoteSriJobKey = (creditNoteId: number) => `creditNote.sri:${creditNoteId}`;

/** About a day of tries with the queue's backoff (capped at an hour): SRI's own outages last hours. */
const SRI_JOB_MAX_ATTEMPTS = 30;

/** SRI's final answers: nothing is sent again after either. */
export const FINAL = new Set(['authorized', 'rejected']);

/** The SRI job of one document: `invoice.sri` or `creditNote.sri`, keyed by the document. */
function sriJob(storeId: number, doc: SriDoc) {
  return doc.kind === 'invoice'
    ? { kind: 'invoice.sri' as const, payload: { storeId, invoiceId: doc.id }, key: invoiceSriJobKey(doc.id), maxAttempts: SRI_JOB_MAX_ATTEMPTS }
    : { kind: 'creditNote.sri' as const, payload: { storeId, creditNoteId: doc.id }, key: creditNoteSriJobKey(doc.id), maxAttempts: SRI_JOB_MAX_ATTEMPTS };
}

/** Queues the SRI job of an invoice (in the caller's transaction when there is one). */
export function queueInvoiceSri(deps: Pick<ServiceDeps, 'db' | 'clock'>, payload: InvoiceSriPayload) {
  return enqueueJob(deps, sriJob(payload.storeId, { kind: 'invoice', id: payload.invoiceId }));
}

/** Queues the SRI job of a credit note, in its issuing transaction. */
export function queueCreditNoteSri(deps: Pick<ServiceDeps, 'db' | 'clock'>, payload: CreditNoteSriPayload) {
  return enqueueJob(deps, sriJob(payload.storeId, { kind: 'creditNote', id: payload.creditNoteId }));
}

/**
 * Queues again the store's invoices and credit notes that wait for a certificate: the
 * certificate's upload calls it, in its transaction. Each keeps its one key; a job still queued
 * for one is left as it is.
 */
export async function resumeInvoicesAwaitingCertificate(deps: ServiceDeps, scope: StoreScope): Promise<number> {
  return inTransaction(deps, async (tx) => {
    let resumed = 0;
    for (const kind of ['invoice', 'creditNote'] as const) {
      const waiting = await sri.awaitingCertificate(tx.db, scope, kind);
      for (const { id } of waiting) await enqueueAgain(tx, sriJob(scope.storeId, { kind, id }));
      resumed += waiting.length;
    }
    return resumed;
  });
}

/**
 * The owner's "try again" for a document whose job gave up (SRI away longer than its tries): queued
 * again, as from the step it stopped at. An authorized or rejected one has nothing to send (409).
 */
export async function retrySri(deps: ServiceDeps, scope: StoreScope, doc: SriDoc): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const state = await sri.findSriState(tx.db, scope, doc);
    if (!state) throw notFound();
    if (FINAL.has(state.sriStatus)) throw new AppError('invoice.sri.nothingToSend', 409);
    await enqueueAgain(tx, sriJob(scope.storeId, doc));
  });
}

/** The owner's "try again" for one of the store's invoices. */
export const retryInvoiceSri = (deps: ServiceDeps, scope: StoreScope, invoiceId: number) => retrySri(deps, scope, { kind: 'invoice', id: invoiceId });

/** What SRI answered of one of the store's invoices, step by step, for its page. */
export async function invoiceSriEvents(deps: ServiceDeps, scope: StoreScope, invoiceId: number) {
  return sri.listSriEvents(deps.db, scope, { kind: 'invoice', id: invoiceId });
}

/**
 * The XML file kept of one of the store's documents, with its number: SRI's authorized file once
 * authorized, the signed document once signed; `xml` null before (the XML is then made from the
 * rows). The kept bytes were written from text as UTF-8, so the text read back encodes to the same
 * bytes, exactly. Another store's document is not found.
 */
export async function keptSriXml(deps: ServiceDeps, scope: StoreScope, doc: SriDoc): Promise<{ number: string; xml: string | null }> {
  const files = await sri.findSriFiles(deps.db, scope, doc);
  if (!files) throw notFound();
  const kept = files.sriStatus === 'authorized' ? files.sriAuthorizedXml : files.sriSignedXml;
  return { number: files.number, xml: kept ? Buffer.from(kept).toString('utf8') : null };
}

/** The kept XML of one of the store's invoices, with the file name it downloads as; null before it is signed. */
export async function keptInvoiceXml(deps: ServiceDeps, scope: StoreScope, invoiceId: number): Promise<{ fileName: string; xml: string } | null> {
  const { number, xml } = await keptSriXml(deps, scope, { kind: 'invoice', id: invoiceId });
  return xml === null ? null : { fileName: `factura-${number}.xml`, xml };
}

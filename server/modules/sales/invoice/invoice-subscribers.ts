import { subscriber } from '#server/events/events.ts';
import { queueCreditNoteSri, queueInvoiceSri } from './invoice-sri-queue.ts';

// An issued invoice or credit note goes to SRI through its job (issue 37 §6, §7), queued by these
// subscribers of the issuing events (issue 38 §3) in the issuing transaction: a document never
// exists without its job, nor a job without its document (decision 086).

export const invoiceSriJob = subscriber('invoice-sri-job', ['invoice.issued'], async (tx, event) => {
  if (event.resource.id !== null) await queueInvoiceSri(tx, { storeId: event.storeId, invoiceId: event.resource.id });
});

export const creditNoteSriJob = subscriber('credit-note-sri-job', ['credit_note.issued'], async (tx, event) => {
  if (event.resource.id !== null) await queueCreditNoteSri(tx, { storeId: event.storeId, creditNoteId: event.resource.id });
});

import { parentPort, threadId } from 'node:worker_threads';
import type { Locale } from '#common/locale.ts';
import type { CreditNoteDocument } from '#server/modules/sales/credit-note/credit-note-document.ts';
import { creditNotePdf } from '#server/modules/sales/credit-note/credit-note-pdf.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import { invoicePdf } from './invoice-pdf.ts';

// The thread that renders RIDEs (issue 36 §4): a 50-line RIDE holds an event loop for a few hundred
// milliseconds, and the PDF stack's first document for seconds, so no request's loop ever renders
// one. Started by invoice-pdf-renderer.ts; one document at a time, in the order asked.

/** An invoice's RIDE or a credit note's (issue 37 §7), the same thread for both. */
export type RenderDocument = { kind: 'invoice'; doc: InvoiceDocument } | { kind: 'creditNote'; doc: CreditNoteDocument };
export type RenderRequest = RenderDocument & { id: number; locale: Locale };
export type RenderAnswer =
  | { kind: 'ready' }
  | { id: number; kind: 'done'; pdf: Uint8Array; renders: number; threadId: number }
  | { id: number; kind: 'failed'; message: string };

/** A one-line invoice: rendering it once loads and compiles the whole stack before a shopper asks. */
const WARM_UP: InvoiceDocument = {
  invoice: {
    id: 0, orderId: 0, establishment: '001', emissionPoint: '001', sequence: 1, number: '001-001-000000001',
    accessKey: '0'.repeat(49), environment: 1, ruc: '1790016919001', businessName: 'Warm-up', buyerName: 'Warm-up',
    buyerDocumentType: 'cedula', buyerDocumentNumber: '1710034065', buyerEmail: '', buyerAddress: '',
    subtotalCents: 100, discountCents: 0, baseTaxedCents: 100, baseZeroCents: 0, taxCents: 15, shippingCents: 0,
    totalCents: 115, issuedAt: '2026-01-01T12:00:00.000Z', sriStatus: 'issued',
    authorizationNumber: null, authorizedAt: null, sriMessageId: null, sriMessage: null, sriMessageDetail: null, sriMessageType: null, sriWaiting: null, sriNextAttemptAt: null, sriAttempts: 0,
    issuerHeadOfficeAddress: 'Warm-up', issuerEstablishmentAddress: '', issuerAccountingObligated: 'no', issuerRimpe: 'none', issuerWithholdingAgent: '',
  },
  lines: [{ code: '001', name: 'Warm-up', quantity: 1, unitPriceCents: 100, discountCents: 0, baseCents: 100, ivaCode: '4', taxBp: 1500, taxCents: 15, shipping: false }],
  bases: [{ ivaCode: '4', taxBp: 1500, baseCents: 100, taxCents: 15 }],
  issuer: { tradeName: '', headOfficeAddress: 'Warm-up', establishmentAddress: '', accountingObligated: 'no', rimpe: 'none', withholdingAgent: '' },
  issuedOn: '2026-01-01',
  paymentMethod: 'cash_on_delivery',
  orderNumber: 1,
};

const port = parentPort;
if (!port) throw new Error('invoice-pdf-worker.ts runs as a worker thread (invoice-pdf-renderer.ts starts it)');

/** Documents rendered for callers (the warm-up not counted): tests read it to see who rendered. */
let renders = 0;
// Listening first: a document asked for during the warm-up waits for it instead of being lost.
const warm = invoicePdf(WARM_UP, 'es').then(() => port.postMessage({ kind: 'ready' } satisfies RenderAnswer));
warm.catch(() => {}); // a failed warm-up is each document's failure below, with its stack

port.on('message', async (request: RenderRequest) => {
  const { id, locale } = request;
  try {
    await warm;
    const pdf = request.kind === 'creditNote' ? await creditNotePdf(request.doc, locale) : await invoicePdf(request.doc, locale);
    renders += 1;
    port.postMessage({ id, kind: 'done', pdf, renders, threadId } satisfies RenderAnswer);
  } catch (error) {
    port.postMessage({ id, kind: 'failed', message: String((error as Error)?.stack ?? error) } satisfies RenderAnswer);
  }
});

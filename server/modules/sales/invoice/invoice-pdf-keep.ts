import type { Locale } from '#common/locale.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { Storage } from '#server/storage/storage.ts';
import type { CreditNoteDocument } from '#server/modules/sales/credit-note/credit-note-document.ts';
import type { InvoiceDocument, InvoiceRow } from './invoice-document.ts';
import { invoicePdfRenderer } from './invoice-pdf-renderer.ts';

// An issued invoice's RIDE is rendered once per language and kept in the storage; every later
// download sends the kept bytes (issue 36 §4). What the RIDE prints is frozen at issue (the invoice
// row copies buyer and totals; the order's lines are never edited), except SRI's answer: until it
// is `authorized` the RIDE says it has no tax validity yet. So the status is part of the key, and a
// new status renders anew. Nothing else changes an issued RIDE: a credit note is a document of its
// own, kept the same way, and cancelling the order leaves its invoice as issued. The store's address and
// trade name are read live, so the kept file is the one printed with the values of its first
// download: an issued document does not follow later edits.

/**
 * The RIDE's layout version: raise it whenever invoice-pdf.ts, its `invoice.ride` texts or what
 * `InvoiceDocument` carries change, so that kept files are rendered again instead of served stale.
 */
// 2: subtotals per IVA code, shipping taxed (decision 087); the issuer's two addresses, its
// obligado / RIMPE / agente de retención notices and the payment with its amount (issue 37 §4);
// SRI's authorization number and date once authorized (§6, §9).
// 3: a long SKU wraps without a hyphen; credit notes' RIDEs (§7) kept under the same version.
export const RIDE_VERSION = 3;

/** A document's SRI status as a key's part: one of SRI_STATUSES; anything else (never written) would not make a valid key. */
const statusPart = (sriStatus: string) => (/^[a-z]{1,20}$/.test(sriStatus) ? sriStatus : 'other');

/** Where one invoice's RIDE in one language and SRI status is kept. */
export function keptPdfKey(storeId: number, invoice: Pick<InvoiceRow, 'id' | 'sriStatus'>, locale: Locale): string {
  return `invoices/${storeId}/${invoice.id}/ride-v${RIDE_VERSION}-${locale}-${statusPart(invoice.sriStatus)}.pdf`;
}

/** Where one credit note's RIDE in one language and SRI status is kept (issue 37 §7), as an invoice's. */
export function keptCreditNotePdfKey(storeId: number, note: { id: number; sriStatus: string }, locale: Locale): string {
  return `credit-notes/${storeId}/${note.id}/ride-v${RIDE_VERSION}-${locale}-${statusPart(note.sriStatus)}.pdf`;
}

/**
 * Renders in progress, by storage and key: two downloads of one new RIDE at once render it once.
 * By storage first: test files share a worker's modules, and each database has its own storage.
 */
const rendering = new WeakMap<Storage, Map<string, Promise<Buffer>>>();

/** The file kept under `key`, or `render()`'s bytes, kept there; one render per key at a time. */
async function keptPdf(deps: ServiceDeps, key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const kept = await deps.storage.read(key);
  if (kept) return kept;
  const inFlight = rendering.get(deps.storage) ?? new Map<string, Promise<Buffer>>();
  rendering.set(deps.storage, inFlight);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const pdf = await render();
      await deps.storage.put(key, pdf);
      return pdf;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/**
 * The RIDE of an issued invoice: the kept file, or rendered on the worker thread and kept. What it
 * prints (`documentOf`: the order's lines, the issuer) is read only when it is to be rendered: a
 * kept download costs the invoice's row and one file read.
 */
export function keptInvoicePdf(deps: ServiceDeps, storeId: number, invoice: InvoiceRow, locale: Locale, documentOf: () => Promise<InvoiceDocument>): Promise<Buffer> {
  return keptPdf(deps, keptPdfKey(storeId, invoice, locale), async () => invoicePdfRenderer.render(await documentOf(), locale));
}

/** The RIDE of a credit note, kept as an invoice's: `documentOf` is read only to render it. */
export function keptCreditNotePdf(deps: ServiceDeps, storeId: number, note: { id: number; sriStatus: string }, locale: Locale, documentOf: () => Promise<CreditNoteDocument>): Promise<Buffer> {
  return keptPdf(deps, keptCreditNotePdfKey(storeId, note, locale), async () => invoicePdfRenderer.renderCreditNote(await documentOf(), locale));
}

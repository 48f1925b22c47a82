import type { Locale } from '#common/locale.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { Storage } from '#server/storage/storage.ts';
import type { InvoiceDocument, InvoiceRow } from './invoice-document.ts';
import { invoicePdfRenderer } from './invoice-pdf-renderer.ts';

// An issued invoice's RIDE is rendered once per language and kept in the storage; every later
// download sends the kept bytes (issue 36 §4). What the RIDE prints is frozen at issue (the invoice
// row copies buyer and totals; the order's lines are never edited), except SRI's answer: until it
// is `authorized` the RIDE says it has no tax validity yet. So the status is part of the key, and a
// new status renders anew. Nothing else changes an issued RIDE: there is no credit note or
// annulment yet, and cancelling the order leaves its invoice as issued. The store's address and
// trade name are read live, so the kept file is the one printed with the values of its first
// download: an issued document does not follow later edits.

/**
 * The RIDE's layout version: raise it whenever invoice-pdf.ts, its `invoice.ride` texts or what
 * `InvoiceDocument` carries change, so that kept files are rendered again instead of served stale.
 */
// 2: subtotals per IVA code, shipping taxed (decision 087); the issuer's two addresses, its
// obligado / RIMPE / agente de retención notices and the payment with its amount (issue 37 §4);
// SRI's authorization number and date once authorized (§6, §9).
export const RIDE_VERSION = 2;

/** Where one invoice's RIDE in one language and SRI status is kept. */
export function keptPdfKey(storeId: number, invoice: Pick<InvoiceRow, 'id' | 'sriStatus'>, locale: Locale): string {
  // The status is one of SRI_STATUSES; anything else (never written) would not make a valid key.
  const status = /^[a-z]{1,20}$/.test(invoice.sriStatus) ? invoice.sriStatus : 'other';
  return `invoices/${storeId}/${invoice.id}/ride-v${RIDE_VERSION}-${locale}-${status}.pdf`;
}

/**
 * Renders in progress, by storage and key: two downloads of one new RIDE at once render it once.
 * By storage first: test files share a worker's modules, and each database has its own storage.
 */
const rendering = new WeakMap<Storage, Map<string, Promise<Buffer>>>();

/**
 * The RIDE of an issued invoice: the kept file, or rendered on the worker thread and kept. What it
 * prints (`documentOf`: the order's lines, the issuer) is read only when it is to be rendered: a
 * kept download costs the invoice's row and one file read.
 */
export async function keptInvoicePdf(deps: ServiceDeps, storeId: number, invoice: InvoiceRow, locale: Locale, documentOf: () => Promise<InvoiceDocument>): Promise<Buffer> {
  const key = keptPdfKey(storeId, invoice, locale);
  const kept = await deps.storage.read(key);
  if (kept) return kept;
  const inFlight = rendering.get(deps.storage) ?? new Map<string, Promise<Buffer>>();
  rendering.set(deps.storage, inFlight);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const pdf = await invoicePdfRenderer.render(await documentOf(), locale);
      await deps.storage.put(key, pdf);
      return pdf;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

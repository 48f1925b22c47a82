import { createElement as h, type ReactElement } from 'react';
import { renderToBuffer } from '@react-pdf/renderer';
import { formatTypedDate } from '#common/dates.ts';
import { translator } from '#common/i18n/all-languages.ts';
import type { Locale } from '#common/locale.ts';
import { accessKeyBarcode, rideBottom, rideBox, rideBuyer, rideDocument, rideField, type RideHeadDocument, rideLines } from '#server/modules/sales/invoice/invoice-pdf.ts';
import type { CreditNoteDocument } from './credit-note-document.ts';

// A credit note printed as SRI's RIDE of a *nota de crédito* (issue 37 §7, §9), from the invoice
// RIDE's parts: the same head (issuer, notices, RUC, number, authorization, environment, access key
// and barcode), the buyer, the invoice it modifies with its issue date and the reason for the
// modification, the credited lines, and the totals laid out as the invoice's, ending in the value
// of the modification (SRI's `valorModificacion`). Spanish has SRI's own words; English translates
// them, as the invoice's English RIDE does. Rendered on the RIDE worker thread (invoice-pdf-worker.ts).

type Props = { doc: CreditNoteDocument; locale: Locale; barcode: Buffer };

export function CreditNoteRide({ doc, locale, barcode }: Props): ReactElement {
  const t = translator(locale);
  const { note, invoice } = doc;
  const head: RideHeadDocument = { ...note, title: t('creditNote.ride.title'), businessName: invoice.businessName, ruc: invoice.ruc };
  // Shipping is stored as SRI's code `ENVIO` without an order line; the reader's language names it.
  const lines = doc.lines.map((line) => ({ ...line, shipping: line.orderLineId === null }));
  return rideDocument(
    { t, locale, head, issuer: doc.issuer, barcode },
    rideBuyer(t, locale, invoice, doc.issuedOn),
    // SRI's "comprobante que se modifica": the invoice, its issue day, and why it is modified.
    rideBox(
      rideField(t('creditNote.ride.modified'), `${t('creditNote.ride.invoice')} ${invoice.number}`),
      rideField(t('creditNote.ride.modifiedIssueDate'), formatTypedDate(doc.invoiceIssuedOn, locale)),
      rideField(t('creditNote.ride.reason'), note.reason),
    ),
    rideLines(t, locale, lines),
    rideBottom(t, locale, [invoice.buyerEmail ? rideField(t('invoice.ride.email'), invoice.buyerEmail) : null], {
      bases: doc.bases,
      subtotalCents: note.baseCents,
      discountCents: doc.lines.reduce((sum, line) => sum + line.discountCents, 0),
      totalLabel: t('creditNote.ride.value'),
      totalCents: note.totalCents,
    }),
  );
}

/** The credit note's RIDE as PDF bytes, in `locale` (on the worker thread: invoice-pdf-renderer.ts). */
export async function creditNotePdf(doc: CreditNoteDocument, locale: Locale): Promise<Buffer> {
  const barcode = await accessKeyBarcode(doc.note.accessKey);
  return renderToBuffer(h(CreditNoteRide, { doc, locale, barcode }) as Parameters<typeof renderToBuffer>[0]);
}

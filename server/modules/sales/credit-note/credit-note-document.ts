import type { InvoiceIssuer, TaxBase } from '#server/modules/sales/invoice/invoice-document.ts';
import type { creditNoteLines, findCreditNote, findInvoiceToCredit } from './credit-note.repository.ts';

// Everything a credit note's XML and RIDE print, assembled once by the service: the stored note,
// its lines, the IVA bases, and what it copies of the invoice it modifies (issuer and buyer).

export type CreditNoteRow = NonNullable<Awaited<ReturnType<typeof findCreditNote>>>;
export type CreditNoteLine = Awaited<ReturnType<typeof creditNoteLines>>[number];
export type CreditedInvoice = NonNullable<Awaited<ReturnType<typeof findInvoiceToCredit>>>;

export type CreditNoteDocument = {
  note: CreditNoteRow;
  invoice: CreditedInvoice;
  lines: CreditNoteLine[];
  bases: TaxBase[];
  /** As its invoice states it (invoice-document.ts `issuerOf`). */
  issuer: InvoiceIssuer;
  /** The note's issue day on Ecuador's calendar, `yyyy-mm-dd`. */
  issuedOn: string;
  /** The modified invoice's issue day, `yyyy-mm-dd` (SRI's `fechaEmisionDocSustento`). */
  invoiceIssuedOn: string;
};

import { accountingElement, amount, buyerElements, detailElements, element, establishmentElement, infoTributaria, requiredElement, sriDate, sriLine, totalTaxes } from '#server/modules/sales/invoice/invoice-xml.ts';
import type { CreditNoteDocument } from './credit-note-document.ts';

// A credit note as SRI's `notaCredito` XML, schema version 1.1.0 (Ficha técnica, offline scheme):
// the invoice's infoTributaria with codDoc 04, infoNotaCredito naming the invoice it modifies
// (codDocModificado 01, numDocModificado, fechaEmisionDocSustento), its value and the reason
// (`motivo`), then each credited line with its IVA. It states its invoice's issuer and buyer.
// `sriXsdErrors(xml, 'notaCredito')` validates it against the same file SRI does.

export function creditNoteXml(doc: CreditNoteDocument): string {
  const { note, invoice, lines, issuer } = doc;
  const info = infoTributaria({ ...note, businessName: invoice.businessName, ruc: invoice.ruc, documentType: '04', issuer });
  const infoNota = [
    element('fechaEmision', sriDate(doc.issuedOn)),
    ...establishmentElement(issuer),
    ...buyerElements(invoice),
    ...accountingElement(issuer),
    element('codDocModificado', '01'),
    element('numDocModificado', invoice.number),
    element('fechaEmisionDocSustento', sriDate(doc.invoiceIssuedOn)),
    element('totalSinImpuestos', amount(note.baseCents)),
    element('valorModificacion', amount(note.totalCents)),
    element('moneda', 'DOLAR'),
    totalTaxes(doc.bases, { rate: false }),
    requiredElement('motivo', note.reason),
  ];
  const email = sriLine(invoice.buyerEmail);
  const adicional = [
    ...(email ? [element('campoAdicional', email, ' nombre="Email"')] : []),
    element('campoAdicional', `Factura ${invoice.number}`, ' nombre="Documento"'),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element('notaCredito', [info, element('infoNotaCredito', infoNota), detailElements(lines, 'codigoInterno'), element('infoAdicional', adicional)], ' id="comprobante" version="1.1.0"') +
    '\n'
  );
}


import { SRI_MAX, sriText } from '#common/sri.ts';
import { accountingElement, amount, buyerIdType, element, establishmentElement, infoTributaria, lineTaxes, requiredElement, sriDate, sriLine, spaced } from '#server/modules/invoice/invoice-xml.ts';
import type { CreditNoteDocument } from './credit-note-document.ts';

// A credit note as SRI's `notaCredito` XML, schema version 1.1.0 (Ficha técnica, offline scheme):
// the invoice's infoTributaria with codDoc 04, infoNotaCredito naming the invoice it modifies
// (codDocModificado 01, numDocModificado, fechaEmisionDocSustento), its value and the reason
// (`motivo`), then each credited line with its IVA. It states its invoice's issuer and buyer.
// `sriXsdErrors(xml, 'notaCredito')` validates it against the same file SRI does.

export function creditNoteXml(doc: CreditNoteDocument): string {
  const { note, invoice, lines, issuer } = doc;
  const info = infoTributaria({ ...note, businessName: invoice.businessName, ruc: invoice.ruc, documentType: '04', issuer });
  const totals = doc.bases.map((base) =>
    element('totalImpuesto', [
      element('codigo', '2'),
      element('codigoPorcentaje', base.ivaCode),
      element('baseImponible', amount(base.baseCents)),
      element('valor', amount(base.taxCents)),
    ]),
  );
  const infoNota = [
    element('fechaEmision', sriDate(doc.issuedOn)),
    ...establishmentElement(issuer),
    element('tipoIdentificacionComprador', buyerIdType(invoice.buyerDocumentType)),
    requiredElement('razonSocialComprador', invoice.buyerName),
    element('identificacionComprador', sriText(invoice.buyerDocumentNumber, SRI_MAX.identification, '')),
    ...accountingElement(issuer),
    element('codDocModificado', '01'),
    element('numDocModificado', invoice.number),
    element('fechaEmisionDocSustento', sriDate(doc.invoiceIssuedOn)),
    element('totalSinImpuestos', amount(note.baseCents)),
    element('valorModificacion', amount(note.totalCents)),
    element('moneda', 'DOLAR'),
    element('totalConImpuestos', totals),
    requiredElement('motivo', note.reason),
  ];
  const detalles = lines.map((line) => {
    const code = sriText(spaced(line.code), SRI_MAX.code, '');
    return element('detalle', [
      ...(code ? [element('codigoInterno', code)] : []),
      requiredElement('descripcion', line.name),
      element('cantidad', `${line.quantity}.00`),
      element('precioUnitario', amount(line.unitPriceCents)),
      element('descuento', amount(line.discountCents)),
      element('precioTotalSinImpuesto', amount(line.baseCents)),
      lineTaxes(line),
    ]);
  });
  const email = sriLine(invoice.buyerEmail);
  const adicional = [
    ...(email ? [element('campoAdicional', email, ' nombre="Email"')] : []),
    element('campoAdicional', `Factura ${invoice.number}`, ' nombre="Documento"'),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element('notaCredito', [info, element('infoNotaCredito', infoNota), element('detalles', detalles), element('infoAdicional', adicional)], ' id="comprobante" version="1.1.0"') +
    '\n'
  );
}


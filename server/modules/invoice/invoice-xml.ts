import { SRI_MAX, sriText } from '#common/sri.ts';
import type { InvoiceDocument } from './invoice-document.ts';

// The invoice as SRI's `factura` XML, schema version 1.1.0 (Ficha técnica de comprobantes
// electrónicos, offline scheme): infoTributaria, infoFactura with totalConImpuestos, detalles with
// each line's impuestos, infoAdicional. Unsigned: the XAdES-BES signature is added by the signing
// step (decision 063). Amounts in dollars with two decimals, dates dd/mm/yyyy. Every text is put
// as the schema takes it (sriText: one line, within its field's length, decision 078): what was
// stored before a limit, or a name that only fits the order (product — variant), still validates.

/** Escapes the five characters XML gives meaning to; drops control characters XML 1.0 forbids. */
export function xmlText(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Cents as SRI writes an amount: `1234` → `12.34`, never a locale's separators. */
export const amount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** SRI's IVA rate codes (tabla 17): the rate in basis points → `codigoPorcentaje`. */
const IVA_CODES: Record<number, string> = { 0: '0', 1200: '2', 1400: '3', 1500: '4', 500: '5', 1300: '10' };
export const ivaCode = (bp: number) => IVA_CODES[bp] ?? '4';

/** SRI's buyer identification types (tabla 6): 04 RUC, 05 cédula, 06 passport. */
export function buyerIdType(documentType: string, documentNumber: string): string {
  if (documentType === 'cedula') return /^\d{13}$/.test(documentNumber) ? '04' : '05';
  return '06';
}

/** SRI's payment forms (tabla 24): 01 without the financial system, 20 other using it. */
export const paymentCode = (method: string) => (method === 'bank_transfer' ? '20' : '01');

/** `yyyy-mm-dd` → `dd/mm/yyyy`. */
export const sriDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const rate = (bp: number) => `${bp / 100}`;

function element(name: string, content: string | string[], attributes = ''): string {
  const inner = Array.isArray(content) ? content.join('') : xmlText(content);
  return `<${name}${attributes}>${inner}</${name}>`;
}

export function invoiceXml(doc: InvoiceDocument): string {
  const { invoice, lines } = doc;
  const text = (value: string) => sriText(value, SRI_MAX.text);
  const tradeName = text(doc.issuer.tradeName);
  const info = [
    element('ambiente', String(invoice.environment)),
    element('tipoEmision', '1'),
    element('razonSocial', text(invoice.businessName)),
    ...(tradeName ? [element('nombreComercial', tradeName)] : []),
    element('ruc', invoice.ruc),
    element('claveAcceso', invoice.accessKey),
    element('codDoc', '01'),
    element('estab', invoice.establishment),
    element('ptoEmi', invoice.emissionPoint),
    element('secuencial', String(invoice.sequence).padStart(9, '0')),
    element('dirMatriz', text(doc.issuer.address) || '-'),
  ];
  const totals = doc.bases.map((base) =>
    element('totalImpuesto', [
      element('codigo', '2'),
      element('codigoPorcentaje', ivaCode(base.taxBp)),
      element('baseImponible', amount(base.baseCents)),
      element('valor', amount(base.taxCents)),
    ]),
  );
  const factura = [
    element('fechaEmision', sriDate(doc.issuedOn)),
    element('tipoIdentificacionComprador', buyerIdType(invoice.buyerDocumentType, invoice.buyerDocumentNumber)),
    element('razonSocialComprador', text(invoice.buyerName)),
    element('identificacionComprador', sriText(invoice.buyerDocumentNumber, SRI_MAX.identification, '')),
    ...(text(invoice.buyerAddress) ? [element('direccionComprador', text(invoice.buyerAddress))] : []),
    element('totalSinImpuestos', amount(invoice.baseTaxedCents + invoice.baseZeroCents)),
    element('totalDescuento', amount(invoice.discountCents)),
    element('totalConImpuestos', totals),
    element('propina', '0.00'),
    element('importeTotal', amount(invoice.totalCents)),
    element('moneda', 'DOLAR'),
    element('pagos', [element('pago', [element('formaPago', paymentCode(doc.paymentMethod)), element('total', amount(invoice.totalCents))])]),
  ];
  const detalles = lines.map((line) =>
    element('detalle', [
      element('codigoPrincipal', sriText(line.code, SRI_MAX.code, '')),
      element('descripcion', text(line.name)),
      element('cantidad', `${line.quantity}.00`),
      element('precioUnitario', amount(line.unitPriceCents)),
      element('descuento', amount(line.discountCents)),
      element('precioTotalSinImpuesto', amount(line.baseCents)),
      element('impuestos', [
        element('impuesto', [
          element('codigo', '2'),
          element('codigoPorcentaje', ivaCode(line.taxBp)),
          element('tarifa', rate(line.taxBp)),
          element('baseImponible', amount(line.baseCents)),
          element('valor', amount(line.taxCents)),
        ]),
      ]),
    ]),
  );
  const adicional = [
    ...(invoice.buyerEmail ? [element('campoAdicional', text(invoice.buyerEmail), ' nombre="Email"')] : []),
    element('campoAdicional', String(doc.orderNumber), ' nombre="Pedido"'),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element('factura', [element('infoTributaria', info), element('infoFactura', factura), element('detalles', detalles), element('infoAdicional', adicional)], ' id="comprobante" version="1.1.0"') +
    '\n'
  );
}

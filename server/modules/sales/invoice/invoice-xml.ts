import { identificationType } from '#common/enums/identification.ts';
import { SRI_IDENTIFICATION_CODE } from '#common/identification.ts';
import { SRI_MAX, sriText } from '#common/sri.ts';
import { RIMPE_LEGENDS, WITHHOLDING_AGENT } from '#common/sri-issuer.ts';
import type { InvoiceDocument, InvoiceIssuer } from './invoice-document.ts';

// The invoice as SRI's `factura` XML, schema version 1.1.0 (Ficha técnica de comprobantes
// electrónicos, offline scheme): infoTributaria, infoFactura with totalConImpuestos, detalles with
// each line's impuestos, infoAdicional. Unsigned: the XAdES-BES signature is added by the signing
// step (decision 063). Amounts in dollars with two decimals, dates dd/mm/yyyy. Every text is put
// as the schema takes it (sriText: one line, within its field's length, decision 078): what was
// stored before a limit, or a name that only fits the order (product — variant), still validates.
// Schema 1.1.0, not 2.x: 1.1.0 already carries every field we fill (`contribuyenteRimpe` and
// `agenteRetencion` in infoTributaria, in every version from 1.0.0), takes quantities and unit
// prices with up to six decimals, and is what SRI's reception validates a `version="1.1.0"`
// factura against; 2.0.0/2.1.0 add only what we never write (guía de remisión data in the
// invoice, `rubros`). `server/modules/sales/invoice/sri-xsd.ts` validates against the same file.

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

// IVA: each line and each base carries SRI's own code (`codigoPorcentaje`, Tabla 17), frozen on
// the order line at sale (common/iva.ts, decision 087); nothing here maps a rate back to a code.

/**
 * SRI's code of the buyer's identification (tabla 6: 04 RUC, 05 cédula, 06 passport, 07 consumidor
 * final, 08 foreign id) for the type the buyer chose, frozen on the order and copied to the invoice:
 * written as chosen, never inferred from the number (a RUC typed as a passport is a passport, 06).
 * The number was checked for that type where it was typed (common/identification.ts). A type
 * outside SRI's table is refused, never written as another: nothing of ours stores one.
 */
export function buyerIdType(documentType: string): string {
  if (!identificationType.is(documentType)) throw new RangeError(`no SRI identification type for ${JSON.stringify(documentType)}`);
  return SRI_IDENTIFICATION_CODE[documentType];
}

/**
 * SRI's payment forms (ficha técnica, tabla 24) of the store's payment methods: cash on delivery is
 * 01 "sin utilización del sistema financiero", a bank transfer 20 "otros con utilización del
 * sistema financiero". A method without a code is a mistake to mend, never guessed.
 */
// A gateway's payment (issue 39) went through the financial system by card or wallet, and which
// (credit, debit, PayPhone balance) the gateway does not tell: 20, not a guessed 16 or 19.
const PAYMENT_CODES: Record<string, string> = { cash_on_delivery: '01', bank_transfer: '20', payphone: '20', paypal: '20' };
export function paymentCode(method: string): string {
  const code = PAYMENT_CODES[method];
  if (!code) throw new RangeError(`no SRI payment code (tabla 24) for the payment method "${method}"`);
  return code;
}

/** `yyyy-mm-dd` → `dd/mm/yyyy`. */
export const sriDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A rate in basis points as SRI's `tarifa`: 1500 → `15`. */
export const rate = (bp: number) => `${bp / 100}`;

export function element(name: string, content: string | string[], attributes = ''): string {
  const inner = Array.isArray(content) ? content.join('') : xmlText(content);
  return `<${name}${attributes}>${inner}</${name}>`;
}

/**
 * What no XML text holds — a control character (a line break, a tab…), half a UTF-16 pair, U+FFFE/F —
 * as a space, before `sriText` folds spaces: typed fields refuse them (common/sri-issuer.ts), this
 * keeps what was stored before from breaking the document.
 */
export const spaced = (value: string) => value.replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, ' ');

/** A text as SRI's single-line fields take it: one line, within the schema's 300 characters. */
export const sriLine = (value: string) => sriText(spaced(value), SRI_MAX.text);

/** A text the schema requires (minLength 1): one that is blank is a mistake upstream, not written. */
export function requiredElement(name: string, value: string): string {
  const line = sriLine(value);
  if (line === '') throw new RangeError(`SRI's ${name} is required and would be empty`);
  return element(name, line);
}

/** What SRI's `infoTributaria` says of one document: the same block heads an invoice and a credit note. */
export type TaxInfo = {
  environment: number;
  businessName: string;
  ruc: string;
  accessKey: string;
  /** 01 factura, 04 nota de crédito. */
  documentType: '01' | '04';
  establishment: string;
  emissionPoint: string;
  sequence: number;
  issuer: InvoiceIssuer;
};

export function infoTributaria(info: TaxInfo): string {
  const { issuer } = info;
  const tradeName = sriLine(issuer.tradeName);
  return element('infoTributaria', [
    element('ambiente', String(info.environment)),
    element('tipoEmision', '1'),
    requiredElement('razonSocial', info.businessName),
    ...(tradeName ? [element('nombreComercial', tradeName)] : []),
    element('ruc', info.ruc),
    element('claveAcceso', info.accessKey),
    element('codDoc', info.documentType),
    element('estab', info.establishment),
    element('ptoEmi', info.emissionPoint),
    element('secuencial', String(info.sequence).padStart(9, '0')),
    // Never a placeholder: issuing refuses a store without it (invoice.service.ts).
    requiredElement('dirMatriz', issuer.headOfficeAddress),
    ...(WITHHOLDING_AGENT.test(issuer.withholdingAgent) ? [element('agenteRetencion', issuer.withholdingAgent)] : []),
    ...(issuer.rimpe !== 'none' ? [element('contribuyenteRimpe', RIMPE_LEGENDS[issuer.rimpe])] : []),
  ]);
}

/** `dirEstablecimiento`, right after `fechaEmision` in a factura and a notaCredito. */
export function establishmentElement(issuer: InvoiceIssuer): string[] {
  const address = sriLine(issuer.establishmentAddress);
  return address ? [element('dirEstablecimiento', address)] : [];
}

/**
 * `obligadoContabilidad`: a factura puts it after `dirEstablecimiento`, a notaCredito after the
 * buyer. Left out only by an invoice issued before the store said (issuing requires the answer now).
 */
export const accountingElement = (issuer: InvoiceIssuer): string[] => (issuer.accountingObligated ? [element('obligadoContabilidad', issuer.accountingObligated === 'yes' ? 'SI' : 'NO')] : []);

/** One line's `impuestos`: its IVA, by SRI's code as frozen on the line. */
export const lineTaxes = (line: { ivaCode: string; taxBp: number; baseCents: number; taxCents: number }) =>
  element('impuestos', [
    element('impuesto', [
      element('codigo', '2'),
      element('codigoPorcentaje', line.ivaCode),
      element('tarifa', rate(line.taxBp)),
      element('baseImponible', amount(line.baseCents)),
      element('valor', amount(line.taxCents)),
    ]),
  ]);

/**
 * `totalConImpuestos`: one `totalImpuesto` per IVA code. A factura states each base's `tarifa`; a
 * notaCredito's schema has no such element.
 */
export const totalTaxes = (bases: readonly { ivaCode: string; taxBp: number; baseCents: number; taxCents: number }[], options: { rate: boolean }) =>
  element(
    'totalConImpuestos',
    bases.map((base) =>
      element('totalImpuesto', [
        element('codigo', '2'),
        element('codigoPorcentaje', base.ivaCode),
        element('baseImponible', amount(base.baseCents)),
        ...(options.rate ? [element('tarifa', rate(base.taxBp))] : []),
        element('valor', amount(base.taxCents)),
      ]),
    ),
  );

/** The buyer as a factura and a notaCredito name them: SRI's type, the name, the number. */
export const buyerElements = (buyer: { buyerDocumentType: string; buyerName: string; buyerDocumentNumber: string }) => [
  element('tipoIdentificacionComprador', buyerIdType(buyer.buyerDocumentType)),
  requiredElement('razonSocialComprador', buyer.buyerName),
  element('identificacionComprador', sriText(buyer.buyerDocumentNumber, SRI_MAX.identification, '')),
];

type DetailLine = { code: string; name: string; quantity: number; unitPriceCents: number; discountCents: number; baseCents: number; ivaCode: string; taxBp: number; taxCents: number };

/** `detalles`: each line with its IVA; the code element is `codigoPrincipal` in a factura, `codigoInterno` in a notaCredito. */
export const detailElements = (lines: readonly DetailLine[], codeElement: 'codigoPrincipal' | 'codigoInterno') =>
  element(
    'detalles',
    lines.map((line) => {
      const code = sriText(spaced(line.code), SRI_MAX.code, '');
      return element('detalle', [
        ...(code ? [element(codeElement, code)] : []),
        requiredElement('descripcion', line.name),
        element('cantidad', `${line.quantity}.00`),
        element('precioUnitario', amount(line.unitPriceCents)),
        element('descuento', amount(line.discountCents)),
        element('precioTotalSinImpuesto', amount(line.baseCents)),
        lineTaxes(line),
      ]);
    }),
  );

export function invoiceXml(doc: InvoiceDocument): string {
  const { invoice, lines, issuer } = doc;
  const text = sriLine;
  const info = infoTributaria({ ...invoice, documentType: '01', issuer });
  const factura = [
    element('fechaEmision', sriDate(doc.issuedOn)),
    ...establishmentElement(issuer),
    ...accountingElement(issuer),
    ...buyerElements(invoice),
    ...(text(invoice.buyerAddress) ? [element('direccionComprador', text(invoice.buyerAddress))] : []),
    element('totalSinImpuestos', amount(invoice.baseTaxedCents + invoice.baseZeroCents)),
    element('totalDescuento', amount(invoice.discountCents)),
    totalTaxes(doc.bases, { rate: true }),
    element('propina', '0.00'),
    element('importeTotal', amount(invoice.totalCents)),
    element('moneda', 'DOLAR'),
    element('pagos', [element('pago', [element('formaPago', paymentCode(doc.paymentMethod)), element('total', amount(invoice.totalCents))])]),
  ];
  const adicional = [
    ...(text(invoice.buyerEmail) ? [element('campoAdicional', text(invoice.buyerEmail), ' nombre="Email"')] : []),
    element('campoAdicional', String(doc.orderNumber), ' nombre="Pedido"'),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    element('factura', [info, element('infoFactura', factura), detailElements(lines, 'codigoPrincipal'), element('infoAdicional', adicional)], ' id="comprobante" version="1.1.0"') +
    '\n'
  );
}

import { asIvaCode, type IvaCode, ivaBp } from '#common/iva.ts';
import { basesByCode, type TaxBase } from '#common/order-totals.ts';
import type { AccountingAnswer, RimpeRegime } from '#common/sri-issuer.ts';
import type { findInvoice, orderLines } from './invoice.repository.ts';

// Everything the XML and the PDF (RIDE) print of one invoice, assembled once by the service: the
// stored invoice, its order's lines (shipping as a line of its own, at the IVA the order froze for
// it: decision 087), the IVA bases by SRI code and the issuer's address.

export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;
type OrderLine = Awaited<ReturnType<typeof orderLines>>[number];

export type InvoiceLine = {
  code: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  baseCents: number;
  /** SRI's code (`codigoPorcentaje`) and the rate the tax was reckoned at, as frozen at sale. */
  ivaCode: IvaCode;
  taxBp: number;
  taxCents: number;
  /** The order's shipping fee: named in the reader's language by the PDF. */
  shipping: boolean;
};

export type { TaxBase };

/** The order's shipping as placed: its fee before IVA and the IVA frozen on it. */
export type OrderShipping = { shippingCents: number; shippingIvaCode: string; shippingTaxCents: number };

/**
 * What the invoice says of its issuer beyond the RUC and the name, as copied when it was issued
 * (issue 37 §4). An invoice issued before the store had these has them empty, its head office
 * address aside (the store's contact address, as it printed then).
 */
export type InvoiceIssuer = {
  tradeName: string;
  headOfficeAddress: string;
  establishmentAddress: string;
  accountingObligated: AccountingAnswer;
  rimpe: RimpeRegime;
  withholdingAgent: string;
};

export type InvoiceDocument = {
  invoice: InvoiceRow;
  lines: InvoiceLine[];
  /** One per SRI code, highest rate first (SRI lists each code's base apart). */
  bases: TaxBase[];
  issuer: InvoiceIssuer;
  /** The issue day on Ecuador's calendar, `yyyy-mm-dd`. */
  issuedOn: string;
  paymentMethod: string;
  orderNumber: number;
};

/** What an issued document froze of its issuer (the `issuer_*` columns of an invoice). */
export type FrozenIssuer = {
  issuerHeadOfficeAddress: string;
  issuerEstablishmentAddress: string;
  issuerAccountingObligated: string;
  issuerRimpe: string;
  issuerWithholdingAgent: string;
};

/**
 * The issuer as an invoice states it: the facts it froze at issue, and the store's trade name and
 * contact address (the head office of an invoice issued before the store kept its own, migration
 * 2026-12-06-087, as it printed then). A credit note states its invoice's issuer.
 */
export function issuerOf(frozen: FrozenIssuer, store: { tradeName: string; address: string }): InvoiceIssuer {
  return {
    tradeName: store.tradeName,
    headOfficeAddress: frozen.issuerHeadOfficeAddress || store.address,
    establishmentAddress: frozen.issuerEstablishmentAddress,
    accountingObligated: frozen.issuerAccountingObligated as AccountingAnswer,
    rimpe: frozen.issuerRimpe as RimpeRegime,
    withholdingAgent: frozen.issuerWithholdingAgent,
  };
}

/** A line's code on the documents (`codigoPrincipal`, `codigoInterno`): its SKU, else its place on the order, `001`. */
export const lineCode = (line: { sku: string; position: number }) => line.sku || String(line.position).padStart(3, '0');

/**
 * The order's shipping as a document's line, at the IVA the order froze for it (decision 087), or
 * null when it charged none. An invoice states it, a credit note may credit it whole.
 */
export function shippingLine(shipping: OrderShipping): InvoiceLine | null {
  if (shipping.shippingCents <= 0) return null;
  const ivaCode = asIvaCode(shipping.shippingIvaCode);
  const cents = shipping.shippingCents;
  return { code: 'ENVIO', name: 'Envío', quantity: 1, unitPriceCents: cents, discountCents: 0, baseCents: cents, ivaCode, taxBp: ivaBp(ivaCode), taxCents: shipping.shippingTaxCents, shipping: true };
}

/** The invoice's lines: the order's, then its shipping fee when it has one. */
export function invoiceLines(lines: readonly OrderLine[], shipping: OrderShipping): InvoiceLine[] {
  const goods = lines.map((line): InvoiceLine => ({
    code: lineCode(line),
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    discountCents: line.discountCents,
    baseCents: line.baseCents,
    ivaCode: asIvaCode(line.ivaCode),
    taxBp: line.taxBp,
    taxCents: line.taxCents,
    shipping: false,
  }));
  const ship = shippingLine(shipping);
  return ship ? [...goods, ship] : goods;
}

/** The IVA bases of a document's lines (common/order-totals.ts `basesByCode`). */
export const taxBases = basesByCode;

/** An instant's day on Ecuador's calendar (UTC−5 all year: no daylight saving). */
export const ecuadorDay = (instant: Date) => new Date(instant.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);

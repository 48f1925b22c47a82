import type { findInvoice, orderLines } from './invoice.repository.ts';

// Everything the XML and the PDF (RIDE) print of one invoice, assembled once by the service: the
// stored invoice, its order's lines (shipping as a line of its own at IVA 0 %, as the order charged
// no tax on it), the IVA bases and the issuer's address.

export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;
type OrderLine = Awaited<ReturnType<typeof orderLines>>[number];

export type InvoiceLine = {
  code: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  baseCents: number;
  taxBp: number;
  taxCents: number;
  /** The order's shipping fee: named in the reader's language by the PDF. */
  shipping: boolean;
};

export type TaxBase = { taxBp: number; baseCents: number; taxCents: number };

export type InvoiceDocument = {
  invoice: InvoiceRow;
  lines: InvoiceLine[];
  /** By rate, highest first (SRI lists IVA 15 % and 0 % apart). */
  bases: TaxBase[];
  issuer: { address: string; tradeName: string };
  /** The issue day on Ecuador's calendar, `yyyy-mm-dd`. */
  issuedOn: string;
  paymentMethod: string;
  orderNumber: number;
};

/** The invoice's lines: the order's, then its shipping fee when it has one. */
export function invoiceLines(lines: readonly OrderLine[], shippingCents: number): InvoiceLine[] {
  const goods = lines.map((line, index): InvoiceLine => ({
    code: line.sku || String(index + 1).padStart(3, '0'),
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    discountCents: line.discountCents,
    baseCents: line.baseCents,
    taxBp: line.taxBp,
    taxCents: line.taxCents,
    shipping: false,
  }));
  if (shippingCents <= 0) return goods;
  return [...goods, { code: 'ENVIO', name: 'Envío', quantity: 1, unitPriceCents: shippingCents, discountCents: 0, baseCents: shippingCents, taxBp: 0, taxCents: 0, shipping: true }];
}

/** The IVA bases of the lines, by rate, highest rate first. */
export function taxBases(lines: readonly InvoiceLine[]): TaxBase[] {
  const byRate = new Map<number, TaxBase>();
  for (const line of lines) {
    const base = byRate.get(line.taxBp) ?? { taxBp: line.taxBp, baseCents: 0, taxCents: 0 };
    base.baseCents += line.baseCents;
    base.taxCents += line.taxCents;
    byRate.set(line.taxBp, base);
  }
  return [...byRate.values()].sort((a, b) => b.taxBp - a.taxBp);
}

/** An instant's day on Ecuador's calendar (UTC−5 all year: no daylight saving). */
export const ecuadorDay = (instant: Date) => new Date(instant.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);

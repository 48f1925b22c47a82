import { createElement as h, type ReactElement } from 'react';
import { rideSubtotalKey, rideTotals } from '#common/iva.ts';
import { Document, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import bwipjs from 'bwip-js/node';
import { formatDate, formatTypedDate } from '#common/dates.ts';
import { translator } from '#common/i18n/all-languages.ts';
import type { Locale } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { formatNumber } from '#common/number-format.ts';
import { RIMPE_LEGENDS } from '#common/sri-issuer.ts';
import type { InvoiceDocument, InvoiceIssuer, InvoiceLine, TaxBase } from './invoice-document.ts';
import { paymentCode } from './invoice-xml.ts';
import { paymentMethod } from '#common/enums/payment.ts';

// The invoice printed as SRI's RIDE (representación impresa del documento electrónico), a React
// component rendered by @react-pdf/renderer on the server. Written with `createElement`: server
// code is run by Node's type stripping, which does not read JSX. The access key's Code128 barcode
// comes from bwip-js. Fonts: the PDF standard
// Helvetica, built into the library (no file, no network). Laid out as SRI's model: issuer on the
// left, the tax box (RUC, number, access key) on the right, the buyer, the lines, the additional
// information beside the totals with the IVA breakdown.

const styles = StyleSheet.create({
  page: { padding: 28, fontSize: 8, fontFamily: 'Helvetica', color: '#111' },
  top: { flexDirection: 'row', gap: 10 },
  issuer: { flex: 1, border: '1pt solid #444', borderRadius: 4, padding: 8, gap: 3 },
  taxBox: { flex: 1, border: '1pt solid #444', borderRadius: 4, padding: 8, gap: 3 },
  businessName: { fontSize: 13, fontFamily: 'Helvetica-Bold' },
  tradeName: { fontSize: 10 },
  title: { fontSize: 14, fontFamily: 'Helvetica-Bold', marginTop: 2 },
  label: { fontFamily: 'Helvetica-Bold' },
  key: { fontFamily: 'Courier', fontSize: 7.5 },
  barcode: { height: 30, width: '100%', objectFit: 'fill' },
  box: { border: '1pt solid #444', borderRadius: 4, padding: 8, marginTop: 10, gap: 3 },
  row: { flexDirection: 'row' },
  table: { marginTop: 10, border: '1pt solid #444' },
  head: { flexDirection: 'row', backgroundColor: '#e8e8e8', fontFamily: 'Helvetica-Bold' },
  line: { flexDirection: 'row', borderTop: '0.5pt solid #999' },
  cell: { padding: 4 },
  right: { textAlign: 'right' },
  bottom: { flexDirection: 'row', gap: 10, marginTop: 10, alignItems: 'flex-start' },
  additional: { flex: 1, border: '1pt solid #444', borderRadius: 4, padding: 8, gap: 3 },
  totals: { width: 230, border: '1pt solid #444' },
  totalRow: { flexDirection: 'row', borderTop: '0.5pt solid #999' },
  totalLabel: { flex: 1, padding: 4, fontFamily: 'Helvetica-Bold' },
  totalValue: { width: 80, padding: 4, textAlign: 'right' },
  note: { marginTop: 12, fontSize: 7.5, color: '#555', textAlign: 'center' },
  notice: { fontFamily: 'Helvetica-Bold', fontSize: 7.5 },
  payments: { marginTop: 4, border: '0.5pt solid #999' },
});

const COLUMNS = [
  { key: 'code', width: '14%', align: 'left' },
  { key: 'quantity', width: '8%', align: 'right' },
  { key: 'description', width: '38%', align: 'left' },
  { key: 'unitPrice', width: '14%', align: 'right' },
  { key: 'discount', width: '12%', align: 'right' },
  { key: 'lineTotal', width: '14%', align: 'right' },
] as const;

/** The access key as a Code128 barcode (PNG), as SRI's RIDE prints it under the key. */
export const accessKeyBarcode = (accessKey: string) => bwipjs.toBuffer({ bcid: 'code128', text: accessKey, scale: 2, height: 9, includetext: false });

type Props = { doc: InvoiceDocument; locale: Locale; barcode: Buffer };
type T = ReturnType<typeof translator>;

/** Words kept whole: the PDF stack's hyphenation is English's, and split "Wash-ington" in a Quito address. */
const wholeWords = (word: string) => [word];

/** A bold label and its value on one line ("RUC: 1790016919001"); it wraps between words only. */
export const rideField = (label: string, value: string) => h(Text, { hyphenationCallback: wholeWords }, h(Text, { style: styles.label }, `${label}: `), value);
const field = rideField;

/** A document's number, key and SRI answer as its RIDE's head prints them (invoice and credit note alike). */
export type RideHeadDocument = {
  title: string;
  businessName: string;
  ruc: string;
  number: string;
  accessKey: string;
  environment: number;
  authorizationNumber: string | null;
  authorizedAt: string | null;
  sriStatus: string;
};

/**
 * The head of SRI's printed representation: the issuer on the left (name, trade name, both
 * addresses, its notices), the tax box on the right (RUC, the document's kind and number, SRI's
 * authorization once given, environment, emission, the access key with its barcode).
 */
function rideHead(t: T, locale: Locale, head: RideHeadDocument, issuer: InvoiceIssuer, barcode: Buffer): ReactElement {
  return h(
    View,
    { style: styles.top },
    h(
      View,
      { style: styles.issuer },
      h(Text, { style: styles.businessName }, head.businessName),
      issuer.tradeName ? h(Text, { style: styles.tradeName }, issuer.tradeName) : null,
      // SRI's printed representation: both addresses, then the issuer's notices (issue 37 §9).
      field(t('invoice.ride.issuerAddress'), issuer.headOfficeAddress),
      issuer.establishmentAddress ? field(t('invoice.ride.establishmentAddress'), issuer.establishmentAddress) : null,
      issuer.accountingObligated
        ? h(Text, { style: styles.notice }, `${t('invoice.ride.accountingObligated')}: ${t(issuer.accountingObligated === 'yes' ? 'invoice.ride.yes' : 'invoice.ride.no')}`)
        : null,
      // The RIMPE legend is the legal text, in Spanish on either language's RIDE.
      issuer.rimpe !== 'none' ? h(Text, { style: styles.notice }, RIMPE_LEGENDS[issuer.rimpe]) : null,
      issuer.withholdingAgent ? h(Text, { style: styles.notice }, t('invoice.ride.withholdingAgent', { number: issuer.withholdingAgent })) : null,
    ),
    h(
      View,
      { style: styles.taxBox },
      field(t('invoice.ride.ruc'), head.ruc),
      h(Text, { style: styles.title }, head.title),
      field(t('invoice.ride.number'), head.number),
      // SRI's number once it authorized the document (the access key in the offline scheme), and when.
      h(Text, { style: styles.label }, t('invoice.ride.authorization')),
      h(Text, { style: styles.key }, head.authorizationNumber ?? head.accessKey),
      head.authorizedAt ? field(t('invoice.ride.authorizedAt'), formatDate(head.authorizedAt, locale, true)) : null,
      field(t('invoice.ride.environment'), t(head.environment === 2 ? 'invoice.environments.2' : 'invoice.environments.1').toUpperCase()),
      field(t('invoice.ride.emission'), t('invoice.ride.normal')),
      h(Text, { style: styles.label }, t('invoice.ride.accessKey')),
      h(Image, { src: { data: barcode, format: 'png' }, style: styles.barcode }),
      h(Text, { style: styles.key }, head.accessKey),
    ),
  );
}

/** A boxed block of label–value lines (the buyer, the document a credit note modifies). */
export const rideBox = (...children: Array<ReactElement | null>) => h(View, { style: styles.box }, ...children);

/** One line of a RIDE's table; `shipping` is named in the reader's language. */
export type RideLine = Pick<InvoiceLine, 'code' | 'name' | 'quantity' | 'unitPriceCents' | 'discountCents' | 'baseCents' | 'shipping'>;

/**
 * A code breaks between any two characters and never gains a hyphen: each character is a part of
 * its own with an empty one after it, which the line breaker takes as a zero-width space (a break
 * at a part boundary without one would print a hyphen, which a SKU does not have).
 */
const unhyphenated = (word: string) => Array.from(word).flatMap((character) => [character, '']);

/** The RIDE's table of lines: code, quantity, description, unit price, discount, total price. */
export function rideLines(t: T, locale: Locale, lines: readonly RideLine[]): ReactElement {
  const money = (cents: number) => formatMoney(cents, locale);
  const cell = (column: (typeof COLUMNS)[number], text: string, extra: object = {}) =>
    h(Text, { key: column.key, style: [styles.cell, { width: column.width }, column.align === 'right' ? styles.right : {}], ...extra }, text);
  return h(
    View,
    { style: styles.table },
    h(View, { style: styles.head, fixed: true }, ...COLUMNS.map((column) => cell(column, t(`invoice.ride.${column.key}`)))),
    ...lines.map((line, index) =>
      h(
        View,
        { key: String(index), style: styles.line, wrap: false },
        cell(COLUMNS[0], line.code, { hyphenationCallback: unhyphenated }),
        cell(COLUMNS[1], String(line.quantity)),
        cell(COLUMNS[2], line.shipping ? t('invoice.ride.shipping') : line.name),
        cell(COLUMNS[3], money(line.unitPriceCents)),
        cell(COLUMNS[4], money(line.discountCents)),
        cell(COLUMNS[5], money(line.baseCents)),
      ),
    ),
  );
}

/** What a RIDE's totals box adds up: the IVA bases by code, the sum before tax, the discount, the last row. */
export type RideSums = { bases: readonly TaxBase[]; subtotalCents: number; discountCents: number; totalLabel: string; totalCents: number };

/** The totals box as SRI lays it out: a subtotal per rate (rideTotals), before tax, discount, each rate's IVA, the total. */
function rideTotalsBox(t: T, locale: Locale, sums: RideSums): ReactElement {
  const money = (cents: number) => formatMoney(cents, locale);
  const percent = (bp: number) => `${formatNumber(bp / 100, locale)} %`;
  const { subtotals, ivas } = rideTotals(sums.bases);
  const totalRow = (label: string, cents: number, key: string) =>
    h(View, { key, style: styles.totalRow }, h(Text, { style: styles.totalLabel }, label), h(Text, { style: styles.totalValue }, money(cents)));
  return h(
    View,
    { style: styles.totals },
    ...subtotals.map((base) => totalRow(t(rideSubtotalKey(base.ivaCode), { rate: percent(base.taxBp) }), base.baseCents, `base-${base.ivaCode}`)),
    totalRow(t('invoice.ride.subtotal'), sums.subtotalCents, 'subtotal'),
    totalRow(t('invoice.ride.totalDiscount'), sums.discountCents, 'discount'),
    ...ivas.map((base) => totalRow(t('invoice.ride.iva', { rate: percent(base.taxBp) }), base.taxCents, `iva-${base.ivaCode}`)),
    totalRow(sums.totalLabel, sums.totalCents, 'total'),
  );
}

/**
 * A RIDE: one A4 page (more when its lines run over) with the head, then `body`, then, while SRI
 * has not authorized the document, the note that it has no tax validity yet.
 */
/** What a RIDE's head is printed from: the reader's language, the document, its issuer and its access key's barcode. */
export type RideHeading = { t: T; locale: Locale; head: RideHeadDocument; issuer: InvoiceIssuer; barcode: Buffer };

export function rideDocument({ t, locale, head, issuer, barcode }: RideHeading, ...body: Array<ReactElement | null>): ReactElement {
  return h(
    Document,
    { title: `${head.title} ${head.number}`, author: head.businessName, language: locale === 'es' ? 'es-EC' : 'en-US' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      rideHead(t, locale, head, issuer, barcode),
      ...body,
      head.sriStatus !== 'authorized' ? h(Text, { style: styles.note }, t('invoice.ride.unsigned')) : null,
    ),
  );
}

/** The buyer's box: name, identification, the document's issue day, and the address when there is one. */
export function rideBuyer(t: T, locale: Locale, buyer: { buyerName: string; buyerDocumentNumber: string; buyerAddress?: string }, issuedOn: string): ReactElement {
  return rideBox(
    field(t('invoice.ride.buyer'), buyer.buyerName),
    field(t('invoice.ride.buyerId'), buyer.buyerDocumentNumber),
    field(t('invoice.ride.issueDate'), formatTypedDate(issuedOn, locale)),
    buyer.buyerAddress ? field(t('invoice.ride.buyerAddress'), buyer.buyerAddress) : null,
  );
}

/** Below the lines: the additional information on the left (its title, then `additional`), the totals box on the right. */
export function rideBottom(t: T, locale: Locale, additional: Array<ReactElement | null>, sums: RideSums): ReactElement {
  return h(
    View,
    { style: styles.bottom, wrap: false },
    h(View, { style: styles.additional }, h(Text, { style: styles.label }, t('invoice.ride.additional')), ...additional),
    rideTotalsBox(t, locale, sums),
  );
}

export function InvoiceRide({ doc, locale, barcode }: Props): ReactElement {
  const t = translator(locale);
  const { invoice } = doc;
  const money = (cents: number) => formatMoney(cents, locale);
  const head: RideHeadDocument = { ...invoice, title: t('invoice.ride.title') };
  return rideDocument(
    { t, locale, head, issuer: doc.issuer, barcode },
    rideBuyer(t, locale, invoice, doc.issuedOn),
    rideLines(t, locale, doc.lines),
    rideBottom(
      t,
      locale,
      [
        invoice.buyerEmail ? field(t('invoice.ride.email'), invoice.buyerEmail) : null,
        field(t('invoice.ride.order'), `#${doc.orderNumber}`),
        // The payment as the XML's `pagos`: SRI's code and its text, and the amount paid that way.
        h(
          View,
          { style: styles.payments },
          h(View, { style: styles.head }, h(Text, { style: [styles.cell, { flex: 1 }] }, t('invoice.ride.payment')), h(Text, { style: [styles.cell, styles.right, { width: 70 }] }, t('invoice.ride.paymentAmount'))),
          h(
            View,
            { style: styles.row },
            h(Text, { style: [styles.cell, { flex: 1 }] }, `${paymentCode(doc.paymentMethod)} - ${t(`invoice.ride.payments.${paymentMethod.is(doc.paymentMethod) ? doc.paymentMethod : 'cash_on_delivery'}`)}`),
            h(Text, { style: [styles.cell, styles.right, { width: 70 }] }, money(invoice.totalCents)),
          ),
        ),
      ],
      { bases: doc.bases, subtotalCents: invoice.baseTaxedCents + invoice.baseZeroCents, discountCents: invoice.discountCents, totalLabel: t('invoice.ride.total'), totalCents: invoice.totalCents },
    ),
  );
}

/** The RIDE as PDF bytes, in `locale`. */
export async function invoicePdf(doc: InvoiceDocument, locale: Locale): Promise<Buffer> {
  const barcode = await accessKeyBarcode(doc.invoice.accessKey);
  return renderToBuffer(h(InvoiceRide, { doc, locale, barcode }) as Parameters<typeof renderToBuffer>[0]);
}

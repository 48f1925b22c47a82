import { randomInt } from 'node:crypto';
import type { InvoiceListQuery, IssueInvoiceInput } from '#common/schemas/invoice.ts';
import { FINAL_CONSUMER } from '#common/identification.ts';
import type { Locale } from '#common/locale.ts';
import { accessKey, invoiceNumber, isValidRuc, MAX_INVOICE_SEQUENCE, SRI_MAX, sriAddress, sriText } from '#common/sri.ts';
import { isIssuerRuc } from '#common/sri-issuer.ts';
import { AppError, isUniqueViolation, notFound } from '#server/errors.ts';
import { LIMITS, takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import { loadStoreSales, takeInvoiceSequence } from '#server/modules/sales/store-sales/store-sales.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { groupCommit } from '#server/group-commit.ts';
import { getCreditNotePdf } from '#server/modules/sales/credit-note/credit-note.service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { ecuadorDay, type InvoiceDocument, invoiceLines, issuerOf, taxBases } from './invoice-document.ts';
import { keptInvoicePdf } from './invoice-pdf-keep.ts';
import { invoicePdfRenderer } from './invoice-pdf-renderer.ts';
import { invoiceXml } from './invoice-xml.ts';
import { keptInvoiceXml } from './invoice-sri-queue.ts';
import { emit } from '#server/events/events.ts';
import * as invoices from './invoice.repository.ts';
import { findSriFiles, type SriDoc } from './invoice-sri.repository.ts';

// The invoice's way through SRI (issue 37 §6) is the job's (invoice-sri.service.ts) and its queue's
// (invoice-sri-queue.ts); the page's reads and the owner's "try again" are bound with the rest of
// the invoices' service.
export { invoiceSriEvents, retryInvoiceSri } from './invoice-sri-queue.ts';

// SRI invoices of a store's orders (issue 23 §5): issued by the owner from an order, numbered per
// store and emission point, never reused; the XML and the PDF are made from what was stored at issue.

/** Eight random digits for the access key: it cannot be guessed from the invoice's number. */
const numericCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/**
 * What the store's tax settings lack for an invoice, as the message that says where to set it:
 * SRI's schema requires the issuer's main RUC (`…001`), its name and head office address, and the
 * ficha técnica the establishment's address and whether it keeps accounts (issue 37 §4). Checked
 * before a number is taken, so a refused issue never writes `<dirMatriz>-</dirMatriz>`.
 */
function missingSettings(settings: Awaited<ReturnType<typeof loadStoreSales>>) {
  const ruc = !isValidRuc(settings.ruc);
  const name = settings.businessName.trim() === '';
  if (ruc && name) return 'invoice.missingRucAndName' as const;
  if (ruc) return 'invoice.missingRuc' as const;
  if (name) return 'invoice.missingBusinessName' as const;
  if (!isIssuerRuc(settings.ruc)) return 'invoice.rucNotMain' as const;
  if (settings.headOfficeAddress.trim() === '' || settings.establishmentAddress.trim() === '') return 'invoice.missingAddresses' as const;
  if (settings.accountingObligated === '') return 'invoice.missingAccounting' as const;
  return null;
}

/**
 * Issues the invoice of one of the store's orders, in one transaction: the sequence taken, the
 * invoice written with the buyer and totals copied from the order, and its signing job queued.
 * Refused: another store's or an unknown order (404), a cancelled one (409), one already invoiced
 * (409, also when two requests race: the unique index `invoice_order_unique` decides), and while
 * the store's RUC, business name, addresses or accounting answer is missing (409, saying which and
 * where to set it).
 */
export async function issueInvoice(deps: ServiceDeps, scope: StoreScope, input: IssueInvoiceInput): Promise<{ id: number; number: string }> {
  try {
    const issued = await inTransaction(deps, async (tx) => {
      const order = await invoices.findOrderToInvoice(tx.db, scope, input.orderId);
      if (!order) throw notFound();
      if (order.status === 'cancelled') throw new AppError('invoice.orderCancelled', 409);
      if (await invoices.invoiceOfOrder(tx.db, scope, order.id)) throw new AppError('invoice.alreadyIssued', 409);
      const settings = await loadStoreSales(tx, scope);
      const missing = missingSettings(settings);
      if (missing) throw new AppError(missing, 409);
      const { establishment, emissionPoint } = settings;
      const sequence = await takeInvoiceSequence(tx.db, scope);
      if (sequence > MAX_INVOICE_SEQUENCE) throw new AppError('invoice.sequenceExhausted', 409);

      const lines = invoiceLines(await invoices.orderLines(tx.db, scope, order.id), order);
      const bases = taxBases(lines);
      const baseTaxedCents = bases.filter((base) => base.taxBp > 0).reduce((sum, base) => sum + base.baseCents, 0);
      const baseZeroCents = bases.filter((base) => base.taxBp === 0).reduce((sum, base) => sum + base.baseCents, 0);
      const taxCents = bases.reduce((sum, base) => sum + base.taxCents, 0);
      const now = deps.clock.now();
      const issuedAt = now.toISOString();
      const environment = settings.sriEnvironment === 2 ? 2 : 1;
      const number = invoiceNumber(establishment, emissionPoint, sequence);
      const key = accessKey({ issuedOn: ecuadorDay(now), documentType: '01', ruc: settings.ruc, environment, establishment, emissionPoint, sequence, numericCode: numericCode() });
      // SRI's `direccionComprador` (and the column) takes 300 characters on one line: the checkout
      // keeps new orders within it; an order placed before it did (decision 078) is cut to fit.
      const address = sriText(sriAddress([order.address, order.city, order.province]), SRI_MAX.text);

      const id = await invoices.insertInvoice(tx.db, scope, {
        orderId: order.id,
        establishment,
        emissionPoint,
        sequence,
        number,
        accessKey: key,
        environment,
        ruc: settings.ruc,
        businessName: settings.businessName.trim(),
        // SRI's name for an unidentified buyer; the order keeps the shopper's, for the delivery.
        buyerName: order.documentType === 'final' ? FINAL_CONSUMER.name : order.name,
        buyerDocumentType: order.documentType,
        buyerDocumentNumber: order.documentNumber,
        buyerEmail: order.email,
        buyerAddress: address,
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        baseTaxedCents,
        baseZeroCents,
        taxCents,
        shippingCents: order.shippingCents,
        totalCents: baseTaxedCents + baseZeroCents + taxCents,
        issuedAt,
        sriStatus: 'issued',
        // The issuer's facts as they are now: a later change of the settings never changes this invoice.
        issuerHeadOfficeAddress: settings.headOfficeAddress.trim(),
        issuerEstablishmentAddress: settings.establishmentAddress.trim(),
        issuerAccountingObligated: settings.accountingObligated,
        issuerRimpe: settings.rimpe,
        issuerWithholdingAgent: settings.withholdingAgent,
        createdAt: issuedAt,
        updatedAt: issuedAt,
      });
      // In the same transaction: its subscriber queues the signing job (invoice-subscribers.ts), so an
      // invoice never exists without it, nor a job without it.
      await emit(tx, {
        type: 'invoice.issued',
        storeId: scope.storeId,
        resource: { kind: 'invoice', id, label: number },
        data: {
          id, number, orderId: order.id, accessKey: key, environment, sriStatus: 'issued', currency: 'USD',
          buyerName: order.documentType === 'final' ? FINAL_CONSUMER.name : order.name, buyerDocumentType: order.documentType, buyerDocumentNumber: order.documentNumber, buyerEmail: order.email,
          subtotalCents: order.subtotalCents, discountCents: order.discountCents, baseTaxedCents, baseZeroCents, taxCents, shippingCents: order.shippingCents,
          totalCents: baseTaxedCents + baseZeroCents + taxCents, issuedAt,
        },
      });
      return { id, number };
    });
    // Its RIDE is asked for soon after (the merchant, the shopper's order page): the PDF stack loads
    // now, on its own thread, so that first download does not wait for it (decision 083).
    void invoicePdfRenderer.warmUp();
    return issued;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('invoice.alreadyIssued', 409);
    throw error;
  }
}

/** `yyyy-mm-dd` on Ecuador's calendar → the instant that day starts (UTC−5). */
const startOfEcuadorDay = (day: string) => new Date(Date.parse(`${day}T05:00:00Z`)).toISOString();
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function listInvoices(deps: ServiceDeps, scope: StoreScope, query: InvoiceListQuery) {
  return invoices.listInvoices(deps.db, scope, {
    q: query.q,
    page: query.page,
    from: query.from ? startOfEcuadorDay(query.from) : null,
    to: query.to ? startOfEcuadorDay(nextDay(query.to)) : null,
  });
}

async function documentOf(deps: ServiceDeps, scope: StoreScope, invoice: InvoiceDocument['invoice']): Promise<InvoiceDocument> {
  const [lines, store, payment] = await Promise.all([
    invoices.orderLines(deps.db, scope, invoice.orderId),
    invoices.issuerAddress(deps.db, scope),
    invoices.orderPayment(deps.db, scope, invoice.orderId),
  ]);
  const all = invoiceLines(lines, { shippingCents: invoice.shippingCents, shippingIvaCode: payment.shippingIvaCode, shippingTaxCents: payment.shippingTaxCents });
  return { invoice, lines: all, bases: taxBases(all), issuer: issuerOf(invoice, store), issuedOn: ecuadorDay(new Date(invoice.issuedAt)), paymentMethod: payment.paymentMethod, orderNumber: payment.number };
}

/** One of the store's invoices with everything it prints; another store's is not found. */
export async function getInvoice(deps: ServiceDeps, scope: StoreScope, id: number): Promise<InvoiceDocument> {
  const invoice = await invoices.findInvoice(deps.db, scope, id);
  if (!invoice) throw notFound();
  return documentOf(deps, scope, invoice);
}

/** The invoice of an order, if issued (the owner's order page shows it or offers to issue one). */
export async function invoiceOfOrder(deps: ServiceDeps, scope: StoreScope, orderId: number) {
  return (await invoices.invoiceOfOrder(deps.db, scope, orderId)) ?? null;
}

/** The invoice of the order whose code is given, if issued; a code of any other shape finds none. */
const invoiceByCode = async (db: ServiceDeps['db'], scope: StoreScope, code: string) =>
  /^[0-9a-f-]{36}$/i.test(code) ? invoices.findInvoiceByOrderCode(db, scope, code) : undefined;

/** One of the order's credit notes, found by the order's code and the note's id; any other shape finds none. */
const creditNoteByCode = async (db: ServiceDeps['db'], scope: StoreScope, code: string, creditNoteId: number) =>
  /^[0-9a-f-]{36}$/i.test(code) && Number.isSafeInteger(creditNoteId) && creditNoteId > 0 ? invoices.findCreditNoteByOrderCode(db, scope, code, creditNoteId) : undefined;

/** The shopper's invoice, found by their order's code only; none yet (or a wrong code) is not found. */
export async function shopperInvoice(deps: ServiceDeps, scope: StoreScope, code: string): Promise<InvoiceDocument> {
  const invoice = await invoiceByCode(deps.db, scope, code);
  if (!invoice) throw notFound();
  return documentOf(deps, scope, invoice);
}

/**
 * The `factura` XML of one of the store's invoices, with the file name it downloads as: once SRI
 * authorized it, SRI's `<autorizacion>` file exactly as kept then (issue 37 §6); once signed, the
 * signed bytes as sent; before, the XML made from the row.
 */
export async function getInvoiceXml(deps: ServiceDeps, scope: StoreScope, id: number): Promise<{ fileName: string; xml: string }> {
  const kept = await keptInvoiceXml(deps, scope, id);
  if (kept) return kept;
  const doc = await getInvoice(deps, scope, id);
  // An invoice issued before the store kept its addresses, from a store without a contact address:
  // SRI's `dirMatriz` has nothing to say, and a placeholder is not an address.
  if (doc.issuer.headOfficeAddress.trim() === '') throw new AppError('invoice.missingAddresses', 409);
  return { fileName: `factura-${doc.invoice.number}.xml`, xml: invoiceXml(doc) };
}


/**
 * The RIDE of one of the store's invoices as a PDF in `locale`, with the file name it downloads as:
 * rendered once on the PDF worker thread and kept (invoice-pdf-keep.ts, issue 36 §4).
 */
export async function getInvoicePdf(deps: ServiceDeps, scope: StoreScope, id: number, locale: Locale) {
  const invoice = await invoices.findInvoice(deps.db, scope, id);
  if (!invoice) throw notFound();
  return { fileName: `factura-${invoice.number}.pdf`, pdf: await keptInvoicePdf(deps, scope.storeId, invoice, locale, () => documentOf(deps, scope, invoice)) };
}

/**
 * The shopper's invoice as a PDF, found by their order's code. The link is public with the code, so
 * it is rate-limited: every request per address (a wrong code too), and an invoice's own downloads
 * however many addresses ask (429 past either). Both counts in one unit of a group commit (decision
 * 070): on SQLite every commit waits for the disk with the process's event loop held, and a kept
 * download is otherwise one query and one file read, so downloads that arrive together share one.
 */
export async function getShopperInvoicePdf(deps: ServiceDeps, scope: StoreScope, code: string, locale: Locale, context: { ip: string }) {
  const invoice = await shopperDownload(deps, scope, context, (db) => invoiceByCode(db, scope, code), (found) => `invoice-pdf:invoice:${found.id}`);
  return { fileName: `factura-${invoice.number}.pdf`, pdf: await keptInvoicePdf(deps, scope.storeId, invoice, locale, () => documentOf(deps, scope, invoice)) };
}

/**
 * A shopper's download of one of their order's documents, found with their order's code: the
 * address's and the document's counts taken in one unit of a group commit, as the PDF's (one budget
 * per address for every document link of the shop, one per document for its PDF and XML together).
 */
async function shopperDownload<T>(deps: ServiceDeps, scope: StoreScope, context: { ip: string }, find: (db: ServiceDeps['db']) => Promise<T | undefined>, documentKey: (found: T) => string): Promise<T> {
  // groupCommit, not inTransaction: the downloads that arrive together share one commit of their
  // counts, each in its own savepoint (decision 070), a batching tool rather than a way to open a
  // transaction. Keyed by store, as the placings are: a batch runs in the request context of the
  // unit that started it, and the store guard refuses a query for another store in it.
  const found = await groupCommit(deps, { key: `invoice-pdf:${scope.storeId}` }, async (tx) => {
    await takeAttempt(tx, `invoice-pdf:ip:${context.ip}`, LIMITS.invoicePdfPerIp);
    const document = await find(tx.db);
    // A wrong code is not found after the commit, so that it counts against the address.
    if (document) await takeAttempt(tx, documentKey(document), LIMITS.invoicePdfPerCode);
    return document;
  });
  if (!found) throw notFound();
  return found;
}

/**
 * The shopper's invoice as SRI authorized it (issue 37 §8): the kept `<autorizacion>` file, found by
 * their order's code and rate-limited as the PDF. Before SRI authorized it there is no tax document
 * to hand: 409 (`buyerCopy.xmlNotAuthorized`), never the signed or unsigned XML.
 */
export async function getShopperInvoiceXml(deps: ServiceDeps, scope: StoreScope, code: string, context: { ip: string }) {
  const invoice = await shopperDownload(deps, scope, context, (db) => invoiceByCode(db, scope, code), (found) => `invoice-pdf:invoice:${found.id}`);
  return { fileName: `factura-${invoice.number}.xml`, xml: await authorizedXml(deps, scope, { kind: 'invoice', id: invoice.id }) };
}

/** One of the order's credit notes as SRI authorized it, found by the order's code and the note's id; as the invoice's XML. */
export async function getShopperCreditNoteXml(deps: ServiceDeps, scope: StoreScope, code: string, creditNoteId: number, context: { ip: string }) {
  const note = await shopperDownload(deps, scope, context, (db) => creditNoteByCode(db, scope, code, creditNoteId), (found) => `invoice-pdf:creditNote:${found.id}`);
  return { fileName: `nota-credito-${note.number}.xml`, xml: await authorizedXml(deps, scope, { kind: 'creditNote', id: note.id }) };
}

/** One of the order's credit notes as its RIDE, found by the order's code and the note's id, rate-limited as the invoice's PDF. */
export async function getShopperCreditNotePdf(deps: ServiceDeps, scope: StoreScope, code: string, creditNoteId: number, locale: Locale, context: { ip: string }) {
  const note = await shopperDownload(deps, scope, context, (db) => creditNoteByCode(db, scope, code, creditNoteId), (found) => `invoice-pdf:creditNote:${found.id}`);
  return getCreditNotePdf(deps, scope, note.id, locale);
}

/** The kept authorized bytes of a document, as they were written; 409 before SRI authorized it. */
async function authorizedXml(deps: ServiceDeps, scope: StoreScope, doc: SriDoc): Promise<Buffer> {
  const files = await findSriFiles(deps.db, scope, doc);
  if (!files) throw notFound();
  if (files.sriStatus !== 'authorized' || !files.sriAuthorizedXml) throw new AppError('buyerCopy.xmlNotAuthorized', 409);
  return Buffer.from(files.sriAuthorizedXml);
}

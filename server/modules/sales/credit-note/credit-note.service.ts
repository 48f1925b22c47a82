import { randomInt } from 'node:crypto';
import type { CreditNoteRequest } from '#common/schemas/credit-note.ts';
import { asIvaCode } from '#common/iva.ts';
import type { Locale } from '#common/locale.ts';
import { accessKey, invoiceNumber, MAX_INVOICE_SEQUENCE } from '#common/sri.ts';
import { AppError, isUniqueViolation, notFound } from '#server/errors.ts';
import { returnOrderStock } from '#server/modules/sales/checkout/checkout.service.ts';
import { ecuadorDay, issuerOf, lineCode, shippingLine, taxBases } from '#server/modules/sales/invoice/invoice-document.ts';
import { keptCreditNotePdf } from '#server/modules/sales/invoice/invoice-pdf-keep.ts';
import { keptSriXml } from '#server/modules/sales/invoice/invoice-sri-queue.ts';
import { emit } from '#server/events/events.ts';
import { loadStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { creditOf } from './credit-note-amounts.ts';
import type { CreditNoteDocument } from './credit-note-document.ts';
import { creditNoteXml } from './credit-note-xml.ts';
import * as notes from './credit-note.repository.ts';

// Credit notes (issue 37 §7, SRI's `nota de crédito`, document type 04): a return or an allowance
// on an invoiced order credits some of its lines' units and its shipping; cancelling an invoiced
// order credits all that is left. An invoice is never changed or deleted: a credit note is the
// document that takes back what it charged, numbered in its own series per store.

export type Actor = { userId: number | null };


/** Eight random digits for the access key, as the invoice's: the key cannot be guessed from the number. */
const numericCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/** The lines of an invoice with what is left to credit of each, and whether its shipping is. */
async function creditable(deps: ServiceDeps, scope: StoreScope, invoice: notes.InvoiceToCredit) {
  const [lines, so] = await Promise.all([notes.orderLines(deps.db, scope, invoice.orderId), notes.creditedSoFar(deps.db, scope, invoice.id)]);
  return {
    lines: lines.map((line) => ({ ...line, creditedQuantity: so.credited.get(line.id) ?? 0, returnedQuantity: so.returned.get(line.id) ?? 0 })),
    shippingLeft: invoice.shippingCents > 0 && !so.credited.has(null),
  };
}

type Creditable = Awaited<ReturnType<typeof creditable>>;

/**
 * Issues a credit note inside the caller's transaction `tx`: the lines credited as asked (each at
 * most what is left of it), the shipping if asked, the note's number taken, and with `restock` the
 * credited units back in stock. Refused with a 409 and the reason when there is nothing to credit.
 */
async function issueIn(tx: ServiceDeps, scope: StoreScope, actor: Actor, invoice: notes.InvoiceToCredit, left: Creditable, request: Omit<CreditNoteRequest, 'invoiceId'>) {
  const wanted = new Map<number, number>();
  for (const line of request.lines) wanted.set(line.orderLineId, (wanted.get(line.orderLineId) ?? 0) + line.quantity);
  const byId = new Map(left.lines.map((line) => [line.id, line]));
  for (const [orderLineId, quantity] of wanted) {
    const line = byId.get(orderLineId);
    if (!line) throw new AppError('creditNote.unknownLine', 409, { field: 'lines' });
    if (quantity > line.quantity - line.creditedQuantity) throw new AppError('creditNote.tooMany', 409, { field: 'lines' });
  }
  if (request.shipping && !left.shippingLeft) throw new AppError('creditNote.shippingCredited', 409, { field: 'shipping' });
  if (wanted.size === 0 && !request.shipping) throw new AppError('creditNote.empty', 409, { field: 'lines' });

  const credited = left.lines.filter((line) => wanted.has(line.id)).map((line) => ({ ...line, take: wanted.get(line.id)! }));
  const rows = credited.map((line, index) => {
    const credit = creditOf(line, line.take);
    return {
      position: index + 1,
      orderLineId: line.id,
      code: lineCode(line),
      name: line.name,
      quantity: line.take,
      unitPriceCents: line.unitPriceCents,
      discountCents: credit.discountCents,
      baseCents: credit.baseCents,
      ivaCode: asIvaCode(line.ivaCode),
      taxBp: line.taxBp,
      taxCents: credit.taxCents,
    };
  });
  // Credited whole, as the invoice charged it.
  const ship = request.shipping ? shippingLine(invoice) : null;
  if (ship) {
    const { shipping: _line, ...values } = ship;
    rows.push({ position: rows.length + 1, orderLineId: null as never, ...values });
  }
  const baseCents = rows.reduce((sum, row) => sum + row.baseCents, 0);
  const taxCents = rows.reduce((sum, row) => sum + row.taxCents, 0);

  const settings = await loadStoreSales(tx, scope);
  const sequence = await notes.takeCreditNoteSequence(tx.db, scope);
  if (sequence > MAX_INVOICE_SEQUENCE) throw new AppError('creditNote.sequenceExhausted', 409);
  const now = tx.clock.now();
  const issuedAt = now.toISOString();
  const environment = settings.sriEnvironment === 2 ? 2 : 1;
  const { establishment, emissionPoint } = settings;
  const id = await notes.insertCreditNote(
    tx.db,
    scope,
    {
      invoiceId: invoice.id,
      orderId: invoice.orderId,
      establishment,
      emissionPoint,
      sequence,
      number: invoiceNumber(establishment, emissionPoint, sequence),
      accessKey: accessKey({ issuedOn: ecuadorDay(now), documentType: '04', ruc: invoice.ruc, environment, establishment, emissionPoint, sequence, numericCode: numericCode() }),
      environment,
      reason: request.reason,
      restocked: request.restock ? 1 : 0,
      baseCents,
      taxCents,
      totalCents: baseCents + taxCents,
      userId: actor.userId,
      issuedAt,
      createdAt: issuedAt,
      updatedAt: issuedAt,
    },
    rows,
  );
  if (request.restock) await returnOrderStock(tx, scope, credited.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.take, name: line.name, sku: line.sku })));
  const number = invoiceNumber(establishment, emissionPoint, sequence);
  // In the same transaction: its subscriber queues the SRI job, so a credit note never exists
  // without it (decision 086).
  await emit(tx, {
    type: 'credit_note.issued',
    storeId: scope.storeId,
    resource: { kind: 'credit_note', id, label: number },
    data: {
      id, number, invoiceId: invoice.id, orderId: invoice.orderId, reason: request.reason, restocked: request.restock,
      baseCents, taxCents, totalCents: baseCents + taxCents, currency: 'USD', sriStatus: 'issued', issuedAt,
      lines: rows.map((row) => ({ orderLineId: row.orderLineId ?? null, code: row.code, name: row.name, quantity: row.quantity, unitPriceCents: row.unitPriceCents, baseCents: row.baseCents, taxCents: row.taxCents })),
    },
  });
  return { id, number };
}

/**
 * Issues a credit note of one of the store's invoices, in one transaction. Another store's or an
 * unknown invoice, or an order line not of it, is not found (404 or 409 with the field); more units
 * than are left, shipping credited twice, or nothing at all is a 409 that says which.
 */
export async function issueCreditNote(deps: ServiceDeps, scope: StoreScope, actor: Actor, request: CreditNoteRequest) {
  try {
    return await inTransaction(deps, async (tx) => {
      const invoice = await notes.findInvoiceToCredit(tx.db, scope, { invoiceId: request.invoiceId });
      if (!invoice) throw notFound();
      const left = await creditable(tx, scope, invoice);
      return issueIn(tx, scope, actor, invoice, left, request);
    });
  } catch (error) {
    // Two notes racing for the same number: the unique index refuses the second; it is asked again.
    if (isUniqueViolation(error)) throw new AppError('creditNote.busy', 409);
    throw error;
  }
}

/**
 * Cancelling an invoiced order, inside the cancelling transaction `tx`: a credit note of all that
 * is left to credit (if anything is), with `reason`. Returns the order's units not yet back in
 * stock, for the cancellation to return; null when the order has no invoice.
 */
export async function creditOnCancel(tx: ServiceDeps, scope: StoreScope, actor: Actor, orderId: number, reason: string) {
  const invoice = await notes.findInvoiceToCredit(tx.db, scope, { orderId });
  if (!invoice) return null;
  const left = await creditable(tx, scope, invoice);
  const lines = left.lines.filter((line) => line.quantity > line.creditedQuantity).map((line) => ({ orderLineId: line.id, quantity: line.quantity - line.creditedQuantity }));
  // The cancellation returns the stock itself: the units credited before without a return too.
  if (lines.length > 0 || left.shippingLeft) await issueIn(tx, scope, actor, invoice, left, { lines, shipping: left.shippingLeft, reason, restock: false });
  // With each line's id: the cancellation also leaves out the units a refund put back (refund.service.ts).
  return left.lines.map((line) => ({ id: line.id, productId: line.productId, variantId: line.variantId, quantity: line.quantity - line.returnedQuantity, name: line.name, sku: line.sku })).filter((line) => line.quantity > 0);
}

/** The order page's view: its invoice's credit notes, and what is left to credit; null without an invoice. */
export async function creditNotesOfOrder(deps: ServiceDeps, scope: StoreScope, orderId: number) {
  const invoice = await notes.findInvoiceToCredit(deps.db, scope, { orderId });
  if (!invoice) return null;
  const [left, list] = await Promise.all([creditable(deps, scope, invoice), notes.creditNotesOfInvoice(deps.db, scope, invoice.id)]);
  return {
    invoiceId: invoice.id,
    notes: list,
    lines: left.lines.map((line) => ({ orderLineId: line.id, name: line.name, sku: line.sku, quantity: line.quantity, left: line.quantity - line.creditedQuantity, unitPriceCents: line.unitPriceCents })),
    shipping: { cents: invoice.shippingCents, left: left.shippingLeft },
  };
}

/** One of the store's credit notes with everything it prints; another store's is not found. */
export async function getCreditNote(deps: ServiceDeps, scope: StoreScope, id: number): Promise<CreditNoteDocument> {
  const note = await notes.findCreditNote(deps.db, scope, id);
  if (!note) throw notFound();
  const [found, lines, store] = await Promise.all([notes.findInvoiceToCredit(deps.db, scope, { invoiceId: note.invoiceId }), notes.creditNoteLines(deps.db, scope, id), notes.storeIssuer(deps.db, scope)]);
  // The note's invoice is the same store's and is never deleted (the foreign key keeps it).
  const invoice = found!;
  return {
    note,
    invoice,
    lines,
    bases: taxBases(lines.map((line) => ({ ...line, ivaCode: asIvaCode(line.ivaCode) }))),
    issuer: issuerOf(invoice, store),
    issuedOn: ecuadorDay(new Date(note.issuedAt)),
    invoiceIssuedOn: ecuadorDay(new Date(invoice.issuedAt)),
  };
}

/**
 * The `notaCredito` XML of one of the store's credit notes, with the file name it downloads as: SRI's
 * authorized file once authorized, the signed bytes once signed, else made from the rows.
 */
export async function getCreditNoteXml(deps: ServiceDeps, scope: StoreScope, id: number) {
  // The kept file first: the document is assembled only for a note not signed yet.
  const { number, xml } = await keptSriXml(deps, scope, { kind: 'creditNote', id });
  return { fileName: `nota-credito-${number}.xml`, xml: xml ?? creditNoteXml(await getCreditNote(deps, scope, id)) };
}

/**
 * The RIDE (PDF) of one of the store's credit notes in `locale`, with the file name it downloads
 * as: rendered once per language and SRI status on the RIDE worker thread and kept (as an
 * invoice's, invoice-pdf-keep.ts); another store's note is not found.
 */
export async function getCreditNotePdf(deps: ServiceDeps, scope: StoreScope, id: number, locale: Locale) {
  const note = await notes.findCreditNote(deps.db, scope, id);
  if (!note) throw notFound();
  return { fileName: `nota-credito-${note.number}.pdf`, pdf: await keptCreditNotePdf(deps, scope.storeId, note, locale, () => getCreditNote(deps, scope, id)) };
}

/** The credit notes of one of the store's invoices, oldest first; another store's invoice is not found. */
export async function creditNotesOfInvoice(deps: ServiceDeps, scope: StoreScope, invoiceId: number) {
  if (!(await notes.findInvoiceToCredit(deps.db, scope, { invoiceId }))) throw notFound();
  return notes.creditNotesOfInvoice(deps.db, scope, invoiceId);
}

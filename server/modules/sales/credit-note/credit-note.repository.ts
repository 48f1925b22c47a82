import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { CreditNoteLineTable, CreditNoteTable } from '#server/db/schema.ts';
import { storeAsIssuer } from '#server/modules/sales/invoice/store-issuer.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// Credit notes of one store: every query names the scope's store (decision 025), so another
// store's credit note, invoice or order line is "not found" whatever id is asked for.

const CREDIT_NOTE_COLUMNS = [
  'id', 'invoiceId', 'orderId', 'establishment', 'emissionPoint', 'sequence', 'number', 'accessKey', 'environment',
  'reason', 'restocked', 'baseCents', 'taxCents', 'totalCents', 'userId', 'issuedAt',
  // Where it stands with SRI, as an invoice's (the owner's order page and the API show it).
  'sriStatus', 'authorizationNumber', 'authorizedAt', 'sriMessageId', 'sriMessage', 'sriMessageDetail', 'sriMessageType', 'sriWaiting', 'sriNextAttemptAt', 'sriAttempts',
] as const;

/** The invoice a credit note modifies, with what the note copies from it: by its id, or as its order's. */
export async function findInvoiceToCredit(db: Db, scope: StoreScope, which: { invoiceId: number } | { orderId: number }) {
  return db
    .selectFrom('invoice')
    .innerJoin('storeOrder', (join) => join.onRef('storeOrder.id', '=', 'invoice.orderId').onRef('storeOrder.storeId', '=', 'invoice.storeId'))
    .select([
      'invoice.id', 'invoice.orderId', 'invoice.number', 'invoice.issuedAt', 'invoice.environment', 'invoice.ruc', 'invoice.businessName',
      'invoice.buyerName', 'invoice.buyerDocumentType', 'invoice.buyerDocumentNumber', 'invoice.buyerEmail', 'invoice.shippingCents',
      'invoice.issuerHeadOfficeAddress', 'invoice.issuerEstablishmentAddress', 'invoice.issuerAccountingObligated', 'invoice.issuerRimpe', 'invoice.issuerWithholdingAgent',
      'storeOrder.shippingIvaCode', 'storeOrder.shippingTaxCents',
    ])
    .where('invoice.storeId', '=', scope.storeId)
    .where('storeOrder.storeId', '=', scope.storeId)
    .where('invoiceId' in which ? 'invoice.id' : 'invoice.orderId', '=', 'invoiceId' in which ? which.invoiceId : which.orderId)
    .executeTakeFirst();
}

/** The invoiced order's lines, as placed. */
export async function orderLines(db: Db, scope: StoreScope, orderId: number) {
  return db
    .selectFrom('storeOrderLine')
    .select(['id', 'position', 'productId', 'variantId', 'name', 'sku', 'unitPriceCents', 'quantity', 'discountCents', 'baseCents', 'ivaCode', 'taxBp', 'taxCents'])
    .where('storeId', '=', scope.storeId)
    .where('orderId', '=', orderId)
    .orderBy('position')
    .execute();
}

/** What earlier credit notes of the invoice credited: units per order line (null: shipping), and how many of them went back to stock. */
export async function creditedSoFar(db: Db, scope: StoreScope, invoiceId: number) {
  const rows = await db
    .selectFrom('creditNoteLine')
    .innerJoin('creditNote', (join) => join.onRef('creditNote.id', '=', 'creditNoteLine.creditNoteId').onRef('creditNote.storeId', '=', 'creditNoteLine.storeId'))
    .select(['creditNoteLine.orderLineId', 'creditNoteLine.quantity', 'creditNote.restocked'])
    .where('creditNote.storeId', '=', scope.storeId)
    .where('creditNoteLine.storeId', '=', scope.storeId)
    .where('creditNote.invoiceId', '=', invoiceId)
    .execute();
  const credited = new Map<number | null, number>();
  const returned = new Map<number | null, number>();
  for (const row of rows) {
    credited.set(row.orderLineId, (credited.get(row.orderLineId) ?? 0) + Number(row.quantity));
    if (Number(row.restocked) === 1) returned.set(row.orderLineId, (returned.get(row.orderLineId) ?? 0) + Number(row.quantity));
  }
  return { credited, returned };
}

export async function takeCreditNoteSequence(trx: Db, scope: StoreScope): Promise<number> {
  const row = await trx
    .updateTable('storeSales')
    .set((eb) => ({ nextCreditNoteSequence: eb('nextCreditNoteSequence', '+', 1) }))
    .where('storeId', '=', scope.storeId)
    .returning('nextCreditNoteSequence')
    .executeTakeFirstOrThrow();
  return Number(row.nextCreditNoteSequence) - 1;
}

export async function insertCreditNote(trx: Db, scope: StoreScope, row: Omit<Insertable<CreditNoteTable>, 'storeId'>, lines: Omit<Insertable<CreditNoteLineTable>, 'storeId' | 'creditNoteId'>[]): Promise<number> {
  const inserted = await trx.insertInto('creditNote').values({ ...row, storeId: scope.storeId }).returning('id').executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await trx.insertInto('creditNoteLine').values(lines.map((line) => ({ ...line, storeId: scope.storeId, creditNoteId: id }))).execute();
  return id;
}

export async function findCreditNote(db: Db, scope: StoreScope, id: number) {
  return db.selectFrom('creditNote').select(CREDIT_NOTE_COLUMNS).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
}

export async function creditNoteLines(db: Db, scope: StoreScope, creditNoteId: number) {
  return db
    .selectFrom('creditNoteLine')
    .select(['position', 'orderLineId', 'code', 'name', 'quantity', 'unitPriceCents', 'discountCents', 'baseCents', 'ivaCode', 'taxBp', 'taxCents'])
    .where('storeId', '=', scope.storeId)
    .where('creditNoteId', '=', creditNoteId)
    .orderBy('position')
    .execute();
}

/** The credit notes of one invoice, oldest first (the order page lists them). */
export async function creditNotesOfInvoice(db: Db, scope: StoreScope, invoiceId: number) {
  return db.selectFrom('creditNote').select(CREDIT_NOTE_COLUMNS).where('storeId', '=', scope.storeId).where('invoiceId', '=', invoiceId).orderBy('id').execute();
}

export type InvoiceToCredit = NonNullable<Awaited<ReturnType<typeof findInvoiceToCredit>>>;

/** The store as the note names it beside its invoice's frozen facts: trade name and contact address. */
export async function storeIssuer(db: Db, scope: StoreScope) {
  return storeAsIssuer(await db.selectFrom('store').select(['contactAddress', 'contactCity', 'contactState', 'name']).where('id', '=', scope.storeId).executeTakeFirst());
}

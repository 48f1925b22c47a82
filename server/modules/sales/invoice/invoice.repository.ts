import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { InvoiceTable } from '#server/db/schema.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { storeAsIssuer } from './store-issuer.ts';

// Invoices of one store: every query names the scope's store (decision 025), so another store's
// invoice is "not found" whatever id or order code is asked for.

export const INVOICE_COLUMNS = [
  'invoice.id', 'invoice.orderId', 'invoice.establishment', 'invoice.emissionPoint', 'invoice.sequence', 'invoice.number',
  'invoice.accessKey', 'invoice.environment', 'invoice.ruc', 'invoice.businessName', 'invoice.buyerName',
  'invoice.buyerDocumentType', 'invoice.buyerDocumentNumber', 'invoice.buyerEmail', 'invoice.buyerAddress',
  'invoice.subtotalCents', 'invoice.discountCents', 'invoice.baseTaxedCents', 'invoice.baseZeroCents', 'invoice.taxCents',
  'invoice.shippingCents', 'invoice.totalCents', 'invoice.issuedAt', 'invoice.sriStatus',
  'invoice.issuerHeadOfficeAddress', 'invoice.issuerEstablishmentAddress', 'invoice.issuerAccountingObligated', 'invoice.issuerRimpe', 'invoice.issuerWithholdingAgent',
  // Where it stands with SRI (issue 37 §6): the RIDE prints the authorization, the page SRI's last message.
  'invoice.authorizationNumber', 'invoice.authorizedAt', 'invoice.sriMessageId', 'invoice.sriMessage', 'invoice.sriMessageDetail', 'invoice.sriMessageType',
  'invoice.sriWaiting', 'invoice.sriNextAttemptAt', 'invoice.sriAttempts',
] as const;

/** The order an invoice is issued from, with what the invoice copies. */
export async function findOrderToInvoice(db: Db, scope: StoreScope, orderId: number) {
  return db
    .selectFrom('storeOrder')
    .select(['id', 'number', 'code', 'status', 'paymentMethod', 'subtotalCents', 'discountCents', 'taxCents', 'shippingCents', 'shippingIvaCode', 'shippingTaxCents', 'totalCents', 'name', 'email', 'documentType', 'documentNumber', 'address', 'city', 'province'])
    .where('storeId', '=', scope.storeId)
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** An order's lines as placed: each rounded once, as `common/order-totals.ts` made them. */
export async function orderLines(db: Db, scope: StoreScope, orderId: number) {
  return db
    .selectFrom('storeOrderLine')
    .select(['position', 'name', 'sku', 'unitPriceCents', 'quantity', 'discountCents', 'baseCents', 'taxBp', 'ivaCode', 'taxCents'])
    .where('storeId', '=', scope.storeId)
    .where('orderId', '=', orderId)
    .orderBy('position')
    .execute();
}

/**
 * The store's trade name (SRI's `nombreComercial`), and its contact address: the head office address
 * (`dirMatriz`) an invoice issued before the store's own (migration 2026-12-06-087) printed.
 */
export async function issuerAddress(db: Db, scope: StoreScope) {
  const row = await db.selectFrom('store').select(['contactAddress', 'contactCity', 'contactState', 'name']).where('id', '=', scope.storeId).executeTakeFirst();
  return storeAsIssuer(row);
}

export async function invoiceOfOrder(db: Db, scope: StoreScope, orderId: number) {
  return db.selectFrom('invoice').select(['id', 'number']).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).executeTakeFirst();
}

export async function insertInvoice(trx: Db, scope: StoreScope, row: Omit<Insertable<InvoiceTable>, 'storeId'>): Promise<number> {
  const inserted = await trx.insertInto('invoice').values({ ...row, storeId: scope.storeId }).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export type InvoiceListFilter = { q: string; from: string | null; to: string | null; page: number };

/** The store's invoices, newest first; `q` finds a number or a buyer, `from`/`to` bound the issue time. */
export async function listInvoices(db: Db, scope: StoreScope, filter: InvoiceListFilter) {
  let select = db
    .selectFrom('invoice')
    .select(['invoice.id', 'invoice.number', 'invoice.issuedAt', 'invoice.buyerName', 'invoice.buyerDocumentNumber', 'invoice.totalCents', 'invoice.sriStatus', 'invoice.orderId'])
    .where('invoice.storeId', '=', scope.storeId);
  if (filter.q) select = select.where(matchesText(['invoice.number', 'invoice.buyerName', 'invoice.buyerDocumentNumber', 'invoice.buyerEmail'], filter.q));
  if (filter.from) select = select.where('invoice.issuedAt', '>=', filter.from);
  if (filter.to) select = select.where('invoice.issuedAt', '<', filter.to);
  return paginate(select.orderBy('invoice.issuedAt', 'desc').orderBy('invoice.id', 'desc'), filter.page);
}

export async function findInvoice(db: Db, scope: StoreScope, id: number) {
  return db.selectFrom('invoice').select(INVOICE_COLUMNS).where('invoice.storeId', '=', scope.storeId).where('invoice.id', '=', id).executeTakeFirst();
}

/** A shopper's invoice, reached only through their order's secret code. */
export async function findInvoiceByOrderCode(db: Db, scope: StoreScope, code: string) {
  return db
    .selectFrom('invoice')
    .innerJoin('storeOrder', (join) => join.onRef('storeOrder.id', '=', 'invoice.orderId').onRef('storeOrder.storeId', '=', 'invoice.storeId'))
    .select(INVOICE_COLUMNS)
    .where('invoice.storeId', '=', scope.storeId)
    .where('storeOrder.storeId', '=', scope.storeId)
    .where('storeOrder.code', '=', code)
    .executeTakeFirst();
}

/** The order a document was issued from: its language, its shopper and its page's code (the buyer's copy). */
export async function orderOfDocument(db: Db, scope: StoreScope, orderId: number) {
  return db.selectFrom('storeOrder').select(['number', 'code', 'locale', 'name']).where('storeId', '=', scope.storeId).where('id', '=', orderId).executeTakeFirst();
}

/** One of an order's credit notes, reached only through the order's secret code (the shopper's page). */
export async function findCreditNoteByOrderCode(db: Db, scope: StoreScope, code: string, creditNoteId: number) {
  return db
    .selectFrom('creditNote')
    .innerJoin('storeOrder', (join) => join.onRef('storeOrder.id', '=', 'creditNote.orderId').onRef('storeOrder.storeId', '=', 'creditNote.storeId'))
    .select(['creditNote.id', 'creditNote.number'])
    .where('creditNote.storeId', '=', scope.storeId)
    .where('storeOrder.storeId', '=', scope.storeId)
    .where('storeOrder.code', '=', code)
    .where('creditNote.id', '=', creditNoteId)
    .executeTakeFirst();
}

/** How the order was paid, for SRI's `formaPago`, and the IVA its shipping was charged (decision 087). */
export async function orderPayment(db: Db, scope: StoreScope, orderId: number) {
  const row = await db.selectFrom('storeOrder').select(['paymentMethod', 'number', 'shippingIvaCode', 'shippingTaxCents']).where('storeId', '=', scope.storeId).where('id', '=', orderId).executeTakeFirst();
  return row ?? { paymentMethod: 'cash_on_delivery', number: 0, shippingIvaCode: '0', shippingTaxCents: 0 };
}

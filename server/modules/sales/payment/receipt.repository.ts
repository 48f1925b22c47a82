import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { PaymentReceiptTable } from '#server/db/schema/payments.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The receipts shoppers upload for a transfer (issue 39 §4), and what the shopper's order page
// reads of an order's history: its moves and its refunds. Every query names the scope's store, so
// another store's receipt or order is simply not there. A decision moves a receipt only from
// `submitted`, so a double click (or two owners at once) decides it once.

const COLUMNS = ['id', 'orderId', 'paymentId', 'contentType', 'byteSize', 'state', 'reason', 'decidedBy', 'decidedAt', 'createdAt'] as const;

export async function insertReceipt(db: Db, scope: StoreScope, values: Omit<Insertable<PaymentReceiptTable>, 'id' | 'storeId'>): Promise<number> {
  const row = await db.insertInto('paymentReceipt').values({ ...values, storeId: scope.storeId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** An order's receipts, oldest first. */
export const orderReceipts = (db: Db, scope: StoreScope, orderId: number) =>
  db.selectFrom('paymentReceipt').select(COLUMNS).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).orderBy('id').execute();

/** One receipt with where its file lives. */
export const findReceipt = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('paymentReceipt').select([...COLUMNS, 'storageKey']).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();

export async function countOrderReceipts(db: Db, scope: StoreScope, orderId: number): Promise<number> {
  const row = await db.selectFrom('paymentReceipt').select((eb) => eb.fn.countAll<number>().as('count')).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The owner's decision, from `submitted` only: false when the receipt had been decided already. */
export async function decideReceipt(db: Db, scope: StoreScope, id: number, to: 'confirmed' | 'rejected', values: { reason: string; decidedBy: number | null; decidedAt: string }): Promise<boolean> {
  const result = await db.updateTable('paymentReceipt').set({ ...values, state: to }).where('storeId', '=', scope.storeId).where('id', '=', id).where('state', '=', 'submitted').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order's moves (placed, paid, shipped, delivered, cancelled), oldest first, for its timeline. */
export const orderMoves = (db: Db, scope: StoreScope, orderId: number) =>
  db.selectFrom('storeOrderEvent').select(['status', 'createdAt']).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).orderBy('id').execute();

/** The order's refunds, oldest first, for its timeline. */
export const orderRefunds = (db: Db, scope: StoreScope, orderId: number) =>
  db.selectFrom('paymentRefund').select(['amountCents', 'createdAt']).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).orderBy('id').execute();

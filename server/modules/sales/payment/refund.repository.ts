import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { PaymentRefundTable } from '#server/db/schema/payments.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The refunds of an order's payments (issue 39 §5). Every query names the scope's store. What a
// refund takes from a payment is reserved with a conditional update on `payment.refunded_cents`,
// so no two refunds together pass what the payment took, whatever they raced.

/**
 * A refunded line as the refund keeps it: units refunded, those that went back to stock with it,
 * and of these the ones its credit note put back (the note's return, which a cancellation of an
 * invoiced order counts already).
 */
export type RefundedLine = { lineId: number; quantity: number; restocked: number; throughCreditNote: number };

export function parseRefundLines(text: string): RefundedLine[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    const count = (field: unknown) => (Number.isInteger(field) ? (field as number) : 0);
    return value.flatMap((item: { lineId?: unknown; quantity?: unknown; restocked?: unknown; throughCreditNote?: unknown }) =>
      Number.isInteger(item?.lineId) && Number.isInteger(item?.quantity) ? [{ lineId: item.lineId as number, quantity: item.quantity as number, restocked: count(item.restocked), throughCreditNote: count(item.throughCreditNote) }] : [],
    );
  } catch {
    return [];
  }
}

/** An order's refunds, oldest first, with who made each and the credit note's number. */
export const orderRefunds = (db: Db, scope: StoreScope, orderId: number) =>
  db
    .selectFrom('paymentRefund')
    .leftJoin('user', 'user.id', 'paymentRefund.userId')
    .leftJoin('creditNote', (join) => join.onRef('creditNote.id', '=', 'paymentRefund.creditNoteId').onRef('creditNote.storeId', '=', 'paymentRefund.storeId'))
    .select([
      'paymentRefund.id', 'paymentRefund.paymentId', 'paymentRefund.amountCents', 'paymentRefund.reason', 'paymentRefund.lines', 'paymentRefund.restocked', 'paymentRefund.kind',
      'paymentRefund.providerRefundId', 'paymentRefund.providerStatus', 'paymentRefund.creditNoteId', 'paymentRefund.userId', 'paymentRefund.createdAt',
      'user.name as userName', 'user.lastname as userLastname', 'creditNote.number as creditNoteNumber',
    ])
    .where('paymentRefund.storeId', '=', scope.storeId)
    .where('paymentRefund.orderId', '=', orderId)
    .orderBy('paymentRefund.id')
    .execute();

export async function insertRefund(db: Db, scope: StoreScope, values: Omit<Insertable<PaymentRefundTable>, 'id' | 'storeId'>): Promise<number> {
  const row = await db.insertInto('paymentRefund').values({ ...values, storeId: scope.storeId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** What the gateway answered and what the refund did (its lines' restock, its credit note). */
export async function completeRefund(db: Db, scope: StoreScope, id: number, values: { providerRefundId: string | null; providerStatus: string; lines: string; restocked: number; creditNoteId: number | null }): Promise<void> {
  await db.updateTable('paymentRefund').set(values).where('storeId', '=', scope.storeId).where('id', '=', id).execute();
}

export async function deleteRefund(db: Db, scope: StoreScope, id: number): Promise<void> {
  await db.deleteFrom('paymentRefund').where('storeId', '=', scope.storeId).where('id', '=', id).execute();
}

/**
 * Takes the payment's row lock before anything is read (PostgreSQL; SQLite's transaction holds
 * the write lock from its start): a second refund of the same payment waits here, and then reads
 * the first one's refund and lines.
 */
export async function lockPayment(db: Db, scope: StoreScope, paymentId: number, at: string): Promise<boolean> {
  const result = await db.updateTable('payment').set({ updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', paymentId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Adds `amountCents` to what was refunded of a payment that took money, only while the sum stays
 * within what it took; the state follows (refunded when nothing is left). False: it would pass it.
 */
export async function reserveRefund(db: Db, scope: StoreScope, paymentId: number, amountCents: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('payment')
    .set((eb) => ({
      refundedCents: eb('refundedCents', '+', amountCents),
      state: eb.case().when(eb(eb('refundedCents', '+', amountCents), '=', eb.ref('amountCents'))).then('refunded').else('partially_refunded').end(),
      updatedAt: at,
    }))
    .where('storeId', '=', scope.storeId)
    .where('id', '=', paymentId)
    .where('state', 'in', ['paid', 'partially_refunded'])
    .where((eb) => eb(eb('refundedCents', '+', amountCents), '<=', eb.ref('amountCents')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a reservation the gateway refused: what was refunded before, and its state. */
export async function releaseRefund(db: Db, scope: StoreScope, paymentId: number, amountCents: number, at: string): Promise<void> {
  await db
    .updateTable('payment')
    .set((eb) => ({
      refundedCents: eb('refundedCents', '-', amountCents),
      state: eb.case().when(eb(eb('refundedCents', '-', amountCents), '=', 0)).then('paid').else('partially_refunded').end(),
      updatedAt: at,
    }))
    .where('storeId', '=', scope.storeId)
    .where('id', '=', paymentId)
    .where('refundedCents', '>=', amountCents)
    .execute();
}

/** The order's own figures, from its payments: what was refunded of them, and the state that says it. */
export async function updateOrderRefunds(db: Db, scope: StoreScope, orderId: number, at: string): Promise<{ refundedCents: number; paymentState: string }> {
  const taken = await db.selectFrom('payment').select(['amountCents', 'refundedCents', 'state']).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).where('state', 'in', ['paid', 'partially_refunded', 'refunded']).execute();
  const refundedCents = taken.reduce((sum, row) => sum + row.refundedCents, 0);
  const paidCents = taken.reduce((sum, row) => sum + row.amountCents, 0);
  const paymentState = refundedCents === 0 ? 'paid' : refundedCents >= paidCents ? 'refunded' : 'partially_refunded';
  await db.updateTable('storeOrder').set({ refundedCents, paymentState, updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', orderId).execute();
  return { refundedCents, paymentState };
}

/** Units of each line the order's refunds put back in stock themselves (not through a credit note). */
export async function unitsRestockedByRefunds(db: Db, scope: StoreScope, orderId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('paymentRefund').select('lines').where('storeId', '=', scope.storeId).where('orderId', '=', orderId).where('restocked', '=', 1).execute();
  const units = new Map<number, number>();
  for (const line of rows.flatMap((row) => parseRefundLines(row.lines))) {
    const own = line.restocked - line.throughCreditNote;
    if (own > 0) units.set(line.lineId, (units.get(line.lineId) ?? 0) + own);
  }
  return units;
}

/** Who each of these users is, for the owner's screen: "Name Lastname". */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('user').select(['id', 'name', 'lastname']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, `${row.name} ${row.lastname ?? ''}`.trim()]));
}

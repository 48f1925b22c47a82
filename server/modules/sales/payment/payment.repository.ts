import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { PaymentTable } from '#server/db/schema/payments.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The payment records (issue 39, decision 089). Every query names the scope's store, so another
// store's payment is not there; the one cross-store read is the expiry job's list of due attempts.
// Every change of state is conditional on the state the caller saw, so two settlers of one attempt
// (a return and a callback, a retry after a crash) change it once.

export type PaymentRow = Selectable<PaymentTable>;

const COLUMNS = ['id', 'storeId', 'orderId', 'method', 'amountCents', 'currency', 'state', 'clientTransactionId', 'providerPaymentId', 'providerStatus', 'details', 'refundedCents', 'flag', 'expiresAt', 'confirmedBy', 'confirmedAt', 'createdAt', 'updatedAt'] as const;

export async function insertPayment(db: Db, scope: StoreScope, values: Omit<Insertable<PaymentTable>, 'id' | 'storeId'>): Promise<number> {
  const row = await db.insertInto('payment').values({ ...values, storeId: scope.storeId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const findPayment = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('payment').select(COLUMNS).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();

export const findPaymentByTransaction = (db: Db, scope: StoreScope, orderId: number, clientTransactionId: string) =>
  db.selectFrom('payment').select(COLUMNS).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).where('clientTransactionId', '=', clientTransactionId).executeTakeFirst();

/** An order's attempts, oldest first. */
export const orderPayments = (db: Db, scope: StoreScope, orderId: number) =>
  db.selectFrom('payment').select(COLUMNS).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).orderBy('id').execute();

/** Moves an attempt from one of `from` to `to` with the given values; false when it had moved already. */
export async function movePayment(db: Db, scope: StoreScope, id: number, from: readonly string[], to: string, values: Partial<Pick<PaymentRow, 'providerPaymentId' | 'providerStatus' | 'details' | 'flag' | 'confirmedBy' | 'confirmedAt' | 'refundedCents'>>, at: string): Promise<boolean> {
  const result = await db.updateTable('payment').set({ ...values, state: to, updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', id).where('state', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes what the gateway said without moving the state (its id at start, a status, a flag). */
export async function notePayment(db: Db, scope: StoreScope, id: number, values: Partial<Pick<PaymentRow, 'providerPaymentId' | 'providerStatus' | 'details' | 'flag'>>, at: string): Promise<void> {
  await db.updateTable('payment').set({ ...values, updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', id).execute();
}

/** The order's payment state, written with the payment in one transaction. */
export async function setOrderPaymentState(db: Db, scope: StoreScope, orderId: number, state: string, at: string): Promise<void> {
  await db.updateTable('storeOrder').set({ paymentState: state, updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', orderId).execute();
}

/**
 * Gateway attempts past their time, across stores (raw SQL: the store guard wants one store), for
 * the expiry job, oldest first: those still open, and the declined ones of an order that still
 * waits (declined and never retried), whose stock the order holds until it expires.
 */
export const duePayments = async (db: Db, now: string, limit: number) =>
  (await sql<{ id: number; storeId: number }>`
    select p.id, p.store_id from payment p
    join store_order o on o.id = p.order_id and o.store_id = p.store_id
    where p.expires_at <= ${now}
      and (p.state in ('pending', 'authorized') or (p.state = 'failed' and o.status = 'pending' and o.payment_state = 'failed'))
    order by p.expires_at limit ${limit}`.execute(db)).rows;

/** The first attempt's deadline: a retry keeps the order's, it does not buy more time. */
export const orderDeadline = (db: Db, scope: StoreScope, orderId: number) =>
  db.selectFrom('payment').select('expiresAt').where('storeId', '=', scope.storeId).where('orderId', '=', orderId).where('expiresAt', 'is not', null).orderBy('id').limit(1).executeTakeFirst();

export const orderPaymentState = async (db: Db, scope: StoreScope, orderId: number) =>
  (await db.selectFrom('storeOrder').select('paymentState').where('storeId', '=', scope.storeId).where('id', '=', orderId).executeTakeFirst())?.paymentState ?? null;

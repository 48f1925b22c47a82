import { randomUUID } from 'node:crypto';
import { isGatewayMethod } from '#common/enums/payment.ts';
import { AppError } from '#server/errors.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { gatewayExpiryMinutes } from './payment-gateways.ts';
import type { PaymentAttempt } from './payment-provider.ts';
import * as payments from './payment.repository.ts';

// An order's payment at placing (checkout.service.ts), and what an order's move does to it inside
// the move's transaction (order.service.ts): the owner's hand confirms a transfer or cash payment,
// recorded as who and when; a cancelled order's unpaid attempts are void. A gateway's money is
// confirmed only by the gateway (payment.service.ts). Imports no service, so both may call it.

type Order = { id: number; paymentMethod: string; totalCents: number };

/**
 * The order's first payment, written by the placing transaction `tx` (checkout.service.ts): pending,
 * and for a gateway with the deadline after which the order expires and its stock comes back.
 */
export async function openPayment(tx: ServiceDeps, scope: StoreScope, order: Order): Promise<void> {
  const now = tx.clock.now();
  const expiresAt = isGatewayMethod(order.paymentMethod) ? new Date(now.getTime() + (await gatewayExpiryMinutes(tx, scope, order.paymentMethod)) * 60_000).toISOString() : null;
  await payments.insertPayment(tx.db, scope, { orderId: order.id, method: order.paymentMethod, amountCents: order.totalCents, currency: 'USD', state: 'pending', clientTransactionId: newTransactionId(), providerPaymentId: null, expiresAt, confirmedBy: null, confirmedAt: null, createdAt: now.toISOString(), updatedAt: now.toISOString() });
  // The job that asks the gateway, then expires the order, at its deadline (HOURLY_CHORES sweeps too).
  if (expiresAt) await enqueueJob(tx, { kind: 'payment.expire', payload: { storeId: scope.storeId }, runAt: new Date(expiresAt) });
}

/** Ours, unique per attempt, within PayPhone's 50 characters and PayPal's 127. */
export const newTransactionId = () => `tb-${randomUUID()}`;

/**
 * The owner confirms by hand that a transfer or cash payment arrived (issue 39 §1). A gateway order
 * is refused: only its gateway, asked server to server, says it was paid.
 */
export async function recordManualPayment(tx: ServiceDeps, scope: StoreScope, userId: number | null, order: Order): Promise<void> {
  if (isGatewayMethod(order.paymentMethod)) throw new AppError('payment.gatewayOnly', 409, { field: 'status' });
  const at = tx.clock.now().toISOString();
  const open = (await payments.orderPayments(tx.db, scope, order.id)).filter((payment) => payment.state === 'pending' || payment.state === 'authorized');
  const confirmed = { confirmedBy: userId, confirmedAt: at, providerStatus: 'manual' };
  // The order's one open payment (made at placing), or one made now for an order of before.
  if (open[0]) {
    if (!(await payments.movePayment(tx.db, scope, open[0].id, ['pending', 'authorized'], 'paid', confirmed, at))) throw new AppError('order.invalidTransition', 409, { field: 'status' });
  } else {
    await payments.insertPayment(tx.db, scope, { orderId: order.id, method: order.paymentMethod, amountCents: order.totalCents, currency: 'USD', state: 'paid', clientTransactionId: newTransactionId(), providerPaymentId: null, expiresAt: null, ...confirmed, createdAt: at, updatedAt: at });
  }
  await payments.setOrderPaymentState(tx.db, scope, order.id, 'paid', at);
}

/** A cancelled order's attempts that never took money are void: the expiry job no longer asks about them. */
export async function voidOpenPayments(tx: ServiceDeps, scope: StoreScope, orderId: number): Promise<void> {
  const at = tx.clock.now().toISOString();
  let voided = false;
  for (const payment of await payments.orderPayments(tx.db, scope, orderId)) {
    if (payment.state === 'pending' || payment.state === 'failed') voided = (await payments.movePayment(tx.db, scope, payment.id, [payment.state], 'expired', {}, at)) || voided;
  }
  const state = voided ? await payments.orderPaymentState(tx.db, scope, orderId) : null;
  if (state === 'pending' || state === 'failed') await payments.setOrderPaymentState(tx.db, scope, orderId, 'expired', at);
}

/** An attempt as a provider takes it, with what a later call needs (`details`). */
export const attemptOf = (row: payments.PaymentRow): PaymentAttempt & { details: Record<string, string> } => ({
  id: row.id, clientTransactionId: row.clientTransactionId, providerPaymentId: row.providerPaymentId, amountCents: row.amountCents, currency: 'USD', details: parseDetails(row.details),
});

export function parseDetails(text: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

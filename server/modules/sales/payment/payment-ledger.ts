import { isGatewayMethod } from '#common/enums/payment.ts';
import { AppError } from '#server/errors.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as payments from './payment.repository.ts';

// What an order's move does to its payment, inside the move's transaction (order.service.ts): the
// owner's hand confirms a transfer or cash payment, recorded as who and when; a cancelled order's
// unpaid attempts are void. A gateway's money is confirmed only by the gateway (payment.service.ts).

type Order = { id: number; paymentMethod: string; totalCents: number };

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
    await payments.insertPayment(tx.db, scope, { orderId: order.id, method: order.paymentMethod, amountCents: order.totalCents, currency: 'USD', state: 'paid', clientTransactionId: `m-${crypto.randomUUID()}`, providerPaymentId: null, expiresAt: null, ...confirmed, createdAt: at, updatedAt: at });
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

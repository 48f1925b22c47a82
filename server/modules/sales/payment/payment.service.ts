import { isGatewayMethod } from '#common/enums/payment.ts';
import { emit } from '#server/events/events.ts';
import { wakeWorkers } from '#server/modules/job/job-queue.ts';
import { moveOrder } from '#server/modules/sales/order/order.service.ts';
import { findOrderByCode } from '#server/modules/sales/checkout/checkout.repository.ts';
import * as orders from '#server/modules/sales/order/order.repository.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { staffStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { gatewayContext } from './payment-gateways.ts';
import { attemptOf, newTransactionId, parseDetails } from './payment-ledger.ts';
import { type Gateway, GatewayRefused, GatewayUnavailable, type Outcome, type PaymentOrder } from './payment-provider.ts';
import * as payments from './payment.repository.ts';
import { providerOf } from './providers/registry.ts';

// The payment layer (issue 39, decision 089): one record per attempt, and one funnel — `settle` —
// that every outcome passes through, whoever brings it: the shopper's return, a gateway's
// callback, the expiry job's question. The funnel never believes a browser: it asks the gateway
// server to server (the provider's confirm or lookup), compares amount, currency and ids with the
// attempt, and moves the attempt with a conditional update, so a second settler of the same
// attempt changes nothing. The order moves to paid in the same transaction.

type Order = NonNullable<Awaited<ReturnType<typeof orders.findOrder>>>;

/** What the shopper's order page is told after a start or a return. */
export type PayResult =
  | { ok: true; redirect: string }
  | { ok: false; problem: 'notPayable' | 'expired' | 'unavailable' | 'refused' | 'notConfigured' };

export type SettleResult = 'paid' | 'failed' | 'pending' | 'flagged' | 'unchanged';

const at = (deps: ServiceDeps) => deps.clock.now().toISOString();

/** What a gateway is told of the order: its total and its IVA split by taxed and untaxed base. */
async function paymentOrder(deps: ServiceDeps, scope: StoreScope, order: Order, storeName: string): Promise<PaymentOrder> {
  const lines = await orders.orderLines(deps.db, scope, order.id);
  let taxedBaseCents = 0;
  let untaxedBaseCents = 0;
  for (const line of lines) {
    if (line.taxCents > 0) taxedBaseCents += line.baseCents;
    else untaxedBaseCents += line.baseCents;
  }
  // `shippingCents` is before IVA; its tax is in `taxCents` (and `shippingTaxCents`).
  const shippingBase = order.shippingCents;
  if (order.shippingTaxCents > 0) taxedBaseCents += shippingBase;
  else untaxedBaseCents += shippingBase;
  return { storeId: scope.storeId, orderId: order.id, number: order.number, storeName, email: order.email, phone: order.phone, totalCents: order.totalCents, taxCents: order.taxCents, taxedBaseCents, untaxedBaseCents, locale: order.locale === 'en' ? 'en' : 'es' };
}

/** Can the shopper (still) pay this order through its gateway: unpaid, not cancelled, in time. */
async function payable(deps: ServiceDeps, scope: StoreScope, order: Order): Promise<'ok' | 'notPayable' | 'expired'> {
  if (!isGatewayMethod(order.paymentMethod) || order.status !== 'pending') return 'notPayable';
  if (!['pending', 'failed'].includes(order.paymentState)) return order.paymentState === 'expired' ? 'expired' : 'notPayable';
  const deadline = await payments.orderDeadline(deps.db, scope, order.id);
  if (deadline?.expiresAt && deadline.expiresAt <= at(deps)) return 'expired';
  return 'ok';
}

/**
 * "Pay now": a new attempt at the order's gateway, registered with it, and where to send the
 * shopper. The first attempt made at placing is used while the gateway has not seen it; every
 * later one is new, since a gateway's payment link is good for one try. The attempt is committed
 * before the gateway is called, so a crash in between leaves a pending attempt the expiry job asks
 * about, never money the layer does not know of.
 */
export async function startPayment(deps: ServiceDeps, scope: StoreScope, order: Order, urls: { returnUrl: string; cancelUrl: string; storeName: string }): Promise<PayResult> {
  const state = await payable(deps, scope, order);
  if (state !== 'ok') return { ok: false, problem: state };
  const gateway = order.paymentMethod as Gateway;
  const context = await gatewayContext(deps, scope, gateway);
  if (!context) return { ok: false, problem: 'notConfigured' };
  const now = at(deps);
  // "Not seen" is an attempt no start reached (`providerStatus` is written 'started' once the gateway
  // answered), not one without the gateway's id: PayPhone gives its transaction id only on the return,
  // so an attempt it prepared has none; preparing it again reuses its clientTransactionId, which
  // PayPhone refuses, and the refusal failed an attempt the shopper may have paid, which then no
  // expiry job asked about.
  const unused = (await payments.orderPayments(deps.db, scope, order.id)).find((row) => row.state === 'pending' && row.providerStatus === '');
  const deadline = (await payments.orderDeadline(deps.db, scope, order.id))?.expiresAt ?? null;
  const row = unused ?? (await payments.findPayment(deps.db, scope, await payments.insertPayment(deps.db, scope, { orderId: order.id, method: gateway, amountCents: order.totalCents, currency: 'USD', state: 'pending', clientTransactionId: newTransactionId(), providerPaymentId: null, expiresAt: deadline, confirmedBy: null, confirmedAt: null, createdAt: now, updatedAt: now })))!;
  try {
    const started = await providerOf(gateway).start({ ...context, returnUrl: urls.returnUrl, cancelUrl: urls.cancelUrl }, await paymentOrder(deps, scope, order, urls.storeName), attemptOf(row));
    await payments.notePayment(deps.db, scope, row.id, { providerPaymentId: started.providerPaymentId, providerStatus: 'started' }, at(deps));
    return { ok: true, redirect: started.redirectUrl };
  } catch (error) {
    if (!(error instanceof GatewayUnavailable || error instanceof GatewayRefused)) throw error;
    deps.log.warn({ err: error, storeId: scope.storeId, orderId: order.id, gateway }, 'payment start failed');
    // Nothing was taken: this attempt is over, the shopper may try again.
    await payments.movePayment(deps.db, scope, row.id, ['pending'], 'failed', { providerStatus: error instanceof GatewayUnavailable ? 'unavailable' : 'refused' }, at(deps));
    return { ok: false, problem: error instanceof GatewayUnavailable ? 'unavailable' : 'refused' };
  }
}

/**
 * The shopper is back from the gateway (or a gateway's callback names an attempt): which attempt of
 * this order the address names, asked of the gateway and settled. `returned` is only the address's
 * ids; an id that names no attempt of this order is refused and logged.
 */
export async function confirmReturn(deps: ServiceDeps, scope: StoreScope, order: Order, returned: Record<string, string>): Promise<SettleResult | 'unknown'> {
  if (!isGatewayMethod(order.paymentMethod)) return 'unknown';
  const rows = await payments.orderPayments(deps.db, scope, order.id);
  const named = rows.find((row) => (returned.clientTransactionId !== undefined && row.clientTransactionId === returned.clientTransactionId) || (returned.token !== undefined && row.providerPaymentId === returned.token));
  if (!named) {
    deps.log.warn({ storeId: scope.storeId, orderId: order.id, returned }, 'payment return names no attempt of the order: refused');
    return 'unknown';
  }
  return confirmAttempt(deps, scope, named, returned);
}

/** Asks the gateway to settle one attempt (its confirm), then the funnel. */
async function confirmAttempt(deps: ServiceDeps, scope: StoreScope, row: payments.PaymentRow, returned: Record<string, string>): Promise<SettleResult> {
  if (!['pending', 'authorized', 'failed', 'expired'].includes(row.state)) return 'unchanged';
  const gateway = row.method as Gateway;
  const context = await gatewayContext(deps, scope, gateway);
  if (!context) return 'pending';
  try {
    const outcome = await providerOf(gateway).confirm(context, attemptOf(row), returned);
    return await settle(deps, scope, row.id, outcome);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable || error instanceof GatewayRefused)) throw error;
    deps.log.warn({ err: error, storeId: scope.storeId, paymentId: row.id }, 'payment confirmation failed; left for the expiry job to ask');
    return 'pending';
  }
}

/** Why an outcome the gateway gave is not the attempt's: another amount, currency or id. */
function mismatch(row: payments.PaymentRow, outcome: Outcome): string | null {
  if (outcome.clientTransactionId !== null && outcome.clientTransactionId !== row.clientTransactionId) return `clientTransactionId ${outcome.clientTransactionId} ≠ ${row.clientTransactionId}`;
  if (outcome.providerPaymentId !== null && row.providerPaymentId !== null && outcome.providerPaymentId !== row.providerPaymentId) return `id ${outcome.providerPaymentId} ≠ ${row.providerPaymentId}`;
  if (outcome.state !== 'paid') return null;
  if (outcome.currency !== 'USD') return `currency ${outcome.currency ?? '?'} ≠ USD`;
  if (outcome.amountCents !== row.amountCents) return `amount ${outcome.amountCents ?? '?'} ≠ ${row.amountCents} cents`;
  return null;
}

/**
 * The funnel (decision 089). In one transaction, from the state the attempt was in:
 * - ids, currency or amount that are not the attempt's: refused, flagged to the owner, logged;
 * - paid: the attempt is paid and the order moves to paid (its `order.paid` event, the shopper's
 *   mail); when the order is no longer pending (expired meanwhile, or paid by another attempt) the
 *   money is kept as paid and flagged for the owner to refund;
 * - failed: the attempt is failed, the order stays pending for the shopper to try again;
 * - pending: nothing changes.
 * A second call with the same outcome finds the attempt moved and changes nothing.
 */
export async function settle(deps: ServiceDeps, scope: StoreScope, paymentId: number, outcome: Outcome): Promise<SettleResult> {
  const result = await inTransaction(deps, async (tx): Promise<SettleResult> => {
    const row = await payments.findPayment(tx.db, scope, paymentId);
    if (!row) return 'unchanged';
    const now = at(tx);
    const order = (await orders.findOrder(tx.db, scope, row.orderId))!;
    const label = `#${order.number}`;
    const wrong = mismatch(row, outcome);
    if (wrong) {
      tx.log.warn({ storeId: scope.storeId, paymentId, wrong, outcome }, 'payment outcome refused: it does not match the attempt');
      if (row.flag !== '') return 'unchanged';
      await payments.notePayment(tx.db, scope, row.id, { flag: wrong.slice(0, 300), providerStatus: outcome.providerStatus.slice(0, 40) }, now);
      await emit(tx, { type: 'payment.flagged', storeId: scope.storeId, resource: { kind: 'order', id: order.id, label }, data: { orderId: order.id, number: order.number, paymentId, method: row.method, reason: wrong } });
      return 'flagged';
    }
    const details = JSON.stringify({ ...parseDetails(row.details), ...(outcome.details ?? {}) });
    const noted = { providerStatus: outcome.providerStatus.slice(0, 40), details, ...(outcome.providerPaymentId && !row.providerPaymentId ? { providerPaymentId: outcome.providerPaymentId } : {}) };
    if (outcome.state === 'pending') return 'pending';
    if (outcome.state === 'failed') {
      if (!(await payments.movePayment(tx.db, scope, row.id, ['pending', 'authorized'], 'failed', noted, now))) return 'unchanged';
      if (order.status === 'pending' && order.paymentState === 'pending') await payments.setOrderPaymentState(tx.db, scope, order.id, 'failed', now);
      await emit(tx, { type: 'payment.failed', storeId: scope.storeId, resource: { kind: 'order', id: order.id, label }, data: { orderId: order.id, number: order.number, paymentId, method: row.method, providerStatus: outcome.providerStatus } });
      return 'failed';
    }
    // Paid. A late word on an attempt the layer gave up on (failed, expired) is still money taken.
    if (!(await payments.movePayment(tx.db, scope, row.id, ['pending', 'authorized', 'failed', 'expired'], 'paid', noted, now))) return 'unchanged';
    if (order.status === 'pending' && order.paymentState !== 'paid') {
      await payments.setOrderPaymentState(tx.db, scope, order.id, 'paid', now);
      await moveOrder(tx, scope, { userId: null }, order, 'paid', '');
      return 'paid';
    }
    const why = order.status === 'cancelled' ? 'paid after the order expired or was cancelled: refund it' : 'a second payment of an order already paid: refund it';
    await payments.notePayment(tx.db, scope, row.id, { flag: why }, now);
    await emit(tx, { type: 'payment.flagged', storeId: scope.storeId, resource: { kind: 'order', id: order.id, label }, data: { orderId: order.id, number: order.number, paymentId, method: row.method, reason: why } });
    return 'flagged';
  });
  wakeWorkers(deps.db);
  return result;
}

/**
 * The expiry job (issue 39 §2): each gateway attempt past its deadline that reached its gateway
 * is asked of the gateway first. Paid: settled as any return would. Otherwise the attempt expires and, when no other
 * attempt of the order is still open, the order is cancelled with its stock given back. A declined
 * attempt of an order nobody retried expires too: a failed payment releases the stock (issue 39 §6). A gateway
 * that cannot be reached is asked again on the next run, never guessed.
 */
export async function expireDuePayments(deps: ServiceDeps, limit = 50): Promise<number> {
  let expired = 0;
  for (const due of await payments.duePayments(deps.db, at(deps), limit)) {
    const scope = await staffStoreScope(deps, due.storeId);
    const row = await payments.findPayment(deps.db, scope, due.id);
    if (!row) continue;
    const gateway = row.method as Gateway;
    const context = await gatewayContext(deps, scope, gateway);
    // Asked with the gateway's confirm, not only its lookup: PayPhone reverses a sale nobody
    // confirms, and PayPal holds an approved order until it is captured — a shopper who paid and
    // closed the tab is paid now, not expired.
    if (context && row.providerStatus !== '') {
      try {
        const outcome = await providerOf(gateway).confirm(context, attemptOf(row), {});
        const settled = await settle(deps, scope, row.id, outcome);
        if (settled === 'paid' || settled === 'flagged') continue;
      } catch (error) {
        if (!(error instanceof GatewayUnavailable || error instanceof GatewayRefused)) throw error;
        deps.log.warn({ err: error, storeId: scope.storeId, paymentId: row.id }, 'payment lookup failed; asked again on the next run');
        if (error instanceof GatewayUnavailable) continue;
      }
    }
    if (await expireAttempt(deps, scope, row)) expired += 1;
  }
  return expired;
}

async function expireAttempt(deps: ServiceDeps, scope: StoreScope, row: payments.PaymentRow): Promise<boolean> {
  const done = await inTransaction(deps, async (tx) => {
    const now = at(tx);
    if (!(await payments.movePayment(tx.db, scope, row.id, ['pending', 'authorized', 'failed'], 'expired', {}, now))) return false;
    const open = (await payments.orderPayments(tx.db, scope, row.orderId)).some((other) => other.state === 'pending' || other.state === 'authorized');
    const order = await orders.findOrder(tx.db, scope, row.orderId);
    if (open || !order || order.status !== 'pending' || order.paymentState === 'paid') return true;
    await payments.setOrderPaymentState(tx.db, scope, order.id, 'expired', now);
    await moveOrder(tx, scope, { userId: null }, order, 'cancelled', `Pago no completado a tiempo (${row.method})`);
    return true;
  });
  wakeWorkers(deps.db);
  return done;
}

/** The order a shopper's code opens; null for any other code. */
async function orderByCode(deps: ServiceDeps, scope: StoreScope, code: string): Promise<Order | null> {
  const found = await findOrderByCode(deps.db, scope, code);
  return found ? ((await orders.findOrder(deps.db, scope, found.id)) ?? null) : null;
}

/** The shopper's "Pay now" on the order page of `code`; null: no such order here. */
export async function payOrderByCode(deps: ServiceDeps, scope: StoreScope, code: string, urls: { returnUrl: string; cancelUrl: string; storeName: string }): Promise<PayResult | null> {
  const order = await orderByCode(deps, scope, code);
  return order ? startPayment(deps, scope, order, urls) : null;
}

/** The shopper back from the gateway on the order of `code`; null: no such order here. */
export async function returnByCode(deps: ServiceDeps, scope: StoreScope, code: string, returned: Record<string, string>): Promise<SettleResult | 'unknown' | null> {
  const order = await orderByCode(deps, scope, code);
  return order ? confirmReturn(deps, scope, order, returned) : null;
}

/** The attempts of one of the store's orders, newest last, for the owner's screen and the API. */
export async function paymentsOfOrder(deps: ServiceDeps, scope: StoreScope, orderId: number) {
  return (await payments.orderPayments(deps.db, scope, orderId)).map(({ details, ...row }) => ({ ...row, details: parseDetails(details) }));
}

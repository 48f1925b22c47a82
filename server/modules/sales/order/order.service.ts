import { isGatewayMethod } from '#common/enums/payment.ts';
import { ORDER_NEXT, orderStatus } from '#common/enums/sales-order.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';
import type { OrderListQuery, OrderStatusInput } from '#common/schemas/sales-order.ts';
import type { StoreEventType } from '#common/store-events.ts';
import { AppError, notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { returnOrderStock } from '#server/modules/sales/checkout/checkout.service.ts';
import { orderEventData } from '#server/modules/sales/checkout/order-event-data.ts';
import { creditOnCancel } from '#server/modules/sales/credit-note/credit-note.service.ts';
import { giveBackCouponUse } from '#server/modules/coupon/coupon.service.ts';
import { wakeWorkers } from '#server/modules/job/job-queue.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { recordManualPayment, voidOpenPayments } from '../payment/payment-ledger.ts';
import { lessRefundRestocks } from '../payment/refund.service.ts';
import { hasShipments, ordersWithShipments } from '../shipment/shipment-view.ts';
import * as orders from './order.repository.ts';

export type OrderStatus = EnumValue<typeof orderStatus>;

/** Who changes an order: the store's owner (or staff working for them), kept on the timeline; null: a gateway or the app itself. */
export type Actor = { userId: number | null };

export const nextStatuses = (status: string): readonly OrderStatus[] => (orderStatus.is(status) ? ORDER_NEXT[status] : []);

/** The store's orders; a paid one with some units shipped says so (`partlyShipped`, decision 091). */
export async function listOrders(deps: ServiceDeps, scope: StoreScope, query: OrderListQuery) {
  const page = await orders.listOrders(deps.db, scope, query);
  const started = await ordersWithShipments(deps, scope, page.rows.filter((row) => row.status === 'paid').map((row) => row.id));
  return { ...page, rows: page.rows.map((row) => ({ ...row, partlyShipped: started.has(row.id) })) };
}

/** One order of the store with its lines, timeline and the states it may move to; another store's is not found. */
export async function getOrder(deps: ServiceDeps, scope: StoreScope, id: number) {
  const order = await orders.findOrder(deps.db, scope, id);
  if (!order) throw notFound();
  const [lines, events, partlyShipped] = await Promise.all([orders.orderLines(deps.db, scope, id), orders.orderEvents(deps.db, scope, id), order.status === 'paid' ? hasShipments(deps, scope, id) : false]);
  return {
    order: { ...order, partlyShipped },
    lines,
    events: events.map(({ userName, userLastname, ...event }) => ({ ...event, userName: userName === null ? null : `${userName} ${userLastname ?? ''}`.trim() })),
    // A gateway's order is paid by its gateway alone: the owner is not offered "paid" (issue 39 §1).
    // Nor, once some units left with a carrier, "cancelled" (decision 091).
    next: nextStatuses(order.status).filter((status) => (status !== 'paid' || !isGatewayMethod(order.paymentMethod)) && (status !== 'cancelled' || !partlyShipped)),
  };
}

/** The event each state an order moves to emits. */
const STATUS_EVENT: Record<Exclude<OrderStatus, 'pending'>, StoreEventType> = { paid: 'order.paid', shipped: 'order.shipped', delivered: 'order.delivered', cancelled: 'order.cancelled' };

/**
 * Moves an order to another state (PRODUCT §6): the order, its event with who did it, and on
 * cancelling the stock and the coupon's use given back — all in one transaction, from the state the
 * owner saw (a concurrent change is a 409, not a second restock). Its `order.<status>` event in
 * the same transaction has its subscriber queue the shopper's e-mail in the order's language
 * (order-subscribers.ts). A move of the past (`history`, the demo's month) is logged, told to no one.
 */
export async function changeOrderStatus(deps: ServiceDeps, scope: StoreScope, actor: Actor, id: number, input: OrderStatusInput, options: { history?: boolean } = {}) {
  const current = await orders.findOrder(deps.db, scope, id);
  if (!current) throw notFound();
  if (!(nextStatuses(current.status) as readonly string[]).includes(input.status)) throw new AppError('order.invalidTransition', 409, { field: 'status' });
  // Units that left with a carrier are not in the store: a partly shipped order is not cancelled (decision 091).
  if (input.status === 'cancelled' && (await hasShipments(deps, scope, id))) throw new AppError('shipment.cannotCancel', 409, { field: 'status' });
  await inTransaction(deps, async (transaction) => {
    const tx = options.history ? { ...transaction, subscribers: [] } : transaction;
    // Paid by the owner's hand: a transfer or cash payment, recorded as who and when (issue 39 §1).
    if (input.status === 'paid') await recordManualPayment(tx, scope, actor.userId, current);
    await moveOrder(tx, scope, actor, current, input.status as Exclude<OrderStatus, 'pending'>, input.note);
  });
  // The shopper's mail was queued inside the transaction, which woke no worker: it leaves now.
  wakeWorkers(deps.db);
}

type CurrentOrder = NonNullable<Awaited<ReturnType<typeof orders.findOrder>>>;

/**
 * The move itself, inside the caller's transaction `tx`, from the state the caller saw: the
 * order, its timeline entry with who did it, its event, and on cancelling the stock, the coupon's
 * use and the unpaid attempts given back. The owner's moves come through changeOrderStatus; a
 * gateway's payment and an expiry come from payment.service.ts with a null user; the shipment
 * that sends an order's last units from shipment.service.ts, with the shipment in `extra` (its event's data).
 */
export async function moveOrder(tx: ServiceDeps, scope: StoreScope, actor: Actor, current: CurrentOrder, to: Exclude<OrderStatus, 'pending'>, note: string, extra: Record<string, unknown> = {}): Promise<void> {
  const now = tx.clock.now().toISOString();
  if (!(await orders.updateOrderStatus(tx.db, scope, { id: current.id, from: current.status }, to, now))) throw new AppError('order.invalidTransition', 409, { field: 'status' });
  await orders.insertOrderEvent(tx.db, scope, { orderId: current.id, status: to, note, userId: actor.userId, at: now });
  if (to === 'cancelled') {
    // An invoiced order is voided by a credit note of what is left to credit (issue 37 §7); its
    // units come back but for those a credit note returned before.
    const reason = note.trim() ? note : `Anulación del pedido #${current.number}`;
    // Less the units a refund already put back (issue 39 §5).
    const toReturn = await lessRefundRestocks(tx, scope, current.id, (await creditOnCancel(tx, scope, actor, current.id, reason)) ?? (await orders.orderLines(tx.db, scope, current.id)));
    await returnOrderStock(tx, scope, toReturn);
    if (current.couponId !== null) await giveBackCouponUse(tx, scope, current.couponId);
    await voidOpenPayments(tx, scope, current.id);
  }
  await emit(tx, {
    type: STATUS_EVENT[to],
    storeId: scope.storeId,
    resource: { kind: 'order', id: current.id, label: `#${current.number}` },
    data: { ...orderEventData({ ...current, status: to, updatedAt: now }), note, ...extra },
    changes: { status: [current.status, to] },
  });
}

/** A customer's orders, newest first, and their count and sum of non-cancelled totals (the customer's screen). */
export async function ordersOfCustomer(deps: ServiceDeps, scope: StoreScope, customerId: number) {
  const [rows, totals] = await Promise.all([orders.customerOrders(deps.db, scope, customerId), orders.customerTotals(deps.db, scope, customerId)]);
  return { rows, ...totals };
}

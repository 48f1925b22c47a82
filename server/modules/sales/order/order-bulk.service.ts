import { isGatewayMethod } from '#common/enums/payment.ts';
import { ShipmentInputSchema } from '#common/schemas/shipment.ts';
import type { Carrier } from '#common/carriers.ts';
import { AppError } from '#server/errors.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { shipOrder } from '../shipment/shipment.service.ts';
import * as orders from './order.repository.ts';
import { type Actor, changeOrderStatus } from './order.service.ts';

// The order list's bulk actions (issue 40 §3, decision 091): mark paid, ship with one carrier. Each
// order goes through the one-order service in its own transaction, so one order that cannot (a
// gateway's, one shipped meanwhile) is skipped with its reason and the others are done: a merchant
// packing thirty parcels wants the twenty-nine recorded, not none. Slips are only a link (ops').

export type SkipReason = 'gateway' | 'notPending' | 'notPaid' | 'notShippable' | 'notFound' | 'trackingRequired' | 'badTrackingNumber' | 'changed';
export type BulkOutcome = { done: { id: number; number: number }[]; skipped: { id: number; number: number | null; reason: SkipReason }[] };

/** A refusal the one-order service gave for a reason the result names; any other error is not the order's and stops the batch. */
function reasonOf(error: unknown): SkipReason {
  if (error instanceof AppError && error.status === 404) return 'notFound';
  if (error instanceof AppError && error.status === 409) return 'changed';
  throw error;
}

/** Marks paid the store's pending orders paid by transfer or cash among `ids`; the rest are skipped with why. */
export async function markOrdersPaid(deps: ServiceDeps, scope: StoreScope, actor: Actor, ids: readonly number[]): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], skipped: [] };
  for (const id of new Set(ids)) {
    const order = await orders.findOrder(deps.db, scope, id);
    if (!order) outcome.skipped.push({ id, number: null, reason: 'notFound' });
    else if (isGatewayMethod(order.paymentMethod)) outcome.skipped.push({ id, number: order.number, reason: 'gateway' });
    else if (order.status !== 'pending') outcome.skipped.push({ id, number: order.number, reason: 'notPending' });
    else {
      try {
        await changeOrderStatus(deps, scope, actor, id, { status: 'paid', note: '' });
        outcome.done.push({ id, number: order.number });
      } catch (error) {
        outcome.skipped.push({ id, number: order.number, reason: reasonOf(error) });
      }
    }
  }
  return outcome;
}

/** Ships all that is left of each of the store's paid orders with one carrier, each with its own tracking number. */
export async function shipOrders(deps: ServiceDeps, scope: StoreScope, actor: Actor, input: { carrier: Carrier; orders: readonly { orderId: number; trackingNumber: string }[] }): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], skipped: [] };
  const seen = new Set<number>();
  for (const { orderId: id, trackingNumber } of input.orders) {
    if (seen.has(id)) continue;
    seen.add(id);
    const order = await orders.findOrder(deps.db, scope, id);
    const parsed = ShipmentInputSchema.safeParse({ carrier: input.carrier, trackingNumber });
    if (!order) outcome.skipped.push({ id, number: null, reason: 'notFound' });
    else if (order.status === 'pending') outcome.skipped.push({ id, number: order.number, reason: 'notPaid' });
    else if (order.status !== 'paid') outcome.skipped.push({ id, number: order.number, reason: 'notShippable' });
    else if (!parsed.success) outcome.skipped.push({ id, number: order.number, reason: trackingNumber.trim() ? 'badTrackingNumber' : 'trackingRequired' });
    else {
      try {
        await shipOrder(deps, scope, id, parsed.data, actor);
        outcome.done.push({ id, number: order.number });
      } catch (error) {
        outcome.skipped.push({ id, number: order.number, reason: reasonOf(error) });
      }
    }
  }
  return outcome;
}

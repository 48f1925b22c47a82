import { carrierLabel, safeTrackingUrl, trackingUrl } from '#common/carriers.ts';
import type { Locale } from '#common/locale.ts';
import { type ShipmentInput, ShipmentInputSchema } from '#common/schemas/shipment.ts';
import { AppError, notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { orderEventData } from '#server/modules/sales/checkout/order-event-data.ts';
import { wakeWorkers } from '#server/modules/job/job-queue.ts';
import * as orders from '#server/modules/sales/order/order.repository.ts';
import { type Actor, moveOrder } from '#server/modules/sales/order/order.service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as shipments from './shipment.repository.ts';
import { shipmentsOfOrder } from './shipment-view.ts';

// An order's shipments (issue 40 §2, decision 091): a parcel handed to a carrier with its tracking
// number and link, carrying all the order's units still to ship or some of them. A paid order ships
// (the states' rules, decision 058): while some units are left it stays `paid` and reads "partially
// shipped"; the shipment that sends the last unit moves it to `shipped`. Each shipment is one
// transaction and one `order.shipped` event, whose data carries the shipment.

/** The order's shipments, oldest first, with their carrier, tracking number and link, and lines. */
export async function listShipments(deps: ServiceDeps, scope: StoreScope, orderId: number, locale: Locale = 'es') {
  if (!(await orders.findOrder(deps.db, scope, orderId))) throw notFound();
  return shipmentsOfOrder(deps, scope, orderId, locale);
}

/** What each of the order's lines has left to ship (the ship form's defaults). */
export async function unitsLeft(deps: ServiceDeps, scope: StoreScope, orderId: number) {
  const [lines, shipped] = await Promise.all([orders.orderLines(deps.db, scope, orderId), shipments.shippedUnits(deps.db, scope, orderId)]);
  return lines.map((line) => ({ orderLineId: line.id, position: line.position, name: line.name, sku: line.sku, quantity: line.quantity, left: line.quantity - (shipped.get(line.id) ?? 0) }));
}

type Order = NonNullable<Awaited<ReturnType<typeof orders.findOrder>>>;

/** Why an order cannot ship now, by the states' rules: not yet paid, or past shipping. */
function refusal(order: Order): AppError | null {
  if (order.status === 'paid') return null;
  return order.status === 'pending' ? new AppError('shipment.notPaid', 409, { field: 'carrier' }) : new AppError('shipment.notShippable', 409, { field: 'carrier' });
}

/**
 * Ships an order of the store, or part of it: `lines` names the units this parcel carries (left
 * out, every unit still to ship). Refused: another store's order (404), an order that is not paid
 * or is past shipping (409), a line not of the order (400), more units than are left (409).
 * `history`: a shipment of the past (the demo), logged and told to no one.
 */
export async function shipOrder(deps: ServiceDeps, scope: StoreScope, orderId: number, rawInput: ShipmentInput, actor: Actor, options: { history?: boolean } = {}): Promise<{ id: number; complete: boolean }> {
  const input = ShipmentInputSchema.parse(rawInput);
  const current = await orders.findOrder(deps.db, scope, orderId);
  if (!current) throw notFound();
  const refused = refusal(current);
  if (refused) throw refused;
  const result = await inTransaction(deps, async (transaction) => {
    // A shipment of the past (the demo's month) is logged, told to no one, as changeOrderStatus's.
    const tx = options.history ? { ...transaction, subscribers: [] } : transaction;
    const now = tx.clock.now().toISOString();
    // Taken first: the order's row is held until the commit (PostgreSQL), so two shipments of one
    // order count each other's units; a move since the owner looked is a 409.
    if (!(await orders.touchOrder(tx.db, scope, { id: orderId, from: 'paid' }, now))) throw new AppError('order.invalidTransition', 409, { field: 'carrier' });
    const [lines, shipped] = await Promise.all([orders.orderLines(tx.db, scope, orderId), shipments.shippedUnits(tx.db, scope, orderId)]);
    const left = new Map(lines.map((line) => [line.id, line.quantity - (shipped.get(line.id) ?? 0)]));
    const wanted = input.lines ?? lines.map((line) => ({ orderLineId: line.id, quantity: left.get(line.id)! }));
    const carried = new Map<number, number>();
    for (const { orderLineId, quantity } of wanted) {
      const line = lines.find((one) => one.id === orderLineId);
      if (!line) throw new AppError('shipment.unknownLine', 400, { field: 'lines' });
      const total = (carried.get(orderLineId) ?? 0) + quantity;
      if (total > left.get(orderLineId)!) throw new AppError('shipment.tooMany', 409, { vars: { name: line.name, left: left.get(orderLineId)! } });
      carried.set(orderLineId, total);
    }
    const parcel = lines.filter((line) => (carried.get(line.id) ?? 0) > 0).map((line) => ({ line, quantity: carried.get(line.id)! }));
    if (parcel.length === 0) throw new AppError('shipment.nothingToShip', 400, { field: 'lines' });
    const url = input.carrier === 'other' ? (safeTrackingUrl(input.trackingUrl) ?? '') : (trackingUrl(input.carrier, input.trackingNumber) ?? '');
    const id = await shipments.insertShipment(tx.db, scope, { orderId, carrier: input.carrier, trackingNumber: input.trackingNumber, trackingUrl: url, userId: actor.userId, createdAt: now });
    await shipments.insertShipmentLines(tx.db, scope, id, parcel.map(({ line, quantity }) => ({ orderLineId: line.id, quantity })));
    const complete = lines.every((line) => left.get(line.id)! - (carried.get(line.id) ?? 0) === 0);
    // What an integrator and the shopper's e-mail read of the parcel (docs/webhooks.md).
    const shipment = {
      id, carrier: input.carrier, carrierLabel: carrierLabel(input.carrier, 'es'), trackingNumber: input.trackingNumber, trackingUrl: url || null,
      lines: parcel.map(({ line, quantity }) => ({ orderLineId: line.id, position: line.position, name: line.name, sku: line.sku, quantity })),
    };
    const extra = { note: input.note, partial: !complete, shipment };
    // The last units move the order to shipped (its timeline entry and its one event); before them
    // the order stays paid and the shipment is its own event.
    if (complete) await moveOrder(tx, scope, actor, { ...current, status: 'paid' }, 'shipped', input.note, extra);
    else await emit(tx, { type: 'order.shipped', storeId: scope.storeId, resource: { kind: 'order', id: orderId, label: `#${current.number}` }, data: { ...orderEventData({ ...current, updatedAt: now }), ...extra } });
    return { id, complete };
  });
  // The shopper's mail was queued inside the transaction, which woke no worker: it leaves now.
  wakeWorkers(deps.db);
  return result;
}

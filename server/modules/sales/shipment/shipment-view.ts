import { carrierLabel, isCarrier, linksTheNumber } from '#common/carriers.ts';
import type { Locale } from '#common/locale.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as shipments from './shipment.repository.ts';

// An order's shipments as every reader shows them (the owner's page, the shopper's, the API, the
// e-mail): imports no service, so the order, checkout and payment modules may all call it.

export type ShipmentView = {
  id: number;
  carrier: string;
  /** The carrier's name in the reader's language ("Servientrega"; "other" as "Otra" / "Other"). */
  carrierLabel: string;
  trackingNumber: string;
  /** The tracking link kept when it shipped; null when there is none. */
  trackingUrl: string | null;
  /** Whether the link carries the number (else it opens the carrier's page, where the number is typed). */
  linkCarriesNumber: boolean;
  userId: number | null;
  createdAt: string;
  lines: { orderLineId: number; position: number; name: string; sku: string; quantity: number }[];
};

/** The order's shipments, oldest first, each with the lines and units it carries. */
export async function shipmentsOfOrder(deps: ServiceDeps, scope: StoreScope, orderId: number, locale: Locale = 'es'): Promise<ShipmentView[]> {
  return (await shipmentsOfOrders(deps, scope, [orderId], locale)).get(orderId) ?? [];
}

/** The shipments of several orders (a sheet of packing slips) in two queries, by order id. */
export async function shipmentsOfOrders(deps: ServiceDeps, scope: StoreScope, orderIds: readonly number[], locale: Locale = 'es'): Promise<Map<number, ShipmentView[]>> {
  const byOrder = new Map<number, ShipmentView[]>();
  if (orderIds.length === 0) return byOrder;
  const [rows, lines] = await Promise.all([shipments.orderShipments(deps.db, scope, orderIds), shipments.orderShipmentLines(deps.db, scope, orderIds)]);
  for (const row of rows) {
    const view: ShipmentView = {
      id: row.id,
      carrier: row.carrier,
      carrierLabel: isCarrier(row.carrier) ? carrierLabel(row.carrier, locale) : row.carrier,
      trackingNumber: row.trackingNumber,
      trackingUrl: row.trackingUrl || null,
      linkCarriesNumber: row.carrier === 'other' ? row.trackingUrl !== '' : isCarrier(row.carrier) && linksTheNumber(row.carrier),
      userId: row.userId,
      createdAt: row.createdAt,
      lines: lines.filter((line) => line.shipmentId === row.id).map(({ orderLineId, position, name, sku, quantity }) => ({ orderLineId, position, name, sku, quantity })),
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), view]);
  }
  return byOrder;
}

/** Which of these orders have a shipment: a paid one with some is "partially shipped" (decision 091). */
export const ordersWithShipments = (deps: ServiceDeps, scope: StoreScope, orderIds: readonly number[]) => shipments.ordersWithShipments(deps.db, scope, orderIds);

/** Whether any of the order's units left with a carrier: such an order can no longer be cancelled. */
export async function hasShipments(deps: ServiceDeps, scope: StoreScope, orderId: number): Promise<boolean> {
  return (await shipments.ordersWithShipments(deps.db, scope, [orderId])).size > 0;
}

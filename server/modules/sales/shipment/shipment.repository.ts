import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// An order's shipments and the units each carries (issue 40 §2). Every query names the scope's
// store (decision 025): another store's order has no shipments here.

export const orderShipments = (db: Db, scope: StoreScope, orderIds: readonly number[]) =>
  db
    .selectFrom('orderShipment')
    .select(['id', 'orderId', 'carrier', 'trackingNumber', 'trackingUrl', 'userId', 'createdAt'])
    .where('storeId', '=', scope.storeId)
    .where('orderId', 'in', [...orderIds])
    .orderBy('id')
    .execute();

/** The lines of the order's shipments, with the order line each names. */
export const orderShipmentLines = (db: Db, scope: StoreScope, orderIds: readonly number[]) =>
  db
    .selectFrom('orderShipmentLine')
    .innerJoin('orderShipment', 'orderShipment.id', 'orderShipmentLine.shipmentId')
    .innerJoin('storeOrderLine', 'storeOrderLine.id', 'orderShipmentLine.orderLineId')
    .select(['orderShipmentLine.shipmentId', 'orderShipmentLine.orderLineId', 'orderShipmentLine.quantity', 'storeOrderLine.position', 'storeOrderLine.name', 'storeOrderLine.sku'])
    .where('orderShipmentLine.storeId', '=', scope.storeId)
    .where('orderShipment.storeId', '=', scope.storeId)
    .where('storeOrderLine.storeId', '=', scope.storeId)
    .where('orderShipment.orderId', 'in', [...orderIds])
    .orderBy('orderShipmentLine.shipmentId')
    .orderBy('storeOrderLine.position')
    .execute();

/** Units of each of the order's lines already shipped, by order line id. */
export async function shippedUnits(db: Db, scope: StoreScope, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('orderShipmentLine')
    .innerJoin('orderShipment', 'orderShipment.id', 'orderShipmentLine.shipmentId')
    .select((eb) => ['orderShipmentLine.orderLineId', eb.fn.sum<number>('orderShipmentLine.quantity').as('units')])
    .where('orderShipmentLine.storeId', '=', scope.storeId)
    .where('orderShipment.storeId', '=', scope.storeId)
    .where('orderShipment.orderId', '=', orderId)
    .groupBy('orderShipmentLine.orderLineId')
    .execute();
  return new Map(rows.map((row) => [row.orderLineId, Number(row.units)]));
}

/** Which of these orders of the store have a shipment (the list's "partially shipped"). */
export async function ordersWithShipments(db: Db, scope: StoreScope, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db.selectFrom('orderShipment').select('orderId').distinct().where('storeId', '=', scope.storeId).where('orderId', 'in', orderIds).execute();
  return new Set(rows.map((row) => row.orderId));
}

export async function insertShipment(db: Db, scope: StoreScope, values: { orderId: number; carrier: string; trackingNumber: string; trackingUrl: string; userId: number | null; createdAt: string }): Promise<number> {
  const row = await db.insertInto('orderShipment').values({ storeId: scope.storeId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertShipmentLines(db: Db, scope: StoreScope, shipmentId: number, lines: readonly { orderLineId: number; quantity: number }[]): Promise<void> {
  if (lines.length === 0) return;
  await db.insertInto('orderShipmentLine').values(lines.map((line) => ({ storeId: scope.storeId, shipmentId, orderLineId: line.orderLineId, quantity: line.quantity }))).execute();
}

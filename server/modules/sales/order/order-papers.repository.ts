import type { EnumValue } from '#common/enums/define-enum.ts';
import type { orderStatus } from '#common/enums/sales-order.ts';
import type { OrderListQuery } from '#common/schemas/sales-order.ts';
import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { filteredOrders, ORDER_COLUMNS } from './order.repository.ts';

// What the order's papers read (issue 40 §3): the packing slips and summaries of chosen orders,
// and the CSV export of the list's filtered orders, a batch at a time. Every query names the store.

type Status = { status: EnumValue<typeof orderStatus> };

/** The store's orders among `ids` (another store's are simply not there). */
export const ordersByIds = (db: Db, scope: StoreScope, ids: readonly number[]) =>
  db.selectFrom('storeOrder').select(ORDER_COLUMNS).$narrowType<Status>().where('storeOrder.storeId', '=', scope.storeId).where('storeOrder.id', 'in', [...ids]).execute();

/** The lines of those orders, each order's in its own order. */
export const linesOfOrders = (db: Db, scope: StoreScope, orderIds: readonly number[]) =>
  db
    .selectFrom('storeOrderLine')
    .select(['id', 'orderId', 'position', 'name', 'sku', 'unitPriceCents', 'quantity', 'discountCents', 'baseCents', 'taxCents'])
    .where('storeId', '=', scope.storeId)
    .where('orderId', 'in', [...orderIds])
    .orderBy('orderId')
    .orderBy('position')
    .execute();

/** How many units each order has, for the export's "items" column. */
export const unitsOfOrders = (db: Db, scope: StoreScope, orderIds: readonly number[]) =>
  db
    .selectFrom('storeOrderLine')
    .select((eb) => ['orderId', eb.fn.sum<number>('quantity').as('units')])
    .where('storeId', '=', scope.storeId)
    .where('orderId', 'in', [...orderIds])
    .groupBy('orderId')
    .execute();

/**
 * One batch of the list's filtered orders, newest first, after `before` (keyset on the list's own
 * index, so the thousandth batch costs what the first did).
 */
export function orderBatch(db: Db, scope: StoreScope, query: Omit<OrderListQuery, 'page' | 'sort' | 'dir'>, before: { createdAt: string; id: number } | null, limit: number) {
  let select = filteredOrders(db, scope, query).select(ORDER_COLUMNS).$narrowType<Status>();
  if (before) {
    select = select.where((eb) => eb.or([eb('storeOrder.createdAt', '<', before.createdAt), eb.and([eb('storeOrder.createdAt', '=', before.createdAt), eb('storeOrder.id', '<', before.id)])]));
  }
  return select.orderBy('storeOrder.createdAt', 'desc').orderBy('storeOrder.id', 'desc').limit(limit).execute();
}

export async function insertOrderNote(db: Db, scope: StoreScope, note: { orderId: number; body: string; userId: number | null; at: string }) {
  await db.insertInto('storeOrderNote').values({ storeId: scope.storeId, orderId: note.orderId, body: note.body, userId: note.userId, createdAt: note.at }).execute();
}

/** The notes sent to an order's shopper, oldest first, with who wrote each. */
export const orderNotes = (db: Db, scope: StoreScope, orderId: number) =>
  db
    .selectFrom('storeOrderNote')
    .leftJoin('user', 'user.id', 'storeOrderNote.userId')
    .select(['storeOrderNote.id', 'storeOrderNote.body', 'storeOrderNote.createdAt', 'user.name as userName', 'user.lastname as userLastname'])
    .where('storeOrderNote.storeId', '=', scope.storeId)
    .where('storeOrderNote.orderId', '=', orderId)
    .orderBy('storeOrderNote.id')
    .execute();

import type { EnumValue } from '#common/enums/define-enum.ts';
import type { orderStatus } from '#common/enums/sales-order.ts';
import type { OrderListQuery } from '#common/schemas/sales-order.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The owner's view of their store's orders (issue 23 §4). Every query names the scope's store, so
// another store's order is simply not there (decision 025); the placing itself is checkout's.

export const ORDER_COLUMNS = [
  'storeOrder.id', 'storeOrder.number', 'storeOrder.code', 'storeOrder.customerId', 'storeOrder.locale', 'storeOrder.status', 'storeOrder.paymentMethod', 'storeOrder.paymentState', 'storeOrder.refundedCents',
  'storeOrder.couponId', 'storeOrder.couponCode', 'storeOrder.subtotalCents', 'storeOrder.discountCents', 'storeOrder.taxCents', 'storeOrder.shippingCents',
  'storeOrder.shippingIvaCode', 'storeOrder.shippingTaxCents',
  'storeOrder.totalCents', 'storeOrder.name', 'storeOrder.email', 'storeOrder.phone', 'storeOrder.documentType', 'storeOrder.documentNumber',
  'storeOrder.address', 'storeOrder.city', 'storeOrder.province', 'storeOrder.notes', 'storeOrder.createdAt', 'storeOrder.updatedAt',
  // What was shipped how (issue 40 §1): the canton, the rate's name as sold, pickup in store.
  'storeOrder.canton', 'storeOrder.shippingName', 'storeOrder.shippingPickup',
] as const;

/** The table holds only these (the service writes them); the type says so. */
type Status = { status: EnumValue<typeof orderStatus> };

const LIST_COLUMNS = ['storeOrder.id', 'storeOrder.number', 'storeOrder.customerId', 'storeOrder.status', 'storeOrder.paymentMethod', 'storeOrder.paymentState', 'storeOrder.totalCents', 'storeOrder.name', 'storeOrder.email', 'storeOrder.createdAt'] as const;

/** "#12" or "12" is an order number. */
const numberIn = (q: string) => (/^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null);

/** Ecuador has no summer time (UTC−5 all year): its days as instants. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000-05:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999-05:00`).toISOString();

/** The store's orders the list's query picks (search, status, payment, customer, days, totals): the list's and the CSV export's one filter. */
export function filteredOrders(db: Db, scope: StoreScope, query: Omit<OrderListQuery, 'page' | 'sort' | 'dir'>) {
  let select = db.selectFrom('storeOrder').where('storeOrder.storeId', '=', scope.storeId);
  if (query.q) {
    const number = numberIn(query.q);
    select = select.where((eb) => eb.or([matchesText(['storeOrder.name', 'storeOrder.email', 'storeOrder.documentNumber'], query.q), ...(number ? [eb('storeOrder.number', '=', number)] : [])]));
  }
  if (query.filters.status) select = select.where('storeOrder.status', '=', query.filters.status);
  if (query.filters.paymentMethod) select = select.where('storeOrder.paymentMethod', '=', query.filters.paymentMethod);
  if (query.filters.paymentState) select = select.where('storeOrder.paymentState', '=', query.filters.paymentState);
  if (query.customerId !== undefined) select = select.where('storeOrder.customerId', '=', query.customerId);
  if (query.from) select = select.where('storeOrder.createdAt', '>=', dayStart(query.from));
  if (query.to) select = select.where('storeOrder.createdAt', '<=', dayEnd(query.to));
  if (query.minCents !== undefined) select = select.where('storeOrder.totalCents', '>=', query.minCents);
  if (query.maxCents !== undefined) select = select.where('storeOrder.totalCents', '<=', query.maxCents);
  return select;
}

export async function listOrders(db: Db, scope: StoreScope, query: OrderListQuery) {
  const select = filteredOrders(db, scope, query).select(LIST_COLUMNS);
  // Newest first on the (store_id, created_at) index; the id breaks ties of one instant.
  return paginate(select.$narrowType<Status>().orderBy('storeOrder.createdAt', query.dir).orderBy('storeOrder.id', query.dir), query.page);
}

export const findOrder = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('storeOrder').select(ORDER_COLUMNS).$narrowType<Status>().where('storeOrder.storeId', '=', scope.storeId).where('storeOrder.id', '=', id).executeTakeFirst();

export const orderLines = (db: Db, scope: StoreScope, orderId: number) =>
  db
    .selectFrom('storeOrderLine')
    .select(['id', 'position', 'productId', 'variantId', 'name', 'sku', 'unitPriceCents', 'quantity', 'discountCents', 'baseCents', 'taxBp', 'ivaCode', 'taxCents'])
    .where('storeId', '=', scope.storeId)
    .where('orderId', '=', orderId)
    .orderBy('position')
    .execute();

/** The timeline, oldest first, with who made each change (null: the shopper, placing it). */
export const orderEvents = (db: Db, scope: StoreScope, orderId: number) =>
  db
    .selectFrom('storeOrderEvent')
    .leftJoin('user', 'user.id', 'storeOrderEvent.userId')
    .select(['storeOrderEvent.id', 'storeOrderEvent.status', 'storeOrderEvent.note', 'storeOrderEvent.userId', 'storeOrderEvent.createdAt', 'user.name as userName', 'user.lastname as userLastname'])
    .$narrowType<Status>()
    .where('storeOrderEvent.storeId', '=', scope.storeId)
    .where('storeOrderEvent.orderId', '=', orderId)
    .orderBy('storeOrderEvent.id')
    .execute();

/** Moves only from the status the caller saw: a concurrent change makes this answer false. */
export async function updateOrderStatus(db: Db, scope: StoreScope, { id, from }: { id: number; from: string }, to: string, at: string) {
  const result = await db.updateTable('storeOrder').set({ status: to, updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Holds the order's row in the caller's transaction while it is still in `from` (a shipment's first write): false when it moved on. */
export async function touchOrder(db: Db, scope: StoreScope, { id, from }: { id: number; from: string }, at: string) {
  const result = await db.updateTable('storeOrder').set({ updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOrderEvent(db: Db, scope: StoreScope, event: { orderId: number; status: string; note: string; userId: number | null; at: string }) {
  await db.insertInto('storeOrderEvent').values({ storeId: scope.storeId, orderId: event.orderId, status: event.status, note: event.note, userId: event.userId, createdAt: event.at }).execute();
}

/** One customer's orders, newest first (the customer's screen). */
export const customerOrders = (db: Db, scope: StoreScope, customerId: number, limit = 100) =>
  db.selectFrom('storeOrder').select(LIST_COLUMNS).$narrowType<Status>().where('storeOrder.storeId', '=', scope.storeId).where('storeOrder.customerId', '=', customerId).orderBy('storeOrder.createdAt', 'desc').orderBy('storeOrder.id', 'desc').limit(limit).execute();

/** How many orders a customer has, and the sum of those not cancelled. */
export async function customerTotals(db: Db, scope: StoreScope, customerId: number) {
  const row = await db
    .selectFrom('storeOrder')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>(eb.case().when('storeOrder.status', '<>', 'cancelled').then(eb.ref('storeOrder.totalCents')).else(0).end()).as('sum')])
    .where('storeOrder.storeId', '=', scope.storeId)
    .where('storeOrder.customerId', '=', customerId)
    .executeTakeFirstOrThrow();
  return { orderCount: Number(row.count), totalCents: Number(row.sum ?? 0) };
}

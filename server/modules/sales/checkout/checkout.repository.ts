import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { CustomerTable, StoreOrderLineTable, StoreOrderTable } from '#server/db/schema/sales.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The cart's and the checkout's queries: the products as they are now (a cart trusts nothing it
// kept), the conditional stock updates of a placing, the customer, the order and its page.

export const cartProducts = (db: Db, scope: StoreScope, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('product')
    .select(['id', 'name', 'slug', 'sku', 'code', 'priceCents', 'discountBp', 'ivaCode', 'stock', 'weightGrams'])
    .where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('id', 'in', [...ids])
    .execute();

/** Every enabled variant of these products: a product that has some is sold only as one of them. */
export const cartVariants = (db: Db, scope: StoreScope, productIds: readonly number[]) =>
  productIds.length === 0 ? Promise.resolve([]) : db.selectFrom('variant')
    .select(['id', 'productId', 'name', 'sku', 'priceCents', 'ivaCode', 'stock'])
    .where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('productId', 'in', [...productIds])
    .execute();

/**
 * Takes `quantity` units if, and only if, that many are left: one statement, so two placings at
 * once cannot both read "1 left" and both take it (PostgreSQL re-checks the condition on the row
 * it waited for; SQLite runs one writer at a time). False: not enough stock, nothing changed.
 */
export async function takeProductStock(db: Db, scope: StoreScope, productId: number, quantity: number): Promise<number | null> {
  const row = await db.updateTable('product').set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('storeId', '=', scope.storeId).where('id', '=', productId).where('enabled', '=', 1).where('stock', '>=', quantity)
    .returning('stock').executeTakeFirst();
  return row?.stock ?? null;
}

/** The variant's stock left once taken, or null (nothing changed), as takeProductStock. */
export async function takeVariantStock(db: Db, scope: StoreScope, variantId: number, productId: number, quantity: number): Promise<number | null> {
  const row = await db.updateTable('variant').set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('storeId', '=', scope.storeId).where('id', '=', variantId).where('productId', '=', productId).where('enabled', '=', 1).where('stock', '>=', quantity)
    .returning('stock').executeTakeFirst();
  if (!row) return null;
  // The product's stock is its variants' sum (product.repository's syncVariantStock): moved by the
  // same amount rather than summed again, which under PostgreSQL's READ COMMITTED could miss a
  // concurrent placing's variant still uncommitted.
  await db.updateTable('product').set((eb) => ({ stock: eb('stock', '-', quantity) })).where('storeId', '=', scope.storeId).where('id', '=', productId).execute();
  return row.stock;
}

/** Gives units back (an order cancelled): the product or variant may have gone meanwhile (null). The stock it has now. */
export async function giveBackProductStock(db: Db, scope: StoreScope, productId: number, quantity: number): Promise<number | null> {
  const row = await db.updateTable('product').set((eb) => ({ stock: eb('stock', '+', quantity) })).where('storeId', '=', scope.storeId).where('id', '=', productId).returning('stock').executeTakeFirst();
  return row?.stock ?? null;
}

export async function giveBackVariantStock(db: Db, scope: StoreScope, variantId: number, productId: number | null, quantity: number): Promise<number | null> {
  const row = await db.updateTable('variant').set((eb) => ({ stock: eb('stock', '+', quantity) })).where('storeId', '=', scope.storeId).where('id', '=', variantId).returning('stock').executeTakeFirst();
  if (row && productId !== null) await giveBackProductStock(db, scope, productId, quantity);
  return row?.stock ?? null;
}

type CustomerValues = Omit<Insertable<CustomerTable>, 'id' | 'storeId'>;

/**
 * The store's customer with this e-mail, made if missing. Two first orders with one e-mail at once:
 * the unique index (store, e-mail) keeps one row — the second insert does nothing (PostgreSQL waits
 * for the first to commit) and both read the same customer.
 */
export async function findOrCreateCustomer(db: Db, scope: StoreScope, values: CustomerValues): Promise<{ id: number; created: boolean }> {
  // An insert that did nothing returns no row: `created` says which happened (the customer.created event).
  const inserted = await db.insertInto('customer').values({ ...values, storeId: scope.storeId })
    .onConflict((conflict) => conflict.columns(['storeId', 'email']).doNothing())
    .returning('id').executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const row = await db.selectFrom('customer').select('id').where('storeId', '=', scope.storeId).where('email', '=', values.email).executeTakeFirstOrThrow();
  return { id: row.id, created: false };
}

/** The customer's latest details, as typed at their latest checkout. */
export async function updateCustomerDetails(db: Db, scope: StoreScope, id: number, values: Pick<CustomerValues, 'name' | 'phone' | 'documentType' | 'documentNumber' | 'address' | 'city' | 'province' | 'updatedAt'>): Promise<void> {
  await db.updateTable('customer').set(values).where('storeId', '=', scope.storeId).where('id', '=', id).execute();
}

export async function insertOrder(db: Db, scope: StoreScope, values: Omit<Insertable<StoreOrderTable>, 'id' | 'storeId'>): Promise<number> {
  const row = await db.insertInto('storeOrder').values({ ...values, storeId: scope.storeId }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOrderLines(db: Db, scope: StoreScope, lines: Omit<Insertable<StoreOrderLineTable>, 'id' | 'storeId'>[]): Promise<void> {
  if (lines.length > 0) await db.insertInto('storeOrderLine').values(lines.map((line) => ({ ...line, storeId: scope.storeId }))).execute();
}

export async function insertOrderEvent(db: Db, scope: StoreScope, values: { orderId: number; status: string; createdAt: string }): Promise<void> {
  await db.insertInto('storeOrderEvent').values({ ...values, storeId: scope.storeId, userId: null }).execute();
}

/** An order's code is a random UUID (checkout.service.ts): anything else is no order, and not looked for. */
const ORDER_CODE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const findOrderByCode = async (db: Db, scope: StoreScope, code: string) =>
  !ORDER_CODE.test(code) ? undefined : db.selectFrom('storeOrder')
    .select(['id', 'number', 'code', 'locale', 'status', 'paymentMethod', 'paymentState', 'refundedCents', 'couponCode', 'subtotalCents', 'discountCents', 'taxCents', 'shippingCents', 'shippingIvaCode', 'shippingTaxCents', 'totalCents', 'name', 'email', 'phone', 'address', 'city', 'province', 'canton', 'shippingName', 'shippingPickup', 'notes', 'createdAt'])
    .where('storeId', '=', scope.storeId).where('code', '=', code)
    .executeTakeFirst();

export const listOrderLines = (db: Db, scope: StoreScope, orderId: number) =>
  db.selectFrom('storeOrderLine')
    .select(['position', 'productId', 'variantId', 'name', 'sku', 'unitPriceCents', 'quantity', 'discountCents', 'baseCents', 'taxBp', 'ivaCode', 'taxCents'])
    .where('storeId', '=', scope.storeId).where('orderId', '=', orderId)
    .orderBy('position')
    .execute();

/**
 * The order's invoice once one is issued (the invoice module issues it; the page links its PDF, and
 * its XML once SRI authorized it).
 */
export const findOrderInvoiceNumber = (db: Db, scope: StoreScope, orderId: number) =>
  db.selectFrom('invoice').select(['number', 'sriStatus']).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).executeTakeFirst();

/** The order's credit notes, oldest first (issue 37 §8: the shopper's page lists them with their XML). */
export const findOrderCreditNotes = (db: Db, scope: StoreScope, orderId: number) =>
  db.selectFrom('creditNote').select(['id', 'number', 'issuedAt', 'totalCents', 'sriStatus']).where('storeId', '=', scope.storeId).where('orderId', '=', orderId).orderBy('id').execute();

/** The order of this number in the store, with what a shopper's lookup checks it by (issue 40 §4). */
export const findOrderByNumber = (db: Db, scope: StoreScope, number: number) =>
  db.selectFrom('storeOrder').select(['code', 'email']).where('storeId', '=', scope.storeId).where('number', '=', number).executeTakeFirst();

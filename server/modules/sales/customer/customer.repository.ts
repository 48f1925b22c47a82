import type { CustomerListQuery } from '#common/schemas/sales-customer.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A store's customers, as the owner sees them: every query names the scope's store (decision 025).

export const CUSTOMER_COLUMNS = ['id', 'code', 'userId', 'name', 'email', 'phone', 'documentType', 'documentNumber', 'address', 'city', 'province', 'createdAt', 'updatedAt'] as const;

const SORT = { name: 'name', created: 'id' } as const;

export async function listCustomers(db: Db, scope: StoreScope, query: CustomerListQuery) {
  let select = db.selectFrom('customer').select(['id', 'name', 'email', 'phone', 'documentType', 'documentNumber', 'createdAt']).where('storeId', '=', scope.storeId);
  if (query.q) select = select.where(matchesText(['name', 'email', 'documentNumber'], query.q));
  return paginate(select.orderBy(SORT[query.sort], query.dir).orderBy('id', query.dir), query.page);
}

export const findCustomer = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('customer').select(CUSTOMER_COLUMNS).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();

/** Whether another customer of the store has this e-mail (unique per store). */
export async function emailTaken(db: Db, scope: StoreScope, email: string, exceptId: number) {
  const row = await db.selectFrom('customer').select('id').where('storeId', '=', scope.storeId).where('email', '=', email).where('id', '<>', exceptId).executeTakeFirst();
  return row !== undefined;
}

export async function updateCustomer(db: Db, scope: StoreScope, id: number, values: { name: string; email: string; phone: string; documentType: string; documentNumber: string; address: string; city: string; province: string; updatedAt: string }) {
  const result = await db.updateTable('customer').set(values).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

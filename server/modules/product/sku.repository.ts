import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A SKU names one product or one variant of the store (issue 20 §4): the form, the API and the CSV
// import refuse a second. An empty SKU is "none" and may repeat.

/** Whether a product or variant of the store, other than `except`, has this SKU. */
export async function skuTaken(db: Db, scope: StoreScope, sku: string, except: { table: 'product' | 'variant'; id?: number }): Promise<boolean> {
  if (sku === '') return false;
  const holder = (table: 'product' | 'variant') => {
    let select = db.selectFrom(table).select('id').where('storeId', '=', scope.storeId).where('sku', '=', sku);
    if (except.table === table && except.id !== undefined) select = select.where('id', '!=', except.id);
    return select.executeTakeFirst();
  };
  const [product, variant] = await Promise.all([holder('product'), holder('variant')]);
  return Boolean(product ?? variant);
}

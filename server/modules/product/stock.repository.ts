import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';

/** Adds units back to a variant of the store; answers the variant's product, or null when the variant is gone. */
export async function addVariantStock(db: Db, scope: StoreScope, variantId: number, quantity: number): Promise<number | null> {
  const row = await db
    .updateTable('variant')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('storeId', '=', scope.storeId)
    .where('id', '=', variantId)
    .returning('productId')
    .executeTakeFirst();
  return row?.productId ?? null;
}

/** Adds units back to a product of the store; answers whether it still exists. */
export async function addProductStock(db: Db, scope: StoreScope, productId: number, quantity: number): Promise<boolean> {
  const result = await db.updateTable('product').set((eb) => ({ stock: eb('stock', '+', quantity) })).where('storeId', '=', scope.storeId).where('id', '=', productId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A product's gallery (`product_image`): upload ids in order, position 0 the main image.

/** One product's gallery in order. */
export async function galleryOf(db: Db, scope: StoreScope, productId: number): Promise<string[]> {
  const rows = await db.selectFrom('productImage').select('uploadId').where('storeId', '=', scope.storeId).where('productId', '=', productId).orderBy('position').orderBy('id').execute();
  return rows.map((row) => row.uploadId);
}

/** The galleries of a page of products, in one query. */
export async function galleriesOf(db: Db, scope: StoreScope, productIds: readonly number[]): Promise<Map<number, string[]>> {
  const galleries = new Map<number, string[]>();
  if (productIds.length === 0) return galleries;
  const rows = await db
    .selectFrom('productImage')
    .select(['productId', 'uploadId'])
    .where('storeId', '=', scope.storeId)
    .where('productId', 'in', productIds)
    .orderBy('productId')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const row of rows) galleries.set(row.productId, [...(galleries.get(row.productId) ?? []), row.uploadId]);
  return galleries;
}

/** Writes the product's gallery as the list given (rows of ids left out must be gone already or go here). */
export async function writeGallery(db: Db, scope: StoreScope, productId: number, uploadIds: readonly string[]): Promise<void> {
  await db.deleteFrom('productImage').where('storeId', '=', scope.storeId).where('productId', '=', productId).execute();
  if (uploadIds.length === 0) return;
  await db
    .insertInto('productImage')
    .values(uploadIds.map((uploadId, position) => ({ storeId: scope.storeId, productId, uploadId, position })))
    .execute();
}

/**
 * The images deleting products takes along — their galleries and their variants' images — for one
 * product or every product of a category (seed §4: a category's deletion takes its products).
 */
export async function imagesOfProducts(db: Db, scope: StoreScope, which: { productId: number } | { categoryId: number }): Promise<string[]> {
  const products = db.selectFrom('product').select('product.id').where('product.storeId', '=', scope.storeId);
  const chosen = 'productId' in which ? products.where('product.id', '=', which.productId) : products.where('product.categoryId', '=', which.categoryId);
  const [gallery, variants] = await Promise.all([
    db.selectFrom('productImage').select('uploadId').where('storeId', '=', scope.storeId).where('productId', 'in', chosen).execute(),
    db.selectFrom('variant').select('imageId').where('storeId', '=', scope.storeId).where('productId', 'in', chosen).where('imageId', 'is not', null).execute(),
  ]);
  return [...gallery.map((row) => row.uploadId), ...variants.map((row) => row.imageId!)];
}

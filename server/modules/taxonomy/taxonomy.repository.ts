import { storeResourceRepository } from '#server/db/store-resource.ts';
import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { addImageUrl } from '#server/resources/resource-images.ts';

// The taxonomy's tables on the kit's repository: the same columns, search and sorts for each.
const named = { booleans: ['enabled'] as const, search: ['name', 'slug'] as const, filters: { status: (value: string) => ['enabled', value === 'enabled'] as ['enabled', boolean] } };

export const brands = storeResourceRepository('brand', { ...named, decorate: addImageUrl, columns: ['id', 'name', 'slug', 'imageId', 'enabled', 'updatedAt'], sort: { name: 'name', updated: 'updatedAt' } });
export const categories = storeResourceRepository('category', { ...named, decorate: addImageUrl, columns: ['id', 'name', 'slug', 'imageId', 'enabled', 'updatedAt'], sort: { name: 'name', updated: 'updatedAt' } });
export const subcategories = storeResourceRepository('subcategory', { ...named, decorate: addImageUrl, columns: ['id', 'categoryId', 'name', 'slug', 'imageId', 'enabled', 'updatedAt'], sort: { name: 'name', updated: 'updatedAt' } });
export const sizes = storeResourceRepository('size', { ...named, columns: ['id', 'name', 'slug', 'sortOrder', 'enabled', 'updatedAt'], sort: { order: 'sortOrder', name: 'name', updated: 'updatedAt' } });

/** The images of a category's subcategories, which its deletion takes along (the foreign key cascades). */
export async function subcategoryImagesOf(db: Db, scope: StoreScope, categoryId: number): Promise<(string | null)[]> {
  const rows = await db.selectFrom('subcategory').select('imageId').where('storeId', '=', scope.storeId).where('categoryId', '=', categoryId).execute();
  return rows.map((row) => row.imageId);
}

/** How many rows of a table point at a record of the store, for a delete confirmation. */
export async function countWhere(db: Db, table: 'product' | 'subcategory', column: 'categoryId' | 'brandId' | 'subcategoryId', scope: StoreScope, id: number): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).where('storeId', '=', scope.storeId).where(column as never, '=', id as never).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many rows of a table belong to the products of a category (its variants, reviews, images), for its delete confirmation. */
export async function countOfCategoryProducts(db: Db, table: 'variant' | 'review' | 'productImage', scope: StoreScope, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('storeId', '=', scope.storeId)
    .where('productId', 'in', (eb) => eb.selectFrom('product').select('id').where('storeId', '=', scope.storeId).where('categoryId', '=', categoryId))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

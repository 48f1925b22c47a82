import { storeResourceRepository } from '#server/db/store-resource.ts';
import type { Db } from '#server/db/database.ts';

// The taxonomy's tables on the kit's repository: the same columns, search and sorts for each.
const named = { booleans: ['enabled'] as const, search: ['name', 'slug'] as const, filters: { status: (value: string) => ['enabled', value === 'enabled'] as ['enabled', boolean] } };

export const brands = storeResourceRepository('brand', { ...named, columns: ['id', 'name', 'slug', 'enabled', 'updatedAt'], sort: { name: 'name', updated: 'updatedAt' } });
export const categories = storeResourceRepository('category', { ...named, columns: ['id', 'name', 'slug', 'enabled', 'updatedAt'], sort: { name: 'name', updated: 'updatedAt' } });
export const subcategories = storeResourceRepository('subcategory', { ...named, columns: ['id', 'categoryId', 'name', 'slug', 'enabled', 'updatedAt'], sort: { name: 'name', updated: 'updatedAt' } });
export const sizes = storeResourceRepository('size', { ...named, columns: ['id', 'name', 'slug', 'sortOrder', 'enabled', 'updatedAt'], sort: { order: 'sortOrder', name: 'name', updated: 'updatedAt' } });

/** How many rows of a table point at a record of the store, for a delete confirmation. */
export async function countWhere(db: Db, table: 'product' | 'subcategory', column: 'categoryId' | 'brandId' | 'subcategoryId', storeId: number, id: number): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).where('storeId', '=', storeId).where(column as never, '=', id as never).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many rows of a table belong to the products of a category (its variants, reviews, images), for its delete confirmation. */
export async function countOfCategoryProducts(db: Db, table: 'subproduct' | 'review' | 'productImage', storeId: number, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('storeId', '=', storeId)
    .where('productId', 'in', (eb) => eb.selectFrom('product').select('id').where('storeId', '=', storeId).where('categoryId', '=', categoryId))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

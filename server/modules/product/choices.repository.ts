import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The small reads the catalog's forms and rules share: a store's records to choose from, whether
// an id is one of the store's, how many rows point at a record.

export type Choice = { id: number; name: string };
type NamedTable = 'category' | 'brand' | 'color' | 'product';
export type ReferenceTable = NamedTable | 'size' | 'subcategory';

/** A store's records of one table, by name (sizes by their order), for a select. */
export function choicesOf(db: Db, scope: StoreScope, table: NamedTable | 'size', limit = 1000): Promise<Choice[]> {
  const select = db.selectFrom(table).select(['id', 'name']).where('storeId', '=', scope.storeId);
  return (table === 'size' ? select.orderBy('sortOrder') : select.orderBy('name')).orderBy('id').limit(limit).execute();
}

/** One record of the store as a choice, or undefined. */
export function choiceOf(db: Db, scope: StoreScope, table: NamedTable, id: number): Promise<Choice | undefined> {
  return db.selectFrom(table).select(['id', 'name']).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
}

/** The store's subcategories, each with its category's name, for a select. */
export function subcategoryChoices(db: Db, scope: StoreScope) {
  return db
    .selectFrom('subcategory')
    .innerJoin('category', 'category.id', 'subcategory.categoryId')
    .select(['subcategory.id', 'subcategory.name', 'subcategory.categoryId', 'category.name as category'])
    .where('subcategory.storeId', '=', scope.storeId)
    .where('category.storeId', '=', scope.storeId)
    .orderBy('category.name')
    .orderBy('subcategory.name')
    .execute();
}

/** Whether the id is a record of the store in that table. */
export async function isOwnRecord(db: Db, scope: StoreScope, table: ReferenceTable, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom(table).select('id').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst());
}

/** The category a subcategory of the store belongs to, or undefined. */
export async function categoryOfSubcategory(db: Db, scope: StoreScope, id: number): Promise<number | undefined> {
  return (await db.selectFrom('subcategory').select('categoryId').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst())?.categoryId;
}

/** The product a variant of the store belongs to, or undefined. */
export async function productOfVariant(db: Db, scope: StoreScope, id: number): Promise<number | undefined> {
  return (await db.selectFrom('variant').select('productId').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst())?.productId;
}

/** How many of the store's variants or reviews belong to a product. */
export async function countOfProduct(db: Db, scope: StoreScope, table: 'variant' | 'review', productId: number): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).where('storeId', '=', scope.storeId).where('productId', '=', productId).executeTakeFirstOrThrow();
  return Number(row.count);
}

import type { Db } from '#server/db/database.ts';
import { storeResourceRepository } from '#server/db/store-resource.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { addImageUrl } from '#server/resources/resource-images.ts';

export const banners = storeResourceRepository('banner', {
  // The list's thumbnail is the image's 320 px WebP, not the 1920 px original.
  decorate: addImageUrl,
  columns: ['id', 'imageId', 'buttonName', 'link', 'sortOrder', 'enabled', 'updatedAt'],
  booleans: ['enabled'],
  search: ['buttonName', 'link'],
  sort: { order: 'sortOrder', updated: 'updatedAt' },
  filters: { status: (value) => ['enabled', value === 'enabled'] },
});

/** The position a new banner takes: after the store's last one (positions count from 1). */
export async function nextSortOrder(db: Db, scope: StoreScope): Promise<number> {
  const row = await db.selectFrom('banner').select((eb) => eb.fn.max('sortOrder').as('last')).where('storeId', '=', scope.storeId).executeTakeFirst();
  return row?.last == null ? 1 : Number(row.last) + 1;
}

/** The store's banner ids among `ids` (a reorder names only its own). */
export async function ownIds(db: Db, scope: StoreScope, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('banner').select('id').where('storeId', '=', scope.storeId).where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

export async function setSortOrder(db: Db, scope: StoreScope, id: number, sortOrder: number, now: string): Promise<void> {
  await db.updateTable('banner').set({ sortOrder, updatedAt: now }).where('storeId', '=', scope.storeId).where('id', '=', id).execute();
}

/** The store's banner ids in their shown order. */
export async function orderedIds(db: Db, scope: StoreScope): Promise<number[]> {
  const rows = await db.selectFrom('banner').select('id').where('storeId', '=', scope.storeId).orderBy('sortOrder').orderBy('id').execute();
  return rows.map((row) => row.id);
}

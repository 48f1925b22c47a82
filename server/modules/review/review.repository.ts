import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { storeResourceRepository } from '#server/db/store-resource.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

export const reviews = storeResourceRepository('review', {
  columns: ['id', 'productId', 'authorName', 'email', 'rating', 'comment', 'status', 'updatedAt'],
  search: ['authorName', 'email', 'comment'],
  sort: { updated: 'updatedAt', rating: 'rating' },
  filters: { status: (value) => ['status', value] },
  // Each review's product name, for the list: one query per page.
  async decorate(db, scope, rows) {
    const names = await db.selectFrom('product').select(['id', 'name']).where('storeId', '=', scope.storeId).where('id', 'in', rows.map((row) => row.productId)).execute();
    const byId = new Map(names.map((row) => [row.id, row.name]));
    for (const row of rows) (row as typeof row & { productName: string }).productName = byId.get(row.productId) ?? '';
  },
});

/** The store's rating: the average of its approved reviews to one decimal, 0 with none. */
export async function refreshStoreRating(db: Db, scope: StoreScope): Promise<number> {
  const row = await db.selectFrom('review').select(sql<number | null>`avg(rating)`.as('average')).where('storeId', '=', scope.storeId).where('status', '=', 'approved').executeTakeFirst();
  const rating = row?.average == null ? 0 : Math.round(Number(row.average) * 10) / 10;
  await db.updateTable('store').set({ rating }).where('id', '=', scope.storeId).execute();
  return rating;
}

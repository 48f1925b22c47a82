import { storeResourceRepository } from '#server/db/store-resource.ts';

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

import { storeResourceRepository } from '#server/db/store-resource.ts';

export const subproducts = storeResourceRepository('subproduct', {
  columns: ['id', 'productId', 'name', 'sku', 'colorId', 'sizeId', 'priceCents', 'stock', 'enabled', 'updatedAt'],
  booleans: ['enabled'],
  search: ['name', 'sku'],
  sort: { name: 'name', updated: 'updatedAt', price: 'priceCents', stock: 'stock' },
  filters: { status: (value) => ['enabled', value === 'enabled'] },
  // Each variant's product name, for the list (a variant's name alone, "Roja M", says little): one query per page.
  async decorate(db, scope, rows) {
    const names = await db.selectFrom('product').select(['id', 'name']).where('storeId', '=', scope.storeId).where('id', 'in', rows.map((row) => row.productId)).execute();
    const byId = new Map(names.map((row) => [row.id, row.name]));
    for (const row of rows) (row as typeof row & { productName: string }).productName = byId.get(row.productId) ?? '';
  },
});

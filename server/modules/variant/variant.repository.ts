import { storeResourceRepository } from '#server/db/store-resource.ts';
import { addImageUrl } from '#server/resources/resource-images.ts';

export const variants = storeResourceRepository('variant', {
  columns: ['id', 'productId', 'name', 'sku', 'colorId', 'sizeId', 'priceCents', 'stock', 'ivaCode', 'imageId', 'enabled', 'updatedAt'],
  booleans: ['enabled'],
  search: ['name', 'sku'],
  sort: {
    // The default: by product, and each product's variants as its storefront lists them
    // (shop.repository.ts's listShopVariants): by colour, then the store's order of sizes (S, M, L —
    // not L, M, S by name), then as they were made.
    product: {
      column: 'productId',
      within: (eb, scope) => [
        eb.fn.coalesce(eb.selectFrom('color').select('color.name').whereRef('color.id', '=', 'variant.colorId').where('color.storeId', '=', scope.storeId), eb.val('')),
        eb.fn.coalesce(eb.selectFrom('size').select('size.sortOrder').whereRef('size.id', '=', 'variant.sizeId').where('size.storeId', '=', scope.storeId), eb.val(0)),
        eb.fn.coalesce('variant.sizeId', eb.val(0)),
      ],
    },
    name: 'name',
    updated: 'updatedAt',
    price: 'priceCents',
    stock: 'stock',
  },
  filters: { status: (value) => ['enabled', value === 'enabled'] },
  // Each variant's image address, and its product's name for the list (a variant's name alone,
  // "Roja M", says little): one query per page.
  async decorate(db, scope, rows) {
    await addImageUrl(db, scope, rows);
    const names = await db.selectFrom('product').select(['id', 'name']).where('storeId', '=', scope.storeId).where('id', 'in', rows.map((row) => row.productId)).execute();
    const byId = new Map(names.map((row) => [row.id, row.name]));
    for (const row of rows) (row as typeof row & { productName: string }).productName = byId.get(row.productId) ?? '';
  },
});

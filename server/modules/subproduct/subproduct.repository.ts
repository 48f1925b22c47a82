import { storeResourceRepository } from '#server/db/store-resource.ts';
import { addImageUrl } from '#server/resources/resource-images.ts';

export const subproducts = storeResourceRepository('subproduct', {
  columns: ['id', 'productId', 'name', 'sku', 'colorId', 'sizeId', 'priceCents', 'stock', 'imageId', 'enabled', 'updatedAt'],
  decorate: addImageUrl,
  booleans: ['enabled'],
  search: ['name', 'sku'],
  sort: { name: 'name', updated: 'updatedAt', price: 'priceCents', stock: 'stock' },
  filters: { status: (value) => ['enabled', value === 'enabled'] },
});

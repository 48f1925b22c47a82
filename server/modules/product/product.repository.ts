import { mediaUrl } from '#common/media-url.ts';
import type { Db } from '#server/db/database.ts';
import { storeResourceRepository } from '#server/db/store-resource.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';
import { galleriesOf } from './product-image.repository.ts';

// A product's `stock` is its own, or the sum of its variants' when it has some (kept so by the
// variant service), so the stock filter and sort read one indexed column.
export const products = storeResourceRepository('product', {
  columns: ['id', 'name', 'slug', 'description', 'code', 'sku', 'categoryId', 'subcategoryId', 'brandId', 'colorId', 'sizeId', 'priority', 'keywords', 'content', 'unit', 'type', 'stock', 'weightGrams', 'priceCents', 'discountBp', 'taxBp', 'enabled', 'featured', 'updatedAt'],
  booleans: ['enabled', 'featured'],
  search: ['name', 'sku', 'code'],
  // its FTS5 / pg_trgm index: migration 2026-11-25-001-catalogue-search
  searchIndex: true,
  sort: { updated: 'updatedAt', name: 'name', price: 'priceCents', stock: 'stock', priority: 'priority' },
  filters: {
    status: (value) => ['enabled', value === 'enabled'],
    stock: (value) => (value === 'in_stock' ? ['stock', '>', 0] : ['stock', '=', 0]),
    featured: (value) => ['featured', value === 'featured'],
  },
  // How many variants each product of the page has and its gallery: one query each per page.
  async decorate(db, scope, rows) {
    const galleries = await galleriesOf(db, scope, rows.map((row) => row.id));
    for (const row of rows) {
      const imageIds = galleries.get(row.id) ?? [];
      Object.assign(row, { imageIds, images: imageIds.map((id) => ({ id, url: mediaUrl(scope.storeId, id, 320) })) });
    }
    const counts = await db
      .selectFrom('variant')
      .select(['productId', (eb) => eb.fn.countAll<number>().as('count')])
      .where('storeId', '=', scope.storeId)
      .where('productId', 'in', rows.map((row) => row.id))
      .groupBy('productId')
      .execute();
    const byProduct = new Map(counts.map((row) => [row.productId, Number(row.count)]));
    for (const row of rows) (row as typeof row & { variantCount: number }).variantCount = byProduct.get(row.id) ?? 0;
  },
});

/** A product's stock follows its variants' while it has some. */
export async function syncVariantStock(db: Db, scope: StoreScope, productId: number): Promise<void> {
  const total = await db
    .selectFrom('variant')
    .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('stock').as('stock')])
    .where('storeId', '=', scope.storeId)
    .where('productId', '=', productId)
    .executeTakeFirstOrThrow();
  if (Number(total.count) === 0) return;
  await db.updateTable('product').set({ stock: Number(total.stock) }).where('storeId', '=', scope.storeId).where('id', '=', productId).execute();
}

/** The variants of one product of the store, in name order. */
export const variantsOf = (db: Db, scope: StoreScope, productId: number) =>
  db.selectFrom('variant').select(['id', 'name', 'sku', 'colorId', 'sizeId', 'priceCents', 'stock', 'enabled']).where('storeId', '=', scope.storeId).where('productId', '=', productId).orderBy('name').orderBy('id').execute();

import { CATALOG_IMAGE_SIZE } from '#common/upload-limits.ts';
import { categoryResource } from '#common/resources/taxonomy.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import { imagesOfCategoryProducts } from '#server/modules/product/product.service.ts';
import { categories, countWhere, subcategoryImagesOf } from './taxonomy.repository.ts';
import { refreshRating } from '#server/modules/review/review.service.ts';

// Deleting a category deletes its subcategories and products (seed §4; the foreign keys cascade,
// and a product's variants and reviews go with it); the confirmation says how many.
export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(categories, categoryResource, {
  slugFrom: 'name',
  images: { columns: ['imageId'], box: CATALOG_IMAGE_SIZE },
  // Its subcategories' images, and its products' galleries and variants' images, go with it.
  filesOf: async (deps, scope, id) => [...(await subcategoryImagesOf(deps.db, scope.storeId, id)), ...(await imagesOfCategoryProducts(deps, scope, id))],
  // Its products' reviews go with them: the store's rating must no longer count them.
  afterRemove: (deps, scope) => refreshRating(deps, scope),
  async cascade(deps, scope, id) {
    const [subcategories, products] = await Promise.all([countWhere(deps.db, 'subcategory', 'categoryId', scope.storeId, id), countWhere(deps.db, 'product', 'categoryId', scope.storeId, id)]);
    return { subcategories, products };
  },
});

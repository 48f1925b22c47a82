import { CATALOG_IMAGE_SIZE } from '#common/upload-limits.ts';
import { categoryResource } from '#common/resources/taxonomy.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import { imagesOfCategoryProducts } from '#server/modules/product/product.service.ts';
import { refreshRating } from '#server/modules/store/store.service.ts';
import { categories, countOfCategoryProducts, countWhere, subcategoryImagesOf } from './taxonomy.repository.ts';

// Deleting a category deletes its subcategories and products (seed §4; the foreign keys cascade,
// and a product's variants, reviews and images go with it); the confirmation says how many of each.
export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(categories, categoryResource, {
  slugFrom: 'name',
  images: { columns: ['imageId'], box: CATALOG_IMAGE_SIZE },
  // Its subcategories' images, and its products' galleries and variants' images, go with it.
  filesOf: async (deps, scope, id) => [...(await subcategoryImagesOf(deps.db, scope, id)), ...(await imagesOfCategoryProducts(deps, scope, id))],
  // Its products' reviews went with them: the store's rating no longer counts them.
  afterRemove: async (deps, scope) => {
    await refreshRating(deps, scope);
  },
  async cascade(deps, scope, id) {
    const [subcategories, products, variants, reviews, images] = await Promise.all([
      countWhere(deps.db, 'subcategory', 'categoryId', scope, id),
      countWhere(deps.db, 'product', 'categoryId', scope, id),
      countOfCategoryProducts(deps.db, 'variant', scope, id),
      countOfCategoryProducts(deps.db, 'review', scope, id),
      countOfCategoryProducts(deps.db, 'productImage', scope, id),
    ]);
    return { subcategories, products, variants, reviews, images };
  },
});

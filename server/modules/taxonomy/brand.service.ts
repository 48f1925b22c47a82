import { CATALOG_IMAGE_SIZE } from '#common/upload-limits.ts';
import { brandResource } from '#common/resources/taxonomy.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import { brands, countWhere } from './taxonomy.repository.ts';

// A brand's products keep going without it (the foreign key sets null); the confirmation says how many.
export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(brands, brandResource, {
  slugFrom: 'name',
  images: { columns: ['imageId'], box: CATALOG_IMAGE_SIZE },
  cascade: async (deps, scope, id) => ({ products: await countWhere(deps.db, 'product', 'brandId', scope, id) }),
});

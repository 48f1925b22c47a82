import { CATALOG_IMAGE_SIZE } from '#common/upload-limits.ts';
import type { FormOptions } from '#common/resource.ts';
import { subcategoryResource } from '#common/resources/taxonomy.ts';
import { ownChoices } from '#server/modules/product/product.service.ts';
import { checkOwnReferences } from '#server/modules/product/references.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { countWhere, subcategories } from './taxonomy.repository.ts';

// A subcategory belongs to a category of the same store; its products stay in their category when it goes.
export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(subcategories, subcategoryResource, {
  slugFrom: 'name',
  images: { columns: ['imageId'], box: CATALOG_IMAGE_SIZE },
  check: (deps, scope, values) => checkOwnReferences(deps, scope, values),
  cascade: async (deps, scope, id) => ({ products: await countWhere(deps.db, 'product', 'subcategoryId', scope, id) }),
});

export async function formOptions(deps: ServiceDeps, scope: StoreScope): Promise<FormOptions> {
  return { categoryId: await ownChoices(deps, scope, 'category') };
}

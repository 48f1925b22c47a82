import { LOW_STOCK_SHOWN, LOW_STOCK_THRESHOLD } from '#common/store-setup.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as setup from './catalog-setup.repository.ts';

/** The catalog's steps of the store's set-up: a first category, a first product with an image. */
export async function catalogSetup(deps: ServiceDeps, scope: StoreScope): Promise<{ category: boolean; product: boolean }> {
  const [category, product] = await Promise.all([setup.hasCategory(deps.db, scope), setup.hasProductWithImage(deps.db, scope)]);
  return { category, product };
}

/** The enabled products running out (at or under LOW_STOCK_THRESHOLD units), fewest first: the first few and the count. */
export function lowStock(deps: ServiceDeps, scope: StoreScope) {
  return setup.lowStockProducts(deps.db, scope, { threshold: LOW_STOCK_THRESHOLD, limit: LOW_STOCK_SHOWN });
}

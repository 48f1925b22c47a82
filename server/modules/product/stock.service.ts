import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';
import { syncVariantStock } from './product.repository.ts';
import { addProductStock, addVariantStock } from './stock.repository.ts';

export type StockLine = { productId: number | null; variantId: number | null; quantity: number };

/**
 * Gives back the units of a cancelled order (PRODUCT §6): to its variant when the line had one and it
 * still exists (the product's stock then follows its variants'), else to the product when it still
 * exists; a deleted product or variant takes nothing back. Runs in the caller's transaction.
 */
export async function giveBackStock(deps: ServiceDeps, scope: StoreScope, lines: readonly StockLine[]): Promise<void> {
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    if (line.variantId !== null) {
      const productId = await addVariantStock(deps.db, scope, line.variantId, line.quantity);
      if (productId !== null) await syncVariantStock(deps.db, scope, productId);
      continue;
    }
    if (line.productId === null) continue;
    // A product that got variants since keeps their sum: the sync puts it back.
    if (await addProductStock(deps.db, scope, line.productId, line.quantity)) await syncVariantStock(deps.db, scope, line.productId);
  }
}

import { CATALOG_IMAGE_SIZE } from '#common/upload-limits.ts';
import type { z } from 'zod';
import type { FormOptions } from '#common/resource.ts';
import { variantResource } from '#common/resources/product.ts';
import { toCents } from '#common/money.ts';
import { AppError } from '#server/errors.ts';
import { emitStockMove } from '#server/events/inventory.ts';
import { ownChoices, productChoices, productOfVariantId, skuInUse, syncVariantStock } from '#server/modules/product/product.service.ts';
import { variants } from './variant.repository.ts';
import { checkOwnReferences } from '#server/modules/product/references.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A product's variant (PRODUCT §5's variant): its own price and stock; the product's stock is
// the sum of its variants', kept so after every change here.

export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(variants, variantResource, {
  images: { columns: ['imageId'], box: CATALOG_IMAGE_SIZE },
  toValues(input) {
    const { price, ...rest } = input as z.output<typeof variantResource.input>;
    return { ...rest, priceCents: toCents(price) };
  },
  async check(deps, scope, values, id) {
    await checkOwnReferences(deps, scope, values);
    if (await skuInUse(deps, scope, String(values.sku ?? ''), { table: 'variant', id })) throw new AppError('validation.skuTaken', 409, { field: 'sku' });
    // A variant belongs to its product for good: moving it would leave two totals to mend.
    if (id !== undefined) {
      const before = await productOfVariantId(deps, scope, id);
      if (before !== undefined && before !== values.productId) throw new AppError('catalog.variant.staysWithProduct', 422, { field: 'productId' });
    }
  },
  afterWrite: (deps, scope, _id, values) => syncVariantStock(deps, scope, values.productId as number),
  afterRemove: async (deps, scope, rows) => {
    for (const productId of new Set(rows.map((row) => row.productId))) await syncVariantStock(deps, scope, productId);
  },
  // A variant is part of its product: its changes are the product's `product.updated` (as
  // Shopify's products/update), naming the variant; its stock's moves are `inventory.changed`.
  events: {
    kind: 'variant',
    created: 'product.updated',
    updated: 'product.updated',
    deleted: 'product.updated',
    label: (row) => row.name,
    fields: ['name', 'sku', 'priceCents', 'stock', 'enabled', 'colorId', 'sizeId', 'ivaCode'],
    also: async (tx, scope, before, after) => {
      if (before && after) await emitStockMove(tx, scope, { productId: after.productId, variantId: after.id, name: after.name, sku: after.sku, before: before.stock, after: after.stock });
    },
  },
});

/** The choices of the variant form's selects, all of the caller's store; products the first ones and the chosen one. */
export async function formOptions(deps: ServiceDeps, scope: StoreScope, values: Record<string, unknown> = {}): Promise<FormOptions> {
  const [productId, colorId, sizeId] = await Promise.all([productChoices(deps, scope, values.productId), ownChoices(deps, scope, 'color'), ownChoices(deps, scope, 'size')]);
  return { productId, colorId, sizeId };
}

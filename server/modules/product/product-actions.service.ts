import { slugify } from '#common/slug.ts';
import { AppError, notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { emitStockMove } from '#server/events/inventory.ts';
import { assertUnderPlanLimit } from '#server/modules/store/store.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { insertVariants, products, productForCopy, setOwnStock, skuTaken, syncVariantStock, variantsOf } from './product.repository.ts';
import { get } from './product.service.ts';

// What the product's list and screen do beyond the kit (issue 20 §21): a copy of a product, and
// its stock changed from the list.

/** `base`, else `base-2`, `base-3`…: the first value `taken` does not know (and this run has not used). */
async function firstFree(base: string, max: number, taken: (value: string) => Promise<boolean>, used = new Set<string>()): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${base.slice(0, max - suffix.length)}${suffix}`;
    if (!used.has(candidate) && !(await taken(candidate))) {
      used.add(candidate);
      return candidate;
    }
  }
}

/**
 * A copy of the product (issue 20 §21), inactive until the merchant reviews it, as Shopify's
 * duplicate is a draft: its fields and its variants, each SKU made unique in the store (`-2`, `-3`…)
 * and a slug of its own. Its gallery is not copied: an image belongs to one record, whose delete
 * removes its file (decision 033). Answers the copy's id.
 */
export async function duplicate(deps: ServiceDeps, scope: StoreScope, id: number, copyName: (name: string) => string): Promise<number> {
  return inTransaction(deps, async (tx) => {
    const original = await productForCopy(tx.db, scope, id);
    if (!original) throw notFound();
    await assertUnderPlanLimit(tx, scope, 'products');
    const now = tx.clock.now().toISOString();
    const name = copyName(original.name).slice(0, 160);
    const slug = await firstFree(slugify(name) || 'item', 60, (value) => products.taken(tx.db, scope, 'slug', value));
    const skus = new Set<string>();
    const freeSku = (sku: string) => (sku ? firstFree(sku, 64, (value) => skuTaken(tx.db, scope, value), skus) : Promise.resolve(''));
    const copy = await products.insert(tx.db, scope, { ...original, name, slug, sku: await freeSku(original.sku), enabled: 0, featured: 0, createdAt: now, updatedAt: now });
    const variants = await variantsOf(tx.db, scope, id);
    const rows = [];
    for (const variant of variants) rows.push({ productId: copy, name: variant.name, sku: await freeSku(variant.sku), colorId: variant.colorId, sizeId: variant.sizeId, priceCents: variant.priceCents, stock: variant.stock, ivaCode: variant.ivaCode, enabled: Number(variant.enabled), createdAt: now, updatedAt: now });
    await insertVariants(tx.db, scope, rows);
    await syncVariantStock(tx.db, scope, copy);
    const made = await get(tx, scope, copy);
    await emit(tx, { type: 'product.created', storeId: scope.storeId, resource: { kind: 'product', id: copy, label: made.name }, data: { ...made, duplicateOf: id } });
    return copy;
  });
}

/** The list's stock cell (issue 20 §21): a product's own stock; one with variants keeps theirs (a field error). */
export async function setStock(deps: ServiceDeps, scope: StoreScope, id: number, stock: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const before = await get(tx, scope, id);
    if (!(await setOwnStock(tx.db, scope, id, stock, tx.clock.now().toISOString()))) throw new AppError('catalog.product.stockFromVariants', 422, { field: 'stock' });
    if (before.stock === stock) return;
    const after = await get(tx, scope, id);
    await emit(tx, { type: 'product.updated', storeId: scope.storeId, resource: { kind: 'product', id, label: after.name }, data: { ...after }, changes: { stock: [before.stock, stock] } });
    await emitStockMove(tx, scope, { productId: id, variantId: null, name: after.name, sku: after.sku, before: before.stock, after: stock });
  });
}


import type { z } from 'zod';
import { toCents } from '#common/money.ts';
import { variantResource } from '#common/resources/product.ts';
import { gridField, MAX_GRID_ROWS, skuFromPattern } from '#common/resources/variant-grid.ts';
import { slugify } from '#common/slug.ts';
import { AppError } from '#server/errors.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { choicesOf } from './choices.repository.ts';
import { choices, get } from './product.service.ts';
import { insertVariants, skuTaken, syncVariantStock, variantsOf } from './product.repository.ts';
import { checkOwnReferences } from './references.ts';

// Variants in one step (issue 20 §17): the grid of colors × sizes and its creation.

type GridChoice = { id: number; name: string };
export type GridRow = { colorId: number | null; sizeId: number | null; name: string; sku: string; exists: boolean };

/**
 * The grid of the product's new variants: every chosen color with every chosen size (or each of
 * one kind alone), named "Rojo / M", its SKU from the pattern. A combination the product already
 * has is marked, not offered again.
 */
export async function variantGrid(deps: ServiceDeps, scope: StoreScope, productId: number, query: { colorIds: number[]; sizeIds: number[]; pattern: string }) {
  const product = await get(deps, scope, productId);
  const [colors, sizes, existing] = await Promise.all([choicesOf(deps.db, scope, 'color'), choicesOf(deps.db, scope, 'size'), variantsOf(deps.db, scope, productId)]);
  const pick = (all: GridChoice[], ids: number[]) => all.filter((choice) => ids.includes(choice.id));
  const byColor: (GridChoice | null)[] = pick(colors, query.colorIds);
  const bySize: (GridChoice | null)[] = pick(sizes, query.sizeIds);
  const rows: GridRow[] = [];
  if (byColor.length + bySize.length > 0) {
    for (const color of byColor.length ? byColor : [null]) {
      for (const size of bySize.length ? bySize : [null]) {
        rows.push({
          colorId: color?.id ?? null,
          sizeId: size?.id ?? null,
          name: [color?.name, size?.name].filter(Boolean).join(' / '),
          sku: skuFromPattern(query.pattern, { sku: product.sku || product.slug.toUpperCase(), color: color?.name, size: size?.name }, slugify),
          exists: existing.some((variant) => variant.colorId === (color?.id ?? null) && variant.sizeId === (size?.id ?? null)),
        });
      }
    }
  }
  return { product: { id: product.id, name: product.name, sku: product.sku, priceCents: product.priceCents }, colors: choices(colors), sizes: choices(sizes), rows };
}

type VariantInput = z.output<typeof variantResource.input>;

/**
 * Creates the grid's variants in one transaction, all or none: each row as the variant form
 * would (its colors and sizes the store's), no SKU twice in the grid nor one the store already has
 * (a field error on that row's cell), then the product's stock becomes their sum.
 */
export async function createVariantGrid(deps: ServiceDeps, scope: StoreScope, productId: number, rows: { row: number; input: VariantInput }[]): Promise<number> {
  if (rows.length === 0) throw new AppError('catalog.variantGrid.none', 422);
  if (rows.length > MAX_GRID_ROWS) throw new AppError('catalog.variantGrid.tooMany', 422, { vars: { max: MAX_GRID_ROWS } });
  return inTransaction(deps, async (tx) => {
    await get(tx, scope, productId);
    const now = tx.clock.now().toISOString();
    const seen = new Set<string>();
    for (const { row, input } of rows) {
      await checkOwnReferences(tx, scope, { colorId: input.colorId, sizeId: input.sizeId });
      if (!input.sku) continue;
      if (seen.has(input.sku) || (await skuTaken(tx.db, scope, input.sku))) throw new AppError('catalog.variantGrid.skuTaken', 409, { field: gridField('sku', row) });
      seen.add(input.sku);
    }
    await insertVariants(tx.db, scope, rows.map(({ input }) => ({ productId, name: input.name, sku: input.sku, colorId: input.colorId, sizeId: input.sizeId, priceCents: toCents(input.price), stock: input.stock, ivaCode: input.ivaCode, enabled: Number(input.enabled), createdAt: now, updatedAt: now })));
    await syncVariantStock(tx.db, scope, productId);
    return rows.length;
  });
}

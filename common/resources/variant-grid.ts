import { z } from '#common/zod.ts';

// Variants in one step (issue 20 §17): the colors and sizes chosen, every combination a row with
// its name, SKU, price and stock, all created in one transaction. The grid's form names each cell
// `<field>_<row>` (`sku_3`); the service's errors name the same.

/** The most rows one grid creates: 10 colors × 10 sizes. */
export const MAX_GRID_ROWS = 100;
export const DEFAULT_SKU_PATTERN = '{sku}-{color}-{size}';

/** One cell's form name. */
export const gridField = (field: 'include' | 'name' | 'sku' | 'price' | 'stock' | 'colorId' | 'sizeId', row: number) => `${field}_${row}`;

/** The grid's address: the product and what to combine, `?id=7&color=1&color=2&size=3&pattern=…`. */
export const GridQuery = z.object({
  colorIds: z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(10).catch([]),
  sizeIds: z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(10).catch([]),
  pattern: z.string().trim().max(64).catch(DEFAULT_SKU_PATTERN),
});

/** "CAM-01" + {color: "Rojo vino", size: "M"} through `{sku}-{color}-{size}` → "CAM-01-ROJO-VINO-M"; an empty part leaves no stray hyphen. */
export function skuFromPattern(pattern: string, parts: { sku: string; color?: string; size?: string }, slug: (text: string) => string): string {
  const code = (text = '') => slug(text).toUpperCase();
  return (pattern || DEFAULT_SKU_PATTERN)
    .replaceAll('{sku}', parts.sku.trim())
    .replaceAll('{color}', code(parts.color))
    .replaceAll('{size}', code(parts.size))
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 64);
}

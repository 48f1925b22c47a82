import type { MessageKey } from '#common/i18n/messages.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { taxonomyRows } from './product-csv.repository.ts';

// The catalog file's columns, and the store's slugs its taxonomy columns name: what the import
// (product-csv.service.ts) and the export (product-csv-export.service.ts) share.

export const CSV_COLUMNS = [
  'record', 'product_slug', 'variant_id', 'name', 'sku', 'code', 'description', 'category', 'subcategory', 'brand', 'color', 'size',
  'price', 'discount', 'tax', 'stock', 'weight_grams', 'unit', 'type', 'priority', 'keywords', 'featured', 'enabled', 'content',
] as const;
export type Column = (typeof CSV_COLUMNS)[number];
export type Cells = Record<Column, string>;

/** What is wrong with a file, at a line and a column (or the whole line: ''), in the caller's language's key. */
export type ImportProblem = { line: number; column: Column | ''; message: MessageKey; values?: Record<string, string | number> };

/** The columns of free text: the ones a spreadsheet could take for a formula (issue 21 §9). */
export const TEXT_COLUMNS = new Set<Column>(['name', 'sku', 'code', 'description', 'keywords', 'content']);

/** The store's taxonomy both ways: slug to id for the import, id to slug for the export. */
export type Taxonomy = {
  category: Map<string, number>; subcategory: Map<string, { id: number; categoryId: number }>; brand: Map<string, number>; color: Map<string, number>; size: Map<string, number>;
  slugOf: { category: Map<number, string>; subcategory: Map<number, string>; brand: Map<number, string>; color: Map<number, string>; size: Map<number, string> };
};

export async function loadTaxonomy(deps: ServiceDeps, scope: StoreScope): Promise<Taxonomy> {
  const { category: categories, subcategory: subcategories, brand: brands, color: colors, size: sizes } = await taxonomyRows(deps.db, scope);
  const bySlug = (list: { id: number; slug: string }[]) => new Map(list.map((row) => [row.slug, row.id]));
  const byId = (list: { id: number; slug: string }[]) => new Map(list.map((row) => [row.id, row.slug]));
  return {
    category: bySlug(categories),
    subcategory: new Map(subcategories.map((row) => [row.slug, { id: row.id, categoryId: row.categoryId }])),
    brand: bySlug(brands),
    color: bySlug(colors),
    size: bySlug(sizes),
    slugOf: { category: byId(categories), subcategory: byId(subcategories), brand: byId(brands), color: byId(colors), size: byId(sizes) },
  };
}

import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { MessageKey } from '#common/i18n/messages.ts';
import { slugify } from '#common/slug.ts';
import { PRODUCT_TYPES, PRODUCT_UNITS } from '#common/resources/product-fields.ts';
import { DESCRIPTION_MAX } from '#common/resources/product.ts';
import { sanitizePageHtml } from '#server/modules/page/page-html.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { decimalToInteger, integerToDecimal, parseFlag, parseWhole } from './csv-values.ts';
import { insertProducts, insertVariants, maxProducts, PRODUCT_FIELDS, productRows, syncStockFromVariants, taxonomyRows, updateProduct, updateVariant, VARIANT_FIELDS, variantRows } from './product-csv.repository.ts';

// The product catalog as one CSV file (issue 11 §9): a line per product and a line per variant,
// so a spreadsheet shows a product with its variants below it. Products are known by their slug
// (unique in the store), variants by their id; taxonomy by slug, looked up in the caller's store
// only — a slug or id of another store is "not found", never a link to it. Importing is all or
// nothing: a preview says what would be created, updated or left alone and lists every problem
// (line, column, message); applying does it in one transaction, or nothing when there is a problem.

export const CSV_COLUMNS = [
  'record', 'product_slug', 'variant_id', 'name', 'sku', 'code', 'description', 'category', 'subcategory', 'brand', 'color', 'size',
  'price', 'discount', 'tax', 'stock', 'weight_grams', 'unit', 'type', 'priority', 'keywords', 'featured', 'enabled', 'content',
] as const;
type Column = (typeof CSV_COLUMNS)[number];
type Cells = Record<Column, string>;

/** A file bigger than this is refused before parsing (100,000 products with variants is ~30 MB). */
export const MAX_CSV_BYTES = 40 * 1024 * 1024;
/** Problems listed at most: past this, the file is clearly not what the importer expects. */
const MAX_PROBLEMS = 200;

export type ImportProblem = { line: number; column: Column | ''; message: MessageKey; values?: Record<string, string | number> };
export type ImportCounts = { create: number; update: number; unchanged: number };
export type ImportSummary = { products: ImportCounts; variants: ImportCounts; problems: ImportProblem[]; applied: boolean };

type ProductValues = {
  name: string; slug: string; sku: string; code: string; description: string; categoryId: number; subcategoryId: number | null; brandId: number | null;
  colorId: number | null; sizeId: number | null; priceCents: number; discountBp: number; taxBp: number; stock: number; weightGrams: number | null;
  unit: string; type: string; priority: number; keywords: string; featured: number; enabled: number; content: string;
};
type VariantValues = { name: string; sku: string; colorId: number | null; sizeId: number | null; priceCents: number; stock: number; enabled: number };

type Taxonomy = {
  category: Map<string, number>; subcategory: Map<string, { id: number; categoryId: number }>; brand: Map<string, number>; color: Map<string, number>; size: Map<string, number>;
  slugOf: { category: Map<number, string>; subcategory: Map<number, string>; brand: Map<number, string>; color: Map<number, string>; size: Map<number, string> };
};

async function loadTaxonomy(deps: ServiceDeps, scope: StoreScope): Promise<Taxonomy> {
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

const loadProducts = (deps: ServiceDeps, scope: StoreScope) => productRows(deps.db, scope);
const loadVariants = (deps: ServiceDeps, scope: StoreScope) => variantRows(deps.db, scope);

/** The whole catalog as CSV text: each product, then its variants. */
export async function exportCatalog(deps: ServiceDeps, scope: StoreScope): Promise<string> {
  const [taxonomy, products, variants] = await Promise.all([loadTaxonomy(deps, scope), loadProducts(deps, scope), loadVariants(deps, scope)]);
  const variantsOf = Map.groupBy(variants, (variant) => variant.productId);
  const slug = (kind: keyof Taxonomy['slugOf'], id: number | null) => (id === null ? '' : (taxonomy.slugOf[kind].get(id) ?? ''));
  const lines: string[][] = [[...CSV_COLUMNS]];
  const blank = Object.fromEntries(CSV_COLUMNS.map((column) => [column, ''])) as Cells;
  const row = (cells: Partial<Cells>) => CSV_COLUMNS.map((column) => cells[column] ?? blank[column]);
  for (const product of products) {
    lines.push(row({
      record: 'product', product_slug: product.slug, name: product.name, sku: product.sku, code: product.code, description: product.description,
      category: slug('category', product.categoryId), subcategory: slug('subcategory', product.subcategoryId), brand: slug('brand', product.brandId),
      color: slug('color', product.colorId), size: slug('size', product.sizeId), price: integerToDecimal(product.priceCents, 2),
      discount: integerToDecimal(product.discountBp, 2), tax: integerToDecimal(product.taxBp, 2), stock: String(product.stock),
      weight_grams: product.weightGrams === null ? '' : String(product.weightGrams), unit: product.unit, type: product.type, priority: String(product.priority),
      keywords: product.keywords, featured: String(product.featured), enabled: String(product.enabled), content: product.content,
    }));
    for (const variant of variantsOf.get(product.id) ?? []) {
      lines.push(row({
        record: 'variant', product_slug: product.slug, variant_id: String(variant.id), name: variant.name, sku: variant.sku, color: slug('color', variant.colorId),
        size: slug('size', variant.sizeId), price: integerToDecimal(variant.priceCents, 2), stock: String(variant.stock), enabled: String(variant.enabled),
      }));
    }
  }
  // A BOM so that spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${stringify(lines)}`;
}

type ParsedLine = { line: number; cells: Cells };

/**
 * A comma is what we export; a semicolon is what a Spanish-language spreadsheet saves (its decimal
 * comma taken). The header line says which: it has no decimals, only column names.
 */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

function readCsv(text: string, problems: ImportProblem[]): ParsedLine[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      delimiter: delimiterOf(text),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
      info: true,
    }) as never;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    problems.push({ line, column: '', message: 'productCsv.unreadable' });
    return [];
  }
  const header = records[0] ? Object.keys(records[0].record) : [];
  const missing = CSV_COLUMNS.filter((column) => column !== 'content' && !header.includes(column));
  if (records.length > 0 && missing.length > 0) {
    problems.push({ line: 1, column: '', message: 'productCsv.missingColumns', values: { columns: missing.join(', ') } });
    return [];
  }
  return records.map(({ record, info }) => ({
    // info.lines is the line the record ends on; a record with a line break inside a quoted cell
    // starts earlier, but the end is where a spreadsheet's row number points for one-line records.
    line: info.lines,
    cells: Object.fromEntries(CSV_COLUMNS.map((column) => [column, String(record[column] ?? '')])) as Cells,
  }));
}

type PlannedProduct = { line: number; existingId: number | null; values: ProductValues; changed: boolean };
type PlannedVariant = { line: number; existingId: number | null; productSlug: string; values: VariantValues; changed: boolean };

function differs<T extends Record<string, unknown>>(before: T | undefined, after: T, fields: readonly (keyof T)[]): boolean {
  return !before || fields.some((field) => before[field] !== after[field]);
}

/** Reads and checks the file against the store; changes nothing. */
async function plan(deps: ServiceDeps, scope: StoreScope, text: string) {
  const problems: ImportProblem[] = [];
  const lines = readCsv(text, problems);
  const [taxonomy, products, variants, limit] = await Promise.all([
    loadTaxonomy(deps, scope),
    loadProducts(deps, scope),
    loadVariants(deps, scope),
    maxProducts(deps.db, scope),
  ]);
  const productBySlug = new Map(products.map((product) => [product.slug, product]));
  const variantById = new Map(variants.map((variant) => [variant.id, variant]));
  const takenSlugs = new Set(products.map((product) => product.slug));
  const plannedProducts: PlannedProduct[] = [];
  const plannedVariants: PlannedVariant[] = [];
  const seenSlugs = new Set<string>();
  const seenVariants = new Set<number>();

  for (const { line, cells } of lines) {
    if (problems.length >= MAX_PROBLEMS) break;
    const problem = (column: Column, message: MessageKey, values?: ImportProblem['values']) => problems.push({ line, column, message, values });
    const text = (column: Column, max: number, required = false): string => {
      const value = cells[column].trim();
      if (required && value === '') problem(column, 'validation.required');
      else if (value.length > max) problem(column, 'productCsv.tooLong', { max });
      return value;
    };
    const money = (column: Column, required: boolean): number => {
      const value = cells[column].trim();
      if (value === '' && !required) return 0;
      const cents = decimalToInteger(value, 2);
      if (value === '') problem(column, 'validation.required');
      else if (cents === null || cents < 0 || cents > 100_000_000) problem(column, 'productCsv.money');
      return cents ?? 0;
    };
    const percent = (column: Column, fallback: number): number => {
      const value = cells[column].trim();
      if (value === '') return fallback;
      const bp = decimalToInteger(value, 2);
      if (bp === null || bp < 0 || bp > 10_000) problem(column, 'productCsv.percent');
      return bp ?? 0;
    };
    const whole = (column: Column, min: number, max: number, fallback: number): number => {
      const value = cells[column].trim();
      if (value === '') return fallback;
      const number = parseWhole(value);
      if (number === null || number < min || number > max) problem(column, 'productCsv.whole', { min, max });
      return number ?? fallback;
    };
    const flag = (column: Column, fallback: boolean): number => {
      const value = cells[column].trim();
      if (value === '') return Number(fallback);
      const parsed = parseFlag(value);
      if (parsed === null) problem(column, 'productCsv.flag');
      return Number(parsed ?? fallback);
    };
    const ref = (column: 'brand' | 'color' | 'size', map: Map<string, number>): number | null => {
      const value = cells[column].trim().toLowerCase();
      if (value === '') return null;
      const id = map.get(value);
      if (id === undefined) problem(column, 'productCsv.unknownSlug', { slug: value });
      return id ?? null;
    };

    const record = cells.record.trim().toLowerCase();
    if (record === 'product') {
      const name = text('name', 160, true);
      let slug = cells.product_slug.trim().toLowerCase();
      if (slug !== '' && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) problem('product_slug', 'validation.slug');
      else if (slug.length > 160) problem('product_slug', 'productCsv.tooLong', { max: 160 });
      if (slug === '') {
        // A new product: its slug comes from its name, made free of every slug in use.
        const base = slugify(name, 150) || 'producto';
        slug = base;
        for (let n = 2; takenSlugs.has(slug) || seenSlugs.has(slug); n += 1) slug = `${base}-${n}`;
      } else if (seenSlugs.has(slug)) {
        problem('product_slug', 'productCsv.duplicateProduct', { slug });
      }
      seenSlugs.add(slug);
      const categorySlug = cells.category.trim().toLowerCase();
      const categoryId = categorySlug === '' ? undefined : taxonomy.category.get(categorySlug);
      if (categorySlug === '') problem('category', 'validation.required');
      else if (categoryId === undefined) problem('category', 'productCsv.unknownSlug', { slug: categorySlug });
      const subcategorySlug = cells.subcategory.trim().toLowerCase();
      const subcategory = subcategorySlug === '' ? null : taxonomy.subcategory.get(subcategorySlug);
      if (subcategory === undefined) problem('subcategory', 'productCsv.unknownSlug', { slug: subcategorySlug });
      else if (subcategory && categoryId !== undefined && subcategory.categoryId !== categoryId) problem('subcategory', 'productCsv.subcategoryElsewhere', { slug: subcategorySlug });
      const unit = cells.unit.trim() || 'standard';
      if (!(PRODUCT_UNITS as readonly string[]).includes(unit)) problem('unit', 'productCsv.oneOf', { values: PRODUCT_UNITS.join(', ') });
      const type = cells.type.trim() || 'piece';
      if (!(PRODUCT_TYPES as readonly string[]).includes(type)) problem('type', 'productCsv.oneOf', { values: PRODUCT_TYPES.join(', ') });
      const weight = cells.weight_grams.trim();
      const values: ProductValues = {
        name,
        slug,
        sku: text('sku', 64),
        code: text('code', 64),
        // Formatted text as the form saves it (issue 20 §19): HTML, sanitized as a page's content.
        description: sanitizePageHtml(text('description', DESCRIPTION_MAX)),
        categoryId: categoryId ?? 0,
        subcategoryId: subcategory?.id ?? null,
        brandId: ref('brand', taxonomy.brand),
        colorId: ref('color', taxonomy.color),
        sizeId: ref('size', taxonomy.size),
        priceCents: money('price', true),
        discountBp: percent('discount', 0),
        taxBp: percent('tax', 1500),
        stock: whole('stock', 0, 1_000_000_000, 0),
        weightGrams: weight === '' ? null : whole('weight_grams', 0, 10_000_000, 0),
        unit,
        type,
        priority: whole('priority', -1000, 1000, 0),
        keywords: text('keywords', 500),
        featured: flag('featured', false),
        enabled: flag('enabled', true),
        content: cells.content,
      };
      const existing = productBySlug.get(slug);
      plannedProducts.push({ line, existingId: existing?.id ?? null, values, changed: differs(existing, values, PRODUCT_FIELDS) });
    } else if (record === 'variant') {
      const productSlug = cells.product_slug.trim().toLowerCase();
      if (productSlug === '') problem('product_slug', 'validation.required');
      const idText = cells.variant_id.trim();
      let existing: (typeof variants)[number] | undefined;
      if (idText !== '') {
        const id = parseWhole(idText);
        existing = id === null ? undefined : variantById.get(id);
        // Another store's variant id is unknown here, exactly like an id that never existed.
        if (!existing) problem('variant_id', 'productCsv.unknownVariant', { id: idText });
        else if (seenVariants.has(existing.id)) problem('variant_id', 'productCsv.duplicateVariant', { id: idText });
        else seenVariants.add(existing.id);
      }
      const values: VariantValues = {
        name: text('name', 160, true),
        sku: text('sku', 64),
        colorId: ref('color', taxonomy.color),
        sizeId: ref('size', taxonomy.size),
        priceCents: money('price', true),
        stock: whole('stock', 0, 1_000_000_000, 0),
        enabled: flag('enabled', true),
      };
      plannedVariants.push({ line, existingId: existing?.id ?? null, productSlug, values, changed: differs(existing, values, VARIANT_FIELDS) });
    } else {
      problem('record', 'productCsv.record');
    }
  }

  // Variants belong to a product of the file or of the store, and an existing variant stays with its product.
  const productIdBySlug = new Map(products.map((product) => [product.slug, product.id]));
  for (const variant of plannedVariants) {
    if (variant.productSlug === '') continue;
    const known = seenSlugs.has(variant.productSlug) || productIdBySlug.has(variant.productSlug);
    if (!known) problems.push({ line: variant.line, column: 'product_slug', message: 'productCsv.unknownProduct', values: { slug: variant.productSlug } });
    else if (variant.existingId !== null && variantById.get(variant.existingId)?.productId !== productIdBySlug.get(variant.productSlug)) {
      problems.push({ line: variant.line, column: 'variant_id', message: 'productCsv.variantMoved', values: { id: variant.existingId } });
    }
  }

  // The plan's product limit counts what the store would have after the import.
  const creates = plannedProducts.filter((product) => product.existingId === null);
  const max = limit;
  if (max !== null && products.length + creates.length > max) {
    const first = creates[Math.max(0, max - products.length)];
    problems.push({ line: first?.line ?? 1, column: '', message: 'productCsv.overLimit', values: { limit: max } });
  }
  if (lines.length === 0 && problems.length === 0) problems.push({ line: 1, column: '', message: 'productCsv.empty' });
  problems.sort((a, b) => a.line - b.line);

  const count = <T extends { existingId: number | null; changed: boolean }>(list: T[]): ImportCounts => ({
    create: list.filter((item) => item.existingId === null).length,
    update: list.filter((item) => item.existingId !== null && item.changed).length,
    unchanged: list.filter((item) => item.existingId !== null && !item.changed).length,
  });
  return { problems: problems.slice(0, MAX_PROBLEMS), plannedProducts, plannedVariants, counts: { products: count(plannedProducts), variants: count(plannedVariants) }, productIdBySlug };
}

/** What importing the file would do, and every problem in it; changes nothing. */
export async function previewImport(deps: ServiceDeps, scope: StoreScope, text: string): Promise<ImportSummary> {
  const { problems, counts } = await plan(deps, scope, text);
  return { ...counts, problems, applied: false };
}

/** Imports the file in one transaction when it has no problem; otherwise changes nothing. */
export async function applyImport(deps: ServiceDeps, scope: StoreScope, text: string): Promise<ImportSummary> {
  return inTransaction(deps, async (tx) => {
    // Planned inside the transaction, so what is checked is what is written.
    const planned = await plan(tx, scope, text);
    if (planned.problems.length > 0) return { ...planned.counts, problems: planned.problems, applied: false };
    const now = tx.clock.now().toISOString();
    const productIds = new Map(planned.productIdBySlug);
    const created = await insertProducts(tx.db, scope, planned.plannedProducts.filter((product) => product.existingId === null).map((product) => ({ ...product.values, createdAt: now, updatedAt: now })));
    for (const [slug, id] of created) productIds.set(slug, id);
    for (const product of planned.plannedProducts) {
      if (product.existingId !== null && product.changed) await updateProduct(tx.db, scope, product.existingId, { ...product.values, updatedAt: now });
    }
    const newVariants = planned.plannedVariants.filter((variant) => variant.existingId === null);
    await insertVariants(tx.db, scope, newVariants.map((variant) => ({ ...variant.values, productId: productIds.get(variant.productSlug)!, imageId: null, createdAt: now, updatedAt: now })));
    for (const variant of planned.plannedVariants) {
      if (variant.existingId !== null && variant.changed) await updateVariant(tx.db, scope, variant.existingId, { ...variant.values, updatedAt: now });
    }
    // A product with variants shows their total, as the screens keep it.
    await syncStockFromVariants(tx.db, scope);
    return { ...planned.counts, problems: [], applied: true };
  });
}

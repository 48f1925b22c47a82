import type { z } from 'zod';
import { DEFAULT_IVA_CODE, ivaCodeFromText } from '#common/iva.ts';
import { FreeSlugs } from '#common/free-slug.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { slugify } from '#common/slug.ts';
import { PRODUCT_TYPES, PRODUCT_UNITS } from '#common/resources/product-fields.ts';
import { productResource, variantResource } from '#common/resources/product.ts';
import { sanitizePageHtml } from '#server/modules/page/page-html.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type Column, type ImportProblem, loadTaxonomy } from './csv-columns.ts';
import type { ReadFile } from './csv-read.ts';
import { decimalToInteger, parseFlag, parseWhole } from './csv-values.ts';
import { Turns } from './csv-turns.ts';
import type { Writes } from './csv-write.ts';
import { changedFields, type FieldChanges } from '#server/events/events.ts';
import { PRODUCT_EVENT_FIELDS } from '#server/modules/product/product.service.ts';
import { maxProducts, PRODUCT_FIELDS, productPage, VARIANT_FIELDS, variantPage } from './product-csv.repository.ts';

// The import's plan (issue 11 §9): what a read file would create, update or leave alone in the
// store, and every problem with its line and column, checked against the catalog read page by page
// with turns for other requests (csv-turns.ts, decision 085); then what it writes, as csv-write.ts
// takes it. Changes nothing: product-csv.service.ts previews it or applies it.

/** Records read from the database per query (the turns between the records' passes are csv-turns.ts's). */
const PAGE = 1000;
/** Problems listed at most: past this, the file is clearly not what the importer expects. */
const MAX_PROBLEMS = 200;

export type ImportCounts = { create: number; update: number; unchanged: number };
/** A new product with the name of another (in the store or earlier in the file): created only when the merchant confirms. */
export type LikelyDuplicate = { line: number; name: string };
/** `createDuplicates`: the merchant confirmed that the likely duplicates are new products. */
export type ImportOptions = { createDuplicates?: boolean };

type ProductValues = {
  name: string; slug: string; sku: string; code: string; description: string; categoryId: number; subcategoryId: number | null; brandId: number | null;
  colorId: number | null; sizeId: number | null; priceCents: number; discountBp: number; ivaCode: string; stock: number; weightGrams: number | null;
  unit: string; type: string; priority: number; keywords: string; featured: number; enabled: number; content: string;
};
type VariantValues = { name: string; sku: string; colorId: number | null; sizeId: number | null; priceCents: number; stock: number; ivaCode: string | null; enabled: number };

/** Every record of a table of the store, page by page, with a turn for other requests between pages. */
async function loadAll<T extends { id: number }>(page: (afterId: number, limit: number) => Promise<T[]>, turns: Turns): Promise<T[]> {
  const all: T[] = [];
  for (let after = 0; ; ) {
    const rows = await page(after, PAGE);
    for (const row of rows) all.push(row);
    if (rows.length < PAGE) return all;
    after = rows[rows.length - 1]!.id;
    await turns.give();
  }
}

/**
 * Each record's key (null: none) added to `into`, with turns. One map a pass: a map that grows past
 * 2^n entries copies all of them into a table twice the size, and five maps doing it at the same
 * record held a loaded process 50–70 ms (issue 36 §10).
 */
async function keyed<T, K>(records: readonly T[], key: (record: T) => K | null, into: (key: K, record: T) => void, turns: Turns): Promise<void> {
  for (const record of records) {
    const value = key(record);
    if (value !== null) into(value, record);
    await turns.step();
  }
}

type CatalogProduct = Awaited<ReturnType<typeof productPage>>[number];
type CatalogVariant = Awaited<ReturnType<typeof variantPage>>[number];

/**
 * The store's catalog as the plan looks it up, every map built with turns: the maps of 100,000
 * products and 150,000 variants held the process ~0.9 s in one turn (issue 36 §10).
 */
async function loadCatalog(deps: ServiceDeps, scope: StoreScope, turns: Turns) {
  const products = await loadAll((after, limit) => productPage(deps.db, scope, after, limit), turns);
  const productBySlug = new Map<string, CatalogProduct>();
  await keyed(products, (product) => product.slug, (slug, product) => productBySlug.set(slug, product), turns);
  // Issue 20 §4: a row without a slug (or variant id) finds its record by SKU, as Shopify's by handle.
  const productBySku = new Map<string, CatalogProduct>();
  await keyed(products, (product) => product.sku || null, (sku, product) => productBySku.set(sku, product), turns);
  const names = new Set<string>();
  await keyed(products, (product) => sameName(product.name), (name) => names.add(name), turns);
  // Seeded with the store's slugs; a counter per base makes n rows of one name linear (issue 21 §1).
  const freeSlugs = new FreeSlugs([]);
  await keyed(products, (product) => product.slug, (slug) => freeSlugs.add(slug), turns);
  const variants = await loadAll((after, limit) => variantPage(deps.db, scope, after, limit), turns);
  const variantById = new Map<number, CatalogVariant>();
  await keyed(variants, (variant) => variant.id, (id, variant) => variantById.set(id, variant), turns);
  const variantBySku = new Map<string, CatalogVariant>();
  await keyed(variants, (variant) => variant.sku || null, (sku, variant) => variantBySku.set(sku, variant), turns);
  return { productCount: products.length, productBySlug, productBySku, names, freeSlugs, variantById, variantBySku };
}

type PlannedProduct = { line: number; existingId: number | null; values: ProductValues; changed: boolean; skuChanged: boolean; duplicate: boolean; changes: FieldChanges };
type PlannedVariant = { line: number; existingId: number | null; productSlug: string; values: VariantValues; changed: boolean; skuChanged: boolean; skipped: boolean; changes: FieldChanges };

/** An existing record whose SKU the file changes: it gives its old SKU up before any record takes one (applyImport). */
const givesUpSku = (existing: { sku: string } | undefined, values: { sku: string }) => existing !== undefined && existing.sku !== values.sku;

/** The fields of a product whose before and after an import's `product.updated` records (those the file holds). */
const CSV_EVENT_FIELDS = PRODUCT_FIELDS.filter((field) => (PRODUCT_EVENT_FIELDS as readonly string[]).includes(field));

function differs<T extends Record<string, unknown>>(before: T | undefined, after: T, fields: readonly (keyof T)[]): boolean {
  return !before || fields.some((field) => before[field] !== after[field]);
}

/** A name as two products would be "the same": trimmed, one letter case, composed accents. */
// toLowerCase, not toLocaleLowerCase('es'): Spanish has no casing rules of its own, and ICU's locale
// path cost ~0.5 s of one turn for a store of 100,000 products (issue 36 §10).
const sameName = (name: string) => name.trim().normalize('NFC').toLowerCase();

// The form's and the API's schema is the import's too (issue 21 §10): a row is checked by the
// same rules and limits (content ≤ 20,000 characters…), each failure a problem of its column.
const PRODUCT_COLUMN: Record<string, Column> = {
  name: 'name', slug: 'product_slug', description: 'description', code: 'code', sku: 'sku', categoryId: 'category', subcategoryId: 'subcategory', brandId: 'brand',
  colorId: 'color', sizeId: 'size', priority: 'priority', keywords: 'keywords', content: 'content', unit: 'unit', type: 'type', stock: 'stock',
  weightGrams: 'weight_grams', price: 'price', discount: 'discount', tax: 'tax', enabled: 'enabled', featured: 'featured',
};
const VARIANT_COLUMN: Record<string, Column> = { productId: 'product_slug', name: 'name', sku: 'sku', colorId: 'color', sizeId: 'size', price: 'price', stock: 'stock', enabled: 'enabled' };

/** The row's values through the resource's schema; its failures become problems (one per column: the CSV's own reading speaks first). */
function throughSchema<S extends z.ZodType>(schema: S, input: Record<string, unknown>, line: number, columnOf: Record<string, Column>, problems: ImportProblem[]): z.output<S> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const column = columnOf[String(issue.path[0])] ?? '';
    if (problems.some((problem) => problem.line === line && problem.column === column)) continue;
    const max = issue.code === 'too_big' ? Number(issue.maximum) : null;
    if (max !== null && issue.message === 'validation.tooLong') problems.push({ line, column, message: 'productCsv.tooLong', values: { max } });
    else problems.push({ line, column, message: issue.message as MessageKey });
  }
  return null;
}

export type Plan = Awaited<ReturnType<typeof plan>>;

/** Checks the read file against the store; changes nothing. */
export async function plan(deps: ServiceDeps, scope: StoreScope, file: ReadFile, options: ImportOptions) {
  const problems: ImportProblem[] = [...file.problems];
  const { lines } = file;
  // Every pass below over the file's rows or the catalog takes its turns from this (csv-turns.ts).
  const turns = new Turns();
  const taxonomy = await loadTaxonomy(deps, scope);
  const { productCount, productBySlug, productBySku, names, freeSlugs, variantById, variantBySku } = await loadCatalog(deps, scope, turns);
  const limit = await maxProducts(deps.db, scope);
  const plannedProducts: PlannedProduct[] = [];
  const plannedVariants: PlannedVariant[] = [];
  const duplicates: LikelyDuplicate[] = [];
  let duplicateCount = 0;
  const seenSlugs = new Set<string>();
  const seenProducts = new Set<number>();
  const seenVariants = new Set<number>();

  for (const { line, cells } of lines) {
    if (problems.length >= MAX_PROBLEMS) break;
    await turns.step();
    const problem = (column: Column, message: MessageKey, values?: ImportProblem['values']) => problems.push({ line, column, message, values });
    // Lengths and "required" are the schema's (below); here only what the CSV itself needs.
    const text = (column: Column): string => cells[column].trim();
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
    // The IVA as a rate or its word (15, 5, 0, exento, no objeto): any other is refused, never
    // taken as the nearest one (decision 087). Blank: `fallback` (a variant's: its product's).
    const iva = <T extends string | null>(fallback: T): string | T => {
      const value = cells.tax.trim();
      if (value === '') return fallback;
      const code = ivaCodeFromText(value);
      if (code === null) problem('tax', 'productCsv.ivaRate', { value });
      return code ?? fallback;
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
      const name = text('name');
      const typed = cells.product_slug.trim().toLowerCase();
      const sku = text('sku');
      let existing = typed === '' ? undefined : productBySlug.get(typed);
      if (typed === '' && sku !== '') existing = productBySku.get(sku);
      let slug = existing?.slug ?? typed;
      if (typed !== '' && seenSlugs.has(typed)) problem('product_slug', 'productCsv.duplicateProduct', { slug: typed });
      else if (existing && seenProducts.has(existing.id)) problem('sku', 'productCsv.duplicateProduct', { slug: existing.slug });
      if (slug === '') slug = freeSlugs.take(slugify(name) || 'producto');
      else freeSlugs.add(slug);
      seenSlugs.add(slug);
      if (existing) seenProducts.add(existing.id);
      // A new product named like another (in the store, or earlier in the file) is likely the same
      // one imported again: it waits for the merchant's confirmation (issue 20 §4).
      const duplicate = !existing && name !== '' && names.has(sameName(name));
      if (duplicate && (duplicateCount += 1) <= MAX_PROBLEMS) duplicates.push({ line, name });
      if (!existing) names.add(sameName(name));
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
        sku,
        code: text('code'),
        // Formatted text as the form saves it (issue 20 §19): HTML, sanitized as a page's content.
        description: sanitizePageHtml(text('description')),
        categoryId: categoryId ?? 0,
        subcategoryId: subcategory?.id ?? null,
        brandId: ref('brand', taxonomy.brand),
        colorId: ref('color', taxonomy.color),
        sizeId: ref('size', taxonomy.size),
        priceCents: money('price', true),
        discountBp: percent('discount', 0),
        // Left blank, a product keeps its IVA; a new one starts at the general rate, as in the form.
        ivaCode: iva(existing?.ivaCode ?? DEFAULT_IVA_CODE),
        stock: whole('stock', 0, 1_000_000_000, 0),
        weightGrams: weight === '' ? null : whole('weight_grams', 0, 10_000_000, 0),
        unit,
        type,
        priority: whole('priority', -1000, 1000, 0),
        keywords: text('keywords'),
        featured: flag('featured', false),
        enabled: flag('enabled', true),
        content: cells.content,
      };
      const checked = throughSchema(productResource.input, {
        ...values,
        // a slug is checked as the form checks a typed one; a record's own slug is its key, whatever its length
        slug: existing ? '' : typed,
        categoryId: categoryId ?? null,
        price: values.priceCents / 100,
        discount: values.discountBp / 100,
        ivaCode: values.ivaCode,
        featured: values.featured === 1,
        enabled: values.enabled === 1,
        imageIds: undefined,
      }, line, PRODUCT_COLUMN, problems);
      // the schema's text as the form would save it (trimmed)
      if (checked) Object.assign(values, { name: checked.name, sku: checked.sku, code: checked.code, description: checked.description, keywords: checked.keywords, content: checked.content });
      plannedProducts.push({ line, existingId: existing?.id ?? null, values, changed: differs(existing, values, PRODUCT_FIELDS), skuChanged: givesUpSku(existing, values), duplicate: duplicate && !options.createDuplicates, changes: existing ? changedFields(existing, values, CSV_EVENT_FIELDS) : {} });
    } else if (record === 'variant') {
      const productSlug = cells.product_slug.trim().toLowerCase();
      if (productSlug === '') problem('product_slug', 'validation.required');
      const idText = cells.variant_id.trim();
      const sku = text('sku');
      let existing: CatalogVariant | undefined;
      if (idText !== '') {
        const id = parseWhole(idText);
        existing = id === null ? undefined : variantById.get(id);
        // Another store's variant id is unknown here, exactly like an id that never existed.
        if (!existing) problem('variant_id', 'productCsv.unknownVariant', { id: idText });
      } else if (sku !== '') {
        existing = variantBySku.get(sku);
      }
      if (existing && seenVariants.has(existing.id)) problem(idText !== '' ? 'variant_id' : 'sku', 'productCsv.duplicateVariant', { id: existing.id });
      else if (existing) seenVariants.add(existing.id);
      const values: VariantValues = {
        name: text('name'),
        sku,
        colorId: ref('color', taxonomy.color),
        sizeId: ref('size', taxonomy.size),
        priceCents: money('price', true),
        stock: whole('stock', 0, 1_000_000_000, 0),
        ivaCode: iva(null),
        enabled: flag('enabled', true),
      };
      const checked = throughSchema(variantResource.input, { ...values, productId: 1, price: values.priceCents / 100, enabled: values.enabled === 1, imageId: undefined }, line, VARIANT_COLUMN, problems);
      if (checked) Object.assign(values, { name: checked.name, sku: checked.sku });
      plannedVariants.push({ line, existingId: existing?.id ?? null, productSlug, values, changed: differs(existing, values, VARIANT_FIELDS), skuChanged: givesUpSku(existing, values), skipped: false, changes: existing ? changedFields(existing, values, VARIANT_FIELDS) : {} });
    } else {
      problem('record', 'productCsv.record');
    }
  }

  // Variants belong to a product of the file or of the store, and an existing variant stays with its product.
  // Each pass over the planned records below takes its turns too: together they held ~0.9 s of one
  // turn after the row loop at 100,000 rows (issue 36 §10).
  const waiting = new Set<string>();
  for (const product of plannedProducts) {
    if (product.duplicate) waiting.add(product.values.slug);
    await turns.step();
  }
  for (const variant of plannedVariants) {
    await turns.step();
    if (variant.productSlug === '') continue;
    const known = seenSlugs.has(variant.productSlug) || productBySlug.has(variant.productSlug);
    if (!known) problems.push({ line: variant.line, column: 'product_slug', message: 'productCsv.unknownProduct', values: { slug: variant.productSlug } });
    else if (variant.existingId !== null && variantById.get(variant.existingId)?.productId !== productBySlug.get(variant.productSlug)?.id) {
      problems.push({ line: variant.line, column: 'variant_id', message: 'productCsv.variantMoved', values: { id: variant.existingId } });
    }
    // the variants of a likely duplicate wait with it
    if (variant.existingId === null && waiting.has(variant.productSlug)) variant.skipped = true;
  }

  // A SKU names one product or variant of the store (issue 20 §4): a record of the file may not take
  // one that a record left out of the file keeps, nor one that another line of the file takes.
  const inFileProducts = new Set<number | null>();
  for (const product of plannedProducts) {
    inFileProducts.add(product.existingId);
    await turns.step();
  }
  const inFileVariants = new Set<number | null>();
  for (const variant of plannedVariants) {
    inFileVariants.add(variant.existingId);
    await turns.step();
  }
  const claims = new Map<string, number>();
  const claim = (line: number, sku: string, own: { product?: number | null; variant?: number | null }) => {
    if (sku === '') return;
    const product = productBySku.get(sku);
    const variant = variantBySku.get(sku);
    if (claims.has(sku)) problems.push({ line, column: 'sku', message: 'productCsv.duplicateSku', values: { sku, line: claims.get(sku)! } });
    else if ((product && product.id !== own.product && !inFileProducts.has(product.id)) || (variant && variant.id !== own.variant && !inFileVariants.has(variant.id))) {
      problems.push({ line, column: 'sku', message: 'validation.skuTaken' });
    }
    if (!claims.has(sku)) claims.set(sku, line);
  };
  // What is written (the likely duplicates and their variants wait), and what is counted.
  const kept = { products: [] as PlannedProduct[], variants: [] as PlannedVariant[] };
  for (const product of plannedProducts) {
    if (!product.duplicate) {
      claim(product.line, product.values.sku, { product: product.existingId });
      kept.products.push(product);
    }
    await turns.step();
  }
  for (const variant of plannedVariants) {
    if (!variant.skipped) {
      claim(variant.line, variant.values.sku, { variant: variant.existingId });
      kept.variants.push(variant);
    }
    await turns.step();
  }

  const count = async <T extends { existingId: number | null; changed: boolean }>(list: T[]): Promise<ImportCounts> => {
    const counts: ImportCounts = { create: 0, update: 0, unchanged: 0 };
    for (const item of list) {
      if (item.existingId === null) counts.create += 1;
      else if (item.changed) counts.update += 1;
      else counts.unchanged += 1;
      await turns.step();
    }
    return counts;
  };
  const counts = { products: await count(kept.products), variants: await count(kept.variants) };

  // The plan's product limit counts what the store would have after the import.
  const max = limit;
  if (max !== null && productCount + counts.products.create > max) {
    const first = kept.products.filter((product) => product.existingId === null)[Math.max(0, max - productCount)];
    problems.push({ line: first?.line ?? 1, column: '', message: 'productCsv.overLimit', values: { limit: max } });
  }
  if (lines.length === 0 && problems.length === 0) problems.push({ line: 1, column: '', message: 'productCsv.empty' });
  problems.sort((a, b) => a.line - b.line);

  return {
    problems: problems.slice(0, MAX_PROBLEMS),
    plannedProducts: kept.products,
    plannedVariants: kept.variants,
    counts,
    productBySlug,
    duplicates,
    duplicateCount,
  };
}

/** What the plan writes, as csv-write.ts takes it: one pass over each planned list, with turns. */
export async function writesOf(planned: Plan, now: string): Promise<Writes> {
  const turns = new Turns();
  // the ids of the store's products that new variants name; csv-write.ts adds the new products' as it writes them
  const writes: Writes = { releaseProductSkus: [], releaseVariantSkus: [], newProducts: [], changedProducts: [], newVariants: [], changedVariants: [], productIds: new Map(), changes: new Map() };
  for (const { existingId, values, changed, skuChanged, changes } of planned.plannedProducts) {
    if (existingId === null) writes.newProducts.push({ ...values, createdAt: now, updatedAt: now });
    else {
      if (skuChanged) writes.releaseProductSkus.push(existingId);
      if (changed) writes.changedProducts.push({ ...values, id: existingId, updatedAt: now });
      if (changed) writes.changes.set(`product:${existingId}`, changes);
    }
    await turns.step();
  }
  for (const { existingId, values, changed, skuChanged, productSlug, changes } of planned.plannedVariants) {
    if (existingId === null) {
      writes.newVariants.push({ ...values, productSlug, imageId: null, createdAt: now, updatedAt: now });
      const product = planned.productBySlug.get(productSlug);
      if (product) writes.productIds.set(productSlug, product.id);
    }
    else {
      if (skuChanged) writes.releaseVariantSkus.push(existingId);
      if (changed) writes.changedVariants.push({ ...values, id: existingId, updatedAt: now });
      if (changed) writes.changes.set(`variant:${existingId}`, changes);
    }
    await turns.step();
  }
  return writes;
}

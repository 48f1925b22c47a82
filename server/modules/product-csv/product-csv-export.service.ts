import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { asIvaCode, ivaCodeToText } from '#common/iva.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type Cells, CSV_COLUMNS, loadTaxonomy, type Taxonomy, TEXT_COLUMNS } from './csv-columns.ts';
import { csvLines, integerToDecimal, neutraliseCell } from './csv-values.ts';
import { productPage, variantsOfProducts } from './product-csv.repository.ts';

// The catalog as one CSV file (issue 11 §9), written out: a line per product and a line per
// variant below it. The import that reads it back is product-csv.service.ts.

/**
 * Products per piece of an export. A piece is written in one go (read, group, write as CSV): 1,000
 * products with their variants held a process for ~100 ms a piece, so three exports at once kept
 * `/healthz` waiting 0.4 s at p99 (bench:csv, 27 Nov). Most of that hold was SQLite sorting the
 * store's products for each page, whatever its size, until the `(store_id, id)` index, and
 * csv-stringify's time (decision 071); what is left grows with the piece: at 200 the three exports
 * still held `/healthz` 51 ms at p99 on a quiet machine, at 100 45 ms (bench/README.md).
 */
const EXPORT_PAGE = 100;

/**
 * The whole catalog as CSV text, in pieces: the header, then each page of products with their
 * variants. Written page by page, so an export of 100,000 products neither holds the process for
 * its whole length nor waits for all of it before the first byte leaves.
 */
export async function* exportPieces(deps: ServiceDeps, scope: StoreScope): AsyncGenerator<string> {
  const taxonomy = await loadTaxonomy(deps, scope);
  const slug = (kind: keyof Taxonomy['slugOf'], id: number | null) => (id === null ? '' : (taxonomy.slugOf[kind].get(id) ?? ''));
  const blank = Object.fromEntries(CSV_COLUMNS.map((column) => [column, ''])) as Cells;
  // Free text is neutralised against formulas (issue 21 §9); numbers and slugs cannot start so.
  const row = (cells: Partial<Cells>) => CSV_COLUMNS.map((column) => (TEXT_COLUMNS.has(column) ? neutraliseCell(cells[column] ?? '') : (cells[column] ?? blank[column])));
  // A BOM so that spreadsheet programs read the accents as UTF-8.
  yield `\uFEFF${csvLines([CSV_COLUMNS])}`;
  for (let after = 0; ; ) {
    const products = await productPage(deps.db, scope, after, EXPORT_PAGE);
    if (products.length === 0) return;
    const variantsOf = Map.groupBy(await variantsOfProducts(deps.db, scope, products.map((product) => product.id)), (variant) => variant.productId);
    const lines: string[][] = [];
    for (const product of products) {
      lines.push(row({
        record: 'product', product_slug: product.slug, name: product.name, sku: product.sku, code: product.code, description: product.description,
        category: slug('category', product.categoryId), subcategory: slug('subcategory', product.subcategoryId), brand: slug('brand', product.brandId),
        color: slug('color', product.colorId), size: slug('size', product.sizeId), price: integerToDecimal(product.priceCents, 2),
        discount: integerToDecimal(product.discountBp, 2), tax: ivaCodeToText(asIvaCode(product.ivaCode)), stock: String(product.stock),
        weight_grams: product.weightGrams === null ? '' : String(product.weightGrams), unit: product.unit, type: product.type, priority: String(product.priority),
        keywords: product.keywords, featured: String(product.featured), enabled: String(product.enabled), content: product.content,
      }));
      for (const variant of variantsOf.get(product.id) ?? []) {
        lines.push(row({
          record: 'variant', product_slug: product.slug, variant_id: String(variant.id), name: variant.name, sku: variant.sku, color: slug('color', variant.colorId),
          size: slug('size', variant.sizeId), price: integerToDecimal(variant.priceCents, 2), stock: String(variant.stock),
          tax: variant.ivaCode === null ? '' : ivaCodeToText(asIvaCode(variant.ivaCode)), enabled: String(variant.enabled),
        }));
      }
    }
    yield csvLines(lines);
    after = products[products.length - 1]!.id;
    await yieldToOthers();
  }
}

/** The whole catalog as CSV text: each product, then its variants. */
export async function exportCatalog(deps: ServiceDeps, scope: StoreScope): Promise<string> {
  let text = '';
  for await (const piece of exportPieces(deps, scope)) text += piece;
  return text;
}

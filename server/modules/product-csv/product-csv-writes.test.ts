import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KyselyPlugin, SelectQueryNode, sql, TableNode } from 'kysely';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { dialectOf } from '#server/db/database.ts';
import { createServiceDeps } from '#server/composition.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { exportCatalog } from './product-csv-export.service.ts';
import { csvFixtures } from './product-csv.fixtures.ts';
import { insertProducts, insertVariants, updateProducts, updateVariants } from './product-csv.repository.ts';
import { applyImport, previewImport } from './product-csv.service.ts';
import { SYNC_VARIANTS, WRITE_BATCH } from './csv-write.ts';
import { TURN_ITEMS } from './csv-turns.ts';
import { setImmediate } from 'node:timers/promises';

const now = () => new Date().toISOString();

// How the catalog CSV's import writes on the suite's database (decision 071): in batches, with the
// product's stock kept, the statistics taken again after a big one, and the catalog read by its
// (store_id, id) index. What a file means is product-csv.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const { storeWithCatalog, headerOf, lines } = csvFixtures(() => t);

describe('an import of thousands of records refreshes the tables’ statistics', () => {
  it('analyzes product and variant after the commit', async () => {
    const { scope } = await storeWithCatalog('q-');
    await t.db.updateTable('store').set({ planId: null }).where('id', '=', scope.storeId).execute(); // no product limit
    const postgres = dialectOf(process.env.DATABASE_URL ?? '') === 'postgres';
    const analyzed = async () => {
      if (postgres) return String((await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables where relname = 'product' and schemaname = current_schema()`.execute(t.db)).rows[0]?.at ?? '');
      if ((await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(t.db)).rows.length === 0) return '0';
      return String((await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'product'`.execute(t.db)).rows[0]?.n ?? 0);
    };
    // (SQLite: the table of statistics exists once something was analyzed)
    if (!postgres && (await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(t.db)).rows.length > 0) {
      await sql`delete from sqlite_stat1 where tbl in ('product', 'variant')`.execute(t.db);
    }
    const before = await analyzed();
    const header = await headerOf(scope);
    const rows = Array.from({ length: 1000 }, (_, n) => `product,,,Bulto ${n},Q-${n},,,q-ropa,,,,,1,,,,,,,,,,,`);
    const summary = await applyImport(t.deps, scope, [header, ...rows].join('\n'));
    expect(summary.problems).toEqual([]);
    expect(summary.applied).toBe(true);
    expect(await analyzed()).not.toBe(before);
  });
});

// Issue 36 §10, decision 082: a 100,000-row import held a SQLite process (and its /healthz) for
// 3.3 s in one transaction. The write phase is short transactions of WRITE_BATCH records with a turn
// for other requests between them: a bystander asking in a loop sees the products arrive batch by batch.
describe('decision 082: an import commits in batches, with turns for others between them', () => {
  it('lets a bystander query run between batches, and sees each batch committed', async () => {
    const { scope } = await storeWithCatalog('bt-');
    await t.db.updateTable('store').set({ planId: null }).where('id', '=', scope.storeId).execute(); // no product limit
    const header = await headerOf(scope);
    const count = 2 * WRITE_BATCH + 500;
    const rows = Array.from({ length: count }, (_, n) => `product,,,Tanda ${n},BT-${n},,,bt-ropa,,,,,1,,,,,,,,,,,`);
    const products = async () => Number((await t.db.selectFrom('product').select((eb) => eb.fn.countAll<number>().as('n')).where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).n);
    const before = await products();
    const seen: number[] = [];
    let importing = true;
    // A bystander on the event loop: one query, a turn, another, for as long as the import runs.
    const bystander = (async () => {
      while (importing) {
        seen.push(await products());
        await setImmediate();
      }
    })();
    const summary = await applyImport(t.deps, scope, [header, ...rows].join('\n'));
    importing = false;
    await bystander;
    expect(summary.problems).toEqual([]);
    expect(summary.applied).toBe(true);
    expect(await products()).toBe(before + count);
    // Counts strictly between before and after: batches committed while the import still ran.
    const between = [...new Set(seen.filter((n) => n > before && n < before + count))];
    expect(between.length, `counts seen: ${[...new Set(seen)].join(', ')}`).toBeGreaterThan(0);
    expect(between.every((n) => (n - before) % WRITE_BATCH === 0), 'each a whole batch').toBe(true);
  });
});

// Issue 36 §10, decision 085: after the writes, the longest holds of a 100,000-row import were its
// passes over the catalog and the file (the catalog's maps built in one go, ~0.9 s; the checks after
// the row loop, ~0.9 s; 1,000 rows of the loop, 40–110 ms). Every such pass now gives other requests
// a turn at least every TURN_ITEMS items (sooner when TURN_MS pass): a bystander on the event loop
// counts them, with no clock in the test. Counted where no query is waited for (a query's wait on
// PostgreSQL is itself turns for the bystander): from the end of the catalog's last page of products
// to the first page of variants (the products' maps), and from the end of the last query to the end
// of the preview (the row loop and the checks after it).
describe('decision 085: the passes over the catalog and the file take turns', () => {
  it('lets a bystander run at least once every TURN_ITEMS records of the catalog and of each pass over the file', async () => {
    const { scope } = await storeWithCatalog('tt-');
    await t.db.updateTable('store').set({ planId: null }).where('id', '=', scope.storeId).execute(); // no product limit
    const category = await t.db.selectFrom('category').select('id').where('storeId', '=', scope.storeId).where('slug', '=', 'tt-ropa').executeTakeFirstOrThrow();
    const stamp = now();
    const catalog = 2000;
    const base = { code: '', description: '', categoryId: category.id, subcategoryId: null, brandId: null, colorId: null, sizeId: null, priceCents: 100, discountBp: 0, ivaCode: '4', stock: 1, weightGrams: null, unit: 'standard', type: 'piece', priority: 0, keywords: '', featured: 0, enabled: 1, content: '', createdAt: stamp, updatedAt: stamp };
    await insertProducts(t.db, scope, Array.from({ length: catalog }, (_, n) => ({ ...base, name: `Existente ${n}`, slug: `existente-${n}`, sku: `TT-E-${n}` })));
    const header = await headerOf(scope);
    const rows = 1000;
    const file = [header, ...Array.from({ length: rows }, (_, n) => `product,,,Nuevo ${n},TT-N-${n},,,tt-ropa,,,,,1,,,,,,,,,,,`)].join('\n');

    let ticks = 0;
    // Each query of the preview: the table it reads, and the bystander's count when it started and ended.
    const queries = new Map<unknown, { table: string; started: number; ended: number }>();
    const watcher: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        const from = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
        queries.set(queryId, { table: from && TableNode.is(from) ? from.table.identifier.name : '', started: ticks, ended: Infinity });
        return node;
      },
      transformResult: async ({ queryId, result }) => {
        queries.get(queryId)!.ended = ticks;
        return result;
      },
    };
    let previewing = true;
    const bystander = (async () => {
      while (previewing) {
        ticks += 1;
        await setImmediate();
      }
    })();
    const summary = await previewImport(createServiceDeps({ db: t.db.withPlugin(watcher), config: t.config }), scope, file);
    const end = ticks;
    previewing = false;
    await bystander;
    expect(summary.problems).toEqual([]);
    expect(summary.products).toEqual({ create: rows, update: 0, unchanged: 0 });

    const ran = [...queries.values()];
    const lastProductPage = ran.filter((query) => query.table === 'product').at(-1)!;
    const firstVariantPage = ran.find((query) => query.table === 'variant')!;
    // the products' four maps (slug, SKU, name, free slugs), each a pass over the catalog
    const duringMaps = firstVariantPage.started - lastProductPage.ended;
    expect(duringMaps, `the bystander ran ${duringMaps} times while the products' maps were built`).toBeGreaterThanOrEqual((3 * catalog) / TURN_ITEMS);
    // the row loop, then the likely duplicates' slugs, the records in the file, what is kept, the counts
    const afterQueries = end - Math.max(...ran.map((query) => query.ended));
    expect(afterQueries, `the bystander ran ${afterQueries} times while the file's rows were checked`).toBeGreaterThanOrEqual((4 * rows) / TURN_ITEMS);
  });
});

// Decision 071: the write phase is a statement per table and batch on both databases (on
// PostgreSQL a batch is one JSON parameter, 5,000 records a statement), never one per record.
describe('decision 071: an import writes in batches', () => {
  const pageVersion = async (scope: StoreScope) => (await t.db.selectFrom('store').select('pageVersion').where('id', '=', scope.storeId).executeTakeFirstOrThrow()).pageVersion;

  it('writes more records than a statement takes, each with its own values, and changes only the store’s', async () => {
    const { scope } = await storeWithCatalog('w-');
    const other = await storeWithCatalog('v-');
    const category = await t.db.selectFrom('category').select('id').where('storeId', '=', scope.storeId).where('slug', '=', 'w-ropa').executeTakeFirstOrThrow();
    const stamp = now();
    const count = 5001;
    const base = { code: '', description: '', categoryId: category.id, subcategoryId: null, brandId: null, colorId: null, sizeId: null, discountBp: 0, ivaCode: '4', weightGrams: null, unit: 'standard', type: 'piece', priority: 0, keywords: '', featured: 0, enabled: 1, content: '' };
    const rows = Array.from({ length: count }, (_, n) => ({ ...base, name: `Lote ${n}`, slug: `lote-${n}`, sku: `L-${n}`, priceCents: n, stock: n % 7, weightGrams: n % 3 === 0 ? null : n, createdAt: stamp, updatedAt: stamp }));
    const ids = await insertProducts(t.db, scope, rows);
    expect(ids.size).toBe(count);
    const written = await t.db.selectFrom('product').select(['id', 'slug', 'sku', 'priceCents', 'weightGrams']).where('storeId', '=', scope.storeId).where('slug', 'like', 'lote-%').execute();
    expect(written).toHaveLength(count);
    const wrong = written.filter((row) => { const n = Number(row.slug.slice(5)); return ids.get(row.slug) !== row.id || row.sku !== `L-${n}` || row.priceCents !== n || row.weightGrams !== (n % 3 === 0 ? null : n); });
    expect(wrong).toEqual([]);

    // every product gets a new price; one row names another store's product, which stays as it was
    const theirs = await t.db.selectFrom('product').select(['id', 'name', 'priceCents']).where('storeId', '=', other.scope.storeId).where('slug', '=', 'taza').executeTakeFirstOrThrow();
    const later = new Date(Date.parse(stamp) + 60_000).toISOString();
    const changed = [...rows.map((row) => ({ ...row, id: ids.get(row.slug)!, name: `${row.name} bis`, priceCents: row.priceCents + 100, updatedAt: later })), { ...rows[0]!, id: theirs.id, name: 'Ajena', priceCents: 1, updatedAt: later }];
    await updateProducts(t.db, scope, changed);
    const after = await t.db.selectFrom('product').select(['slug', 'name', 'priceCents', 'updatedAt']).where('storeId', '=', scope.storeId).where('slug', 'like', 'lote-%').execute();
    expect(after.filter((row) => { const n = Number(row.slug.slice(5)); return row.name !== `Lote ${n} bis` || row.priceCents !== n + 100 || row.updatedAt !== later; })).toEqual([]);
    expect(await t.db.selectFrom('product').select(['id', 'name', 'priceCents']).where('storeId', '=', other.scope.storeId).where('id', '=', theirs.id).executeTakeFirstOrThrow()).toEqual(theirs);

    // variants: as many, on the first product; then each one's stock changed
    const productId = ids.get('lote-0')!;
    await insertVariants(t.db, scope, Array.from({ length: count }, (_, n) => ({ productId, name: `Talla ${n}`, sku: `L-0-${n}`, colorId: null, sizeId: null, priceCents: 100, stock: 1, enabled: 1, imageId: null, createdAt: stamp, updatedAt: stamp })));
    const variants = await t.db.selectFrom('variant').select(['id', 'name', 'sku', 'colorId', 'sizeId', 'priceCents', 'stock', 'enabled']).where('storeId', '=', scope.storeId).where('productId', '=', productId).execute();
    expect(variants).toHaveLength(count);
    await updateVariants(t.db, scope, variants.map((variant) => ({ ...variant, stock: 2, updatedAt: later })));
    const stocks = await t.db.selectFrom('variant').select((eb) => [eb.fn.sum<number>('stock').as('total')]).where('storeId', '=', scope.storeId).where('productId', '=', productId).executeTakeFirstOrThrow();
    expect(Number(stocks.total)).toBe(2 * count);
  });

  it('gives a product with variants their total, and a file that changes nothing leaves the storefront as it was', async () => {
    const { scope } = await storeWithCatalog('u-');
    const text = await exportCatalog(t.deps, scope);
    const version = await pageVersion(scope);
    expect((await applyImport(t.deps, scope, text)).applied).toBe(true);
    expect(await pageVersion(scope), 'nothing was written, so no cached page is old').toBe(version);

    // a product whose stock is not its variants' total gets it, though the file does not name it
    await t.db.updateTable('variant').set({ stock: 5 }).where('storeId', '=', scope.storeId).where('sku', '=', 'CAM-1-RM').execute();
    const stale = await pageVersion(scope);
    const tazaOnly = lines(text).filter((line, index) => index === 0 || line.startsWith('product,taza,')).join('\n');
    expect(await applyImport(t.deps, scope, tazaOnly)).toMatchObject({ applied: true, products: { create: 0, update: 0, unchanged: 1 } });
    const camiseta = await t.db.selectFrom('product').select('stock').where('storeId', '=', scope.storeId).where('slug', '=', 'camiseta').executeTakeFirstOrThrow();
    expect(camiseta.stock).toBe(5 + 1);
    expect(await pageVersion(scope)).toBeGreaterThan(stale);
  });
});

describe('decision 085: the stock sync after an import goes a range of products at a time', () => {
  it('gives every product with variants their total, the one a range ends on and the last range’s too', async () => {
    const { scope } = await storeWithCatalog('rs-');
    const text = await exportCatalog(t.deps, scope);
    const category = await t.db.selectFrom('category').select('id').where('storeId', '=', scope.storeId).where('slug', '=', 'rs-ropa').executeTakeFirstOrThrow();
    const stamp = now();
    const base = { code: '', description: '', categoryId: category.id, subcategoryId: null, brandId: null, colorId: null, sizeId: null, priceCents: 100, discountBp: 0, ivaCode: '4', stock: 0, weightGrams: null, unit: 'standard', type: 'piece', priority: 0, keywords: '', featured: 0, enabled: 1, content: '', createdAt: stamp, updatedAt: stamp };
    const ids = await insertProducts(t.db, scope, ['rango-a', 'rango-b', 'rango-c'].map((slug) => ({ ...base, name: slug, slug, sku: '' })));
    // the first range's edge falls among rango-b's variants: rango-b closes the first range, rango-c is the last range's
    const counts = { 'rango-a': SYNC_VARIANTS - 10, 'rango-b': 20, 'rango-c': 3 };
    for (const [slug, count] of Object.entries(counts)) {
      await insertVariants(t.db, scope, Array.from({ length: count }, (_, n) => ({ productId: ids.get(slug)!, name: `V ${n}`, sku: '', colorId: null, sizeId: null, priceCents: 100, stock: 1, enabled: 1, imageId: null, createdAt: stamp, updatedAt: stamp })));
    }
    const tazaOnly = lines(text).filter((line, index) => index === 0 || line.startsWith('product,taza,')).join('\n');
    expect(await applyImport(t.deps, scope, tazaOnly)).toMatchObject({ applied: true, products: { create: 0, update: 0, unchanged: 1 } });
    const stocks = await t.db.selectFrom('product').select(['slug', 'stock']).where('storeId', '=', scope.storeId).where('slug', 'like', 'rango-%').orderBy('slug').execute();
    expect(stocks).toEqual(Object.entries(counts).map(([slug, stock]) => ({ slug, stock })));
  });
});

describe('decision 071: the catalog is read page by page in id order without sorting it', () => {
  it('has an index on (store_id, id) for products and variants, which SQLite takes for a page after an id', async () => {
    const { scope } = await storeWithCatalog('s-');
    for (const table of ['product', 'variant'] as const) {
      const page = t.db.selectFrom(table).selectAll().where('storeId', '=', scope.storeId).where('id', '>', 0).orderBy('id').limit(200).compile();
      if (dialectOf(process.env.DATABASE_URL) === 'postgres') {
        // PostgreSQL's choice depends on the table's size; the index it needs must be there
        const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(t.db);
        expect(rows.map((row) => row.indexdef)).toContainEqual(expect.stringMatching(/\(store_id, id\)$/));
      } else {
        const { rows } = await sql.raw<{ detail: string }>(`explain query plan ${page.sql.replace(/\?/g, () => '1')}`).execute(t.db);
        expect(rows.map((row) => row.detail)).toEqual([expect.stringMatching(new RegExp(`USING INDEX ${table}_store_id \\(store_id=\\? AND id>\\?\\)`))]);
      }
    }
  });
});

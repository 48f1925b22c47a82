import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { queryWords, searchTerms, storeSearchTerms, typoWords } from '#common/search-terms.ts';
import { findTextMatches, knownTypos, textMatchTables } from '#server/db/product-text.ts';
import { dialectOf, optimizeDatabase } from '#server/db/database.ts';
import * as migration from '#server/db/migrations/2026-12-06-103-product-text-search.ts';
import * as byStore from '#server/db/migrations/2026-12-06-106-product-text-by-store.ts';
import * as productWords from '#server/db/migrations/2026-12-06-107-product-words.ts';
import * as nameTerms from '#server/db/migrations/2026-12-07-108-product-name-terms.ts';
import { CSV_COLUMNS } from '#server/modules/product-csv/csv-columns.ts';
import { applyImport } from '#server/modules/product-csv/product-csv.service.ts';
import { listShopProducts, type ProductQuery, type ShopSort } from '#server/modules/shop/shop.repository.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';

// Issue 40 §7 and defect 2 (decision 095): the storefront's search and the dashboard's product
// search find what shoppers type — "lampara" for "Lámpara", "algodon" for "algodón", "camisetas"
// for "Camiseta", a one-letter typo — ranked by relevance, one store's products only, on both
// databases; the index follows every write; nothing typed makes either search fail.
let t: TestApp;
let store: TestStore;
let other: TestStore;
let scope: StoreScope;
const postgres = dialectOf(process.env.DATABASE_URL ?? '') === 'postgres';
const ids: Record<string, number> = {};

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = store) => callApi(t.app, method, url, who.owner.cookie, payload);
async function create(url: string, input: object, who = store): Promise<number> {
  const response = await api('POST', url, input, who);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().id as number;
}
const product = (name: string, extra: object = {}, who = store, category = ids.category) =>
  create('/api/v1/products', { name, categoryId: category, priceCents: 1000, ivaCode: '4', stock: 1, enabled: true, ...extra }, who);

beforeAll(async () => {
  t = await createTestApp({ SHOP_PAGE_VERSION_MS: '0' });
  store = await makeStore(t, { name: 'Tienda de Búsqueda' });
  other = await makeStore(t, { name: 'Tienda Vecina' });
  scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  await publishStore(t.deps, scope, true);
  await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: other.owner.id }))!, true);
  ids.category = await create('/api/v1/categories', { name: 'Hogar', slug: 'hogar', enabled: true });
  ids.otherCategory = await create('/api/v1/categories', { name: 'Hogar', enabled: true }, other);
  ids.lampara = await product('Lámpara de mesa');
  ids.pie = await product('Lámpara de pie', { description: 'Luz cálida' });
  ids.camiseta = await product('Camiseta de algodón', { sku: 'CAM-7' });
  ids.basica = await product('Camiseta básica', { description: 'Algodón peinado' });
  ids.bolso = await product('Bolso playero', { description: 'Combina con tu camiseta favorita' });
  ids.hidden = await product('Lámpara secreta', { enabled: false });
  ids.taza = await product('Taza grande');
  ids.theirs = await product('Lámpara vecina', {}, other, ids.otherCategory);
}, 120_000);
afterAll(() => t.dispose());

const shopNames = async (q: string) => {
  const response = await t.app.inject({ url: `/shop/${store.slug}/search?q=${encodeURIComponent(q)}`, headers: { cookie: 'lang=es', accept: 'text/html' } });
  expect(response.statusCode, `${q}: ${response.body.slice(0, 300)}`).toBe(200);
  return [...response.body.matchAll(/<h3 class="card-title">([^<]*)<\/h3>/g)].map((m) => m[1]);
};
const listNames = async (q: string, who = store) => {
  const response = await api('GET', `/api/v1/products?q=${encodeURIComponent(q)}&sort=name&dir=asc`, undefined, who);
  expect(response.statusCode, `${q}: ${response.body.slice(0, 300)}`).toBe(200);
  return (response.json().rows as { name: string }[]).map((row) => row.name);
};
const sorted = (names: (string | undefined)[]) => [...names].sort();

describe('defect 2: accents, case and plurals', () => {
  it('finds "lámpara" from "lampara", "algodón" from "algodon", "camiseta" from "camisetas", on the storefront and in the dashboard', async () => {
    // the dashboard lists the owner's disabled products too
    for (const [names, lamps] of [[shopNames, ['Lámpara de mesa', 'Lámpara de pie']], [listNames, ['Lámpara de mesa', 'Lámpara de pie', 'Lámpara secreta']]] as const) {
      expect(sorted(await names('lampara'))).toEqual(lamps);
      expect(sorted(await names('LAMPARAS'))).toEqual(lamps);
      expect(sorted(await names('algodon'))).toEqual(['Camiseta básica', 'Camiseta de algodón']);
      expect(sorted(await names('camisetas'))).toEqual(['Bolso playero', 'Camiseta básica', 'Camiseta de algodón']);
      expect(sorted(await names('camiseta de algodon'))).toEqual(['Camiseta básica', 'Camiseta de algodón']);
    }
    expect(await shopNames('cam-7')).toEqual(['Camiseta de algodón']);
  });

  it('forgives one typo in a word when nothing matched as typed', async () => {
    for (const [names, lamps] of [[shopNames, ['Lámpara de mesa', 'Lámpara de pie']], [listNames, ['Lámpara de mesa', 'Lámpara de pie', 'Lámpara secreta']]] as const) {
      expect(sorted(await names('lampra'))).toEqual(lamps);
      expect(sorted(await names('camiseat algodon'))).toEqual(['Camiseta básica', 'Camiseta de algodón']);
      expect(await names('xqzwv')).toEqual([]);
    }
  });

  it('ranks a hit in the name above a hit in the description', async () => {
    const found = await shopNames('camiseta');
    expect(found.at(-1)).toBe('Bolso playero');
    expect(sorted(found.slice(0, 2))).toEqual(['Camiseta básica', 'Camiseta de algodón']);
    expect((await shopNames('algodon'))[0]).toBe('Camiseta de algodón');
  });
});

describe('a common word', () => {
  it('ranks and counts the store’s newest matches up to the cap, and says there are more', async () => {
    const found = await findTextMatches(t.db, scope, queryWords('camiseta'), 2);
    expect(found.ids).toEqual([ids.bolso!, ids.basica!]);
    expect(found.capped).toBe(true);
    // Its condition is every match, uncapped: the newest two by their keys, the older one through the index.
    const every = await sql<{ id: number }>`select product.id from product where product.store_id = ${scope.storeId} and ${found.condition} order by product.id desc`.execute(t.db);
    expect(every.rows.map((row) => Number(row.id))).toEqual([ids.bolso!, ids.basica!, ids.camiseta!]);
    expect((await findTextMatches(t.db, scope, queryWords('camiseta'), 3)).capped).toBe(false);
    // The storefront's statement: the same newest two, the name's match among them, and a count past the cap.
    const tables = textMatchTables(t.db, scope, queryWords('camiseta'), 2);
    const { rows } = await sql<{ id: number; named: number; found: number }>`${tables.with} select product.id, case when ${tables.named} then 1 else 0 end as named, ${tables.found} as found
      from ${tables.newest} cross join product where product.id = text_page.id and product.store_id = ${scope.storeId} order by product.id desc`.execute(t.db);
    expect(rows.map((row) => Number(row.id))).toEqual([ids.bolso!, ids.basica!]);
    expect(rows.filter((row) => Number(row.named) === 1).map((row) => Number(row.id))).toEqual([ids.basica!]);
    expect(rows.every((row) => Number(row.found) === 3)).toBe(true);
  });
});

describe('a search in another order', () => {
  it('orders the matches as asked, filters them, pages them, and counts them on a page past the last', async () => {
    // The storefront's search asks by relevance alone; the list's other sorts and filters read a search's matches the same way.
    const page = (sort: ShopSort, offset: number, extra: Partial<ProductQuery> = {}) => listShopProducts(t.db, scope, { words: queryWords('lampara'), sort, offset, limit: 1, ...extra });
    const names = async (sort: ShopSort) => [(await page(sort, 0)).rows[0]?.name, (await page(sort, 1)).rows[0]?.name];
    expect(await names('name')).toEqual(['Lámpara de mesa', 'Lámpara de pie']);
    expect(await names('newest')).toEqual(['Lámpara de pie', 'Lámpara de mesa']);
    expect(await names('price-desc')).toEqual(['Lámpara de pie', 'Lámpara de mesa']); // one price: the newest first
    expect(await page('name', 2)).toEqual({ total: 2, capped: false, rows: [] });
    expect(await page('name', 0, { categoryId: ids.otherCategory })).toEqual({ total: 0, capped: false, rows: [] });
    expect((await page('name', 0, { inStock: true })).total).toBe(2);
  });
});

describe('one store, published products', () => {
  it('never shows another store’s products, nor a disabled one on the storefront', async () => {
    expect(await shopNames('lampara')).not.toContain('Lámpara vecina');
    expect(await shopNames('secreta')).toEqual([]);
    expect(await listNames('lampara')).not.toContain('Lámpara vecina');
    expect(await listNames('vecina')).toEqual([]);
    expect(await listNames('vecina', other)).toEqual(['Lámpara vecina']);
    expect(await listNames('secreta')).toEqual(['Lámpara secreta']);
  });

  it('forgives a typo only by the store’s own words: another store’s vocabulary offers nothing', async () => {
    // "vecim" is one letter from "vecin" (vecina's stem), a word only the other store's catalogue has.
    const theirs = (await ownStoreScope(t.deps, { userId: other.owner.id }))!;
    const typosOf = async (who: StoreScope) => (await knownTypos(t.db, who, queryWords('vecim', { typos: true })))[0]!.typos;
    expect(await typosOf(theirs)).toEqual(['vecin']);
    expect(await typosOf(scope)).toEqual([]);
    expect(await shopNames('vecim')).toEqual([]);
  });
});

describe('the index follows every write', () => {
  it('an edit, a delete, a bulk delete and a CSV import', async () => {
    const taza = (await api('GET', `/api/v1/products/${ids.taza}`)).json();
    const changed = await api('PUT', `/api/v1/products/${ids.taza}`, { ...taza, name: 'Lámpara colgante', description: 'Antes era una taza' });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await shopNames('lamparas colgantes')).toEqual(['Lámpara colgante']);
    expect(await shopNames('grande')).toEqual([]);
    // The store's words (migration 107) follow too: the new name's typo finds it; the old name's
    // word stays in the vocabulary, and its typo finds what a word not there finds: nothing.
    expect(await shopNames('colgamte')).toEqual(['Lámpara colgante']);
    expect(await shopNames('grandr')).toEqual([]);

    expect((await api('DELETE', `/api/v1/products/${ids.pie}`)).statusCode).toBe(204);
    expect(sorted(await shopNames('lampara'))).toEqual(['Lámpara colgante', 'Lámpara de mesa']);

    const csv = [CSV_COLUMNS.join(','), 'product,,,Lámpara importada,IMP-1,,Vidrio soplado,hogar,,,,,12,,,3,,,,,,,,'].join('\n');
    const summary = await applyImport(t.deps, scope, csv);
    expect(summary.problems).toEqual([]);
    expect(await shopNames('vidrio')).toEqual(['Lámpara importada']);
    expect(await shopNames('soplafo')).toEqual(['Lámpara importada']);
    expect(await listNames('importadas')).toEqual(['Lámpara importada']);

    const bulk = await api('POST', '/api/v1/products/bulk', { action: 'delete', ids: [ids.lampara, ids.taza] });
    expect(bulk.statusCode, bulk.body).toBeLessThan(300);
    expect(await shopNames('lampara')).toEqual(['Lámpara importada']);
  });

  it('a renamed product ranks by its new name: first once the name has the word, last again once it has not', async () => {
    const bolso = (await api('GET', `/api/v1/products/${ids.bolso}`)).json();
    const rename = async (name: string) => expect((await api('PUT', `/api/v1/products/${ids.bolso}`, { ...bolso, name })).statusCode).toBeLessThan(300);
    await rename('Bolso para camiseta');
    // Every match's name has the word now: the newest first.
    expect(await shopNames('camisetas')).toEqual(['Bolso para camiseta', 'Camiseta básica', 'Camiseta de algodón']);
    await rename('Bolso playero');
    expect((await shopNames('camisetas')).at(-1)).toBe('Bolso playero');
  });

  it('the index merged into one segment, as at start (optimizeDatabase), finds what it found', async () => {
    await optimizeDatabase(t.db);
    expect(sorted(await shopNames('lampara'))).toEqual(['Lámpara importada']);
    expect(sorted(await shopNames('camisetas'))).toEqual(['Bolso playero', 'Camiseta básica', 'Camiseta de algodón']);
    expect(await shopNames('lampra')).toEqual(['Lámpara importada']);
  });

  it('the migrations index the products that were there before them', async () => {
    await nameTerms.down(t.db);
    await productWords.down(t.db);
    await byStore.down(t.db);
    await migration.down(t.db);
    await migration.up(t.db);
    await byStore.up(t.db);
    await productWords.up(t.db);
    await nameTerms.up(t.db);
    // Ranked as before: the names that have the word first (on SQLite, the names' stems filled in by migration 108).
    expect(sorted((await shopNames('camisetas')).slice(0, 2))).toEqual(['Camiseta básica', 'Camiseta de algodón']);
    expect((await shopNames('camisetas')).at(-1)).toBe('Bolso playero');
    expect(await shopNames('lampara')).toEqual(['Lámpara importada']);
    expect(await shopNames('lampra')).toEqual(['Lámpara importada']);
    // Each store's words are its products' names' and descriptions', as common/search-terms.ts reads them, on both databases.
    for (const who of [store, other]) {
      const products = await t.db.selectFrom('product').select(['name', 'description']).where('storeId', '=', who.id).execute();
      const words = await t.db.selectFrom('productWord').select('word').where('storeId', '=', who.id).execute();
      expect(words.map((row) => row.word).sort()).toEqual([...new Set(products.flatMap((row) => typoWords(row.name, row.description)))].sort());
    }
  });
});

describe('what a shopper types never breaks the search', () => {
  const queries = ['"', '""', '*', 'camiseta*', 'NEAR(camiseta algodon)', '-camiseta', 'name:camiseta', '{name}: camiseta', 'camiseta OR', 'AND', 'NOT camiseta', "'", "l'ampara", '\\', '&|!', '!camiseta', 'a & b', '^', '(', ')', '%', '_', '100%', ':*', 'camiseta:*', 'ñ', '😀', 'x'.repeat(100), 'camiseta '.repeat(11), 'de la y el'];
  it('answers 200 for FTS5 and tsquery syntax, on the storefront and the dashboard', async () => {
    for (const q of queries) {
      await shopNames(q);
      await listNames(q);
    }
    expect(sorted(await shopNames('"camiseta" -algodon'))).toEqual(['Camiseta básica', 'Camiseta de algodón']);
  });
});

describe('one stemmer on both databases', () => {
  it('the database indexes with the terms common/search-terms.ts gives', async () => {
    const texts = ['Lámpara de mesa', 'LÁMPARAS', 'Camisetas', 'algodón', 'Pantalones', 'luces', 'lápices', 'Relojes', 'Ñandú', 'pingüino', 'países', 'mesas', 'osos', 'gas', 'SKU-000123', '<p>Camiseta <b>azul</b></p>', 'de la camiseta y el pantalón', 'Niño  niña', 'A4 100% algodón', 'zapatillas deportivas', 'azules grises verdes', 'canción', 'CANCIONES', '', 'x'];
    const fn = postgres ? 'tb_search_terms' : 'search_terms';
    for (const text of texts) {
      const { rows } = await sql<{ terms: string }>`select ${sql.raw(fn)}(${text}) as terms`.execute(t.db);
      expect(rows[0]!.terms, text).toBe(searchTerms(text));
      if (postgres) continue;
      // SQLite's index holds each store's terms apart (migration 106).
      const { rows: stored } = await sql<{ terms: string }>`select store_search_terms(${42}, ${text}) as terms`.execute(t.db);
      expect(stored[0]!.terms, text).toBe(storeSearchTerms(42, text));
      expect(stored[0]!.terms.split(' ').filter(Boolean).every((term) => term.startsWith('s42x')), text).toBe(true);
    }
  });
});

describe('the typo’s short cuts find what the full search found (issue 40 §7)', () => {
  it('knows every typo form the store has, an edit in the first two letters too', async () => {
    const words = (await t.db.selectFrom('productWord').select('word').where('storeId', '=', scope.storeId).execute()).map((row) => row.word);
    // Each word's forms the store has, read the long way: every form against every word of the store.
    for (const typed of ['camiseta', 'acmiseta', 'xamiseta', 'amiseta', 'ccamiseta', 'cxmiseta', 'caimseta', 'camisetaz', 'lmpara colgante', 'vidroi', 'importadaz soplado']) {
      const expected = queryWords(typed, { typos: true }).map(({ stem, typos }) => ({ stem, typos: typos.filter((form) => words.includes(form)) }));
      expect(await knownTypos(t.db, scope, queryWords(typed, { typos: true })), typed).toEqual(expected);
    }
    expect((await knownTypos(t.db, scope, queryWords('xamisetas', { typos: true })))[0]!.typos).toContain('camiset');
  });

  it('a word only a disabled product has, or only a product’s keywords, goes through the search as before', async () => {
    await product('Pinta vieja', { enabled: false });
    await product('Punta fina');
    await product('Sombrero', { keywords: 'verano' });
    // "pinta" is a disabled product's: found as typed, shown nothing, so its typos are asked: "punta".
    expect(await shopNames('pinta')).toEqual(['Punta fina']);
    expect(await shopNames('pintas')).toEqual(['Punta fina']);
    // "verano" is no product's name or description, only a keyword: found as typed.
    expect(await shopNames('verano')).toEqual(['Sombrero']);
    expect(await shopNames('sombrero verano')).toEqual(['Sombrero']);
    expect(await shopNames('sombreor')).toEqual(['Sombrero']);
    expect(await shopNames('sombrero invierno')).toEqual([]);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, TEST_PASSWORD, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, getPage } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { COUNT_CAP, PAGE_SIZE } from '#common/list-query.ts';
import { paginateIds } from '#server/db/paginate.ts';
import { exportCatalog } from '#server/modules/product-csv/product-csv-export.service.ts';
import { applyImport } from '#server/modules/product-csv/product-csv.service.ts';
import { deleteStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';

// The catalog list at scale (issue 11 §10, decision 036), through the API with the store guard
// on, on whichever database the suite runs: deferred-join paging gives every page the rows a plain
// ORDER BY would, the count is exact below its cap and honest above it, and the search goes
// through the text index, kept in step with every write.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const api = (url: string, store: TestStore) => callApi(t.app, 'GET', url, store.owner.cookie);
const scopeOf = async (store: TestStore) => (await ownStoreScope(t.deps, { userId: store.owner.id }))!;

type Row = { id: number; name: string; priceCents: number; stock: number; priority: number; updatedAt: string };

/** `count` products straight into the table (the plan's limit is not what this is about), with many ties on every sort. */
async function storeWithProducts(count: number, named: (i: number) => Partial<Row & { sku: string; code: string; description: string; keywords: string }> = () => ({})) {
  const store = await makeStore(t);
  const scope = await scopeOf(store);
  const now = Date.parse('2026-11-20T10:00:00.000Z');
  const stamps = { storeId: scope.storeId, enabled: 1, createdAt: new Date(now).toISOString() };
  const [category] = await t.db.insertInto('category').values({ ...stamps, updatedAt: stamps.createdAt, name: 'Ropa', slug: `ropa-${store.id}`, imageId: null }).returning('id').execute();
  const words = ['alfa', 'bravo', 'charlie', 'delta'];
  const rows = Array.from({ length: count }, (_, i) => ({
    ...stamps,
    categoryId: category!.id,
    unit: 'standard',
    type: 'piece',
    ivaCode: '4',
    description: '',
    code: `C${i}`,
    sku: `S${i}`,
    keywords: '',
    content: '',
    discountBp: 0,
    weightGrams: null,
    featured: 0,
    // ties on purpose: four names, five prices, three stocks, two priorities, six timestamps
    name: words[i % words.length]!,
    slug: `p-${i}`,
    priceCents: 100 * (i % 5),
    stock: i % 3,
    priority: i % 2,
    updatedAt: new Date(now + (i % 6) * 60_000).toISOString(),
    ...named(i),
  }));
  // in batches: under SQLite's bound-parameter limit
  for (let start = 0; start < rows.length; start += 1000) await t.db.insertInto('product').values(rows.slice(start, start + 1000)).execute();
  return { store, scope };
}

const SORTS = { name: 'name', price: 'priceCents', stock: 'stock', priority: 'priority', updated: 'updatedAt' } as const;

/** The order a list must have: by the column, ties by id, both in the same direction. */
function expectedOrder(rows: Row[], column: (typeof SORTS)[keyof typeof SORTS], dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [a[column], b[column]];
    return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
  });
}

describe('paging the product list', () => {
  it('gives page 1, the middle and the last page the rows of the full order, for every sort and direction, ties by id', async () => {
    const count = 2 * PAGE_SIZE + 5;
    const { store } = await storeWithProducts(count);
    const all: Row[] = [];
    for (let page = 1; page <= 3; page++) all.push(...(await api(`/api/v1/products?sort=name&page=${page}`, store)).json().rows);
    expect(new Set(all.map((row) => row.id)).size).toBe(count);

    for (const [sort, column] of Object.entries(SORTS)) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = expectedOrder(all, column, dir).map((row) => row.id);
        for (const page of [1, 2, 3]) {
          const body = (await api(`/api/v1/products?sort=${sort}&dir=${dir}&page=${page}`, store)).json();
          expect(body.rows.map((row: Row) => row.id), `${sort} ${dir} page ${page}`).toEqual(expected.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
          expect(body).toMatchObject({ total: count, page, pages: 3, capped: false });
        }
      }
    }
    // past the last page: no rows, the total still right
    expect((await api('/api/v1/products?page=4', store)).json()).toMatchObject({ rows: [], total: count, pages: 3, capped: false });
  });

  it('gives the same pages through `next` and `after` as by number, for every sort and direction', async () => {
    const count = 3 * PAGE_SIZE + 7;
    const { store } = await storeWithProducts(count);
    for (const sort of Object.keys(SORTS)) {
      for (const dir of ['asc', 'desc'] as const) {
        const url = (page: number, after?: number) => `/api/v1/products?sort=${sort}&dir=${dir}&page=${page}${after ? `&after=${after}` : ''}`;
        let after: number | undefined;
        for (let page = 1; page <= 4; page++) {
          const byNumber = (await api(url(page), store)).json();
          const sought = (await api(url(page, after), store)).json();
          expect(sought.rows.map((row: Row) => row.id), `${sort} ${dir} page ${page}`).toEqual(byNumber.rows.map((row: Row) => row.id));
          expect(sought).toMatchObject({ total: count, page, pages: 4, capped: false });
          // `next` is the page's last record while another page follows
          expect(sought.next, `${sort} ${dir} page ${page}`).toBe(page < 4 ? sought.rows.at(-1).id : null);
          after = sought.next ?? undefined;
        }
      }
    }
  });

  it('counts the page in when `after` is not a record of the store: deleted since, or another store’s', async () => {
    const { store } = await storeWithProducts(2 * PAGE_SIZE + 1);
    const { store: other } = await storeWithProducts(1);
    const theirs = (await api('/api/v1/products', other)).json().rows[0].id;
    const second = (await api('/api/v1/products?sort=name&dir=asc&page=2', store)).json();
    expect((await api(`/api/v1/products?sort=name&dir=asc&page=2&after=${theirs}`, store)).json().rows).toEqual(second.rows);
    const first = (await api('/api/v1/products?sort=name&dir=asc', store)).json();
    expect((await callApi(t.app, 'DELETE', `/api/v1/products/${first.next}`, store.owner.cookie)).statusCode).toBe(204);
    const afterDeleted = (await api(`/api/v1/products?sort=name&dir=asc&page=2&after=${first.next}`, store)).json();
    expect(afterDeleted.rows).toEqual((await api('/api/v1/products?sort=name&dir=asc&page=2', store)).json().rows);
    // a malformed `after` is the API's 400, the page's plain list
    expect((await api('/api/v1/products?after=abc', store)).statusCode).toBe(400);
    expect((await getPage(t.app, '/catalog/product?after=abc', store.owner.cookie)).statusCode).toBe(200);
  });

  it('puts `after` on the pager’s link to the next page only, and drops it from every other link', async () => {
    const { store } = await storeWithProducts(3 * PAGE_SIZE);
    const first = (await api('/api/v1/products?sort=name&dir=asc', store)).json();
    // the pager's anchors (the page's own address, in its head and its language switch, keeps `after`)
    const pagerLinks = (body: string) => [...body.matchAll(/href="(\/catalog\/product\?[^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    const links = pagerLinks((await getPage(t.app, '/catalog/product?sort=name&dir=asc', store.owner.cookie)).body);
    expect(links).toContain(`/catalog/product?sort=name&dir=asc&page=2&after=${first.next}`);
    expect(links).toContain('/catalog/product?sort=name&dir=asc&page=3');
    // on page 2 (reached through `after`), the links back and further are counted, the next one sought
    const second = (await api(`/api/v1/products?sort=name&dir=asc&page=2&after=${first.next}`, store)).json();
    const onSecond = pagerLinks((await getPage(t.app, `/catalog/product?sort=name&dir=asc&page=2&after=${first.next}`, store.owner.cookie)).body);
    expect(onSecond).toContain(`/catalog/product?sort=name&dir=asc&page=3&after=${second.next}`);
    expect(onSecond).toContain('/catalog/product?sort=name&dir=asc&page=2');
    expect(onSecond).toContain('/catalog/product?sort=name&dir=asc');
    expect(onSecond.filter((link) => link.includes('after=')), 'only the next page’s links seek').toEqual([`/catalog/product?sort=name&dir=asc&page=3&after=${second.next}`, `/catalog/product?sort=name&dir=asc&page=3&after=${second.next}`]);
  });

  it('pages a filtered list the same way, with its own count', async () => {
    const { store } = await storeWithProducts(50);
    const inStock = (await api('/api/v1/products?stock=in_stock&sort=price&dir=asc&page=2', store)).json();
    // stock 1 or 2: two of every three products
    expect(inStock).toMatchObject({ total: 33, pages: 2, capped: false });
    expect(inStock.rows).toHaveLength(13);
    expect(inStock.rows.every((row: Row) => row.stock > 0)).toBe(true);
    const prices = inStock.rows.map((row: Row) => row.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('stops counting at the cap: the total is then a lower bound, and the pager reaches one page past while rows remain', async () => {
    const { scope } = await storeWithProducts(45);
    const ids = t.db.selectFrom('product').select('product.id').where('product.storeId', '=', scope.storeId).orderBy('product.name').orderBy('product.id');
    const fetch = (keys: number[]) => t.db.selectFrom('product').select(['id', 'name']).where('storeId', '=', scope.storeId).where('id', 'in', keys).execute();
    const all = (await ids.execute()).map((row) => row.id);

    const first = await paginateIds(t.db, ids, fetch, 1, { pageSize: 10, cap: 12 });
    expect(first).toMatchObject({ total: 12, capped: true, page: 1, pages: 2 });
    expect(first.rows.map((row) => row.id)).toEqual(all.slice(0, 10));
    const fourth = await paginateIds(t.db, ids, fetch, 4, { pageSize: 10, cap: 12 });
    expect(fourth).toMatchObject({ total: 12, capped: true, pages: 5 });
    expect(fourth.rows.map((row) => row.id)).toEqual(all.slice(30, 40));
    const last = await paginateIds(t.db, ids, fetch, 5, { pageSize: 10, cap: 12 });
    expect(last).toMatchObject({ capped: true, pages: 5 });
    expect(last.rows.map((row) => row.id)).toEqual(all.slice(40));
    // at or under the cap the count is exact
    expect(await paginateIds(t.db, ids, fetch, 1, { pageSize: 10, cap: 45 })).toMatchObject({ total: 45, capped: false, pages: 5 });
  });

  it('past 1,000 products says "more than 1,000" in the page’s language, and still serves pages past the 50th', async () => {
    const { store } = await storeWithProducts(COUNT_CAP + 1, () => ({ keywords: 'escala' }));
    const first = (await api('/api/v1/products', store)).json();
    expect(first).toMatchObject({ total: COUNT_CAP, capped: true, page: 1, pages: COUNT_CAP / PAGE_SIZE });
    const deep = (await api(`/api/v1/products?page=${COUNT_CAP / PAGE_SIZE + 1}&sort=name&dir=asc`, store)).json();
    // the 1,001st product, alone on its page: the pager knows this is the last page
    expect(deep).toMatchObject({ capped: true, page: COUNT_CAP / PAGE_SIZE + 1, pages: COUNT_CAP / PAGE_SIZE + 1, next: null });
    expect(deep.rows).toHaveLength(1);
    expect((await getPage(t.app, '/catalog/product', store.owner.cookie)).body).toContain('Más de 1.000 registros');
    expect((await getPage(t.app, '/en/catalog/product?page=51', store.owner.cookie)).body).toContain('More than 1,000 records');

    // a search with more matches than it picks among: it walks the sort index with the search as
    // a condition, and counts up to the cap like the list (four names: "alfa" is every fourth)
    const many = (await api('/api/v1/products?q=a&sort=name&dir=asc', store)).json();
    expect(many).toMatchObject({ total: COUNT_CAP, capped: true });
    expect(many.rows.map((row: Row) => row.name)).toEqual(Array(PAGE_SIZE).fill('alfa'));
    const alfa = (await api(`/api/v1/products?q=alfa&sort=price&dir=desc&page=2`, store)).json();
    expect(alfa).toMatchObject({ total: 251, capped: false, pages: 13, next: null });
    expect(alfa.rows.every((row: Row) => row.name === 'alfa' && row.priceCents <= 400)).toBe(true);

    // words in more of the store's products than the text index ranks (decision 095): past the cap
    // without counting again when nothing else narrows the list, and counted when a filter does
    const every = (await api('/api/v1/products?q=escalas&sort=name&dir=asc', store)).json();
    expect(every).toMatchObject({ total: COUNT_CAP, capped: true, page: 1, pages: COUNT_CAP / PAGE_SIZE });
    // every product has the word: the search's page is the list's
    expect(every.rows.map((row: Row) => row.id)).toEqual((await api('/api/v1/products?sort=name&dir=asc', store)).json().rows.map((row: Row) => row.id));
    const last = (await api(`/api/v1/products?q=escalas&sort=name&dir=asc&page=${COUNT_CAP / PAGE_SIZE + 1}`, store)).json();
    expect(last).toMatchObject({ capped: true, pages: COUNT_CAP / PAGE_SIZE + 1, next: null });
    expect(last.rows).toHaveLength(1);
    expect((await api('/api/v1/products?q=escalas&status=enabled', store)).json()).toMatchObject({ total: COUNT_CAP, capped: true });
  });
  // Decision 068: the page carries what its columns show, once as markup and once as the data it
  // hydrates from; a product's long texts and the store's colours and sizes stay out of it.
  it('writes into the list page only what its columns and filters use; the API keeps every field', async () => {
    const { store, scope } = await storeWithProducts(2, (i) => ({ name: `Producto visible ${i}`, description: `Descripción larga ${i} que la lista no muestra`, keywords: `clave-oculta-${i}` }));
    await t.db.insertInto('color').values({ storeId: scope.storeId, name: 'Color sin usar en la lista', slug: `color-${store.id}`, hex: '#123456', enabled: 1, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }).execute();
    const page = (await getPage(t.app, '/catalog/product', store.owner.cookie)).body;
    expect(page).toContain('Producto visible 0');
    expect(page).toContain('Producto visible 1');
    // the category filter still offers the store's categories
    expect(page).toContain('>Ropa</option>');
    expect(page).not.toContain('que la lista no muestra');
    expect(page).not.toContain('clave-oculta-');
    expect(page).not.toContain('Color sin usar en la lista');
    const rows = (await api('/api/v1/products', store)).json().rows as { description: string; keywords: string }[];
    expect(rows.map((row) => row.description).sort()).toEqual(['Descripción larga 0 que la lista no muestra', 'Descripción larga 1 que la lista no muestra']);
  });

  it('shows the total in the page’s language', async () => {
    const { store } = await storeWithProducts(3);
    expect((await getPage(t.app, '/catalog/product', store.owner.cookie)).body).toContain('3 registros');
    expect((await getPage(t.app, '/en/catalog/product', store.owner.cookie)).body).toContain('3 records');
  });
});

describe('searching the product list', () => {
  const search = async (store: TestStore, q: string) => ((await api(`/api/v1/products?q=${encodeURIComponent(q)}&sort=name&dir=asc`, store)).json().rows as { name: string }[]).map((row) => row.name).sort();

  /** On SQLite the FTS5 index must match its content table row for row (`integrity-check` with rank 1 compares them). */
  async function expectIndexInStep() {
    if (t.deps.config.databaseUrl?.startsWith('postgres')) return;
    await sql`insert into product_search(product_search, rank) values ('integrity-check', 1)`.execute(t.db);
  }

  const catalog = (i: number) => [
    { name: 'Camiseta Clásica Azul', sku: 'CAM-100%', code: 'X_1' },
    { name: 'Camiseta deportiva', sku: 'CAM-1000', code: 'XA1' },
    { name: 'Gorra', sku: 'GOR-1', code: 'ab' },
    { name: 'Taza grande', sku: 'TAZ-9', code: 'Z' },
  ][i]!;

  it('finds a term inside words, in any case, in name, sku or code, with % and _ taken literally', async () => {
    const { store } = await storeWithProducts(4, catalog);
    expect(await search(store, 'SICA AZ')).toEqual(['Camiseta Clásica Azul']);
    expect(await search(store, 'camiseta')).toEqual(['Camiseta Clásica Azul', 'Camiseta deportiva']);
    expect(await search(store, 'cam-100')).toEqual(['Camiseta Clásica Azul', 'Camiseta deportiva']);
    expect(await search(store, '100%')).toEqual(['Camiseta Clásica Azul']);
    expect(await search(store, 'x_1')).toEqual(['Camiseta Clásica Azul']);
    expect(await search(store, 'or-')).toEqual(['Gorra']);
    expect(await search(store, 'nada así')).toEqual([]);
    // under three characters there is no trigram: the plain scan answers, with the same meaning
    expect(await search(store, 'AB')).toEqual(['Gorra']);
    expect(await search(store, '%')).toEqual(['Camiseta Clásica Azul']);
    expect(await search(store, 'z')).toEqual(['Camiseta Clásica Azul', 'Taza grande']);
    const body = (await api('/api/v1/products?q=camiseta', store)).json();
    expect(body).toMatchObject({ total: 2, pages: 1, capped: false });
    // the list's order holds while searching, each way
    const names = async (url: string) => (await api(url, store)).json().rows.map((row: Row) => row.name);
    expect(await names('/api/v1/products?q=camiseta&sort=price&dir=desc')).toEqual(['Camiseta deportiva', 'Camiseta Clásica Azul']);
    expect(await names('/api/v1/products?q=camiseta&sort=price&dir=asc')).toEqual(['Camiseta Clásica Azul', 'Camiseta deportiva']);
    expect(await names('/api/v1/products?q=a&sort=name&dir=desc')).toEqual(['Taza grande', 'Gorra', 'Camiseta deportiva', 'Camiseta Clásica Azul']);
  });

  it('searches only the store’s own products', async () => {
    const { store: mine } = await storeWithProducts(4, catalog);
    const { store: theirs } = await storeWithProducts(1, () => ({ name: 'Camiseta ajena' }));
    expect(await search(mine, 'camiseta')).toEqual(['Camiseta Clásica Azul', 'Camiseta deportiva']);
    expect(await search(theirs, 'camiseta')).toEqual(['Camiseta ajena']);
  });

  it('follows updates, deletes, the CSV import and a store’s deletion', async () => {
    const { store, scope } = await storeWithProducts(4, catalog);
    const [gorra] = (await api('/api/v1/products?q=gorra', store)).json().rows;
    const full = (await api(`/api/v1/products/${gorra.id}`, store)).json();
    const renamed = await callApi(t.app, 'PUT', `/api/v1/products/${gorra.id}`, store.owner.cookie, { ...full, name: 'Sombrero de paja', priceCents: 1000, discountBp: 0, ivaCode: '4' });
    expect(renamed.statusCode, renamed.body).toBe(204);
    expect(await search(store, 'gorra')).toEqual([]);
    expect(await search(store, 'SOMBRERO')).toEqual(['Sombrero de paja']);
    await expectIndexInStep();

    const [taza] = (await api('/api/v1/products?q=taza', store)).json().rows;
    expect((await callApi(t.app, 'DELETE', `/api/v1/products/${taza.id}`, store.owner.cookie)).statusCode).toBe(204);
    expect(await search(store, 'taza')).toEqual([]);
    await expectIndexInStep();

    // the import renames one product and adds another
    const text = await exportCatalog(t.deps, scope);
    const lines = text.split('\n');
    const deportiva = lines.find((line) => line.includes('Camiseta deportiva'))!;
    const edited = [...lines.filter((line) => line.trim() !== ''), deportiva.replace('Camiseta deportiva', 'Polo importado').replace('CAM-1000', 'POL-77').replace(/^product,[^,]+,/, 'product,polo-nuevo,'), ''].join('\n').replace('Camiseta deportiva', 'Camiseta de running');
    const applied = await applyImport(t.deps, scope, edited);
    expect(applied.problems).toEqual([]);
    expect(applied.applied).toBe(true);
    expect(await search(store, 'running')).toEqual(['Camiseta de running']);
    expect(await search(store, 'deportiva')).toEqual([]);
    expect(await search(store, 'pol-77')).toEqual(['Polo importado']);
    await expectIndexInStep();

    await deleteStore(t.deps, scope, { slug: store.slug, password: TEST_PASSWORD });
    expect(await t.db.selectFrom('product').select('id').where('storeId', '=', scope.storeId).execute()).toEqual([]);
    await expectIndexInStep();
  });
});

describe('the product selects of the variant and review forms', () => {
  it('carry the first products by name and the chosen one, not the whole catalog', async () => {
    const { store } = await storeWithProducts(60, (i) => ({ name: `Producto ${String(i + 1).padStart(3, '0')}` }));
    const [last] = (await api('/api/v1/products?q=Producto 060', store)).json().rows;
    const created = await callApi(t.app, 'POST', '/api/v1/reviews', store.owner.cookie, { productId: last.id, authorName: 'Ana', email: 'ana@example.com', rating: 5, comment: '', status: 'approved' });
    expect(created.statusCode, created.body).toBe(201);

    for (const url of [`/catalog/review/show?id=${created.json().id}`, `/en/catalog/variant/new?productId=${last.id}`]) {
      const body = (await getPage(t.app, url, store.owner.cookie)).body;
      expect(body, url).toContain('Producto 001');
      expect(body, url).toContain('Producto 050');
      expect(body, url).not.toContain('Producto 051');
      expect(body, url).toContain('Producto 060');
    }
    // a new review with nothing chosen: the first fifty only
    const blank = (await getPage(t.app, '/catalog/review/new', store.owner.cookie)).body;
    expect(blank).toContain('Producto 050');
    expect(blank).not.toContain('Producto 060');
  });
});

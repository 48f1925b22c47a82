import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceKey } from '#common/resources/index.ts';
import { VARIANT_WIDTHS } from '#server/modules/upload/image-variants.ts';
import { STORE_RESOURCES } from '#server/resources/registry.ts';
import { collection, FIXTURES, formOf, makeWorld, RESOURCE_KEYS, resourceOf, unescapeHtml, type World } from '../support/catalog-world.ts';
import type { TestStore } from '../support/factories.ts';
import { callApi, getPage, postForm } from '../support/forms.ts';
import { expectOtherStoreNotFound, type TwoStores, twoStores } from '../support/stores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { serverEnv } from '../e2e/support/servers.ts';

// Store isolation of the whole catalog and content (issue 11 §12), driven by the resource
// registry: every registered resource needs a fixture in `tests/support/catalog-world.ts` (`tsc`
// and the first test refuse one without). Store A's owner is then checked against store B's record
// of it everywhere — its screens and their data requests, its forms, the API (every documented
// operation by id), lists and search, the ids its forms take, the CSV import and the public image
// route. Needs `npm run build` first.

let t: TestApp;
let stores: TwoStores;

const KEYS = RESOURCE_KEYS;
/** B's texts carry this mark, A's another: a search for it in A must find nothing. */
const MARK_A = 'Alfa';
const MARK_B = 'Zbeta';

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object) => callApi(t.app, method, url, cookie, payload);
const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });

/** Every record of the store, resource by resource, as its owner reads them through the API. */
async function snapshot(store: TestStore): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  for (const key of KEYS) {
    const response = await api('GET', `${collection(key)}?sort=updated&dir=asc`, store.owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    all[key] = response.json();
  }
  const image = await t.app.inject({ url: `/media/${stores.b.id}/${theirs.image}/w${VARIANT_WIDTHS[0]}.webp`, headers: { cookie: stores.b.owner.cookie } });
  all.image = image.statusCode;
  return all;
}

let mine: World;
let theirs: World;
let before: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
  mine = await makeWorld(t.app, stores.a, MARK_A);
  theirs = await makeWorld(t.app, stores.b, MARK_B);
  before = await snapshot(stores.b);
}, 60_000);
afterAll(() => t.dispose());

describe('the isolation checks cover every resource', () => {
  it('has a fixture for every registered resource, and names every reference field of its input', () => {
    expect(Object.keys(FIXTURES).sort(), 'a resource without a fixture here is not checked for isolation').toEqual(Object.keys(STORE_RESOURCES).sort());
    expect(RESOURCES.map((resource) => resource.key).sort()).toEqual(Object.keys(STORE_RESOURCES).sort());
    for (const key of KEYS) {
      // A field naming another record (`categoryId`, `imageId`, `imageIds`) must be listed, so its cross-store check runs.
      const idFields = Object.keys(resourceOf(key).input.shape).filter((field) => /Ids?$/.test(field));
      expect(Object.keys(FIXTURES[key].refs).sort(), `${key}'s reference fields`).toEqual(idFields.sort());
    }
  });

  it('runs with the store guard on, here and in the end-to-end servers', async () => {
    expect(t.config.storeGuard).toBe(true);
    // the guard refuses a query on a store-owned table that does not name its store
    await expect(t.db.selectFrom('product').select('id').execute()).rejects.toThrow();
    expect(serverEnv('main', '/tmp').STORE_GUARD).toBe('1');
  });
});

/** Bodies for documented operations by id beyond the kit's five, by operation id. */
const EXTRA_BODIES: Record<string, object> = { move_banner: { direction: 'up' } };

describe("the API's operations by id", () => {
  it("are each a 404 for store A's owner on store B's record, whatever the OpenAPI document lists", async () => {
    const document = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, { operationId: string; tags?: string[] }>> };
    const reached: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/v1/') || !path.includes('{id}')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const key = operation.tags?.find((tag): tag is ResourceKey => tag in STORE_RESOURCES);
        if (!key) continue;
        const body = EXTRA_BODIES[operation.operationId] ?? FIXTURES[key].body(mine, MARK_A);
        const url = path.replace('{id}', String(theirs[key]));
        const response = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { cookie: `lang=es; ${stores.a.owner.cookie}` }, ...(method === 'get' || method === 'delete' ? {} : { payload: body }) });
        checked += 1;
        if (response.statusCode !== 404) reached.push(`${operation.operationId}: ${method.toUpperCase()} ${url} → ${response.statusCode}`);
      }
    }
    expect(checked, 'the kit\'s three by-id operations of every resource at least').toBeGreaterThanOrEqual(KEYS.length * 3);
    expect(reached).toEqual([]);
  });
});

describe.each(KEYS)("store B's %s", (key) => {
  const resource = () => resourceOf(key);

  it("is a 404 for store A's owner on its screens, their data requests, its forms and the API", async () => {
    const id = theirs[key];
    const { path } = resource();
    const valid = FIXTURES[key].body(mine, MARK_A);
    const show = (prefix: string, data = '') => `${prefix}${path}/show${data}?id=${id}`;
    await expectOtherStoreNotFound(t.app, stores.a.owner, {
      pages: [show(''), show('/en'), show('', '.data'), show('/en', '.data')],
      actions: [
        { url: show(''), fields: { ...formOf(valid, key), intent: 'update' } },
        { url: show('/en'), fields: { intent: 'delete' } },
        { url: show('', '.data'), fields: { ...formOf(valid, key), intent: 'update' } },
        { url: show('', '.data'), fields: { intent: 'delete' } },
      ],
      api: [{ url: `${collection(key)}/${id}`, body: valid }],
    });
  });

  it("never shows in store A's lists or search, while B's own search finds it", async () => {
    const id = theirs[key];
    const ids = (body: { rows: { id: number }[] }) => body.rows.map((row) => row.id);
    const found = (await api('GET', `${collection(key)}?q=${MARK_B.toLowerCase()}`, stores.b.owner.cookie)).json();
    expect(ids(found), 'the search term finds the record in its own store').toContain(id);
    const searched = (await api('GET', `${collection(key)}?q=${MARK_B.toLowerCase()}`, stores.a.owner.cookie)).json();
    expect(searched.total).toBe(0);
    const listed = (await api('GET', collection(key), stores.a.owner.cookie)).json();
    expect(ids(listed)).toEqual([mine[key]]);
    for (const url of [resource().path, `/en${resource().path}`, `${resource().path}.data`]) {
      const page = await getPage(t.app, url, stores.a.owner.cookie);
      expect(page.statusCode, url).toBe(200);
      expect(page.body.toLowerCase(), url).not.toContain(MARK_B.toLowerCase());
    }
  });
});

/** The resources whose input names other records (a product its category, a banner its image). */
const REFERRING = KEYS.filter((key) => Object.keys(FIXTURES[key].refs).length > 0);

describe.each(REFERRING)("store A's %s", (key) => {
  it("refuses store B's records in the fields of its form and API body, changing nothing", async () => {
    const { path } = resourceOf(key);
    const own = (await api('GET', `${collection(key)}/${mine[key]}`, stores.a.owner.cookie)).json();
    const total = (await api('GET', collection(key), stores.a.owner.cookie)).json().total;
    const refused: string[] = [];
    for (const [n, [field, target]] of Object.entries(FIXTURES[key].refs).entries()) {
      // A new record's texts are its own (a slug or code already used would be refused first).
      const fresh = { ...FIXTURES[key].body(mine, `${MARK_A}${n}`), [field]: theirs[target] };
      const changed = { ...FIXTURES[key].body(mine, MARK_A), [field]: theirs[target] };
      const created = await api('POST', collection(key), stores.a.owner.cookie, fresh);
      const updated = await api('PUT', `${collection(key)}/${mine[key]}`, stores.a.owner.cookie, changed);
      // The API's answer names the field with its message; the form shows that message beside it.
      const message = created.json().fields?.[field] as string | undefined;
      if (created.statusCode !== 404 && !(created.statusCode < 500 && message)) refused.push(`${field} (${target}) POST ${collection(key)} → ${created.statusCode} ${created.body}`);
      if (updated.statusCode !== 404 && !(updated.statusCode < 500 && updated.json().fields?.[field])) refused.push(`${field} (${target}) PUT ${collection(key)}/… → ${updated.statusCode} ${updated.body}`);
      const screens = [
        { request: `POST ${path}/new`, response: await form(`${path}/new`, stores.a.owner.cookie, formOf(fresh, key)) },
        { request: `POST ${path}/show`, response: await form(`${path}/show?id=${mine[key]}`, stores.a.owner.cookie, { ...formOf(changed, key), intent: 'update' }) },
      ];
      for (const { request, response } of screens) {
        const shown = message !== undefined && response.statusCode >= 400 && response.statusCode < 500 && unescapeHtml(response.body).includes(message);
        if (!(response.statusCode === 404 || shown)) refused.push(`${field} (${target}) ${request} → ${response.statusCode}${message ? ` without "${message}"` : ''}`);
      }
    }
    expect(refused, `store B's ids taken in store A:\n${refused.join('\n')}`).toEqual([]);
    expect((await api('GET', `${collection(key)}/${mine[key]}`, stores.a.owner.cookie)).json()).toEqual(own);
    expect((await api('GET', collection(key), stores.a.owner.cookie)).json().total).toBe(total);
  });
});

describe("store B's image", () => {
  it("is served at B's address only, never under store A's id", async () => {
    for (const width of VARIANT_WIDTHS) {
      // Asked by their owner (B's store is not published): found at B's address only.
      expect((await t.app.inject({ url: `/media/${stores.b.id}/${theirs.image}/w${width}.webp`, headers: { cookie: stores.b.owner.cookie } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/media/${stores.a.id}/${theirs.image}/w${width}.webp`, headers: { cookie: stores.b.owner.cookie } })).statusCode).toBe(404);
    }
    // and A's own banner image is not served under B's id either
    expect((await t.app.inject({ url: `/media/${stores.a.id}/${mine.image}/w${VARIANT_WIDTHS[0]}.webp`, headers: { cookie: stores.a.owner.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/media/${stores.b.id}/${mine.image}/w${VARIANT_WIDTHS[0]}.webp`, headers: { cookie: stores.a.owner.cookie } })).statusCode).toBe(404);
  });

  it("is not store A's to read or remove as an upload", async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: `/api/v1/uploads/${theirs.image}`, headers: { cookie: stores.a.owner.cookie } });
      expect(response.statusCode, `${method} /api/v1/uploads/{B's image}`).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/v1/uploads/${theirs.image}`, headers: { cookie: stores.b.owner.cookie } })).statusCode).toBe(200);
  });
});

describe('the CSV import', () => {
  const importCsv = (rows: string[], apply: '0' | '1') =>
    t.app.inject({ method: 'POST', url: `/api/v1/products/import?apply=${apply}`, payload: `${header}\n${rows.join('\n')}\n`, headers: { cookie: `lang=es; ${stores.a.owner.cookie}`, 'content-type': 'text/csv' } });
  let header = '';
  const slugOf = async (store: TestStore, key: ResourceKey, id: number) => (await api('GET', `${collection(key)}/${id}`, store.owner.cookie)).json().slug as string;

  it("never reaches store B's records through their slugs or ids", async () => {
    const exported = await api('GET', '/api/v1/products/export', stores.a.owner.cookie);
    expect(exported.statusCode).toBe(200);
    expect(exported.body.toLowerCase(), "A's export holds none of B's records").not.toContain(MARK_B.toLowerCase());
    header = exported.body.replace(/^\uFEFF/, '').split('\n')[0]!.trim();
    const columns = header.split(',');
    const line = (cells: Record<string, string>) => columns.map((column) => cells[column] ?? '').join(',');

    const category = await slugOf(stores.a, 'category', mine.category);
    const [subcategory, brand, color, size, product] = await Promise.all((['subcategory', 'brand', 'color', 'size', 'product'] as const).map((key) => slugOf(stores.b, key, theirs[key])));
    const ownProduct = await slugOf(stores.a, 'product', mine.product);
    const theirCategory = await slugOf(stores.b, 'category', theirs.category);
    const rows = [
      // line 2: a new product of A filed under B's category
      line({ record: 'product', name: 'Intruso', category: theirCategory, price: '1' }),
      // line 3: a new product of A with B's subcategory, brand, colour and size
      line({ record: 'product', name: 'Intruso 2', category, subcategory: subcategory!, brand: brand!, color: color!, size: size!, price: '1' }),
      // line 4: a variant hung on B's product
      line({ record: 'variant', product_slug: product!, name: 'Robada', price: '1' }),
      // line 5: B's variant, by its id, under A's product
      line({ record: 'variant', product_slug: ownProduct, variant_id: String(theirs.variant), name: 'Robada', price: '1' }),
    ];
    const summary = (await importCsv(rows, '1')).json();
    expect(summary.applied).toBe(false);
    expect(summary.problems.map((problem: { line: number; column: string; key: string }) => `${problem.line} ${problem.column} ${problem.key}`)).toEqual([
      '2 category productCsv.unknownSlug',
      '3 subcategory productCsv.unknownSlug',
      '3 brand productCsv.unknownSlug',
      '3 color productCsv.unknownSlug',
      '3 size productCsv.unknownSlug',
      '4 product_slug productCsv.unknownProduct',
      '5 variant_id productCsv.unknownVariant',
    ]);
  });

  it("writes a product named by B's product slug into A alone", async () => {
    const theirProduct = await slugOf(stores.b, 'product', theirs.product);
    const category = await slugOf(stores.a, 'category', mine.category);
    const columns = header.split(',');
    const row = columns.map((column) => ({ record: 'product', product_slug: theirProduct, name: 'Homónimo', category, price: '2' })[column] ?? '').join(',');
    const response = await importCsv([row], '1');
    expect(response.json(), response.body).toMatchObject({ applied: true, products: { create: 1, update: 0 } });
    const created = (await api('GET', `/api/v1/products?q=${encodeURIComponent('Homónimo')}`, stores.a.owner.cookie)).json();
    expect(created).toMatchObject({ total: 1, rows: [{ slug: theirProduct, priceCents: 200 }] });
    await api('DELETE', `/api/v1/products/${created.rows[0].id}`, stores.a.owner.cookie);
  });
});

describe('after all of the above', () => {
  it("store B's records are exactly as they were", async () => {
    expect(await snapshot(stores.b)).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_RESOURCES } from '#server/resources/registry.ts';
import { type Body, collection, FIXTURES, formOf, makeWorld, RESOURCE_KEYS, resourceOf, unescapeHtml, uploadBannerImage, type World } from '../support/catalog-world.ts';
import { makeStore, makeUser, type TestStore } from '../support/factories.ts';
import { callApi, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The catalog's JSON API (issue 11 §11): every registered resource's five operations and the
// catalog's extras in the OpenAPI document, with the bodies and answers they take, and the API
// on the same service as the screens — a record saved through either reads back the same.
// Needs `npm run build` first.

type Operation = { operationId: string; tags?: string[]; parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let document: OpenApi;

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject('/api/docs/json')).json();
});
afterAll(() => t.dispose());

const operation = (path: string, method: string) => document.paths[path]?.[method];
const bodyFields = (op: Operation | undefined) => Object.keys(op?.requestBody?.content['application/json']?.schema.properties ?? {}).sort();
const answerFields = (op: Operation | undefined, status: string) => Object.keys(op?.responses[status]?.content?.['application/json']?.schema.properties ?? {}).sort();

describe('the OpenAPI document', () => {
  it.each(RESOURCE_KEYS)('lists the six operations of %s (the five and the bulk action), with its input, its record and its list filters', (key) => {
    const resource = resourceOf(key);
    const at = `/api/v1${resource.apiPath}`;
    const ops = { list: operation(at, 'get'), create: operation(at, 'post'), get: operation(`${at}/{id}`, 'get'), update: operation(`${at}/{id}`, 'put'), delete: operation(`${at}/{id}`, 'delete'), bulk: operation(`${at}/bulk`, 'post') };
    for (const [name, op] of Object.entries(ops)) {
      expect(op?.operationId, `${name} ${key}`).toBe(`${name}_${key}`);
      expect(op?.tags).toContain(key);
    }
    // the API's body: the form's input, its money in whole hundredths (decision 052)
    const input = Object.keys(resource.apiInput.shape).sort();
    expect(bodyFields(ops.create)).toEqual(input);
    expect(bodyFields(ops.update)).toEqual(input);
    expect(answerFields(ops.get, '200')).toEqual(Object.keys(resource.output.shape).sort());
    const parameters = ops.list?.parameters?.map((parameter) => parameter.name).sort();
    expect(parameters).toEqual(['q', 'page', 'sort', 'dir', 'after', ...Object.keys(resource.list.filters ?? {}), ...(resource.list.refs ?? [])].sort());
    for (const op of [ops.get, ops.update, ops.delete]) expect(op?.responses['404'], `${op?.operationId} says "not found"`).toBeDefined();
  });

  it('lists the catalog’s extras: CSV export and import with their bodies, banner order, a product’s variants', () => {
    const exported = operation('/api/v1/products/export', 'get');
    expect(exported?.operationId).toBe('export_products');
    expect(Object.keys(exported?.responses['200']?.content ?? {})).toEqual(['text/csv']);

    const imported = operation('/api/v1/products/import', 'post');
    expect(imported?.operationId).toBe('import_products');
    expect(Object.keys(imported?.requestBody?.content ?? {})).toEqual(['text/csv']);
    expect(imported?.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(['query apply', 'query duplicates']);
    expect(answerFields(imported, '200')).toEqual(['applied', 'duplicateCount', 'duplicates', 'encoding', 'problems', 'products', 'variants']);
    expect(answerFields(imported, '422')).toEqual(['applied', 'duplicateCount', 'duplicates', 'encoding', 'problems', 'products', 'variants']);

    for (const op of [exported, imported]) expect(Object.keys(op?.responses ?? {}), op?.operationId).toEqual(expect.arrayContaining(['401', '409']));

    expect(operation('/api/v1/banners/order', 'put')?.operationId).toBe('order_banner');
    expect(bodyFields(operation('/api/v1/banners/order', 'put'))).toEqual(['ids']);
    expect(operation('/api/v1/banners/{id}/move', 'post')?.operationId).toBe('move_banner');
    expect(operation('/api/v1/products/{id}/variants', 'get')?.operationId).toBe('list_product_variants');
  });

  it('documents no catalog operation the registry does not know', () => {
    const tagged = Object.values(document.paths).flatMap((ops) => Object.values(ops)).filter((op) => op.tags?.some((tag) => ['product', 'variant', 'brand', 'category', 'subcategory', 'color', 'size', 'coupon', 'review', 'banner', 'page'].includes(tag)));
    for (const op of tagged) expect(op.tags?.every((tag) => tag in STORE_RESOURCES), op.operationId).toBe(true);
    expect(tagged.length).toBe(RESOURCE_KEYS.length * 6 + 5);
  });
});

describe('the CSV endpoints', () => {
  it('answer a visitor 401 and a user without a store 409, as documented', async () => {
    const storeless = await makeUser(t);
    for (const [method, url] of [['GET', '/api/v1/products/export'], ['POST', '/api/v1/products/import']] as const) {
      const headers = { 'content-type': 'text/csv' };
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? 'record\n' : undefined, headers })).statusCode, `${method} ${url}`).toBe(401);
      const refused = await t.app.inject({ method, url, payload: method === 'POST' ? 'record\n' : undefined, headers: { ...headers, cookie: storeless.cookie } });
      expect(refused.statusCode, `${method} ${url}`).toBe(409);
      expect(Object.keys(refused.json())).toEqual(['error', 'message']);
    }
  });
});

describe('the API and the screens', () => {
  let store: TestStore;
  let world: World;
  const api = (method: Parameters<typeof callApi>[1], url: string, payload?: object) => callApi(t.app, method, url, store.owner.cookie, payload);

  beforeAll(async () => {
    store = await makeStore(t);
    world = await makeWorld(t.app, store, 'Base');
  }, 60_000);

  /** A record as the API reads it, without what differs between two saves of the same body. */
  const comparable = async (key: keyof typeof STORE_RESOURCES, id: number, mark: string) => {
    const record = (await api('GET', `${collection(key)}/${id}`)).json() as Body;
    // A banner saved later goes after the others: its place is the one thing that differs.
    const { id: _id, updatedAt: _updated, imageId: image, ...rest } = record;
    if (key === 'banner') delete rest.sortOrder;
    // Each save has its own image, so its address differs too: it must be that image's, though.
    if (typeof rest.imageUrl === 'string') {
      expect(rest.imageUrl).toContain(`/${String(image)}/`);
      rest.imageUrl = 'the image of the record';
    }
    return JSON.parse(JSON.stringify(rest).replaceAll(mark, 'M').replaceAll(mark.toLowerCase(), 'm').replaceAll(mark.toUpperCase(), 'M'));
  };

  it.each(RESOURCE_KEYS)('save %s the same way: a body posted by the form and sent to the API reads back alike', async (key) => {
    // A banner's image is claimed by the record it is saved with: each save gets its own.
    const input = async (mark: string) => FIXTURES[key].body(key === 'banner' ? { ...world, image: await uploadBannerImage(t.app, store) } : world, mark);
    const created = await api('POST', collection(key), await input('Apix'));
    expect(created.statusCode, created.body).toBe(201);
    const screen = await postForm(t.app, `${resourceOf(key).path}/new`, formOf(await input('Form'), key), { cookie: `lang=es; ${store.owner.cookie}` });
    expect(screen.statusCode, screen.body.slice(0, 500)).toBe(302);
    const formId = Number(new URL(String(screen.headers.location), 'http://x').searchParams.get('id'));
    expect(await comparable(key, formId, 'Form')).toEqual(await comparable(key, created.json().id, 'Apix'));

    // and what the API changes, the screen shows
    const shown = await t.app.inject({ url: `${resourceOf(key).path}/show?id=${created.json().id}`, headers: { cookie: `lang=es; ${store.owner.cookie}`, accept: 'text/html' } });
    expect(shown.statusCode).toBe(200);
    expect(shown.body.toLowerCase()).toContain('apix');
  });

  it.each(RESOURCE_KEYS)('heads the record screen of %s with its own title field', async (key) => {
    const { titleField, path } = resourceOf(key);
    const record = (await api('GET', `${collection(key)}/${world[key]}`)).json() as Body;
    expect(typeof record[titleField], `${key}.${titleField}`).toBe('string');
    const shown = await t.app.inject({ url: `${path}/show?id=${world[key]}`, headers: { cookie: `lang=es; ${store.owner.cookie}`, accept: 'text/html' } });
    expect(shown.statusCode).toBe(200);
    // the page header's line under the title: the record's name, whatever its resource calls it
    expect(unescapeHtml(shown.body)).toContain(`>${String(record[titleField])}</p>`);
  });

  it("lists one product's variants, as its screen shows them", async () => {
    const response = await api('GET', `/api/v1/products/${world.product}/variants`);
    expect(response.statusCode).toBe(200);
    const all = (await api('GET', '/api/v1/variants')).json().rows as { id: number; productId: number }[];
    expect(response.json().rows.map((row: { id: number }) => row.id)).toEqual(all.filter((row) => row.productId === world.product).map((row) => row.id));
    expect(response.json().rows).toContainEqual(expect.objectContaining({ id: world.variant, name: 'Base Roja M', priceCents: 1999, stock: 2, enabled: true }));
    expect((await api('GET', '/api/v1/products/2147483647/variants')).statusCode).toBe(404);
    // and the variants' list screen names each one's product ("Roja M" alone says little)
    const screen = await t.app.inject({ url: '/en/catalog/variant?q=base', headers: { cookie: `lang=en; ${store.owner.cookie}`, accept: 'text/html' } });
    expect(screen.body).toContain('>Base Camiseta<');
  });
});

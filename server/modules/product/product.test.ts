import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, makeUser, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../../tests/support/forms.ts';
import { expectOtherStoreNotFound, type TwoStores, type TypedRecord, twoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';

// Products, their variants and the taxonomy they hang from (issue 11 §1–§3, §8, §12), through the
// API and the screens, with the store guard on (needs `npm run build` first).
let t: TestApp;
let stores: TwoStores;

beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);
const page = (url: string, cookie: string) => getPage(t.app, url, cookie);
const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });

async function create(store: TestStore, url: string, input: object): Promise<number> {
  const response = await api('POST', url, store.owner.cookie, input);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().id as number;
}

const scopeOf = async (store: TestStore) => (await ownStoreScope(t.deps, { userId: store.owner.id }))!;

/** A category with a subcategory, a brand, a size and a colour in the store. */
async function taxonomy(store: TestStore) {
  const category = await create(store, '/api/v1/categories', { name: 'Ropa', enabled: true });
  const subcategory = await create(store, '/api/v1/subcategories', { categoryId: category, name: 'Camisetas', enabled: true });
  const brand = await create(store, '/api/v1/brands', { name: 'Andina', enabled: true });
  const size = await create(store, '/api/v1/sizes', { name: 'M', sortOrder: 2, enabled: true });
  const color = await create(store, '/api/v1/colors', { name: 'Rojo', hex: '#cc0000', enabled: true });
  return { category, subcategory, brand, size, color };
}

describe('the products API', () => {
  it('stores money exactly in cents and percentages in basis points, with IVA 15 % (SRI code 4) as the default', async () => {
    const store = await makeStore(t);
    const { category, subcategory, brand } = await taxonomy(store);
    const id = await create(store, '/api/v1/products', { name: 'Camiseta Quito', categoryId: category, subcategoryId: subcategory, brandId: brand, priceCents: 1999, discountBp: 1250, stock: 4, keywords: 'quito,algodón', enabled: true });
    const product = (await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json();
    expect(product).toMatchObject({ name: 'Camiseta Quito', slug: 'camiseta-quito', priceCents: 1999, discountBp: 1250, ivaCode: '4', stock: 4, variantCount: 0, unit: 'standard', type: 'piece', enabled: true, featured: false });

    // the API takes cents as it returns them (issue 20 §7): no float on the way in either
    expect((await api('PUT', `/api/v1/products/${id}`, store.owner.cookie, { ...product, priceCents: 30, discountBp: 0, ivaCode: '0' })).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json()).toMatchObject({ priceCents: 30, ivaCode: '0' });
  });

  it('refuses bad input with field messages in the caller’s language', async () => {
    const store = await makeStore(t);
    const { category } = await taxonomy(store);
    const bad = await api('POST', '/api/v1/products', store.owner.cookie, { name: '', categoryId: category, priceCents: -100, discountBp: 12000, unit: 'barrel' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ name: 'This field is required', priceCents: 'The value is not valid', discountBp: 'The value is too large', unit: 'The value is not valid' });
    // hundredths are whole: 19.99 as cents is refused with its reason, never rounded
    const fraction = await api('POST', '/api/v1/products', store.owner.cookie, { name: 'Taza', categoryId: category, priceCents: 19.99 }, 'en');
    expect(fraction.json().fields).toEqual({ priceCents: 'Write a whole number of hundredths (cents or basis points)' });
    // the form's decimal names are not the API's
    expect((await api('POST', '/api/v1/products', store.owner.cookie, { name: 'Taza', categoryId: category, price: 19.99 }, 'en')).json().fields).toEqual({ priceCents: 'This field is required' });
    const huge = await api('GET', '/api/v1/products/99999999999999999999', store.owner.cookie);
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });

  it('filters by stock, state and featured, searches name, sku and code, and sorts', async () => {
    const store = await makeStore(t);
    const { category } = await taxonomy(store);
    await create(store, '/api/v1/products', { name: 'Taza', sku: 'TZ-1', categoryId: category, priceCents: 500, stock: 0, enabled: true, featured: true });
    await create(store, '/api/v1/products', { name: 'Gorra', code: 'G-77', categoryId: category, priceCents: 900, stock: 3, enabled: false });
    const names = async (query: string) => ((await api('GET', `/api/v1/products?${query}`, store.owner.cookie)).json().rows as { name: string }[]).map((row) => row.name);
    expect(await names('stock=out_of_stock')).toEqual(['Taza']);
    expect(await names('stock=in_stock')).toEqual(['Gorra']);
    expect(await names('featured=featured')).toEqual(['Taza']);
    expect(await names('status=disabled')).toEqual(['Gorra']);
    expect(await names('q=tz-1')).toEqual(['Taza']);
    expect(await names('q=g-77')).toEqual(['Gorra']);
    expect(await names('sort=price&dir=desc')).toEqual(['Gorra', 'Taza']);
  });

  it('keeps within the plan: one product past its limit is refused, naming the limit', async () => {
    const store = await makeStore(t);
    const { category } = await taxonomy(store);
    const plan = await t.db.selectFrom('store').select('planId').where('id', '=', store.id).executeTakeFirstOrThrow();
    const [{ id: planId } = { id: 0 }] = await t.db.insertInto('plan').values({ name: `Mini ${store.id}`, priceCents: 0, maxProducts: 1, maxBanners: 1, maxPages: 1, features: '[]', isDefault: 0, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() }).returning('id').execute();
    await t.db.updateTable('store').set({ planId }).where('id', '=', store.id).execute();
    try {
      await create(store, '/api/v1/products', { name: 'Uno', categoryId: category, priceCents: 100 });
      const second = await api('POST', '/api/v1/products', store.owner.cookie, { name: 'Dos', categoryId: category, priceCents: 100 });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('Llegaste al máximo de productos de tu plan (1). Elimina uno o cambia de plan para crear otro.');
      const screen = await form('/en/catalog/product/new', store.owner.cookie, { name: 'Dos', categoryId: String(category), price: '1', ivaCode: '4' });
      expect(screen.statusCode).toBe(409);
      expect(screen.body).toContain('maximum of products (1)');
      expect(screen.body).toContain('value="Dos"');
      expect((await api('GET', '/api/v1/store', store.owner.cookie)).json().usage.products).toBe(1);
    } finally {
      await t.db.updateTable('store').set({ planId: plan.planId }).where('id', '=', store.id).execute();
    }
  });
});

describe('variants', () => {
  it('gives a product the total stock of its variants, and deleting it deletes them', async () => {
    const store = await makeStore(t);
    const { category, size, color } = await taxonomy(store);
    const product = await create(store, '/api/v1/products', { name: 'Camiseta', categoryId: category, priceCents: 2000, stock: 99 });
    const red = await create(store, '/api/v1/variants', { productId: product, name: 'Roja M', colorId: color, sizeId: size, priceCents: 2000, stock: 3 });
    await create(store, '/api/v1/variants', { productId: product, name: 'Roja L', colorId: color, priceCents: 2250, stock: 4 });
    expect((await api('GET', `/api/v1/products/${product}`, store.owner.cookie)).json()).toMatchObject({ stock: 7, variantCount: 2 });
    expect((await api('PUT', `/api/v1/variants/${red}`, store.owner.cookie, { productId: product, name: 'Roja M', priceCents: 2000, stock: 10 })).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/products/${product}`, store.owner.cookie)).json().stock).toBe(14);

    const screen = await page(`/catalog/product/show?id=${product}`, store.owner.cookie);
    expect(screen.body).toContain('Roja L');
    expect(screen.body).toContain('14 en total (2 variantes)');
    // what the delete confirmation says it takes with it
    expect(await t.services.resources.product.cascade(await scopeOf(store), product)).toEqual({ variants: 2, reviews: 0 });

    const deleted = await form(`/catalog/product/show?id=${product}`, store.owner.cookie, { intent: 'delete' });
    expect(deleted.headers.location).toBe('/catalog/product?notice=deleted');
    expect((await api('GET', `/api/v1/variants/${red}`, store.owner.cookie)).statusCode).toBe(404);
    expect((await api('GET', '/api/v1/variants', store.owner.cookie)).json().total).toBe(0);
  });

  it('keeps a variant with its product', async () => {
    const store = await makeStore(t);
    const { category } = await taxonomy(store);
    const one = await create(store, '/api/v1/products', { name: 'Uno', categoryId: category, priceCents: 100 });
    const two = await create(store, '/api/v1/products', { name: 'Dos', categoryId: category, priceCents: 100 });
    const variant = await create(store, '/api/v1/variants', { productId: one, name: 'A', priceCents: 100 });
    const moved = await api('PUT', `/api/v1/variants/${variant}`, store.owner.cookie, { productId: two, name: 'A', priceCents: 100 });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().fields).toEqual({ productId: 'Una variante no cambia de producto' });
  });
});

describe('the taxonomy', () => {
  it('deletes a category with its subcategories and products, saying how many first', async () => {
    const store = await makeStore(t);
    const { category, subcategory } = await taxonomy(store);
    await create(store, '/api/v1/products', { name: 'A', categoryId: category, subcategoryId: subcategory, priceCents: 100 });
    await create(store, '/api/v1/products', { name: 'B', categoryId: category, priceCents: 100 });
    expect(await t.services.resources.category.cascade(await scopeOf(store), category)).toEqual({ subcategories: 1, products: 2, variants: 0, reviews: 0, images: 0 });
    expect((await api('DELETE', `/api/v1/categories/${category}`, store.owner.cookie)).statusCode).toBe(204);
    expect((await api('GET', '/api/v1/products', store.owner.cookie)).json().total).toBe(0);
    expect((await api('GET', `/api/v1/subcategories/${subcategory}`, store.owner.cookie)).statusCode).toBe(404);
  });

  it('leaves the products of a deleted brand without it, and lists sizes in their order', async () => {
    const store = await makeStore(t);
    const { category, brand } = await taxonomy(store);
    const product = await create(store, '/api/v1/products', { name: 'A', categoryId: category, brandId: brand, priceCents: 100 });
    expect((await api('DELETE', `/api/v1/brands/${brand}`, store.owner.cookie)).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/products/${product}`, store.owner.cookie)).json().brandId).toBeNull();
    await create(store, '/api/v1/sizes', { name: 'XS', sortOrder: 0 });
    await create(store, '/api/v1/sizes', { name: 'XL', sortOrder: 9 });
    expect(((await api('GET', '/api/v1/sizes', store.owner.cookie)).json().rows as { name: string }[]).map((row) => row.name)).toEqual(['XS', 'M', 'XL']);
  });
});

describe('the product screens', () => {
  it('lists (empty, then full), creates from /new with the page’s numbers, and keeps what was typed on an error', async () => {
    const store = await makeStore(t);
    const empty = await page('/en/catalog/product', store.owner.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('No records found');
    const { category } = await taxonomy(store);
    const blank = await page('/catalog/product/new', store.owner.cookie);
    expect(blank.body).toContain('>Ropa</option>');
    // the IVA: a select of today's choices, SRI's code 4 (15 %) for a new product; 12 % is not among them
    expect(blank.body).toMatch(/<select[^>]*name="ivaCode"/);
    expect(blank.body).toContain('<option value="4" selected="">IVA 15 %</option><option value="5">IVA 5 %</option><option value="0">IVA 0 %</option><option value="7">Exento de IVA</option><option value="6">No objeto de IVA</option>');
    expect(blank.body).not.toContain('IVA 12 %');

    const refused = await form('/catalog/product/new', store.owner.cookie, { name: 'Mochila', categoryId: String(category), price: 'doce', ivaCode: '4' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="Mochila"');
    expect(refused.body).toContain('Escribe el número como 1.234,56');

    // a rate not offered (12 %'s code 2, a rate typed as such) is refused beside the field, in the page's language, keeping what was typed
    for (const [prefix, ivaCode, message] of [['', '2', 'Elige una tarifa de IVA vigente: 15 %, 5 %, 0 %, exento o no objeto de IVA'], ['/en', '12', 'Choose a VAT rate in force: 15 %, 5 %, 0 %, exempt or not subject to VAT'], ['', '7 %', 'Elige una tarifa de IVA vigente']] as const) {
      const wrongRate = await form(`${prefix}/catalog/product/new`, store.owner.cookie, { name: 'Mochila', categoryId: String(category), price: '24', ivaCode });
      expect(wrongRate.statusCode).toBe(400);
      expect(wrongRate.body).toContain(message);
      expect(wrongRate.body).toContain('value="Mochila"');
    }
    const exempt = await form('/catalog/product/new', store.owner.cookie, { name: 'Libro', categoryId: String(category), price: '12', ivaCode: '7' });
    expect(exempt.statusCode, exempt.body).toBe(302);
    const book = new URLSearchParams(String(exempt.headers.location).split('?')[1]).get('id');
    expect((await api('GET', `/api/v1/products/${book}`, store.owner.cookie)).json()).toMatchObject({ ivaCode: '7' });
    expect((await page(`/catalog/product/show?id=${book}`, store.owner.cookie)).body).toContain('<option value="7" selected="">Exento de IVA</option>');
    // a variant: its product's IVA unless it says otherwise, and the same choices
    const variantForm = await page(`/catalog/variant/new?productId=${book}`, store.owner.cookie);
    expect(variantForm.body).toContain('<option value="" selected="">La del producto</option>');
    const wrongVariant = await form('/catalog/variant/new', store.owner.cookie, { productId: String(book), name: 'Tapa dura', price: '15', ivaCode: '2' });
    expect(wrongVariant.statusCode).toBe(400);
    expect(wrongVariant.body).toContain('Elige una tarifa de IVA vigente');
    const ownRate = await form('/catalog/variant/new', store.owner.cookie, { productId: String(book), name: 'Tapa dura', price: '15', ivaCode: '5' });
    expect(ownRate.statusCode, ownRate.body).toBe(302);

    const created = await form('/catalog/product/new', store.owner.cookie, { name: 'Mochila', categoryId: String(category), price: '24,90', discount: '', ivaCode: '4', stock: '3', keywords: 'viaje,lona', enabled: 'on' });
    expect(created.statusCode, created.body).toBe(302);
    const id = new URLSearchParams(String(created.headers.location).split('?')[1]).get('id');
    expect((await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json()).toMatchObject({ priceCents: 2490, keywords: 'viaje,lona', stock: 3 });
    const shown = await page(`/catalog/product/show?id=${id}`, store.owner.cookie);
    expect(shown.body).toContain('value="24,90"');
    const list = await page('/catalog/product?stock=in_stock', store.owner.cookie);
    expect(list.body).toContain('Mochila');
    expect(list.body).toContain('$24,90');
  });
});

describe('issue 20 §4–§5: free slugs and one SKU per record in the form and the API', () => {
  it('gives a second product of the same name a free slug, as the import does, and never an error on an empty slug', async () => {
    const store = await makeStore(t);
    const { category } = await taxonomy(store);
    const first = await create(store, '/api/v1/products', { name: 'Taza Andina', categoryId: category, priceCents: 500 });
    const second = await create(store, '/api/v1/products', { name: 'Taza Andina', categoryId: category, priceCents: 500, slug: '' });
    const screen = await form('/catalog/product/new', store.owner.cookie, { name: 'Taza Andina', slug: '', categoryId: String(category), price: '5', ivaCode: '4' });
    expect(screen.statusCode, screen.body).toBe(302);
    const third = Number(new URLSearchParams(String(screen.headers.location).split('?')[1]).get('id'));
    const slugs = await Promise.all([first, second, third].map(async (id) => (await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json().slug));
    expect(slugs).toEqual(['taza-andina', 'taza-andina-2', 'taza-andina-3']);
    // saving one again with its slug left empty keeps a free one (its own counts as free)
    const own = (await api('GET', `/api/v1/products/${second}`, store.owner.cookie)).json();
    expect((await api('PUT', `/api/v1/products/${second}`, store.owner.cookie, { ...own, priceCents: 600, discount: 0, ivaCode: '4', slug: '' })).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/products/${second}`, store.owner.cookie)).json().slug).toBe('taza-andina-2');
    // a slug the owner typed that another product has is still an error, on that field
    const typed = await form('/catalog/product/new', store.owner.cookie, { name: 'Otra', slug: 'taza-andina', categoryId: String(category), price: '5', ivaCode: '4' });
    expect(typed.statusCode).toBe(409);
    expect(typed.body).toContain('Ya existe un registro con esta dirección en tu tienda');
  });

  it('refuses a SKU another product or variant of the store has, on the SKU field, in both languages', async () => {
    const store = await makeStore(t);
    const other = await makeStore(t);
    const { category } = await taxonomy(store);
    const product = await create(store, '/api/v1/products', { name: 'Gorra', sku: 'G-1', categoryId: category, priceCents: 500 });
    await create(store, '/api/v1/variants', { productId: product, name: 'Roja', sku: 'G-1-R', priceCents: 500 });
    const again = await api('POST', '/api/v1/products', store.owner.cookie, { name: 'Gorra 2', sku: 'G-1', categoryId: category, priceCents: 500 });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ sku: 'Otro producto o variante de tu tienda ya usa este SKU' });
    const variantSku = await api('POST', '/api/v1/products', store.owner.cookie, { name: 'Gorra 3', sku: 'G-1-R', categoryId: category, priceCents: 500 }, 'en');
    expect(variantSku.statusCode).toBe(409);
    expect(variantSku.json().fields).toEqual({ sku: 'Another product or variant of your store already uses this SKU' });
    const variant = await api('POST', '/api/v1/variants', store.owner.cookie, { productId: product, name: 'Azul', sku: 'G-1', priceCents: 500 });
    expect(variant.statusCode).toBe(409);
    expect(variant.json().fields).toEqual({ sku: 'Otro producto o variante de tu tienda ya usa este SKU' });
    const screen = await form('/catalog/product/new', store.owner.cookie, { name: 'Gorra 4', sku: 'G-1', categoryId: String(category), price: '5', ivaCode: '4' });
    expect(screen.statusCode).toBe(409);
    expect(screen.body).toContain('value="Gorra 4"');
    expect(screen.body).toContain('Otro producto o variante de tu tienda ya usa este SKU');
    // its own SKU is not "taken"; empty SKUs repeat; another store may use the same SKU
    const own = (await api('GET', `/api/v1/products/${product}`, store.owner.cookie)).json();
    expect((await api('PUT', `/api/v1/products/${product}`, store.owner.cookie, { ...own, priceCents: 600, discount: 0, ivaCode: '4' })).statusCode).toBe(204);
    await create(store, '/api/v1/products', { name: 'Sin SKU 1', categoryId: category, priceCents: 500 });
    await create(store, '/api/v1/products', { name: 'Sin SKU 2', categoryId: category, priceCents: 500 });
    const { category: theirs } = await taxonomy(other);
    await create(other, '/api/v1/products', { name: 'Gorra', sku: 'G-1', categoryId: theirs, priceCents: 500 });
  });
});

// What the document lists as required in a product body (the routes fill these in when missing).
const PRODUCT_DEFAULTS = { subcategoryId: null, brandId: null, colorId: null, sizeId: null, priority: 0, unit: 'standard', type: 'piece', stock: 0, discountBp: 0, ivaCode: '0' } as const;

describe('store isolation', () => {
  it("gives store A's owner a 404 for store B's catalog records everywhere, and refuses B's ids in A's forms", async () => {
    const theirs = await taxonomy(stores.b);
    const product = await create(stores.b, '/api/v1/products', { name: 'Ajeno', categoryId: theirs.category, priceCents: 100 });
    const variant = await create(stores.b, '/api/v1/variants', { productId: product, name: 'Ajena', priceCents: 100 });
    const records: [string, TypedRecord][] = [
      ['product', { path: '/api/v1/products/{id}', id: product, body: { ...PRODUCT_DEFAULTS, name: 'X', categoryId: theirs.category, priceCents: 100 } }],
      ['variant', { path: '/api/v1/variants/{id}', id: variant, body: { productId: product, name: 'X', priceCents: 100, colorId: null, sizeId: null, stock: 0, ivaCode: null } }],
      ['category', { path: '/api/v1/categories/{id}', id: theirs.category, body: { name: 'X' } }],
      ['subcategory', { path: '/api/v1/subcategories/{id}', id: theirs.subcategory, body: { categoryId: theirs.category, name: 'X' } }],
      ['brand', { path: '/api/v1/brands/{id}', id: theirs.brand, body: { name: 'X' } }],
      ['size', { path: '/api/v1/sizes/{id}', id: theirs.size, body: { name: 'X', sortOrder: 0 } }],
    ];
    for (const [key, record] of records) {
      await expectOtherStoreNotFound(t.app, stores.a.owner, {
        pages: [`/catalog/${key}/show?id=${record.id}`, `/en/catalog/${key}/show?id=${record.id}`],
        actions: [{ url: `/catalog/${key}/show?id=${record.id}`, fields: { intent: 'delete' } }],
        records: [record],
      });
    }

    // B's category, subcategory, brand or product named in A's forms and API bodies: a field error, nothing stored
    const mine = await taxonomy(stores.a);
    const cross = [
      ['/api/v1/products', { name: 'X', categoryId: theirs.category, priceCents: 100 }, 'categoryId'],
      ['/api/v1/products', { name: 'X', categoryId: mine.category, subcategoryId: theirs.subcategory, priceCents: 100 }, 'subcategoryId'],
      ['/api/v1/products', { name: 'X', categoryId: mine.category, brandId: theirs.brand, priceCents: 100 }, 'brandId'],
      ['/api/v1/variants', { productId: product, name: 'X', priceCents: 100 }, 'productId'],
      ['/api/v1/subcategories', { categoryId: theirs.category, name: 'X' }, 'categoryId'],
    ] as const;
    for (const [url, body, field] of cross) {
      const response = await api('POST', url, stores.a.owner.cookie, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
    const screen = await form('/catalog/product/new', stores.a.owner.cookie, { name: 'X', categoryId: String(theirs.category), price: '1', ivaCode: '4' });
    expect(screen.statusCode).toBe(422);
    expect(screen.body).toContain('Elige una categoría de tu tienda');
    expect((await api('GET', '/api/v1/products', stores.a.owner.cookie)).json().total).toBe(0);
  });

  it('answers 409 to a user without a store', async () => {
    expect((await api('GET', '/api/v1/products', (await makeUser(t)).cookie)).statusCode).toBe(409);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, getPage, nextClientIp, postForm } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { productResource } from '#common/resources/product.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';

// The product form and list of issue 20 (§14, §17–§21), through the screens a browser without
// JavaScript uses and the API, on the real database with the store guard on (needs `npm run build`).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);
const page = (url: string, cookie: string) => getPage(t.app, url, cookie);
const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });
/** A form post with repeated names (the grid's `row`), as a browser sends it. */
const formEntries = (url: string, cookie: string, entries: [string, string][]) =>
  t.app.inject({ method: 'POST', url, remoteAddress: nextClientIp(), payload: new URLSearchParams(entries).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` } });

async function create(store: TestStore, url: string, input: object): Promise<number> {
  const response = await api('POST', url, store.owner.cookie, input);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().id as number;
}
const getProduct = async (store: TestStore, id: number) => (await api('GET', `/api/v1/products/${id}`, store.owner.cookie)).json();
const idFrom = (location: unknown) => Number(new URLSearchParams(String(location).split('?')[1]).get('id'));

async function taxonomy(store: TestStore) {
  const clothes = await create(store, '/api/v1/categories', { name: 'Ropa', enabled: true });
  const home = await create(store, '/api/v1/categories', { name: 'Hogar', enabled: true });
  const shirts = await create(store, '/api/v1/subcategories', { categoryId: clothes, name: 'Camisetas', enabled: true });
  const mugs = await create(store, '/api/v1/subcategories', { categoryId: home, name: 'Tazas', enabled: true });
  const brand = await create(store, '/api/v1/brands', { name: 'Andina', enabled: true });
  const red = await create(store, '/api/v1/colors', { name: 'Rojo', hex: '#cc0000', enabled: true });
  const blue = await create(store, '/api/v1/colors', { name: 'Azul', hex: '#0000cc', enabled: true });
  const m = await create(store, '/api/v1/sizes', { name: 'M', sortOrder: 1, enabled: true });
  const l = await create(store, '/api/v1/sizes', { name: 'L', sortOrder: 2, enabled: true });
  return { clothes, home, shirts, mugs, brand, red, blue, m, l };
}

describe('the product form', () => {
  it('offers each subcategory with its category, and refuses one of another category with a field error, keeping what was typed', async () => {
    const store = await makeStore(t);
    const { clothes, home, shirts, mugs } = await taxonomy(store);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const options = await t.services.resources.product.formOptions!(scope);
    // by category name: Hogar, then Ropa
    expect(options.subcategoryId).toEqual([
      { value: String(mugs), label: 'Tazas', parent: String(home) },
      { value: String(shirts), label: 'Camisetas', parent: String(clothes) },
    ]);
    // without JavaScript every subcategory is offered, named with its category
    expect((await page('/catalog/product/new', store.owner.cookie)).body).toContain('Ropa › Camisetas');
    for (const [url, message] of [['/catalog/product/new', 'Elige una subcategoría de la categoría elegida'], ['/en/catalog/product/new', 'Choose a subcategory of the chosen category']] as const) {
      const refused = await form(url, store.owner.cookie, { name: 'Taza roja', categoryId: String(clothes), subcategoryId: String(mugs), price: '5', ivaCode: '4' });
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain(message);
      expect(refused.body).toContain('value="Taza roja"');
    }
    expect((await api('GET', '/api/v1/products', store.owner.cookie)).json().total).toBe(0);
  });

  it('saves the description as sanitized formatted text of more than 5,000 characters', async () => {
    const store = await makeStore(t);
    const { clothes } = await taxonomy(store);
    const long = `<h2>Detalles</h2><p>${'Algodón peinado de Ecuador. '.repeat(250)}</p><ul><li><strong>Talla</strong> regular</li></ul>`;
    expect(long.length).toBeGreaterThan(5_000);
    const attack = '<p onclick="steal()">Hola<script>alert(1)</script> <a href="javascript:alert(1)">enlace</a> <img src=x onerror=alert(1)></p>';
    const created = await form('/catalog/product/new', store.owner.cookie, { name: 'Camiseta', categoryId: String(clothes), price: '10', ivaCode: '4', description: long + attack });
    expect(created.statusCode, created.body).toBe(302);
    const { description } = await getProduct(store, idFrom(created.headers.location));
    expect(description.startsWith(long)).toBe(true);
    expect(description).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    expect(description).toContain('<p>Hola <a rel="noopener noreferrer nofollow">enlace</a> </p>');
    // the API sanitizes alike
    const id = await create(store, '/api/v1/products', { name: 'Gorra', categoryId: clothes, priceCents: 500, description: '<p>Bien</p><iframe src="https://evil.example"></iframe>' });
    expect((await getProduct(store, id)).description).toBe('<p>Bien</p>');
  });

  it('keeps a compare-at price in cents, higher than the price, shown struck through in the list', async () => {
    const store = await makeStore(t);
    const { clothes } = await taxonomy(store);
    const created = await form('/catalog/product/new', store.owner.cookie, { name: 'Chompa', categoryId: String(clothes), price: '39,90', compareAtPrice: '49,90', ivaCode: '4' });
    expect(created.statusCode, created.body).toBe(302);
    const id = idFrom(created.headers.location);
    expect(await getProduct(store, id)).toMatchObject({ priceCents: 3990, compareAtCents: 4990 });
    expect((await page(`/catalog/product/show?id=${id}`, store.owner.cookie)).body).toContain('value="49,90"');
    expect((await page('/catalog/product', store.owner.cookie)).body).toMatch(/<s[^>]*>\$49,90<\/s>/);
    for (const [url, message] of [['/catalog/product/new', 'El precio anterior debe ser mayor que el precio'], ['/en/catalog/product/new', 'The compare-at price must be higher than the price']] as const) {
      const refused = await form(url, store.owner.cookie, { name: 'Gorra', categoryId: String(clothes), price: '20', compareAtPrice: '20', ivaCode: '4' });
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain(message);
    }
    // left blank: none
    const plain = await create(store, '/api/v1/products', { name: 'Media', categoryId: clothes, priceCents: 300, compareAtCents: null });
    expect((await getProduct(store, plain)).compareAtCents).toBeNull();
    // left out of an API body: none too, as the body's schema says (its default), not a guard in the service
    const bare = await create(store, '/api/v1/products', { name: 'Gorro', categoryId: clothes, priceCents: 300 });
    expect((await getProduct(store, bare)).compareAtCents).toBeNull();
  });

  it('turns an API body back into the form\'s input without adding what it left out', () => {
    expect(productResource.fromApi({ name: 'Gorro', priceCents: 1999, compareAtCents: 2500, ivaCode: '5' })).toEqual({ name: 'Gorro', price: 19.99, compareAtPrice: 25, ivaCode: '5' });
    const values = productResource.fromApi({ name: 'Gorro', priceCents: 1999 });
    expect(values).toEqual({ name: 'Gorro', price: 19.99 });
    expect('compareAtPrice' in values).toBe(false);
    expect(productResource.fromApi({ priceCents: 1999, compareAtCents: null })).toEqual({ price: 19.99, compareAtPrice: null });
  });

  it('shows a product with variants its stock as their sum, as text and not as an input', async () => {
    const store = await makeStore(t);
    const { clothes } = await taxonomy(store);
    const product = await create(store, '/api/v1/products', { name: 'Camiseta', categoryId: clothes, priceCents: 1000, stock: 2 });
    expect((await page(`/catalog/product/show?id=${product}`, store.owner.cookie)).body).toMatch(/<input[^>]*name="stock"/);
    await create(store, '/api/v1/variants', { productId: product, name: 'M', priceCents: 1000, stock: 3 });
    await create(store, '/api/v1/variants', { productId: product, name: 'L', priceCents: 1000, stock: 4 });
    const shown = (await page(`/catalog/product/show?id=${product}`, store.owner.cookie)).body;
    expect(shown).not.toMatch(/<input[^>]*name="stock"/);
    expect(shown).toMatch(/data-testid="variant-stock"[^>]*>7</);
  });
});

describe('duplicating a product', () => {
  it('makes an inactive copy with its variants, every SKU unique in the store, and a 404 for another store’s product', async () => {
    const store = await makeStore(t);
    const { clothes, red, m } = await taxonomy(store);
    const product = await create(store, '/api/v1/products', { name: 'Camiseta', sku: 'CAM', categoryId: clothes, priceCents: 1000, compareAtCents: 1200, enabled: true, featured: true });
    await create(store, '/api/v1/variants', { productId: product, name: 'Roja M', sku: 'CAM-R-M', colorId: red, sizeId: m, priceCents: 1100, stock: 3, enabled: true });
    const first = await form(`/catalog/product/duplicate?id=${product}`, store.owner.cookie, { intent: 'duplicate' });
    expect(first.statusCode, first.body).toBe(302);
    expect(first.headers.location).toMatch(/^\/catalog\/product\/show\?id=\d+&notice=duplicated$/);
    const copy = idFrom(first.headers.location);
    expect(await getProduct(store, copy)).toMatchObject({ name: 'Camiseta (copia)', slug: 'camiseta-copia', sku: 'CAM-2', priceCents: 1000, compareAtCents: 1200, stock: 3, variantCount: 1, enabled: false, featured: false });
    const variants = (await api('GET', '/api/v1/variants?sort=name', store.owner.cookie)).json().rows as { productId: number; sku: string; colorId: number; priceCents: number }[];
    expect(variants.filter((row) => row.productId === copy)).toMatchObject([{ sku: 'CAM-R-M-2', colorId: red, priceCents: 1100 }]);

    const english = await form(`/en/catalog/product/duplicate?id=${product}`, store.owner.cookie, { intent: 'duplicate' });
    expect(english.headers.location).toMatch(/^\/en\/catalog\/product\/show\?id=\d+&notice=duplicated$/);
    expect(await getProduct(store, idFrom(english.headers.location))).toMatchObject({ name: 'Camiseta (copy)', sku: 'CAM-3' });

    const other = await makeStore(t);
    expect((await form(`/catalog/product/duplicate?id=${product}`, other.owner.cookie, { intent: 'duplicate' })).statusCode).toBe(404);
    expect((await page(`/catalog/product/duplicate?id=${product}`, store.owner.cookie)).statusCode).toBe(404);
    expect((await api('GET', '/api/v1/products', store.owner.cookie)).json().total).toBe(3);
  });
});

describe('the product list', () => {
  it('filters by category and brand, sorts by category, and names the category in its rows', async () => {
    const store = await makeStore(t);
    const { clothes, home, brand } = await taxonomy(store);
    await create(store, '/api/v1/products', { name: 'Taza', categoryId: home, priceCents: 500 });
    await create(store, '/api/v1/products', { name: 'Camiseta', categoryId: clothes, brandId: brand, priceCents: 1000 });
    await create(store, '/api/v1/products', { name: 'Chompa', categoryId: clothes, priceCents: 3000 });
    const names = async (query: string) => ((await api('GET', `/api/v1/products?${query}`, store.owner.cookie)).json().rows as { name: string }[]).map((row) => row.name);
    expect(await names(`category=${clothes}&sort=name&dir=asc`)).toEqual(['Camiseta', 'Chompa']);
    expect(await names(`brand=${brand}`)).toEqual(['Camiseta']);
    // the category made first comes first: the list is grouped by category
    const sorted = await names('sort=category&dir=asc');
    expect(sorted[2]).toBe('Taza');
    expect(sorted.slice(0, 2).sort()).toEqual(['Camiseta', 'Chompa']);
    expect((await api('GET', '/api/v1/products?category=x', store.owner.cookie)).statusCode).toBe(400);
    const screen = await page(`/catalog/product?category=${clothes}`, store.owner.cookie);
    expect(screen.body).toContain('Camiseta');
    expect(screen.body).not.toContain('>Taza<');
    // the brand filter offers the store's brands
    expect(screen.body).toContain('>Andina</option>');
    // the filter's choices are the store's categories, the chosen one selected
    expect(screen.body).toMatch(new RegExp(`<option value="${clothes}" selected="">Ropa</option>`));
    // a bad value is no filter, as for every list
    expect((await page('/catalog/product?category=abc', store.owner.cookie)).body).toContain('>Taza<');
  });

  it('sorts by brand, products without one first, names the brand in its rows, and follows a brand deleted', async () => {
    const store = await makeStore(t);
    const { clothes, brand: andina } = await taxonomy(store);
    const costa = await create(store, '/api/v1/brands', { name: 'Costa', enabled: true });
    await create(store, '/api/v1/products', { name: 'Gorra', categoryId: clothes, brandId: costa, priceCents: 800 });
    await create(store, '/api/v1/products', { name: 'Camiseta', categoryId: clothes, brandId: andina, priceCents: 1000 });
    await create(store, '/api/v1/products', { name: 'Chompa', categoryId: clothes, priceCents: 3000 });
    await create(store, '/api/v1/products', { name: 'Bufanda', categoryId: clothes, brandId: costa, priceCents: 900 });
    const names = async (query: string) => ((await api('GET', `/api/v1/products?${query}`, store.owner.cookie)).json().rows as { name: string }[]).map((row) => row.name);
    // Andina was made before Costa: none, then Andina, then Costa's two (ties go by the record's number, the same way)
    expect(await names('sort=brand&dir=asc')).toEqual(['Chompa', 'Camiseta', 'Gorra', 'Bufanda']);
    expect(await names('sort=brand&dir=desc')).toEqual(['Bufanda', 'Gorra', 'Camiseta', 'Chompa']);
    // the page: a brand column, sortable, with each row's brand and a dash for none
    const screen = (await page('/catalog/product?sort=brand&dir=asc', store.owner.cookie)).body;
    expect(screen).toMatch(/Chompa[\s\S]*—[\s\S]*Camiseta[\s\S]*Andina[\s\S]*Gorra[\s\S]*Costa[\s\S]*Bufanda[\s\S]*Costa/);
    expect((await page('/en/catalog/product', store.owner.cookie)).body).toContain('>Brand<');
    // a brand deleted leaves its products without one: they sort with the others that have none
    expect((await api('DELETE', `/api/v1/brands/${andina}`, store.owner.cookie)).statusCode).toBe(204);
    expect(await names('sort=brand&dir=asc')).toEqual(['Camiseta', 'Chompa', 'Gorra', 'Bufanda']);
  });

  it('saves a product’s stock typed in the list and goes back to it; one with variants keeps theirs', async () => {
    const store = await makeStore(t);
    const { clothes } = await taxonomy(store);
    const product = await create(store, '/api/v1/products', { name: 'Taza', categoryId: clothes, priceCents: 500, stock: 1 });
    const saved = await form(`/catalog/product/stock?id=${product}`, store.owner.cookie, { stock: '1500', back: '/catalog/product?sort=name&dir=asc' });
    expect(saved.statusCode, saved.body).toBe(302);
    expect(saved.headers.location).toBe('/catalog/product?sort=name&dir=asc&notice=updated');
    expect((await getProduct(store, product)).stock).toBe(1500);
    // the way back stays on the site
    expect((await form(`/catalog/product/stock?id=${product}`, store.owner.cookie, { stock: '2', back: 'https://evil.example/x' })).headers.location).toBe('/catalog/product?notice=updated');
    const bad = await form(`/en/catalog/product/stock?id=${product}`, store.owner.cookie, { stock: 'many' });
    expect(bad.statusCode).toBe(400);
    expect((await getProduct(store, product)).stock).toBe(2);
    await create(store, '/api/v1/variants', { productId: product, name: 'Grande', priceCents: 500, stock: 4 });
    const refused = await form(`/catalog/product/stock?id=${product}`, store.owner.cookie, { stock: '9' });
    expect(refused.statusCode).toBe(422);
    expect((await getProduct(store, product)).stock).toBe(4);
    const other = await makeStore(t);
    expect((await form(`/catalog/product/stock?id=${product}`, other.owner.cookie, { stock: '0' })).statusCode).toBe(404);
    // the list offers the cell for a product of its own stock only
    const own = await create(store, '/api/v1/products', { name: 'Plato', categoryId: clothes, priceCents: 500, stock: 8 });
    const list = (await page('/catalog/product', store.owner.cookie)).body;
    expect(list).toContain(`/catalog/product/stock?id=${own}`);
    expect(list).not.toContain(`/catalog/product/stock?id=${product}`);
  });
});

describe('variants in one step', () => {
  it('offers the colors × sizes grid with SKUs from the pattern, marks the combinations there are, and creates the ticked rows at once', async () => {
    const store = await makeStore(t);
    const { clothes, red, blue, m, l } = await taxonomy(store);
    const product = await create(store, '/api/v1/products', { name: 'Camiseta', sku: 'CAM', categoryId: clothes, priceCents: 1250 });
    await create(store, '/api/v1/variants', { productId: product, name: 'Rojo / M', colorId: red, sizeId: m, priceCents: 1250, stock: 1 });
    const url = `/catalog/product/variants?id=${product}&color=${red}&color=${blue}&size=${m}&size=${l}`;
    const grid = await page(url, store.owner.cookie);
    expect(grid.statusCode).toBe(200);
    for (const sku of ['CAM-ROJO-L', 'CAM-AZUL-M', 'CAM-AZUL-L']) expect(grid.body).toContain(`value="${sku}"`);
    expect(grid.body).not.toContain('value="CAM-ROJO-M"');
    expect(grid.body).toContain('value="12,50"');
    expect((await page(`${url}&pattern=${encodeURIComponent('X-{size}')}`, store.owner.cookie)).body).toContain('value="X-L"');

    // colors by name, sizes by their order: Azul/M (0), Azul/L (1), Rojo/M (2, there already), Rojo/L (3).
    // Row 0 unticked, row 1 with its own price and stock.
    const rows: [string, string][] = [];
    for (const [row, color, size, name, sku, price, stock, include] of [
      [0, blue, m, 'Azul / M', 'CAM-AZUL-M', '12,5', '0', false],
      [1, blue, l, 'Azul / L', 'CAM-AZUL-L', '14', '5', true],
      [3, red, l, 'Rojo / L', 'CAM-ROJO-L', '12,5', '2', true],
    ] as const) {
      rows.push(['row', String(row)], [`colorId_${row}`, String(color)], [`sizeId_${row}`, String(size)], [`name_${row}`, name], [`sku_${row}`, sku], [`price_${row}`, price], [`stock_${row}`, stock]);
      if (include) rows.push([`include_${row}`, 'on']);
    }
    // a SKU twice in the grid: the second row's cell says so, and nothing is created
    const clash = await formEntries(url, store.owner.cookie, rows.map(([name, value]) => [name, name === 'sku_1' ? 'CAM-ROJO-L' : value]));
    expect(clash.statusCode).toBe(409);
    expect(clash.body).toContain('Este SKU ya existe en tu tienda o en otra fila');
    expect((await getProduct(store, product)).variantCount).toBe(1);
    // the product's own SKU is taken too
    expect((await formEntries(url, store.owner.cookie, rows.map(([name, value]) => [name, name === 'sku_3' ? 'CAM' : value]))).statusCode).toBe(409);
    expect((await getProduct(store, product)).variantCount).toBe(1);
    // a price that is no number: that cell's error
    const bad = await formEntries(url.replace('/catalog', '/en/catalog'), store.owner.cookie, rows.map(([name, value]) => [name, name === 'price_1' ? 'cheap' : value]));
    expect(bad.statusCode).toBe(400);
    expect((await getProduct(store, product)).variantCount).toBe(1);

    const created = await formEntries(url, store.owner.cookie, rows);
    expect(created.statusCode, created.body).toBe(302);
    expect(created.headers.location).toBe(`/catalog/product/show?id=${product}&notice=variantsCreated&count=2`);
    const variants = ((await api('GET', '/api/v1/variants?sort=name', store.owner.cookie)).json().rows as { name: string; sku: string; priceCents: number; stock: number }[]).map(({ name, sku, priceCents, stock }) => ({ name, sku, priceCents, stock }));
    expect(variants).toEqual([
      { name: 'Azul / L', sku: 'CAM-AZUL-L', priceCents: 1400, stock: 5 },
      { name: 'Rojo / L', sku: 'CAM-ROJO-L', priceCents: 1250, stock: 2 },
      { name: 'Rojo / M', sku: '', priceCents: 1250, stock: 1 },
    ]);
    expect((await getProduct(store, product)).stock).toBe(8);
    // nothing ticked
    const none = await formEntries(url, store.owner.cookie, [['row', '0'], ['name_0', 'Azul / M']]);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Marca al menos una variante para crear');
    // another store's product: 404, page and form
    const other = await makeStore(t);
    expect((await page(url, other.owner.cookie)).statusCode).toBe(404);
    expect((await formEntries(url, other.owner.cookie, rows)).statusCode).toBe(404);
  });
});

describe('the store forms', () => {
  it('reads "instagram.com/tienda" as its https address, still refusing another site', async () => {
    const store = await makeStore(t);
    const saved = await api('PUT', '/api/v1/store/marketing', store.owner.cookie, { instagram: 'instagram.com/tienda', facebook: 'www.facebook.com/tienda' });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    expect((await api('GET', '/api/v1/store/marketing', store.owner.cookie)).json()).toMatchObject({ instagram: 'https://instagram.com/tienda', facebook: 'https://www.facebook.com/tienda' });
    const screen = await form('/store/marketing', store.owner.cookie, { instagram: 'instagram.com/otra' });
    expect(screen.statusCode).toBeLessThan(400);
    expect((await api('GET', '/api/v1/store/marketing', store.owner.cookie)).json().instagram).toBe('https://instagram.com/otra');
    expect((await api('PUT', '/api/v1/store/marketing', store.owner.cookie, { instagram: 'evil.example/tienda' })).statusCode).toBe(400);
    expect((await api('PUT', '/api/v1/store/marketing', store.owner.cookie, { instagram: 'http://instagram.com/tienda' })).statusCode).toBe(400);
  });

  it('starts the contact country as Ecuador, and keeps one saved', async () => {
    const store = await makeStore(t);
    expect((await page('/store/contact', store.owner.cookie)).body).toMatch(/name="contactCountry"[^>]*value="Ecuador"|value="Ecuador"[^>]*name="contactCountry"/);
    const contact = { contactEmail: 'hola@tienda.ec', contactPhone: '+1 305 123 4567', contactAddress: 'NW 1', contactState: 'FL', contactCity: 'Miami', contactZip: '33166', contactCountry: 'Estados Unidos' };
    expect((await api('PUT', '/api/v1/store/contact', store.owner.cookie, contact)).statusCode).toBeLessThan(300);
    expect((await page('/store/contact', store.owner.cookie)).body).toContain('value="Estados Unidos"');
  });
});

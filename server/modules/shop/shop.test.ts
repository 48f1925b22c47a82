import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi } from '../../../tests/support/forms.ts';
import { multipart } from '../../../tests/support/multipart.ts';
import { storefrontKit } from '../../../tests/support/storefront.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { publishStore, setStoreExpiry } from '#server/modules/store/store.service.ts';
import { ownStoreScope, staffStoreScope } from '#server/tenancy/store-scope.ts';
import { tinyPng } from '#server/modules/upload/upload.fixtures.ts';

// The storefront's pages (issue 22 §1, §3, §4, §7) through inject() with the store guard on, on
// both databases: what shoppers see of a published store, filters, variants, prices, and who gets
// "store not available" (the review form's own tests: shop-reviews.test.ts).
let t: TestApp;
let store: TestStore;
let hidden: TestStore;
const ids: Record<string, number> = {};

const { api, create, get, shop } = storefrontKit(() => ({ t, store }));

beforeAll(async () => {
  // These tests change a store between two requests: every request reads its page version (decision 064's
  // one-second window is shop-cache.test.ts's).
  t = await createTestApp({ SHOP_PAGE_VERSION_MS: '0' });
  store = await makeStore(t, { name: 'Tienda de Prueba' });
  hidden = await makeStore(t, { name: 'Tienda Oculta' });
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  await publishStore(t.deps, scope, true);
  ids.category = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  ids.other = await create('/api/v1/categories', { name: 'Hogar', enabled: true });
  ids.sub = await create('/api/v1/subcategories', { categoryId: ids.category, name: 'Camisetas', enabled: true });
  ids.andina = await create('/api/v1/brands', { name: 'Andina', enabled: true });
  ids.otra = await create('/api/v1/brands', { name: 'Otra', enabled: true });
  ids.rojo = await create('/api/v1/colors', { name: 'Rojo', hex: '#cc0000', enabled: true });
  ids.azul = await create('/api/v1/colors', { name: 'Azul', hex: '#1144aa', enabled: true });
  ids.s = await create('/api/v1/sizes', { name: 'S', sortOrder: 1, enabled: true });
  ids.m = await create('/api/v1/sizes', { name: 'M', sortOrder: 2, enabled: true });
  // 20.00 less 10 % plus 15 % tax = 20.70, was 23.00
  ids.shirt = await create('/api/v1/products', { name: 'Camiseta Quito', description: 'Algodón peinado del Ecuador', sku: 'CQ-001', categoryId: ids.category, subcategoryId: ids.sub, brandId: ids.andina, priceCents: 2000, discountBp: 1000, ivaCode: '4', stock: 0, enabled: true, featured: true, content: '<p>Lavar en <strong>frío</strong></p><script>alert(1)</script>' });
  await create('/api/v1/variants', { productId: ids.shirt, name: 'Roja S', sku: 'CQ-001-RS', colorId: ids.rojo, sizeId: ids.s, priceCents: 2000, stock: 2, enabled: true });
  await create('/api/v1/variants', { productId: ids.shirt, name: 'Azul M', sku: 'CQ-001-AM', colorId: ids.azul, sizeId: ids.m, priceCents: 2200, stock: 0, enabled: true });
  ids.cap = await create('/api/v1/products', { name: 'Gorra <b>Andina</b>', description: 'Gorra de lona', sku: 'GA-7', categoryId: ids.category, brandId: ids.otra, priceCents: 1000, ivaCode: '0', stock: 0, enabled: true });
  ids.secret = await create('/api/v1/products', { name: 'Producto Secreto', sku: 'SEC-1', categoryId: ids.category, priceCents: 500, stock: 3, enabled: false });
  // enough for two pages in "Hogar"
  for (let n = 1; n <= 25; n++) await create('/api/v1/products', { name: `Taza ${String(n).padStart(2, '0')}`, sku: `TZ-${n}`, categoryId: ids.other, priceCents: n * 100, stock: 1, enabled: true });
  await create('/api/v1/reviews', { productId: ids.shirt, authorName: 'Lucía', email: 'lucia@example.com', rating: 4, comment: 'Muy buena', status: 'approved' });
  await create('/api/v1/reviews', { productId: ids.shirt, authorName: 'Pendiente', email: 'p@example.com', rating: 1, comment: 'No se ve', status: 'pending' });
  await create('/api/v1/pages', { title: 'Sobre nosotros', content: '<p>Hola <em>mundo</em></p>', published: true });
  await create('/api/v1/pages', { title: 'Borrador', content: '<p>Aún no</p>', published: false });
}, 120_000);
afterAll(() => t.dispose());

/** The product names a listing shows, in order. */
const names = (body: string) => [...body.matchAll(/<h3 class="card-title">([^<]*)<\/h3>/g)].map((m) => m[1]);

describe('the store home', () => {
  it('draws the store with its categories and featured products, in both languages, without any React runtime', async () => {
    for (const locale of ['es', 'en'] as const) {
      const response = await get(shop('', locale));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain(`<html lang="${locale === 'es' ? 'es-EC' : 'en-US'}"`);
      expect(response.body).toContain('Tienda de Prueba');
      expect(response.body).toContain(`href="${shop('/category/ropa', locale)}"`);
      expect(names(response.body)).toContain('Camiseta Quito');
      expect(response.body).toContain(locale === 'es' ? 'Destacados' : 'Featured');
      // No script at all on the home page: no dashboard runtime, nothing to hydrate.
      expect(response.body).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    }
  });

  it('is sent compressed with brotli or gzip, as every page of the app is', async () => {
    for (const [encoding, decode] of [['br', zlib.brotliDecompressSync], ['gzip', zlib.gunzipSync]] as const) {
      for (const url of [shop(), '/user/login', '/en/terms']) {
        const response = await get(url, { 'accept-encoding': encoding });
        expect(response.headers['content-encoding'], url).toBe(encoding);
        expect(response.headers.vary).toMatch(/Accept-Encoding/i);
        expect(decode(response.rawPayload).toString()).toContain('</html>');
      }
    }
    expect((await get(shop(), { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });
});

describe('availability', () => {
  it('answers "store not available" to shoppers for an unpublished, an expired or an unknown store, in both languages', async () => {
    for (const url of [`/shop/${hidden.slug}`, `/shop/${hidden.slug}/product/x`, '/shop/no-such-store']) {
      const es = await get(url);
      expect(es.statusCode).toBe(404);
      expect(es.body).toContain('Tienda no disponible');
      const en = await get(`/en${url}`);
      expect(en.statusCode).toBe(404);
      expect(en.body).toContain('Store not available');
    }
    const scope = await staffStoreScope(t.deps, store.id);
    await setStoreExpiry(t.deps, scope, new Date(Date.now() - 60_000));
    try {
      expect((await get(shop())).statusCode).toBe(404);
      // its owner still sees it, told why shoppers do not
      const preview = await get(shop(), { cookie: `lang=es; ${store.owner.cookie}` });
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain('el plan de tu tienda venció');
    } finally {
      await setStoreExpiry(t.deps, scope, null);
    }
    expect((await get(shop())).statusCode).toBe(200);
  });

  it('lets the owner of an unpublished store preview every page, marked, not indexed and never cached', async () => {
    for (const locale of ['es', 'en'] as const) {
      const response = await get(`${locale === 'en' ? '/en' : ''}/shop/${hidden.slug}`, { cookie: `lang=${locale}; ${hidden.owner.cookie}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(locale === 'es' ? 'tu tienda no está publicada, los compradores no pueden verla' : 'your store is not published, shoppers cannot see it');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // another owner is a shopper here
    expect((await get(`/shop/${hidden.slug}`, { cookie: `lang=es; ${store.owner.cookie}` })).statusCode).toBe(404);
  });
});

describe('a category', () => {
  it('lists its enabled products, with subcategories, filters by brand, colour (of a variant), size and stock, sorts and pages', async () => {
    const all = await get(shop('/category/ropa'));
    expect(all.statusCode).toBe(200);
    expect(names(all.body).sort()).toEqual(['Camiseta Quito', 'Gorra &lt;b&gt;Andina&lt;/b&gt;']);
    expect(all.body).toContain('href="/shop/' + store.slug + '/category/ropa?sub=camisetas"');
    expect(names((await get(shop('/category/ropa?sub=camisetas'))).body)).toEqual(['Camiseta Quito']);
    expect(names((await get(shop('/category/ropa?brand=otra'))).body)).toEqual(['Gorra &lt;b&gt;Andina&lt;/b&gt;']);
    expect(names((await get(shop('/category/ropa?color=azul'))).body)).toEqual(['Camiseta Quito']);
    expect(names((await get(shop('/category/ropa?size=s'))).body)).toEqual(['Camiseta Quito']);
    // the shirt's stock is its variants' (2), the cap has none
    expect(names((await get(shop('/category/ropa?stock=1'))).body)).toEqual(['Camiseta Quito']);
    expect(names((await get(shop('/category/ropa?sort=price-asc'))).body)).toEqual(['Gorra &lt;b&gt;Andina&lt;/b&gt;', 'Camiseta Quito']);
    expect(names((await get(shop('/category/ropa?sort=price-desc'))).body)).toEqual(['Camiseta Quito', 'Gorra &lt;b&gt;Andina&lt;/b&gt;']);
    const first = await get(shop('/category/hogar?sort=name'));
    expect(names(first.body)).toHaveLength(24);
    expect(first.body).toContain(`href="/shop/${store.slug}/category/hogar?sort=name&amp;page=2"`);
    expect(names((await get(shop('/category/hogar?sort=name&page=2'))).body)).toEqual(['Taza 25']);
  });

  it('reads the price range in the page\'s language (the price paid, tax and discount included) and refuses what is not a price', async () => {
    expect(names((await get(shop('/category/ropa?min=20,50'))).body)).toEqual(['Camiseta Quito']);
    expect(names((await get(shop('/category/ropa?max=20.50', 'en'))).body)).toEqual(['Gorra &lt;b&gt;Andina&lt;/b&gt;']);
    const wrong = await get(shop('/category/ropa?min=diez', 'en'));
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('Write the price as a number');
    expect(wrong.body).toContain('value="diez"');
    expect(wrong.body).toContain('id="filter-min" name="min" inputmode="decimal" placeholder="From" value="diez" size="6" aria-invalid="true"');
    expect((await get(shop('/category/ropa?min=diez'))).body).toContain('Escribe el precio como un número');
  });
});

describe('a card', () => {
  /** The card of `name` in a listing's page. */
  const cardOf = (body: string, name: string) => body.split('<li class="card">').find((card) => card.includes(`<h3 class="card-title">${name}</h3>`)) ?? '';
  async function upload() {
    const { payload, contentType } = multipart([{ name: 'purpose', value: 'catalog' }, { name: 'file', filename: 'foto.png', data: await tinyPng(40, 40), type: 'image/png' }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: store.owner.cookie } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  it('shows its product\'s first picture and its approved reviews\' rating, in a category, a search and on the home', async () => {
    const [first, second] = [await upload(), await upload()];
    const cap = (await api('GET', `/api/v1/products/${ids.cap}`)).json();
    // The owner's order of the gallery, not the uploads': the second upload is the picture.
    expect((await api('PUT', `/api/v1/products/${ids.cap}`, { ...cap, imageIds: [second, first], featured: true })).statusCode).toBeLessThan(300);
    for (const [rating, status] of [[5, 'approved'], [4, 'approved'], [1, 'pending']] as const) {
      await create('/api/v1/reviews', { productId: ids.cap, authorName: 'Ana', email: 'ana@example.com', rating, comment: 'Bien', status });
    }
    try {
      for (const url of [shop('/category/ropa'), shop('/search?q=gorra'), shop()]) {
        const card = cardOf((await get(url)).body, 'Gorra &lt;b&gt;Andina&lt;/b&gt;');
        expect(card, url).toContain(`/${second}/w320.webp`);
        expect(card, url).not.toContain(first);
        // 4.5 of two approved reviews; the pending one is not counted
        expect(card, url).toContain('aria-label="Calificación: 4,5 de 5"');
        expect(card, url).toContain('<span class="muted">(2)</span>');
      }
      // A product without pictures or reviews shows its initial, and no rating.
      const taza = cardOf((await get(shop('/category/hogar?sort=name'))).body, 'Taza 01');
      expect(taza).toContain('<span class="card-placeholder" aria-hidden="true">T</span>');
      expect(taza).not.toContain('card-rating');
    } finally {
      expect((await api('PUT', `/api/v1/products/${ids.cap}`, { ...cap, imageIds: [] })).statusCode).toBeLessThan(300);
    }
  });
});

describe('a product', () => {
  it('shows the price with discount and tax, the old one struck through, the variants by colour and size, approved reviews only, and sanitized content', async () => {
    const response = await get(shop('/product/camiseta-quito'));
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('<span class="price-now">$20,70</span>');
    expect(body).toContain('<s class="price-old">$23,00</s>');
    // the first variant in stock is chosen: red, S
    expect(body).toMatch(/Color: <span class="muted">Rojo<\/span>/);
    expect(body).toContain('2 disponibles');
    expect(body).toContain('CQ-001-RS');
    expect(body).toContain('Muy buena');
    expect(body).not.toContain('No se ve');
    expect(body).toContain('Lavar en <strong>frío</strong>');
    expect(body).not.toContain('alert(1)');
    // the blue M has its own price (22.00 less 10 % plus 15 % = 22.77) and none left
    const blue = await get(shop('/product/camiseta-quito?color=azul&size=m', 'en'));
    expect(blue.body).toContain('<span class="price-now">$22.77</span>');
    expect(blue.body).toContain('Sold out');
    expect(blue.body).toContain('CQ-001-AM');
  });

  it('strikes through the compare-at price when it is higher, and counts the saving against it', async () => {
    // a store of its own, so its products change no other test's lists
    const own = await makeStore(t, { name: 'Tienda Antes' });
    await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: own.owner.id }))!, true);
    const post = async (url: string, input: object) => (await callApi(t.app, 'POST', url, own.owner.cookie, input)).json().id as number;
    const category = await post('/api/v1/categories', { name: 'Ofertas', enabled: true });
    await post('/api/v1/products', { name: 'Chompa', slug: 'chompa', categoryId: category, priceCents: 3990, compareAtCents: 4990, ivaCode: '4', enabled: true });
    await post('/api/v1/products', { name: 'Bufanda', slug: 'bufanda', categoryId: category, priceCents: 2000, compareAtCents: 2500, discountBp: 1000, ivaCode: '4', enabled: true });
    // 39.90 + 15 % (5.985 → 5.99) = 45.89; before 49.90 + 7.485 → 7.49 = 57.39; 11.50 / 57.39 = 20 %
    const chompa = (await get(`/shop/${own.slug}/product/chompa`)).body;
    expect(chompa).toContain('<span class="price-now">$45,89</span>');
    expect(chompa).toContain('<s class="price-old">$57,39</s>');
    expect(chompa).toContain('-20 %');
    // with a discount too: 20.00 − 2.00 + 2.70 = 20.70, against 25.00 + 3.75 = 28.75: 28 %
    const cards = (await get(`/en/shop/${own.slug}/category/ofertas?sort=name`)).body;
    expect(cards).toMatch(/-28%[\s\S]*\$20\.70[\s\S]*\$28\.75[\s\S]*-20%[\s\S]*\$45\.89[\s\S]*\$57\.39/);
  });

  it('never renders a merchant\'s text as HTML', async () => {
    const body = (await get(shop('/product/gorra-b-andina-b'))).body;
    expect(body).toContain('Gorra &lt;b&gt;Andina&lt;/b&gt;');
    expect(body).not.toContain('<b>Andina</b>');
  });

  it('answers the store\'s own 404, in its style, for a disabled or unknown product, category or page, and another store\'s records', async () => {
    for (const [url, locale] of [[shop('/product/producto-secreto'), 'es'], [shop('/product/nada', 'en'), 'en'], [shop('/category/nada'), 'es'], [shop('/page/borrador'), 'es'], [shop('/no/such/thing', 'en'), 'en']] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(locale === 'es' ? 'No encontramos esta página' : 'We could not find this page');
      expect(response.body, url).toContain('--store-primary');
      expect(response.body, url).toContain('Tienda de Prueba');
    }
  });
});

describe('search and content pages', () => {
  it('finds products by name, description and SKU, never a disabled one, and says when nothing matches', async () => {
    expect(names((await get(shop('/search?q=quito'))).body)).toEqual(['Camiseta Quito']);
    expect(names((await get(shop('/search?q=peinado'))).body)).toEqual(['Camiseta Quito']);
    expect(names((await get(shop('/search?q=ga-7'))).body)).toEqual(['Gorra &lt;b&gt;Andina&lt;/b&gt;']);
    expect(names((await get(shop('/search?q=secreto'))).body)).toEqual([]);
    expect((await get(shop('/search?q=zzz', 'en'))).body).toContain('We found no products for “zzz”.');
    expect((await get(shop('/search?q=100%25'))).statusCode).toBe(200);
  });

  it('answers 400 in the page\'s language to a `?page=` that is no page, with a link to the first page, rather than guess one', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '10001', '2e3']) {
      const search = await get(shop(`/search?q=taza&page=${bad}`));
      expect(search.statusCode, bad).toBe(400);
      expect(search.body).toContain('Esta página de resultados no existe');
      expect(search.body).toContain(`«${bad}» no lo es`);
      expect(search.body).toContain(`href="/shop/${store.slug}/search?q=taza"`);
      expect((await get(shop(`/category/hogar?sort=name&page=${bad}`))).statusCode, bad).toBe(400);
    }
    const english = await get(shop('/category/hogar?page=abc', 'en'));
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain('The page number must be a whole number from 1 to 10,000; “abc” is not.');
    expect(english.body).toContain(`href="/en/shop/${store.slug}/category/hogar"`);
    // an empty page is the first, as a form sends it
    expect((await get(shop('/search?q=taza&page='))).statusCode).toBe(200);
    expect((await get(shop('/category/hogar?page=2'))).statusCode).toBe(200);
  });

  it('shows a published page with its formatted content', async () => {
    const response = await get(shop('/page/sobre-nosotros'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p>Hola <em>mundo</em></p>');
  });
});

type OfferLd = { '@type': string; sku: string; price: string; priceCurrency: string; availability: string; url: string; itemCondition: string };
type ProductLd = { '@context': string; name: string; offers: OfferLd[]; aggregateRating: unknown; review: unknown; brand: unknown; description: string; sku: string };
type CrumbsLd = { itemListElement: { position: number; name: string; item: string }[] };

/** Every JSON-LD object of a page, read back as a search engine does. */
function jsonLd(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}
const meta = (body: string, attribute: 'name' | 'property', key: string) => new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(body)?.[1];
const linkHref = (body: string, rel: string, hreflang?: string) => new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(body)?.[1];

describe('SEO', () => {
  it('gives a product Google\'s required and recommended Product fields, with Offer(s), AggregateRating, reviews and a BreadcrumbList', async () => {
    const body = (await get(shop('/product/camiseta-quito', 'en'))).body;
    const data = jsonLd(body);
    const product = data.find((d) => d['@type'] === 'Product') as unknown as ProductLd;
    // Required: name, and one of offers, review or aggregateRating (Product snippets); a merchant
    // listing needs offers with price and currency.
    expect(product['@context']).toBe('https://schema.org');
    expect(product.name).toBe('Camiseta Quito');
    const offers = product.offers;
    expect(offers).toHaveLength(2);
    for (const offer of offers) {
      expect(offer['@type']).toBe('Offer');
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.priceCurrency).toBe('USD');
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
      expect(offer.url).toMatch(/^http.*\/en\/shop\/.*\/product\/camiseta-quito\?color=/);
      expect(offer.itemCondition).toBe('https://schema.org/NewCondition');
    }
    expect(offers.map((offer) => [offer.sku, offer.price, offer.availability.split('/').pop()])).toEqual([['CQ-001-AM', '22.77', 'OutOfStock'], ['CQ-001-RS', '20.70', 'InStock']]);
    // Recommended: aggregateRating, review, brand, description, sku, image.
    expect(product.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(product.review).toEqual([expect.objectContaining({ '@type': 'Review', author: { '@type': 'Person', name: 'Lucía' }, reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 } })]);
    expect(product.brand).toEqual({ '@type': 'Brand', name: 'Andina' });
    expect(product.description).toBe('Algodón peinado del Ecuador');
    expect(product.sku).toBe('CQ-001');
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as unknown as CrumbsLd;
    expect(crumbs.itemListElement.map((item) => [item.position, item.name])).toEqual([[1, 'Tienda de Prueba'], [2, 'Ropa'], [3, 'Camiseta Quito']]);
    for (const item of crumbs.itemListElement) expect(item.item).toMatch(/^https?:\/\/[^/]+\/en\/shop\//);
  });

  it('titles and describes each page, with canonical, hreflang, Open Graph and Twitter tags, and the store as a Store', async () => {
    const home = (await get(shop())).body;
    expect(home).toContain('<title>Tienda de Prueba</title>');
    expect(linkHref(home, 'canonical')).toMatch(new RegExp(`/shop/${store.slug}$`));
    expect(linkHref(home, 'alternate', 'en')).toMatch(new RegExp(`/en/shop/${store.slug}$`));
    expect(linkHref(home, 'alternate', 'x-default')).toBe(linkHref(home, 'alternate', 'es'));
    const storeData = jsonLd(home).find((d) => d['@type'] === 'Store')!;
    expect(storeData).toMatchObject({ name: 'Tienda de Prueba', url: expect.stringMatching(/^http/), currenciesAccepted: 'USD' });

    const product = (await get(shop('/product/camiseta-quito'))).body;
    expect(product).toContain('<title>Camiseta Quito | Tienda de Prueba</title>');
    expect(meta(product, 'name', 'description')).toBe('Algodón peinado del Ecuador');
    expect(meta(product, 'property', 'og:type')).toBe('product');
    expect(meta(product, 'property', 'og:title')).toBe('Camiseta Quito | Tienda de Prueba');
    expect(meta(product, 'name', 'twitter:card')).toMatch(/^summary/);
    // a filtered view is not indexed and points to the category
    const filtered = (await get(shop('/category/ropa?brand=otra&sort=name'))).body;
    expect(filtered).toContain('<meta name="robots" content="noindex">');
    expect(linkHref(filtered, 'canonical')).toMatch(/\/category\/ropa$/);
  });

  it('lists every enabled product, category and published page in the store\'s sitemap, in both languages; the index and robots.txt point to it', async () => {
    const sitemap = await get(shop('/sitemap.xml'));
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    for (const path of ['/product/camiseta-quito', '/category/ropa', '/category/hogar', '/page/sobre-nosotros', '']) {
      expect(sitemap.body).toContain(`/shop/${store.slug}${path}</loc>`);
      expect(sitemap.body).toContain(`/en/shop/${store.slug}${path}</loc>`);
    }
    expect(sitemap.body).not.toContain('producto-secreto');
    expect(sitemap.body).not.toContain('borrador');
    expect((await get(`/shop/${hidden.slug}/sitemap.xml`)).statusCode).toBe(404);
    const index = (await get('/sitemap.xml')).body;
    expect(index).toContain(`/shop/${store.slug}/sitemap.xml</loc>`);
    expect(index).not.toContain(hidden.slug);
    const robots = await get('/robots.txt');
    expect(robots.body).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
    expect(robots.body).toContain('Disallow: /api/');
  });
});

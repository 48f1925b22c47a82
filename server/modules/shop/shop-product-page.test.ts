import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { storefrontKit } from '../../../tests/support/storefront.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { whatsappLink } from './shop-layout.ts';

// Issue 40's storefront defects, through inject() on both databases: a description from the
// rich-text editor is shown as formatted text on the product page and as plain words in the meta
// description, Open Graph and JSON-LD (defect 1), whatever was stored; variants and sizes come in
// the store's order of sizes, not by name (defect 7); a WhatsApp number kept the national way links
// to Ecuador's (defect 4).
let t: TestApp;
let store: TestStore;
const ids: Record<string, number> = {};

const { api, create, get, shop } = storefrontKit(() => ({ t, store }));
const meta = (body: string, attribute: 'name' | 'property', key: string) => new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(body)?.[1];
const productLd = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>).find((d) => d['@type'] === 'Product')!;
/** The part of the page a shopper reads: the document's main element. */
const mainOf = (body: string) => /<main[\s\S]*<\/main>/.exec(body)?.[0] ?? '';

const EDITOR_HTML = '<p>Camiseta de <strong>algodón</strong> &amp; lino, “suave”.</p><ul><li>Talla&nbsp;S a L</li><li>Hecha en Ecuador</li></ul>';

beforeAll(async () => {
  t = await createTestApp({ SHOP_PAGE_VERSION_MS: '0' });
  store = await makeStore(t, { name: 'Tienda Rica' });
  await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, true);
  ids.category = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  ids.rich = await create('/api/v1/products', { name: 'Camiseta Rica', slug: 'camiseta-rica', description: EDITOR_HTML, sku: 'CR-1', categoryId: ids.category, priceCents: 1000, ivaCode: '4', stock: 3, enabled: true });
  ids.old = await create('/api/v1/products', { name: 'Camiseta Vieja', slug: 'camiseta-vieja', description: 'x', sku: 'CV-1', categoryId: ids.category, priceCents: 1000, ivaCode: '4', stock: 3, enabled: true });
  // Sizes made S, M, L with the order left as it comes (0): their names would say L, M, S.
  ids.negro = await create('/api/v1/colors', { name: 'Negro', hex: '#111111', enabled: true });
  for (const size of ['S', 'M', 'L']) ids[size] = await create('/api/v1/sizes', { name: size, enabled: true });
  ids.tee = await create('/api/v1/products', { name: 'Camiseta Tallas', slug: 'camiseta-tallas', sku: 'CT-1', categoryId: ids.category, priceCents: 1000, ivaCode: '4', stock: 0, enabled: true });
  // Made L first, so neither their names nor their ids give the sizes' order.
  for (const size of ['L', 'S', 'M']) await create('/api/v1/variants', { productId: ids.tee, name: `Negro / ${size}`, sku: `CT-1-${size}`, colorId: ids.negro, sizeId: ids[size], priceCents: 1000, stock: 2, enabled: true });
}, 120_000);
afterAll(() => t.dispose());

describe('a formatted description (defect 1)', () => {
  it('is shown as formatted text on the product page, never as literal tags', async () => {
    for (const locale of ['es', 'en'] as const) {
      const main = mainOf((await get(shop('/product/camiseta-rica', locale))).body);
      expect(main).toContain('<p>Camiseta de <strong>algodón</strong> &amp; lino, “suave”.</p>');
      expect(main).toContain('<li>Hecha en Ecuador</li>');
      expect(main).not.toContain('&lt;p&gt;');
      expect(main).not.toContain('&lt;strong&gt;');
    }
  });

  it('is plain words in the meta description, Open Graph, Twitter and JSON-LD', async () => {
    const body = (await get(shop('/product/camiseta-rica'))).body;
    const words = 'Camiseta de algodón &amp; lino, “suave”. Talla S a L Hecha en Ecuador'; // escaped once in the attribute
    expect(meta(body, 'name', 'description')).toBe(words);
    expect(meta(body, 'property', 'og:description')).toBe(words);
    expect(meta(body, 'name', 'twitter:description')).toBe(words);
    expect(productLd(body).description).toBe('Camiseta de algodón & lino, “suave”. Talla S a L Hecha en Ecuador');
  });

  it('is cut at a sane length in meta and JSON-LD', async () => {
    const long = `<p>${'Algodón peinado del Ecuador. '.repeat(100)}</p>`;
    expect((await api('PUT', `/api/v1/products/${ids.old}`, { name: 'Camiseta Vieja', slug: 'camiseta-vieja', description: long, sku: 'CV-1', categoryId: ids.category, priceCents: 1000, ivaCode: '4', stock: 3, enabled: true })).statusCode).toBe(204);
    const body = (await get(shop('/product/camiseta-vieja'))).body;
    const description = meta(body, 'name', 'description')!;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^Algodón peinado del Ecuador\. .*…$/);
    const ld = productLd(body).description as string;
    expect(ld.length).toBeLessThanOrEqual(1000);
    expect(ld.endsWith('…')).toBe(true);
  });

  it('keeps no script, event handler, javascript: link, style or frame, whether it came through the API or was stored before the sanitizer', async () => {
    const attack =
      '<p style="position:fixed;inset:0;background:red" onclick="steal()">Hola</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">clic</a> <a href="https://example.com/x">bien</a><iframe src="https://evil.example"></iframe><style>body{display:none}</style><svg onload="alert(4)"></svg>';
    // Through the API (sanitized when stored) and straight into the row (an old row, or any other road).
    expect((await api('PUT', `/api/v1/products/${ids.old}`, { name: 'Camiseta Vieja', slug: 'camiseta-vieja', description: attack, sku: 'CV-1', categoryId: ids.category, priceCents: 1000, ivaCode: '4', stock: 3, enabled: true })).statusCode).toBe(204);
    const viaApi = (await get(shop('/product/camiseta-vieja'))).body;
    await t.deps.db.updateTable('product').set({ description: attack }).where('storeId', '=', store.id).where('id', '=', ids.old!).execute();
    const raw = (await get(shop('/product/camiseta-vieja'))).body;
    for (const body of [viaApi, raw]) {
      const main = mainOf(body);
      expect(main).toContain('Hola');
      expect(main).toContain('href="https://example.com/x"');
      expect(main).not.toMatch(/<script|onerror|onclick|onload|javascript:|<iframe|<style|<svg|<img|display:none|position:fixed/i);
      expect(body).not.toMatch(/<script>alert|onerror=|onclick=|onload=|javascript:|<iframe|body\{display:none\}/i);
      expect(meta(body, 'name', 'description')).toBe('Hola clic bien');
      expect(productLd(body).description).toBe('Hola clic bien');
    }
  });
});

describe('variants in the sizes’ order (defect 7)', () => {
  it('lists sizes S, M, L on the product page and in its offers, not L, M, S', async () => {
    const body = (await get(shop('/product/camiseta-tallas'))).body;
    const sizes = [...body.matchAll(/<a class="size[^"]*" href="[^"]*size=([a-z]+)/g)].map((m) => m[1]);
    expect(sizes).toEqual(['s', 'm', 'l']);
    const offers = productLd(body).offers as { sku: string }[];
    expect(offers.map((offer) => offer.sku)).toEqual(['CT-1-S', 'CT-1-M', 'CT-1-L']);
  });

  it('lists the variants the same way on the dashboard’s product', async () => {
    const response = await api('GET', `/api/v1/products/${ids.tee}`);
    expect(response.statusCode).toBe(200);
    const { related } = await import('#server/modules/product/product.service.ts');
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    expect((await related(t.deps, scope, ids.tee!)).map((variant) => variant.name)).toEqual(['Negro / S', 'Negro / M', 'Negro / L']);
  });

  it('lists them the same way in the dashboard’s variant list by default: by product, then colour, sizes’ order, creation; a column still sorts', async () => {
    // A second product, its variants made neither in the colours' nor in the sizes' order; S is put last among the sizes.
    const polo = await create('/api/v1/products', { name: 'Polo', slug: 'polo', sku: 'PO-1', categoryId: ids.category, priceCents: 1000, ivaCode: '4', stock: 0, enabled: true });
    const blanco = await create('/api/v1/colors', { name: 'Blanco', hex: '#ffffff', enabled: true });
    const xl = await create('/api/v1/sizes', { name: 'XL', sortOrder: 9, enabled: true });
    for (const [color, size, name] of [[ids.negro, ids.M, 'Negro / M'], [blanco, xl, 'Blanco / XL'], [blanco, ids.L, 'Blanco / L'], [null, null, 'Única'], [blanco, ids.S, 'Blanco / S']] as const) {
      await create('/api/v1/variants', { productId: polo, name, sku: `PO-1-${name}`, colorId: color, sizeId: size, priceCents: 1000, stock: 1, enabled: true });
    }
    const names = async (query = '') => {
      const response = await api('GET', `/api/v1/variants${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().rows as { name: string }[]).map((row) => row.name);
    };
    const storefront = ['Negro / S', 'Negro / M', 'Negro / L', 'Única', 'Blanco / S', 'Blanco / L', 'Blanco / XL', 'Negro / M'];
    expect(await names()).toEqual(storefront);
    expect(await names('?sort=product&dir=desc')).toEqual([...storefront].reverse());
    expect(await names('?sort=name')).toEqual(['Blanco / L', 'Blanco / S', 'Blanco / XL', 'Negro / L', 'Negro / M', 'Negro / M', 'Negro / S', 'Única']);
    // the polo's own storefront agrees
    const body = (await get(shop('/product/polo'))).body;
    expect((productLd(body).offers as { sku: string }[]).map((offer) => offer.sku)).toEqual(['PO-1-Única', 'PO-1-Blanco / S', 'PO-1-Blanco / L', 'PO-1-Blanco / XL', 'PO-1-Negro / M']);
  });
});

describe('the WhatsApp button (defect 4)', () => {
  it('links a number kept the national way to Ecuador', () => {
    expect(whatsappLink('0998877665')).toBe('https://wa.me/593998877665');
    expect(whatsappLink('+593998877665')).toBe('https://wa.me/593998877665');
    expect(whatsappLink('')).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { TestStore } from '../support/factories.ts';
import { callApi, postForm } from '../support/forms.ts';
import { publishedStore, type PublishedStore } from '../support/shops.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 37 §4: what an invoice prints is refused where it is typed when SRI's `factura` could not
// take it — a SKU over `codigoPrincipal`'s 25 characters, a name with a line break or a control
// character (`[^\n]*`), a buyer's address whose three parts joined pass `direccionComprador`'s 300 —
// with a message in the page's language, rather than cut or dropped on the invoice. Needs `npm run
// build` first.
let t: TestApp;
let store: TestStore;
let scope: StoreScope;
let create: PublishedStore['create'];
let categoryId = 0;
let productId = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ store, scope, create } = await publishedStore(t));
  categoryId = await create('/api/v1/categories', { name: 'Ropa', enabled: true });
  productId = await create('/api/v1/products', { name: 'Camiseta', categoryId, priceCents: 1500, stock: 100, enabled: true });
}, 120_000);
afterAll(() => t.dispose());

const api = (method: 'POST' | 'PUT', url: string, body: object, lang = 'es') => callApi(t.app, method, url, store.owner.cookie, body, lang);

describe('a product and a variant', () => {
  it('take a SKU of 25 characters and refuse one of 26, saying why', async () => {
    expect((await api('POST', '/api/v1/products', { name: 'Taza', categoryId, priceCents: 500, sku: 'S'.repeat(25), enabled: true })).statusCode).toBe(201);
    const long = await api('POST', '/api/v1/products', { name: 'Taza larga', categoryId, priceCents: 500, sku: 'S'.repeat(26), enabled: true });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ sku: 'Máximo 25 caracteres: es el código que llevan tus facturas del SRI' });
    const variant = await api('POST', '/api/v1/variants', { productId, name: 'Rojo M', sku: 'V'.repeat(26), priceCents: 1500, enabled: true }, 'en');
    expect(variant.statusCode).toBe(400);
    expect(variant.json().fields).toEqual({ sku: 'At most 25 characters: it is the code your SRI invoices carry' });
  });

  it('refuse a name or a SKU with a line break or a control character', async () => {
    for (const [field, value] of [['name', 'Camiseta\nazul'], ['name', 'Camiseta\u0007'], ['sku', 'CAM\t1']] as const) {
      const refused = await api('POST', '/api/v1/products', { name: 'Bien', categoryId, priceCents: 500, enabled: true, [field]: value });
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().fields).toEqual({ [field]: 'Escríbelo en una sola línea, sin saltos de línea ni caracteres de control' });
    }
    const variant = await api('POST', '/api/v1/variants', { productId, name: 'Rojo\r\nM', priceCents: 1500, enabled: true }, 'en');
    expect(variant.json().fields).toEqual({ name: 'Write it on one line, without line breaks or control characters' });
  });
});

describe('the buyer’s data', () => {
  const buyer = { name: 'Ana Pérez', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' };
  const checkout = (fields: Partial<typeof buyer>, lang = 'es') =>
    postForm(t.app, `/${lang === 'en' ? 'en/' : ''}shop/${store.slug}/checkout`, { ...buyer, ...fields }, { cookie: `lang=${lang}; tb_cart_${store.id}=${encodeURIComponent(JSON.stringify({ l: [[productId, 0, 1]] }))}` });

  it('is refused at checkout with a control character in it, keeping what was typed', async () => {
    const refused = await checkout({ name: 'Ana\u0007 Pérez' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Tiene caracteres que la factura no admite (caracteres de control): escríbelo de nuevo');
    const english = await checkout({ city: 'Quito\u001B' }, 'en');
    expect(english.body).toContain('It has characters the invoice does not take (control characters): type it again');
    const placed = await checkout({});
    expect(placed.statusCode, placed.body.slice(0, 300)).toBe(303);
  });

  it('is refused on the customer form when the address is not one line or the three parts pass 300 characters', async () => {
    const customer = await t.db.selectFrom('customer').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow();
    const body = { ...buyer };
    expect((await api('PUT', `/api/v1/customers/${customer.id}`, body)).statusCode).toBe(200);
    const twoLines = await api('PUT', `/api/v1/customers/${customer.id}`, { ...body, address: 'Av. Amazonas\nN34-12' });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().fields).toEqual({ address: 'Escríbelo en una sola línea, sin saltos de línea ni caracteres de control' });
    const long = await api('PUT', `/api/v1/customers/${customer.id}`, { ...body, address: 'A'.repeat(200), city: 'C'.repeat(60), province: 'P'.repeat(60) }, 'en');
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ address: 'The address, city and province together are over the 300 characters the invoice takes: shorten the address.' });
  });
});

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreContactSchema } from '#common/schemas/store.ts';
import { LOW_STOCK_SHOWN } from '#common/store-setup.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore, makeUser, type TestStore } from '../support/factories.ts';
import { callApi, getPage } from '../support/forms.ts';
import { multipart } from '../support/multipart.ts';
import { checklistSteps } from '../support/desk-steps.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 20 §23: a store owner's desk shows the store's set-up checklist, each step ticked as it is
// done and linking to its screen, and the products running out beside it — the owner's own only.
// Through the rendered desk (needs `npm run build`), with the store guard on.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

/** Each step's state as the desk draws it (step → "true" or "false"), or null without the checklist. */
const steps = (cookie: string, url = '/') => checklistSteps(t.app, cookie, { list: 'store-setup', step: 'store-step', url });

/** The low-stock rows' product ids in the order the desk lists them. */
async function lowStockIds(cookie: string) {
  const body = (await getPage(t.app, '/', cookie)).body;
  return [...body.matchAll(/data-testid="low-stock-(\d+)"/g)].map((match) => Number(match[1]));
}

async function create(store: TestStore, url: string, input: object): Promise<number> {
  const response = await callApi(t.app, 'POST', url, store.owner.cookie, input);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().id as number;
}

async function upload(store: TestStore, purpose: 'logo' | 'catalog') {
  const data = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#1c9283' } }).png().toBuffer();
  const { payload, contentType } = multipart([{ name: 'purpose', value: purpose }, { name: 'file', filename: 'foto.png', data, type: 'image/png' }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: `lang=es; ${store.owner.cookie}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const none = { logo: 'false', style: 'false', category: 'false', product: 'false', contact: 'false', payment: 'false', published: 'false' };

describe('the store set-up checklist on the desk', () => {
  it('lists the seven steps, none done, each linking to its screen in the page’s language', async () => {
    const store = await makeStore(t);
    const fresh = (await getPage(t.app, '/', store.owner.cookie)).body;
    expect(fresh).toContain('Prepara tu tienda');
    expect(fresh).toContain('0 de 7 pasos');
    for (const [path, link] of [['/store/design', 'Subir el logo'], ['/store/design', 'Elegir el estilo'], ['/catalog/category/new', 'Crear una categoría'], ['/catalog/product/new', 'Agregar un producto'], ['/store/contact', 'Completar el contacto'], ['/store/payments', 'Configurar cobros y envíos'], ['/store/settings', 'Publicar la tienda']]) {
      expect(fresh).toMatch(new RegExp(`href="${path}"[^>]*>${link}<`));
    }
    expect(await steps(store.owner.cookie)).toEqual(none);
    const english = (await getPage(t.app, '/en', store.owner.cookie)).body;
    expect(english).toContain('Set up your store');
    expect(english).toContain('0 of 7 steps');
    expect(english).toMatch(/href="\/en\/catalog\/category\/new"[^>]*>Create a category</);
  });

  it('ticks the style once the design is saved (even keeping the default style), the logo once there is one', async () => {
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    await t.services.stores.updateDesign(scope, { logo: null, style: 1 });
    expect(await steps(store.owner.cookie)).toEqual({ ...none, style: 'true' });
    await t.services.stores.updateDesign(scope, { logo: await upload(store, 'logo'), style: 3 });
    expect(await steps(store.owner.cookie)).toEqual({ ...none, style: 'true', logo: 'true' });
  });

  it('ticks the category, then the product only once one has an image', async () => {
    const store = await makeStore(t);
    const category = await create(store, '/api/v1/categories', { name: 'Ropa', enabled: true });
    // A product without an image is not yet "a product with a photo".
    await create(store, '/api/v1/products', { name: 'Sin foto', categoryId: category, priceCents: 1000, stock: 20, enabled: true });
    expect(await steps(store.owner.cookie)).toEqual({ ...none, category: 'true' });
    await create(store, '/api/v1/products', { name: 'Con foto', categoryId: category, priceCents: 1000, stock: 20, enabled: true, imageIds: [await upload(store, 'catalog')] });
    expect(await steps(store.owner.cookie)).toEqual({ ...none, category: 'true', product: 'true' });
  });

  it('ticks the contact data once saved and publishing; with every step done the checklist steps aside, the low-stock card stays', async () => {
    const store = await makeStore(t);
    const { cookie } = store.owner;
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const contact = { contactEmail: 'ventas@example.com', contactPhone: '+593 99 123 4567', contactAddress: 'Av. Amazonas 100', contactState: 'Pichincha', contactCity: 'Quito', contactZip: '170150', contactCountry: 'Ecuador' };
    await t.services.stores.updateStoreSection(scope, 'contact', StoreContactSchema.parse(contact));
    await t.services.stores.publishStore(scope, true);
    expect(await steps(cookie)).toEqual({ ...none, contact: 'true', published: 'true' });

    // The rest, straight through the services a merchant's forms use; then nothing is left to do.
    await t.services.stores.updateDesign(scope, { logo: await upload(store, 'logo'), style: 2 });
    const category = await create(store, '/api/v1/categories', { name: 'Ropa', enabled: true });
    await create(store, '/api/v1/products', { name: 'Con foto', categoryId: category, priceCents: 1000, stock: 20, enabled: true, imageIds: [await upload(store, 'catalog')] });
    await t.services.storeSales.saveStoreSales(scope, { cashOnDelivery: true, bankTransfer: false, bankName: '', bankAccountType: '', bankAccountNumber: '', bankAccountHolder: '', shippingFeeCents: 300, freeShippingFromCents: null, ruc: '1790123456001', businessName: 'Tienda S.A.', establishment: '001', emissionPoint: '001', shippingIvaCode: '4' });
    const done = (await getPage(t.app, '/', cookie)).body;
    expect(done).not.toContain('data-testid="store-setup"');
    expect(done).toContain('data-testid="low-stock"');
    expect(await steps(cookie, '/en')).toBeNull();
  });

  it('is each owner’s own, and a user without a store has neither the checklist nor the low-stock card', async () => {
    const busy = await makeStore(t);
    const category = await create(busy, '/api/v1/categories', { name: 'Ropa', enabled: true });
    await create(busy, '/api/v1/products', { name: 'Agotado', categoryId: category, priceCents: 1000, stock: 0, enabled: true });
    const newcomer = await makeStore(t);
    expect(await steps(newcomer.owner.cookie)).toEqual(none);
    expect(await lowStockIds(newcomer.owner.cookie)).toEqual([]);
    expect((await getPage(t.app, '/', newcomer.owner.cookie)).body).toContain('Ningún producto activo tiene 5 unidades o menos.');

    const client = await makeUser(t);
    const body = (await getPage(t.app, '/', client.cookie)).body;
    expect(body).not.toContain('data-testid="store-setup-panel"');
  });
});

describe('low stock beside it', () => {
  it('lists the enabled products at 5 units or fewer (with variants, when one of them is), fewest first, each linking to its product', async () => {
    const store = await makeStore(t);
    const { cookie } = store.owner;
    const category = await create(store, '/api/v1/categories', { name: 'Ropa', enabled: true });
    const product = (name: string, stock: number, enabled = true) => create(store, '/api/v1/products', { name, categoryId: category, priceCents: 1000, stock, enabled });
    const five = await product('Cinco', 5);
    const none = await product('Agotada', 0);
    await product('Seis', 6);
    await product('Apagada', 1, false);
    const three = await product('Tres', 3);
    // A product with variants is as low as its lowest variant: 2, whatever their sum (2 + 2).
    const withVariants = await product('Con variantes', 50);
    for (const name of ['S', 'M']) await create(store, '/api/v1/variants', { productId: withVariants, name, priceCents: 1000, stock: 2, enabled: true });

    expect(await lowStockIds(cookie)).toEqual([none, withVariants, three, five]);
    const body = (await getPage(t.app, '/', cookie)).body;
    expect(body).toContain('4 productos');
    expect(body).toMatch(new RegExp(`href="/catalog/product/show\\?id=${none}"[^>]*>Agotada<`));
    expect(body).toContain('0 unidades');
    expect(body).toMatch(new RegExp(`data-testid="low-stock-variants-${withVariants}"[^>]*>M: 2 unidades · S: 2 unidades<`));
    expect(body).toContain('href="/catalog/product?status=enabled&amp;sort=stock&amp;dir=asc"');
    const english = (await getPage(t.app, '/en', cookie)).body;
    expect(english).toContain('4 products');
    expect(english).toMatch(new RegExp(`href="/en/catalog/product/show\\?id=${five}"[^>]*>Cinco<`));
    expect(english).toContain('5 units');

    // Many running out: the first few, and the count of all of them.
    for (let index = 0; index < LOW_STOCK_SHOWN; index += 1) await product(`Poco ${index}`, 1);
    expect(await lowStockIds(cookie)).toHaveLength(LOW_STOCK_SHOWN);
    expect((await getPage(t.app, '/', cookie)).body).toContain(`${4 + LOW_STOCK_SHOWN} productos`);
  });

  // Issue 40, defect 5: one Negro/L left among plenty of other sizes, and the card said nothing was low.
  it('lists a product one of whose variants runs low, naming the variant, though their sum is plenty', async () => {
    const store = await makeStore(t);
    const category = await create(store, '/api/v1/categories', { name: 'Ropa', enabled: true });
    const shirt = await create(store, '/api/v1/products', { name: 'Camiseta', categoryId: category, priceCents: 1000, stock: 0, enabled: true });
    for (const [name, stock] of [['Negro / S', 10], ['Negro / M', 12], ['Negro / L', 1]] as const) await create(store, '/api/v1/variants', { productId: shirt, name, priceCents: 1000, stock, enabled: true });
    // Off, a variant's stock is nobody's concern; plenty, nor is a product's without variants.
    await create(store, '/api/v1/variants', { productId: shirt, name: 'Blanco / L', priceCents: 1000, stock: 0, enabled: false });
    await create(store, '/api/v1/products', { name: 'Gorra', categoryId: category, priceCents: 1000, stock: 30, enabled: true });
    expect(await lowStockIds(store.owner.cookie)).toEqual([shirt]);
    const body = (await getPage(t.app, '/', store.owner.cookie)).body;
    expect(body).toContain('1 producto<');
    expect(body).toMatch(new RegExp(`data-testid="low-stock-variants-${shirt}"[^>]*>Negro / L: 1 unidad<`));
    const english = (await getPage(t.app, '/en', store.owner.cookie)).body;
    expect(english).toMatch(new RegExp(`data-testid="low-stock-variants-${shirt}"[^>]*>Negro / L: 1 unit<`));
  });

  it('says "1 producto" and "1 unidad" for one', async () => {
    const store = await makeStore(t);
    const category = await create(store, '/api/v1/categories', { name: 'Ropa', enabled: true });
    await create(store, '/api/v1/products', { name: 'Única', categoryId: category, priceCents: 1000, stock: 1, enabled: true });
    const body = (await getPage(t.app, '/', store.owner.cookie)).body;
    expect(body).toContain('1 producto<');
    expect(body).toContain('1 unidad<');
    expect((await getPage(t.app, '/en', store.owner.cookie)).body).toContain('1 unit<');
  });
});

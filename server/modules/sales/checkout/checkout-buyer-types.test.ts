import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { addProduct } from '../../../../tests/support/sales-fixtures.ts';
import { callApi, postForm } from '../../../../tests/support/forms.ts';
import { cookieJar, type PublishedStore, publishedStore } from '../../../../tests/support/shops.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// Every buyer type at the storefront's checkout (issue 37 §3), as a browser without JavaScript
// posts it, on both databases: the type offered, the number checked for the type chosen, the type
// frozen on the order and written on the invoice's XML with SRI's code, and the consumidor final
// refused past SRI's USD 50 of total with a message that says why, in the page's language.
let t: TestApp;
let shop: PublishedStore;
let ids: { small: number; large: number; fifty: number };

beforeAll(async () => {
  t = await createTestApp();
  shop = await publishedStore(t);
  ids = {
    small: await addProduct(t.deps, shop.scope, { name: 'Llavero', price: 10, stock: 100 }),
    large: await addProduct(t.deps, shop.scope, { name: 'Chaqueta', price: 80, stock: 100 }),
    // $50.00 with no IVA: a total exactly at SRI's limit.
    fifty: await addProduct(t.deps, shop.scope, { name: 'Libro', price: 50, stock: 100, ivaCode: '0' }),
  };
  await saveStoreSales(t.deps, shop.scope, {
    ruc: '1790011674001', businessName: 'Comercial Andina S.A.', establishment: '001', emissionPoint: '001',
    headOfficeAddress: 'Av. Amazonas N24-03, Quito', establishmentAddress: 'Av. Amazonas N24-03, Quito', accountingObligated: 'yes',
  });
}, 120_000);
afterAll(() => t.dispose());

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
let shoppers = 0;
const buyer = (fields: Record<string, string>) => ({
  name: 'Ana Pérez', email: `comprador${++shoppers}@example.com`, phone: '0991234567', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery', ...fields,
});

/** A shopper with `product` in the cart, who posts the checkout form in `locale`. */
async function checkout(product: number, fields: Record<string, string>, locale: 'es' | 'en' = 'es') {
  const { cookie, keep } = cookieJar({ lang: locale });
  const prefix = `${locale === 'en' ? '/en' : ''}/shop/${shop.store.slug}`;
  keep(await postForm(t.app, `${prefix}/cart`, { intent: 'add', product: String(product), variant: '', quantity: '1' }, { cookie: cookie() }));
  const response = await postForm(t.app, `${prefix}/checkout`, buyer(fields), { cookie: cookie() });
  const code = response.statusCode === 303 ? new URL(response.headers.location!, 'http://x').searchParams.get('code') : null;
  return { response, code };
}

const orderOf = (code: string) =>
  t.db.selectFrom('storeOrder').select(['id', 'name', 'documentType', 'documentNumber', 'totalCents']).where('storeId', '=', shop.scope.storeId).where('code', '=', code).executeTakeFirstOrThrow();

async function invoiceXml(orderId: number): Promise<string> {
  const { id } = await t.services.invoices.issueInvoice(shop.scope, { orderId });
  const { xml } = await t.services.invoices.getInvoiceXml(shop.scope, id);
  return typeof xml === 'string' ? xml : new TextDecoder().decode(xml);
}
const element = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

describe('the checkout form', () => {
  it('offers the five buyer types in a labelled select, and says how a consumidor final is written', async () => {
    const { cookie, keep } = cookieJar({ lang: 'es' });
    keep(await postForm(t.app, `/shop/${shop.store.slug}/cart`, { intent: 'add', product: String(ids.small), variant: '', quantity: '1' }, { cookie: cookie() }));
    for (const [prefix, labels, hint] of [
      ['', ['Cédula', 'RUC', 'Pasaporte', 'Identificación del exterior', 'Consumidor final (sin datos en la factura)'], 'Como consumidor final (compras de hasta $50,00) déjalo vacío'],
      ['/en', ['Cédula (national ID)', 'RUC (tax ID)', 'Passport', 'Foreign ID', 'Final consumer (no details on the invoice)'], 'As a final consumer (purchases up to $50.00) leave it empty'],
    ] as const) {
      const page = await t.app.inject({ url: `${prefix}/shop/${shop.store.slug}/checkout`, headers: { cookie: cookie(), accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<label for="checkout-documentType">');
      const options = [...page.body.matchAll(/<option value="(\w+)"( selected)?>([^<]*)<\/option>/g)].map((match) => [match[1], match[3]]);
      expect(options).toEqual([['cedula', labels[0]], ['ruc', labels[1]], ['passport', labels[2]], ['foreign', labels[3]], ['final', labels[4]]]);
      // The hint is the number's accessible description.
      expect(page.body).toMatch(/<input id="checkout-documentNumber"[^>]*aria-describedby="checkout-documentNumber-hint"/);
      expect(text(page.body)).toContain(hint);
    }
  });
});

describe('each buyer type', () => {
  it.each([
    ['cedula', '1710034065', '1710034065', '05'],
    ['ruc', '1793213150001', '1793213150001', '04'],
    ['passport', 'ab1234567', 'AB1234567', '06'],
    // A RUC typed as a passport is a passport: written as the buyer chose, 06.
    ['passport', '1790011674001', '1790011674001', '06'],
    ['foreign', 'de-123456789', 'DE-123456789', '08'],
    ['final', '', '9999999999999', '07'],
    ['final', '9999999999999', '9999999999999', '07'],
  ])('places an order as %s %j, freezes the type on it and the invoice writes it as SRI’s code', async (type, typed, stored, code) => {
    const placed = await checkout(ids.small, { documentType: type, documentNumber: typed });
    expect(placed.response.statusCode, placed.response.body.slice(0, 300)).toBe(303);
    const order = await orderOf(placed.code!);
    expect(order).toMatchObject({ documentType: type, documentNumber: stored, name: 'Ana Pérez' });

    const xml = await invoiceXml(order.id);
    expect(element(xml, 'tipoIdentificacionComprador')).toBe(code);
    expect(element(xml, 'identificacionComprador')).toBe(stored);
    // SRI's generic name for the unidentified buyer; any other keeps the shopper's.
    expect(element(xml, 'razonSocialComprador')).toBe(type === 'final' ? 'CONSUMIDOR FINAL' : 'Ana Pérez');
    const invoice = await t.db.selectFrom('invoice').select(['buyerDocumentType', 'buyerDocumentNumber', 'buyerName']).where('storeId', '=', shop.scope.storeId).where('orderId', '=', order.id).executeTakeFirstOrThrow();
    expect(invoice).toEqual({ buyerDocumentType: type, buyerDocumentNumber: stored, buyerName: type === 'final' ? 'CONSUMIDOR FINAL' : 'Ana Pérez' });
  });

  it.each([
    ['cedula', '1710034066', 'El número de cédula no es válido'],
    ['ruc', '1780123457001', 'El RUC no es válido: son 13 dígitos'],
    ['ruc', '1710034065', 'El RUC no es válido: son 13 dígitos'],
    ['passport', 'AB-12', 'Escribe el pasaporte con 5 a 20 letras y números'],
    ['passport', '9999999999999', 'Escribe el pasaporte con 5 a 20 letras y números'],
    ['foreign', 'X', 'Escribe la identificación con 3 a 20 letras'],
    ['final', '1710034065', 'Como consumidor final deja el número vacío (o escribe 9999999999999)'],
    ['cedula', '', 'Este campo es obligatorio'],
    ['carnet', '1710034065', 'Este campo es obligatorio'],
  ])('refuses %s %j with the field’s message, keeping what was typed (400)', async (type, typed, message) => {
    const { response } = await checkout(ids.small, { documentType: type, documentNumber: typed, name: 'Nombre Escrito' });
    expect(response.statusCode).toBe(400);
    expect(text(response.body)).toContain(message);
    expect(response.body).toContain('value="Nombre Escrito"');
    if (typed) expect(response.body).toMatch(new RegExp(`id="checkout-documentNumber"[^>]*value="${typed}"`));
  });
});

describe('a consumidor final', () => {
  it('buys up to USD 50 of total, exactly 50 included', async () => {
    const placed = await checkout(ids.fifty, { documentType: 'final', documentNumber: '' });
    expect(placed.response.statusCode, text(placed.response.body.slice(placed.response.body.indexOf('<main')))).toBe(303);
    expect((await orderOf(placed.code!)).totalCents).toBe(5000);
  });

  it('is refused past USD 50, saying why in the page’s language, with nothing taken', async () => {
    const stock = () => t.db.selectFrom('product').select('stock').where('storeId', '=', shop.scope.storeId).where('id', '=', ids.large).executeTakeFirstOrThrow();
    const before = (await stock()).stock;
    const es = await checkout(ids.large, { documentType: 'final', documentNumber: '' });
    expect(es.response.statusCode).toBe(400);
    const said = text(es.response.body);
    expect(said).toContain('Como consumidor final solo puedes comprar hasta $50,00 de total: es el límite del SRI para una factura sin los datos del comprador.');
    // Beside the type the shopper is to change, with the select still on what they chose.
    expect(es.response.body).toMatch(/<select id="checkout-documentType"[^>]*aria-describedby="checkout-documentType-error"[^>]*aria-invalid="true"/);
    expect(es.response.body).toContain('<option value="final" selected>');
    const en = await checkout(ids.large, { documentType: 'final', documentNumber: '9999999999999' }, 'en');
    expect(en.response.statusCode).toBe(400);
    expect(text(en.response.body)).toContain('As a final consumer you can only buy up to $50.00 in total: it is SRI’s limit for an invoice without the buyer’s details.');
    expect((await stock()).stock).toBe(before);

    // The same cart with the buyer identified is placed.
    expect((await checkout(ids.large, { documentType: 'ruc', documentNumber: '0993381661001' })).response.statusCode).toBe(303);
  });
});

describe('the API', () => {
  it('shows the order’s frozen type, and edits a customer to any type, the consumidor final’s number filled in', async () => {
    const placed = await checkout(ids.small, { documentType: 'ruc', documentNumber: '0993370026001' });
    const order = await orderOf(placed.code!);
    const detail = await callApi(t.app, 'GET', `/api/v1/orders/${order.id}`, shop.store.owner.cookie);
    expect(detail.json()).toMatchObject({ documentType: 'ruc', documentNumber: '0993370026001' });
    const { customerId } = await t.db.selectFrom('storeOrder').select('customerId').where('storeId', '=', shop.scope.storeId).where('id', '=', order.id).executeTakeFirstOrThrow();

    const body = { name: 'Ana Pérez', email: 'cliente.api@example.com', phone: '0991234567', documentType: 'final', documentNumber: '', address: 'Calle', city: 'Quito', province: 'Pichincha' };
    const saved = await callApi(t.app, 'PUT', `/api/v1/customers/${customerId}`, shop.store.owner.cookie, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ documentType: 'final', documentNumber: '9999999999999' });
    const refused = await callApi(t.app, 'PUT', `/api/v1/customers/${customerId}`, shop.store.owner.cookie, { ...body, documentType: 'ruc', documentNumber: '1770123457001' }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({ documentNumber: 'Document Number does not match' });
    // The order keeps the type it was placed with.
    expect((await callApi(t.app, 'GET', `/api/v1/orders/${order.id}`, shop.store.owner.cookie)).json()).toMatchObject({ documentType: 'ruc' });
  });
});

import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '#common/i18n/all-languages.ts';
import { priceCart } from '#server/modules/sales/checkout/cart.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { callApi, getPage, postForm } from '../../../../tests/support/forms.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { placeTestOrder } from '../../../../tests/support/sales-fixtures.ts';
import { cookieJar, publishedStore, type PublishedStore } from '../../../../tests/support/shops.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { setTaxSettings } from './invoice.fixtures.ts';

// IVA per product, as SRI codes it (issue 37 §2, decision 087): each product (and a variant where
// it differs) is sold at its own code; the cart, the order, the invoice, its XML and its RIDE all
// carry the line's rate, and shipping is a taxed line at the store's chosen rate, frozen on the
// order. Through the services and inject(), on the database the suite runs on.
let t: TestApp;
let store: TestStore;
let scope: StoreScope;
let create: PublishedStore['create'];
let category: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ store, scope, create } = await publishedStore(t));
  await setTaxSettings(t, store);
  category = await create('/api/v1/categories', { name: 'Ferretería', enabled: true });
}, 120_000);
afterAll(() => t.dispose());

const product = (name: string, priceCents: number, ivaCode?: string) => create('/api/v1/products', { name, categoryId: category, priceCents, stock: 1000, enabled: true, ...(ivaCode ? { ivaCode } : {}) });

/** The XML's `detalle` and `totalImpuesto` blocks, each as its elements' texts. */
function xmlParts(xml: string) {
  const fields = (block: string) => Object.fromEntries([...block.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map(([, name, value]) => [name!, value!]));
  const lines = [...xml.matchAll(/<detalle>([\s\S]*?)<\/detalle>/g)].map(([, block]) => ({ fields: fields(block!), tax: fields(/<impuesto>([\s\S]*?)<\/impuesto>/.exec(block!)![1]!) }));
  const totals = [...xml.matchAll(/<totalImpuesto>([\s\S]*?)<\/totalImpuesto>/g)].map(([, block]) => fields(block!));
  const total = /<importeTotal>([^<]*)<\/importeTotal>/.exec(xml)![1];
  return { lines, totals, total };
}

async function invoiceOf(orderId: number) {
  const { id } = await t.services.invoices.issueInvoice(scope, { orderId });
  const doc = await t.services.invoices.getInvoice(scope, id);
  const { xml } = await t.services.invoices.getInvoiceXml(scope, id);
  return { id, doc, xml: xmlParts(xml) };
}

describe('a product at 5 %', () => {
  it('is 5 % in the cart, on the order line, the invoice and its XML (codigoPorcentaje 5, tarifa 5)', async () => {
    const cement = await product('Cemento 50 kg', 800, '5');
    const priced = await priceCart(t.deps, scope, { lines: [{ productId: cement, variantId: null, quantity: 2 }], coupon: '', flash: null }, 'es');
    // 16.00 at 5 %: 0.80; not the 15 % (2.40) a store rate would have charged
    expect(priced.lines[0]).toMatchObject({ ivaCode: '5', taxBp: 500, totalCents: 1680 });
    expect(priced.totals.bases.filter((base) => base.ivaCode !== '4')).toEqual([{ ivaCode: '5', taxBp: 500, baseCents: 1600, taxCents: 80 }]);

    const order = await placeTestOrder(t.deps, scope, { lines: [{ productId: cement, quantity: 2 }] });
    const line = await t.db.selectFrom('storeOrderLine').select(['ivaCode', 'taxBp', 'baseCents', 'taxCents']).where('storeId', '=', scope.storeId).where('orderId', '=', order.id).executeTakeFirstOrThrow();
    expect(line).toEqual({ ivaCode: '5', taxBp: 500, baseCents: 1600, taxCents: 80 });

    const { doc, xml } = await invoiceOf(order.id);
    expect(doc.lines[0]).toMatchObject({ ivaCode: '5', taxBp: 500, taxCents: 80 });
    expect(xml.lines[0]!.tax).toEqual({ codigo: '2', codigoPorcentaje: '5', tarifa: '5', baseImponible: '16.00', valor: '0.80' });
    expect(xml.totals).toContainEqual({ codigo: '2', codigoPorcentaje: '5', baseImponible: '16.00', tarifa: '5', valor: '0.80' });
  });
});

describe('a mixed cart', () => {
  it('keeps a base per SRI code (15 %, 5 %, 0 %, not subject 6, exempt 7), and the total is the bases plus the IVA to the cent', async () => {
    const ids = {
      lamp: await product('Lámpara', 1999),
      cement: await product('Cemento', 333, '5'),
      bread: await product('Pan', 150, '0'),
      book: await product('Libro escolar', 1250, '7'),
      service: await product('Asesoría', 4000, '6'),
    };
    const order = await placeTestOrder(t.deps, scope, { lines: [[ids.lamp, 1], [ids.cement, 3], [ids.bread, 4], [ids.book, 1], [ids.service, 1]].map(([productId, quantity]) => ({ productId: productId!, quantity: quantity! })) });
    const { doc, xml } = await invoiceOf(order.id);
    // 19.99 × 15 % = 2.9985 → 3.00; 9.99 × 5 % = 0.4995 → 0.50; shipping 3.50 × 15 % = 0.525 → 0.53
    expect(xml.lines.map((line) => [line.fields.descripcion, line.tax.codigoPorcentaje, line.tax.tarifa, line.tax.valor])).toEqual([
      ['Lámpara', '4', '15', '3.00'],
      ['Cemento', '5', '5', '0.50'],
      ['Pan', '0', '0', '0.00'],
      ['Libro escolar', '7', '0', '0.00'],
      ['Asesoría', '6', '0', '0.00'],
      ['Envío', '4', '15', '0.53'],
    ]);
    expect(xml.totals.map((base) => [base.codigoPorcentaje, base.baseImponible, base.tarifa, base.valor])).toEqual([
      ['4', '23.49', '15', '3.53'],
      ['5', '9.99', '5', '0.50'],
      ['0', '6.00', '0', '0.00'],
      ['6', '40.00', '0', '0.00'],
      ['7', '12.50', '0', '0.00'],
    ]);
    const bases = 2349 + 999 + 600 + 4000 + 1250;
    expect(doc.invoice).toMatchObject({ baseTaxedCents: 2349 + 999, baseZeroCents: 600 + 4000 + 1250, taxCents: 353 + 50, totalCents: bases + 403 });
    expect(xml.total).toBe('96.01');
    const placed = await t.db.selectFrom('storeOrder').select(['totalCents', 'taxCents']).where('storeId', '=', scope.storeId).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(placed).toEqual({ totalCents: bases + 403, taxCents: 403 });

    // The RIDE lists a subtotal per rate and the two without one apart, as SRI's printed invoice does.
    for (const locale of ['es', 'en'] as const) {
      const { pdf } = await t.services.invoices.getInvoicePdf(scope, doc.invoice.id, locale);
      // INVOICE_PDF_DIR keeps the file, to look at it (as invoice-pdf.test.ts does)
      if (process.env.INVOICE_PDF_DIR) writeFileSync(`${process.env.INVOICE_PDF_DIR}/invoice-iva-${locale}.pdf`, pdf);
      const text = await pdfText(pdf);
      const rows = locale === 'es'
        ? ['SUBTOTAL IVA 15 % $23,49', 'SUBTOTAL IVA 5 % $9,99', 'SUBTOTAL IVA 0 % $6,00', 'SUBTOTAL NO OBJETO DE IVA $40,00', 'SUBTOTAL EXENTO DE IVA $12,50', 'IVA 15 % $3,53', 'IVA 5 % $0,50']
        : ['SUBTOTAL VAT 15 % $23.49', 'SUBTOTAL VAT 5 % $9.99', 'SUBTOTAL VAT 0 % $6.00', 'SUBTOTAL NOT SUBJECT TO VAT $40.00', 'SUBTOTAL VAT EXEMPT $12.50', 'VAT 15 % $3.53', 'VAT 5 % $0.50'];
      for (const row of rows) expect(text.replace(/\s+/g, ' '), row).toContain(row);
    }
  });

  it('sells a variant at its own IVA when it has one, else at its product’s', async () => {
    const tiles = await product('Baldosa', 1000, '4');
    const own = await create('/api/v1/variants', { productId: tiles, name: 'Cerámica', priceCents: 1000, stock: 10, ivaCode: '5', enabled: true });
    const same = await create('/api/v1/variants', { productId: tiles, name: 'Porcelanato', priceCents: 1000, stock: 10, enabled: true });
    expect((await callApi(t.app, 'GET', `/api/v1/variants/${same}`, store.owner.cookie)).json()).toMatchObject({ ivaCode: null });
    const order = await placeTestOrder(t.deps, scope, { lines: [{ productId: tiles, variantId: own, quantity: 1 }, { productId: tiles, variantId: same, quantity: 1 }] });
    const lines = await t.db.selectFrom('storeOrderLine').select(['ivaCode', 'taxCents']).where('storeId', '=', scope.storeId).where('orderId', '=', order.id).orderBy('position').execute();
    expect(lines).toEqual([{ ivaCode: '5', taxCents: 50 }, { ivaCode: '4', taxCents: 150 }]);
  });
});

describe('shipping', () => {
  it('is a taxed line at the rate the store picks (15 % by default, 0 % when chosen), frozen on the order', async () => {
    const bread = await product('Pan integral', 500, '0');
    const at15 = await placeTestOrder(t.deps, scope, { lines: [{ productId: bread, quantity: 1 }] });
    await saveStoreSales(t.deps, scope, { ...(await t.services.storeSales.loadStoreSales(scope)), shippingIvaCode: '0' });
    const at0 = await placeTestOrder(t.deps, scope, { lines: [{ productId: bread, quantity: 1 }] });
    // back to 15 %: the order placed at 0 % keeps it, on the order and on its invoice
    await saveStoreSales(t.deps, scope, { ...(await t.services.storeSales.loadStoreSales(scope)), shippingIvaCode: '4' });

    const orders = await t.db.selectFrom('storeOrder').select(['id', 'shippingCents', 'shippingIvaCode', 'shippingTaxCents', 'taxCents', 'totalCents']).where('storeId', '=', scope.storeId).where('id', 'in', [at15.id, at0.id]).orderBy('id').execute();
    expect(orders.map(({ id: _id, ...rest }) => rest)).toEqual([
      { shippingCents: 350, shippingIvaCode: '4', shippingTaxCents: 53, taxCents: 53, totalCents: 500 + 350 + 53 },
      { shippingCents: 350, shippingIvaCode: '0', shippingTaxCents: 0, taxCents: 0, totalCents: 500 + 350 },
    ]);
    const first = await invoiceOf(at15.id);
    expect(first.xml.lines.at(-1)).toMatchObject({ fields: { codigoPrincipal: 'ENVIO' }, tax: { codigoPorcentaje: '4', tarifa: '15', baseImponible: '3.50', valor: '0.53' } });
    expect(first.xml.total).toBe('9.03');
    const second = await invoiceOf(at0.id);
    expect(second.xml.lines.at(-1)).toMatchObject({ fields: { codigoPrincipal: 'ENVIO' }, tax: { codigoPorcentaje: '0', tarifa: '0', baseImponible: '3.50', valor: '0.00' } });
    expect(second.xml.totals).toEqual([{ codigo: '2', codigoPorcentaje: '0', baseImponible: '8.50', tarifa: '0', valor: '0.00' }]);
    expect(second.xml.total).toBe('8.50');
    // the owner's order page says each order's own rate
    const page = async (url: string) => (await getPage(t.app, url, store.owner.cookie)).body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(await page(`/sales/order/show?id=${at15.id}`)).toContain('Envío (IVA 15 %) $3,50');
    expect(await page(`/sales/order/show?id=${at0.id}`)).toContain('Envío (IVA 0 %) $3,50');
    expect(await page(`/en/sales/order/show?id=${at15.id}`)).toContain('Shipping (VAT 15 %) $3.50');
  });

  it('is stated on the cart with its rate, and the storefront shows each product’s price with its own IVA', async () => {
    const cement = await product('Cemento gris', 1000, '5');
    const { cookie, keep } = cookieJar({ lang: 'es' });
    const page = keep(await t.app.inject({ url: `/shop/${store.slug}/product/cemento-gris`, headers: { cookie: cookie(), accept: 'text/html' } }));
    expect(page.statusCode).toBe(200);
    // 10.00 + 5 % = 10.50, not 11.50
    expect(page.body).toContain('$10,50');
    expect(page.body).not.toContain('$11,50');
    keep(await postForm(t.app, `/shop/${store.slug}/cart`, { intent: 'add', product: String(cement), variant: '', quantity: '1' }, { cookie: cookie() }));
    const cart = keep(await t.app.inject({ url: `/shop/${store.slug}/cart`, headers: { cookie: cookie(), accept: 'text/html' } }));
    const text = cart.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    // IVA: 0.50 on the cement and 0.53 on shipping; total 10.00 + 3.50 + 1.03
    expect(text).toContain('Envío (IVA 15 %) $3,50');
    expect(text).toContain('IVA $1,03');
    expect(text).toContain('Total $14,53');
  });
});

describe('a rate that is not offered', () => {
  it('is refused where it is typed, in the API, with the message in both languages', async () => {
    for (const [ivaCode, lang] of [['2', 'es'], ['15', 'en'], ['12', 'es'], ['3', 'en']] as const) {
      const refused = await callApi(t.app, 'POST', '/api/v1/products', store.owner.cookie, { name: `Viejo ${ivaCode}`, categoryId: category, priceCents: 100, ivaCode }, lang);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().fields).toEqual({ ivaCode: translator(lang)('iva.notOffered') });
    }
    expect(translator('es')('iva.notOffered')).toBe('Elige una tarifa de IVA vigente: 15 %, 5 %, 0 %, exento o no objeto de IVA');
    expect(translator('en')('iva.notOffered')).toBe('Choose a VAT rate in force: 15 %, 5 %, 0 %, exempt or not subject to VAT');
    // A client still sending the old basis points is told, not charged 15 % without a word.
    const old = await callApi(t.app, 'POST', '/api/v1/products', store.owner.cookie, { name: 'Antiguo', categoryId: category, priceCents: 100, taxBp: 0 }, 'en');
    expect(old.statusCode).toBe(400);
    expect(Object.keys(old.json().fields)).toEqual(['taxBp']);
    const variant = await callApi(t.app, 'POST', '/api/v1/variants', store.owner.cookie, { productId: await product('Con variante', 100), name: 'X', priceCents: 100, ivaCode: '2' });
    expect(variant.statusCode).toBe(400);
    expect(variant.json().fields).toEqual({ ivaCode: translator('es')('iva.notOffered') });
    const made = await t.db.selectFrom('product').select('id').where('storeId', '=', scope.storeId).where('name', 'like', 'Viejo%').execute();
    expect(made).toEqual([]);
  });
});

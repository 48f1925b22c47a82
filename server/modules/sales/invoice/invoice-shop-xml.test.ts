import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { addProduct, placeTestOrder } from '../../../../tests/support/sales-fixtures.ts';
import { makeTestCertificate } from '../../../../tests/support/sri-certificates.ts';
import { type SriSimulator, startSriSimulator } from '../../../../tests/support/sri-simulator.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { setTaxSettings, TEST_CEDULA } from './invoice.fixtures.ts';

// Issue 37 §8 on the shopper's order page (`/shop/{slug}/order?code=`): the invoice's authorized XML
// beside its PDF once SRI authorized it (409 with a sentence before, never an unauthorized file), the
// order's credit notes with theirs, all under the PDF link's rate limits (429) and a wrong or another
// store's code a 404. The app's own worker takes each document to the local SRI (needs `npm run build`).

let t: TestApp;
let sri: SriSimulator;
let store: TestStore;
let scope: StoreScope;
let product: number;

beforeAll(async () => {
  const certificate = makeTestCertificate();
  sri = await startSriSimulator({ trustedPem: certificate.caPem });
  t = await createTestApp({
    CERTIFICATE_KEY: randomBytes(32).toString('base64'),
    SRI_RECEPTION_URL_TEST: sri.endpoints.reception,
    SRI_AUTHORIZATION_URL_TEST: sri.endpoints.authorization,
    JOB_POLL_MS: '20',
    JOB_RETRY_MS: '50',
  });
  store = await makeStore(t, { name: 'Café Austral' });
  await setTaxSettings(t, store);
  await t.db.updateTable('store').set({ published: 1 }).where('id', '=', store.id).execute();
  scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  await t.services.sriCertificates.saveCertificate(scope, { file: certificate.p12, password: certificate.password });
  product = await addProduct(t.deps, scope, { name: 'Café de Loja 500 g', sku: 'CAF-500', price: 12.5, discount: 0, stock: 100_000, ivaCode: '4' });
});
afterAll(async () => {
  await t.dispose();
  await sri.close();
});

let buyers = 0;
async function invoicedOrder() {
  const order = await placeTestOrder(t.deps, scope, { lines: [{ productId: product, quantity: 2 }], customer: { name: 'Rocío Andrade', email: `cliente-${++buyers}@example.com`, documentNumber: TEST_CEDULA, address: 'Av. Amazonas N24-03' } });
  const { id } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
  return { id, code: order.code, orderId: order.id };
}

const invoiceRow = (id: number) => t.db.selectFrom('invoice').selectAll().where('storeId', '=', store.id).where('id', '=', id).executeTakeFirstOrThrow();

/** Waits for the app's worker to bring a document to SRI's authorization. */
async function authorized(table: 'invoice' | 'creditNote', id: number) {
  for (let i = 0; i < 400; i += 1) {
    const row = await t.db.selectFrom(table).select('sriStatus').where('storeId', '=', store.id).where('id', '=', id).executeTakeFirstOrThrow();
    if (row.sriStatus === 'authorized') return;
    if (row.sriStatus === 'rejected') throw new Error(`${table} ${id} was rejected`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${table} ${id} was not authorized in time`);
}

describe('the shopper’s order page', () => {
  let addresses = 0;
  const nextAddress = () => `203.0.113.${++addresses}`;
  const get = (path: string, from = nextAddress()) => t.app.inject({ url: path, remoteAddress: from });

  it('offers the invoice’s authorized XML once SRI authorized it, and says before that it comes then', async () => {
    await sri.outage('refused'); // SRI away: the invoice waits, signed
    const { id, code } = await invoicedOrder();
    const xmlLink = `/shop/${store.slug}/order/invoice.xml?code=${code}`;
    const before = await get(`/shop/${store.slug}/order?code=${code}`);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain(`order/invoice.xml`);
    expect(before.body).toContain('estará aquí cuando el SRI autorice el documento');
    const early = await get(xmlLink);
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('El SRI aún no autoriza este documento');
    expect((await get(`/en${xmlLink}`)).body).toContain('SRI has not authorized this document yet');

    await sri.outage(null);
    await authorized('invoice', id);
    const page = await get(`/shop/${store.slug}/order?code=${code}`);
    expect(page.body).toContain(`href="${xmlLink.replace('&', '&amp;')}"`);
    expect(page.body).toContain('Descargar la factura (XML autorizado)');
    const file = await get(xmlLink);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`factura-${(await invoiceRow(id)).number}.xml`);
    expect(file.rawPayload.equals(Buffer.from((await invoiceRow(id)).sriAuthorizedXml!))).toBe(true);
    expect((await get(`/en/shop/${store.slug}/order?code=${code}`)).body).toContain('Download the invoice (authorized XML)');
  });

  it('answers 404 to a wrong code and to another store’s code', async () => {
    const { id, code } = await invoicedOrder();
    await authorized('invoice', id);
    expect((await get(`/shop/${store.slug}/order/invoice.xml?code=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await get(`/shop/${store.slug}/order/invoice.xml?code=not-a-code`)).statusCode).toBe(404);
    const other = await makeStore(t, { name: 'Otra Tienda' });
    await t.db.updateTable('store').set({ published: 1 }).where('id', '=', other.id).execute();
    expect((await get(`/shop/${other.slug}/order/invoice.xml?code=${code}`)).statusCode).toBe(404);
    expect((await get(`/shop/${other.slug}/order/credit-note.xml?code=${code}&id=1`)).statusCode).toBe(404);
  });

  it(`answers 429 past ${LIMITS.invoicePdfPerCode.max} downloads of one invoice (PDF and XML together), and past the address’s limit`, async () => {
    const { id, code } = await invoicedOrder();
    await authorized('invoice', id);
    for (let n = 0; n < LIMITS.invoicePdfPerCode.max; n++) expect((await get(`/shop/${store.slug}/order/invoice.xml?code=${code}`)).statusCode).toBe(200);
    const refused = await get(`/shop/${store.slug}/order/invoice.xml?code=${code}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('Se han pedido demasiadas descargas de facturas');
    expect((await get(`/shop/${store.slug}/order/invoice.pdf?code=${code}`)).statusCode).toBe(429);

    const another = await invoicedOrder();
    await authorized('invoice', another.id);
    const from = nextAddress();
    for (let n = 0; n < LIMITS.invoicePdfPerIp.max; n++) {
      expect((await get(`/shop/${store.slug}/order/invoice.xml?code=00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, from)).statusCode).toBe(404);
    }
    expect((await get(`/shop/${store.slug}/order/invoice.xml?code=${another.code}`, from)).statusCode).toBe(429);
    expect((await get(`/shop/${store.slug}/order/invoice.xml?code=${another.code}`)).statusCode).toBe(200);
  });

  it('lists the order’s credit notes with their authorized XML', async () => {
    const { id, code, orderId } = await invoicedOrder();
    await authorized('invoice', id);
    const [line] = await t.db.selectFrom('storeOrderLine').select('id').where('storeId', '=', store.id).where('orderId', '=', orderId).execute();
    await sri.outage('refused'); // SRI away: the credit note waits, signed
    const note = await t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, { invoiceId: id, lines: [{ orderLineId: line!.id, quantity: 1 }], shipping: false, reason: 'Devolución de un café', restock: true });
    const noteLink = `/shop/${store.slug}/order/credit-note.xml?code=${code}&id=${note.id}`;
    const pending = await get(`/shop/${store.slug}/order?code=${code}`);
    expect(pending.body).toContain('1 nota de crédito');
    expect(pending.body).toContain(`Nota de crédito ${note.number}`);
    expect(pending.body).not.toContain('credit-note.xml');
    expect((await get(noteLink)).statusCode).toBe(409);

    await sri.outage(null);
    await authorized('creditNote', note.id);
    const row = await t.db.selectFrom('creditNote').select(['sriStatus', 'sriAuthorizedXml']).where('storeId', '=', store.id).where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(row.sriStatus).toBe('authorized');
    const page = await get(`/en/shop/${store.slug}/order?code=${code}`);
    expect(page.body).toContain('1 credit note');
    expect(page.body).toContain(`href="/en${noteLink.replace('&', '&amp;')}"`);
    expect(page.body).toContain(`Authorized XML of note ${note.number}`);
    const file = await get(noteLink);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`nota-credito-${note.number}.xml`);
    // Its RIDE beside it, in the page's language.
    expect(page.body).toContain(`href="/en${noteLink.replace('credit-note.xml', 'credit-note.pdf').replace('&', '&amp;')}"`);
    const pdf = await get(`/en${noteLink.replace('credit-note.xml', 'credit-note.pdf')}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const ride = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(ride).toContain(note.number);
    expect(ride).toContain('CREDIT NOTE');
    expect(file.rawPayload.equals(Buffer.from(row.sriAuthorizedXml!))).toBe(true);
    // Another order's code, or an id that is not a number, finds nothing.
    const other = await invoicedOrder();
    expect((await get(`/shop/${store.slug}/order/credit-note.xml?code=${other.code}&id=${note.id}`)).statusCode).toBe(404);
    expect((await get(`/shop/${store.slug}/order/credit-note.xml?code=${code}&id=1e3`)).statusCode).toBe(404);
    expect((await get(`/shop/${store.slug}/order/credit-note.pdf?code=${other.code}&id=${note.id}`)).statusCode).toBe(404);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '#common/locale.ts';
import { runJobs } from '#server/modules/job/job.service.ts';
import { JOB_HANDLERS } from '#server/composition.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { fixedClock, type ServiceDeps } from '#server/service-deps.ts';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { parseMail } from '../../../../tests/support/mime.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { addProduct, placeTestOrder } from '../../../../tests/support/sales-fixtures.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { makeTestCertificate, type TestCertificate } from '../../../../tests/support/sri-certificates.ts';
import { type SriSimulator, startSriSimulator } from '../../../../tests/support/sri-simulator.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { signForStore } from '#server/modules/sales/sri-certificate/sri-certificate.service.ts';
import { runInvoiceSri, type SignComprobante } from './invoice-sri.service.ts';
import { setTaxSettings, TEST_CEDULA } from './invoice.fixtures.ts';
import { buyerCopyJobKey, queueBuyerCopy } from './sri-buyer-copy.ts';

// Issue 37 §8, the buyer's copy: once SRI authorizes an invoice, its buyer gets one e-mail, in the
// order's language and under the store's name, with SRI's authorized file (byte for byte) and the
// RIDE attached; none before, none twice. The shopper's order page offers the authorized XML of the
// invoice and of its credit notes (invoice-shop-xml.test.ts). Against the local SRI
// (tests/support/sri-simulator.ts) and a real SMTP server; the jobs run as the worker runs them.

const clock = fixedClock(new Date());
let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let certificate: TestCertificate;
let sri: SriSimulator;
let deps: ServiceDeps;
let store: TestStore;
let scope: StoreScope;
let product: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestDatabase({ SMTP_URL: smtp.url, CERTIFICATE_KEY: randomBytes(32).toString('base64') }, { clock });
  certificate = makeTestCertificate();
  store = await makeStore(t, { name: 'Café Austral & Cía' });
  await setTaxSettings(t, store);
  scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  await t.services.sriCertificates.saveCertificate(scope, { file: certificate.p12, password: certificate.password });
  product = await addProduct(t.deps, scope, { name: 'Café de Loja 500 g', sku: 'CAF-500', price: 12.5, discount: 0, stock: 100_000, ivaCode: '4' });
});
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});
beforeEach(async () => {
  sri = await startSriSimulator({ trustedPem: certificate.caPem, now: () => clock.now() });
  deps = { ...t.deps, config: { ...t.config, jobs: { ...t.config.jobs, retryMs: 1000 }, sri: { test: sri.endpoints, production: sri.endpoints, timeoutMs: 1500 } } };
});
afterEach(() => sri.close());

/** Runs the due jobs with the app's handlers, as the worker would: the SRI job, then the mail it queued. */
const drain = () => runJobs(deps, { workerId: 'buyer-copy-test', lockMs: 60_000, retryMs: deps.config.jobs.retryMs, handlers: JOB_HANDLERS });

let buyers = 0;
async function invoicedOrder(locale: Locale = 'es') {
  const email = `cliente-${++buyers}@example.com`;
  const order = await placeTestOrder(t.deps, scope, { lines: [{ productId: product, quantity: 2 }], locale, customer: { name: 'Rocío Andrade', email, documentNumber: TEST_CEDULA, address: 'Av. Amazonas N24-03' } });
  const { id, number } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
  return { id, number, email, code: order.code, orderId: order.id };
}

const invoiceRow = (id: number) => t.db.selectFrom('invoice').selectAll().where('storeId', '=', store.id).where('id', '=', id).executeTakeFirstOrThrow();
/** The messages to an address that carry files: the buyer's copies (the order's confirmation has none). */
const copiesTo = (address: string) => smtp.inbox.filter((mail) => mail.to.includes(address)).map((mail) => parseMail(mail.raw)).filter((mail) => mail.attachments.length > 0);

describe('the buyer’s copy of an authorized invoice', () => {
  it('arrives once, in Spanish, from the store’s name, with SRI’s authorized file byte for byte and the RIDE', async () => {
    const { id, number, email, code } = await invoicedOrder('es');
    await drain();
    const invoice = await invoiceRow(id);
    expect(invoice.sriStatus).toBe('authorized');

    const copies = copiesTo(email);
    expect(copies).toHaveLength(1);
    const [copy] = copies;
    expect(copy!.headers.get('subject')).toBe(`Tu factura ${number} de Café Austral & Cía`);
    expect(copy!.headers.get('from')).toMatch(/^"?Café Austral & Cía via Tiendabox"? <no-reply@tiendabox\.ec>$/);
    expect(copy!.text).toContain('Hola, Rocío Andrade:');
    expect(copy!.text).toContain(`factura electrónica ${number}`);
    expect(copy!.text).toContain(`con el número ${invoice.authorizationNumber}`);
    expect(copy!.text).toContain('ambiente de pruebas del SRI');
    expect(copy!.text).toContain(`/shop/${store.slug}/order?code=${code}`);
    // in the shopper's e-mails' layout (decision 093): the order's lines and totals in both parts
    for (const part of [copy!.text, copy!.html]) for (const fact of ['Café de Loja 500 g', '2 × $12,50', 'Av. Amazonas N24-03']) expect(part).toContain(fact);

    expect(copy!.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`factura-${number}.xml`, 'application/xml'],
      [`factura-${number}.pdf`, 'application/pdf'],
    ]);
    const [xml, pdf] = copy!.attachments;
    expect(xml!.content.equals(Buffer.from(invoice.sriAuthorizedXml!))).toBe(true);
    expect(xml!.content.toString('utf8')).toContain('<estado>AUTORIZADO</estado>');
    expect(pdf!.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const ride = (await pdfText(pdf!.content)).replace(/\s+/g, ' ');
    expect(ride).toContain(number);
    expect(ride).toContain('FACTURA');
    expect(ride).toContain('NÚMERO DE AUTORIZACIÓN');

    // A second run of the SRI job, another enqueue of the copy (a retry): no second mail.
    await runInvoiceSri(deps, { storeId: store.id, invoiceId: id });
    expect(await queueBuyerCopy(t.deps, { storeId: store.id, kind: 'invoice', id })).toBeNull();
    clock.advance(60_000);
    await drain();
    expect(copiesTo(email)).toHaveLength(1);
    const jobs = await t.db.selectFrom('job').select(['state', 'payload']).where('key', '=', buyerCopyJobKey({ kind: 'invoice', id })).execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe('done');
    // The queue holds the document's name, never its files.
    expect(JSON.parse(jobs[0]!.payload)).toEqual({ storeId: store.id, kind: 'invoice', id });
  });

  it('arrives in English for an order placed on the English storefront', async () => {
    const { id, number, email } = await invoicedOrder('en');
    await drain();
    const [copy, ...more] = copiesTo(email);
    expect(more).toHaveLength(0);
    expect(copy!.headers.get('subject')).toBe(`Your invoice ${number} from Café Austral & Cía`);
    expect(copy!.text).toContain('Hello Rocío Andrade,');
    expect(copy!.text).toContain(`with number ${(await invoiceRow(id)).authorizationNumber}`);
    expect(copy!.text).toContain('SRI’s test environment');
    expect(copy!.text).toContain(`/en/shop/${store.slug}/order?code=`);
    const ride = (await pdfText(copy!.attachments[1]!.content)).replace(/\s+/g, ' ');
    expect(ride).toContain(number);
    expect(ride).toContain('INVOICE');
    expect(copy!.attachments[0]!.content.equals(Buffer.from((await invoiceRow(id)).sriAuthorizedXml!))).toBe(true);
  });

  it('is not sent before SRI authorizes the invoice, nor when it is rejected', async () => {
    const { id, email } = await invoicedOrder();
    await sri.outage('refused');
    await drain();
    expect((await invoiceRow(id)).sriStatus).toBe('signed');
    expect(copiesTo(email)).toHaveLength(0);
    expect(await t.db.selectFrom('job').select('id').where('key', '=', buyerCopyJobKey({ kind: 'invoice', id })).execute()).toHaveLength(0);
    await sri.outage(null);
    clock.advance(1000);
    await drain();
    expect((await invoiceRow(id)).sriStatus).toBe('authorized');
    expect(copiesTo(email)).toHaveLength(1);

    // Returned by SRI (an element its schema does not have): rejected, and nothing to hand the buyer.
    const refused = await invoicedOrder();
    const broken: SignComprobante = (d, s, xml) => signForStore(d, s, xml.replace('<moneda>DOLAR</moneda>', '<moneda>DOLAR</moneda><propinaExtra>1</propinaExtra>'));
    await runInvoiceSri(deps, { storeId: store.id, invoiceId: refused.id }, broken);
    await drain();
    expect((await invoiceRow(refused.id)).sriStatus).toBe('rejected');
    expect(copiesTo(refused.email)).toHaveLength(0);
  });

  it('is not sent when the invoice has no e-mail to send it to', async () => {
    const { id, email } = await invoicedOrder();
    await t.db.updateTable('invoice').set({ buyerEmail: '' }).where('storeId', '=', store.id).where('id', '=', id).execute();
    await drain();
    expect((await invoiceRow(id)).sriStatus).toBe('authorized');
    expect(copiesTo(email)).toHaveLength(0);
    expect((await t.db.selectFrom('job').select('state').where('key', '=', buyerCopyJobKey({ kind: 'invoice', id })).executeTakeFirstOrThrow()).state).toBe('done');
  });
});

describe('the buyer’s copy of an authorized credit note', () => {
  for (const [locale, subject, title, intro] of [
    ['es', 'Tu nota de crédito', 'NOTA DE CRÉDITO', 'de tu factura'],
    ['en', 'Your credit note', 'CREDIT NOTE', 'of your invoice'],
  ] as const) {
    it(`arrives once, in the order’s language (${locale}), with its authorized file byte for byte and its RIDE`, async () => {
      const invoiced = await invoicedOrder(locale);
      await drain();
      const [line] = await t.db.selectFrom('storeOrderLine').select('id').where('storeId', '=', store.id).where('orderId', '=', invoiced.orderId).execute();
      const note = await t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, { invoiceId: invoiced.id, lines: [{ orderLineId: line!.id, quantity: 1 }], shipping: false, reason: 'Devolución de un café', restock: true });
      expect(copiesTo(invoiced.email)).toHaveLength(1); // the invoice's only, until SRI authorizes the note
      await drain();
      const row = await t.db.selectFrom('creditNote').select(['sriStatus', 'sriAuthorizedXml']).where('storeId', '=', store.id).where('id', '=', note.id).executeTakeFirstOrThrow();
      expect(row.sriStatus).toBe('authorized');

      const copies = copiesTo(invoiced.email);
      expect(copies).toHaveLength(2);
      const copy = copies[1]!;
      expect(copy.headers.get('subject')).toBe(`${subject} ${note.number} ${locale === 'es' ? 'de' : 'from'} Café Austral & Cía`);
      expect(copy.text).toContain(`${intro} ${invoiced.number}`);
      expect(copy.attachments.map((file) => file.filename)).toEqual([`nota-credito-${note.number}.xml`, `nota-credito-${note.number}.pdf`]);
      expect(copy.attachments[0]!.content.equals(Buffer.from(row.sriAuthorizedXml!))).toBe(true);
      const pdf = copy.attachments[1]!.content;
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
      const ride = (await pdfText(pdf)).replace(/\s+/g, ' ');
      expect(ride).toContain(note.number);
      expect(ride).toContain(title);

      clock.advance(60_000);
      await drain();
      expect(copiesTo(invoiced.email)).toHaveLength(2);
    });
  }
});

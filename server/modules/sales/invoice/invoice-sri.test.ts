import { randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { formatDate } from '#common/dates.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signForStore } from '#server/modules/sales/sri-certificate/sri-certificate.service.ts';
import { findJob } from '#server/modules/job/job.repository.ts';
import { runJobs } from '#server/modules/job/job.service.ts';
import { JOB_HANDLERS } from '#server/composition.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { fixedClock, type ServiceDeps } from '#server/service-deps.ts';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { makeTestCertificate, type TestCertificate, xmlsecVerify } from '../../../../tests/support/sri-certificates.ts';
import { type SriSimulator, startSriSimulator } from '../../../../tests/support/sri-simulator.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { AppError } from '#server/errors.ts';
import { invoiceSriJobKey, resumeInvoicesAwaitingCertificate, retryInvoiceSri } from './invoice-sri-queue.ts';
import { authorizedFile, runInvoiceSri, type SignComprobante } from './invoice-sri.service.ts';
import { insertTestOrder, setTaxSettings } from './invoice.fixtures.ts';
import { askAuthorization } from './sri-client.ts';

// Issue 37 §6 against a local SRI (tests/support/sri-simulator.ts) that validates the schema and the
// signature as SRI does: the `invoice.sri` job signs with the store's certificate, sends, asks for
// the authorization, retries while SRI is away or processing, never sends one document twice, and
// keeps the authorized file byte for byte. A fresh simulator per test is a fresh SRI.

const clock = fixedClock(new Date());
let t: TestDatabase;
let certificate: TestCertificate;
let sri: SriSimulator;
let deps: ServiceDeps;

beforeAll(async () => {
  t = await createTestDatabase({ CERTIFICATE_KEY: randomBytes(32).toString('base64') }, { clock });
  certificate = makeTestCertificate();
});
afterAll(() => t.dispose());
beforeEach(async () => {
  sri = await startSriSimulator({ trustedPem: certificate.caPem, now: () => clock.now() });
  deps = { ...t.deps, config: { ...t.config, jobs: { ...t.config.jobs, retryMs: 1000 }, sri: { test: sri.endpoints, production: sri.endpoints, timeoutMs: 1500 } } };
});
afterEach(() => sri.close());

/** Runs the due jobs with the app's handlers, as the worker would (retries after 1 s, 2 s, 4 s…). */
const drain = () => runJobs(deps, { workerId: 'sri-test', lockMs: 60_000, retryMs: deps.config.jobs.retryMs, handlers: JOB_HANDLERS });

async function storeWithCertificate(options: { certificate?: boolean } = {}): Promise<{ store: TestStore; scope: StoreScope }> {
  const store = await makeStore(t);
  await setTaxSettings(t, store);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  if (options.certificate !== false) await t.services.sriCertificates.saveCertificate(scope, { file: certificate.p12, password: certificate.password });
  return { store, scope };
}

async function issue(options: { certificate?: boolean } = {}) {
  const { store, scope } = await storeWithCertificate(options);
  const { id } = await t.services.invoices.issueInvoice(scope, { orderId: (await insertTestOrder(t, store)).id });
  return { store, scope, id };
}

const invoiceRow = async (scope: StoreScope, id: number) => t.db.selectFrom('invoice').selectAll().where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirstOrThrow();
const events = async (scope: StoreScope, id: number) => (await t.services.invoices.invoiceSriEvents(scope, id)).map((e) => [e.status, e.step, e.messageId]);
const sent = () => sri.calls.filter((call) => call.operation === 'validarComprobante');
const asked = () => sri.calls.filter((call) => call.operation === 'autorizacionComprobante');
const jobOf = async (id: number) => t.db.selectFrom('job').select(['id', 'state', 'attempts', 'runAt']).where('key', '=', invoiceSriJobKey(id)).executeTakeFirstOrThrow();
const text = (bytes: Uint8Array | null) => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

describe('an invoice the store signs', () => {
  it('is signed, received and authorized; its XML is then SRI’s authorized file, byte for byte', async () => {
    const { scope, id } = await issue();
    expect((await invoiceRow(scope, id)).sriStatus).toBe('issued');
    await drain();

    const invoice = await invoiceRow(scope, id);
    expect(invoice).toMatchObject({ sriStatus: 'authorized', authorizationNumber: invoice.accessKey, sriWaiting: null, sriMessageId: '60', sriMessageType: 'INFORMATIVO' });
    expect(Date.parse(invoice.authorizedAt!)).toBe(Math.floor(clock.now().getTime() / 1000) * 1000);
    expect(await events(scope, id)).toEqual([['signed', 'sign', null], ['received', 'send', null], ['authorized', 'authorize', '60']]);
    expect(sent()).toHaveLength(1);
    expect((await jobOf(id)).state).toBe('done');
    // Issued by the owner's command, authorized by the job (the system), each an event of the store (issue 38 §3).
    const stored = await t.db.selectFrom('storeEvent').select(['type', 'resourceId', 'actorKind', 'changes']).where('storeId', '=', scope.storeId).where('resourceKind', '=', 'invoice').orderBy('id').execute();
    expect(stored).toEqual([
      { type: 'invoice.issued', resourceId: id, actorKind: 'system', changes: '{}' },
      { type: 'invoice.authorized', resourceId: id, actorKind: 'system', changes: JSON.stringify({ sriStatus: ['received', 'authorized'] }) },
    ]);

    // What SRI holds is what was signed and kept, and it verifies with the store's certificate.
    const signed = text(invoice.sriSignedXml);
    expect(sri.stored.get(invoice.accessKey)!.bytes.equals(Buffer.from(signed, 'utf8'))).toBe(true);
    expect((await xmlsecVerify(signed, certificate.caPem)).ok).toBe(true);

    // The kept file is SRI's answer as SRI gives it, asked for again now, byte for byte…
    const answer = (await askAuthorization({ endpoints: sri.endpoints, timeoutMs: 1500 }, invoice.accessKey))!;
    expect(Buffer.from(invoice.sriAuthorizedXml!).equals(Buffer.from(authorizedFile(answer), 'utf8'))).toBe(true);
    // …and the download is that file: SRI's envelope, with the comprobante SRI returned unchanged.
    const { xml, fileName } = await t.services.invoices.getInvoiceXml(scope, id);
    expect(fileName).toBe(`factura-${invoice.number}.xml`);
    expect(Buffer.from(xml, 'utf8').equals(Buffer.from(invoice.sriAuthorizedXml!))).toBe(true);
    const file = new XMLParser({ parseTagValue: false, cdataPropName: '#cdata' }).parse(text(invoice.sriAuthorizedXml)) as { autorizacion: Record<string, unknown> };
    expect(file.autorizacion).toMatchObject({ estado: 'AUTORIZADO', numeroAutorizacion: invoice.accessKey, ambiente: 'PRUEBAS', comprobante: { '#cdata': answer.document } });
    expect(answer.document).toBe(signed);
    expect(Date.parse(file.autorizacion.fechaAutorizacion as string)).toBe(Date.parse(invoice.authorizedAt!));

    // The RIDE prints SRI's authorization number and its date and time, in the reader's language.
    const ride = (locale: 'es' | 'en') => t.services.invoices.getInvoicePdf(scope, id, locale).then(({ pdf }) => pdfText(pdf)).then((words) => words.replace(/\s+/g, ' '));
    const when = (locale: 'es' | 'en') => formatDate(invoice.authorizedAt!, locale, true);
    expect(await ride('es')).toContain(`FECHA Y HORA DE AUTORIZACIÓN: ${when('es')}`);
    expect(await ride('en')).toContain(`AUTHORIZATION DATE AND TIME: ${when('en')}`);
    expect(await ride('es')).not.toContain('sin validez tributaria');

    // Authorized is final: another run of the job asks SRI nothing.
    const calls = sri.calls.length;
    await runInvoiceSri(deps, { storeId: scope.storeId, invoiceId: id });
    expect(sri.calls).toHaveLength(calls);
  });

  it('downloads as signed before SRI authorizes it, and as made from the row before it is signed', async () => {
    const { scope, id } = await issue();
    const unsigned = await t.services.invoices.getInvoiceXml(scope, id);
    expect(unsigned.xml).not.toContain('ds:Signature');
    await sri.outage('refused');
    await drain();
    const invoice = await invoiceRow(scope, id);
    expect(invoice).toMatchObject({ sriStatus: 'signed', sriWaiting: 'unreachable' });
    expect(Buffer.from((await t.services.invoices.getInvoiceXml(scope, id)).xml, 'utf8').equals(Buffer.from(invoice.sriSignedXml!))).toBe(true);
    await sri.outage(null);
    clock.advance(1000);
    await drain();
    expect((await invoiceRow(scope, id)).sriStatus).toBe('authorized');
  });
});

describe('SRI refuses', () => {
  it('a document its schema refuses: DEVUELTA 35, rejected with SRI’s message, never sent again', async () => {
    const { scope, id } = await issue();
    // A document that breaks SRI's schema (an element factura_V1.1.0 does not have), signed as it is.
    const broken: SignComprobante = (d, scope, xml) => signForStore(d, scope, xml.replace('<moneda>DOLAR</moneda>', '<moneda>DOLAR</moneda><propinaExtra>1</propinaExtra>'));
    await runInvoiceSri(deps, { storeId: scope.storeId, invoiceId: id }, broken);
    const invoice = await invoiceRow(scope, id);
    expect(invoice).toMatchObject({ sriStatus: 'rejected', sriMessageId: '35', sriMessage: 'ARCHIVO NO CUMPLE ESTRUCTURA XML', sriMessageType: 'ERROR', authorizationNumber: null, sriAuthorizedXml: null });
    expect(invoice.sriMessageDetail).toContain('propinaExtra');
    expect(await events(scope, id)).toEqual([['signed', 'sign', null], ['rejected', 'send', '35']]);
    expect(sri.stored.size).toBe(0); // SRI keeps no returned document
    // Rejected is final for the job; the number and the key stay the invoice's.
    await drain();
    expect(sent()).toHaveLength(1);
    expect((await invoiceRow(scope, id)).number).toBe(invoice.number);
  });

  it('a signature that does not verify: received, then NO AUTORIZADO 39, rejected', async () => {
    const { scope, id } = await issue();
    // One byte changed after signing: the schema still holds, the digest no longer does.
    const tampered: SignComprobante = async (d, scope, xml) => (await signForStore(d, scope, xml)).replace('<razonSocialComprador>María', '<razonSocialComprador>Maria');
    await runInvoiceSri(deps, { storeId: scope.storeId, invoiceId: id }, tampered);
    const invoice = await invoiceRow(scope, id);
    expect(invoice).toMatchObject({ sriStatus: 'rejected', sriMessageId: '39', sriMessage: 'FIRMA INVALIDA', authorizationNumber: null, sriAuthorizedXml: null });
    expect(await events(scope, id)).toEqual([['signed', 'sign', null], ['received', 'send', null], ['rejected', 'authorize', '39'], ['rejected', 'authorize', '60']]);
  });

  it('a number another document took at SRI: DEVUELTA 45, rejected', async () => {
    // Two stores under one RUC, both at 001-002-000000001: SRI registers the first only.
    const first = await issue();
    await drain();
    expect((await invoiceRow(first.scope, first.id)).sriStatus).toBe('authorized');
    const second = await issue();
    await drain();
    expect(await invoiceRow(second.scope, second.id)).toMatchObject({ sriStatus: 'rejected', sriMessageId: '45', sriMessage: 'ERROR SECUENCIAL REGISTRADO' });
  });
});

describe('never sent twice', () => {
  it('asks for the authorization first when a send’s answer was lost, and does not send again', async () => {
    const { scope, id } = await issue();
    sri.loseNextAnswer('validarComprobante'); // SRI takes it; the answer never arrives
    await drain();
    expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'signed', sriWaiting: 'unreachable', sriAttempts: 1 });
    expect((await jobOf(id)).state).toBe('queued');
    clock.advance(1000);
    await drain();
    expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'authorized', sriWaiting: null });
    expect(sent()).toHaveLength(1);
    expect(sri.calls.map((call) => call.operation)).toEqual(['validarComprobante', 'autorizacionComprobante']);
  });

  it('takes 43 (key already registered) on a send as received, and asks for the authorization', async () => {
    const { scope, id } = await issue();
    sri.loseNextAnswer('validarComprobante');
    sri.unknownFor(2); // SRI's authorization does not know the key yet when asked
    await drain();
    clock.advance(1000);
    await drain(); // asks (unknown), so sends: 43; asks again (unknown): waits
    const invoice = await invoiceRow(scope, id);
    expect(invoice).toMatchObject({ sriStatus: 'received', sriWaiting: 'processing', sriMessageId: '43', sriMessage: 'CLAVE ACCESO REGISTRADA' });
    expect(sri.stored.size).toBe(1);
    clock.advance(2000);
    await drain();
    expect((await invoiceRow(scope, id)).sriStatus).toBe('authorized');
    expect(sri.calls.map((call) => call.operation)).toEqual(['validarComprobante', 'autorizacionComprobante', 'validarComprobante', 'autorizacionComprobante', 'autorizacionComprobante']);
    expect(await events(scope, id)).toEqual([['signed', 'sign', null], ['received', 'send', '43'], ['authorized', 'authorize', '60']]);
  });

  it('takes 70 (key in process) on a send as received, and waits for the authorization without sending again', async () => {
    const { scope, id } = await issue();
    sri.loseNextAnswer('validarComprobante');
    sri.unknownFor(1);
    sri.processFor(1);
    await drain();
    clock.advance(1000);
    await drain(); // asks (unknown), so sends: 70; asks again: EN PROCESO
    expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'received', sriWaiting: 'processing', sriMessageId: '70', sriMessage: 'CLAVE DE ACCESO EN PROCESAMIENTO' });
    clock.advance(2000);
    await drain();
    expect((await invoiceRow(scope, id)).sriStatus).toBe('authorized');
    expect(sent()).toHaveLength(2);
    expect(sri.stored.size).toBe(1);
    expect(await events(scope, id)).toEqual([['signed', 'sign', null], ['received', 'send', '70'], ['authorized', 'authorize', '60']]);
  });

  it('waits while SRI answers EN PROCESO, with backoff, then is authorized', async () => {
    const { scope, id } = await issue();
    sri.processFor(2);
    await drain();
    const waiting = await invoiceRow(scope, id);
    expect(waiting).toMatchObject({ sriStatus: 'received', sriWaiting: 'processing', sriAttempts: 1 });
    expect(waiting.sriNextAttemptAt).toBe(new Date(clock.now().getTime() + 1000).toISOString());
    clock.advance(999);
    await drain();
    expect(asked()).toHaveLength(1); // not before its backoff
    clock.advance(1);
    await drain();
    expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'received', sriAttempts: 2, sriNextAttemptAt: new Date(clock.now().getTime() + 2000).toISOString() });
    clock.advance(2000);
    await drain();
    expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'authorized', sriAttempts: 3, sriWaiting: null, sriNextAttemptAt: null });
    expect(sent()).toHaveLength(1);
    expect(asked()).toHaveLength(3);
  });

  it('rides out an outage (connection refused, HTTP 500, no answer) and recovers, SRI holding one copy', async () => {
    const { scope, id } = await issue();
    for (const [outage, wait] of [['refused', 1000], ['http500', 2000], ['timeout', 4000]] as const) {
      await sri.outage(outage);
      await drain();
      expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'signed', sriWaiting: 'unreachable' });
      clock.advance(wait);
    }
    await sri.outage(null);
    await drain();
    expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'authorized', sriAttempts: 4 });
    expect(sent()).toHaveLength(1);
    expect(sri.stored.size).toBe(1);
    expect((await jobOf(id)).attempts).toBe(4);
  });
});

describe('without a certificate', () => {
  it('stays issued with the reason, spends no retry, and is sent once a certificate is uploaded', async () => {
    const { scope, id } = await issue({ certificate: false });
    await drain();
    expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'issued', sriWaiting: 'certificate', sriMessage: 'sriCertificate.missing', sriAttempts: 0 });
    const job = await jobOf(id);
    expect(await findJob(t.db, job.id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(sri.calls).toEqual([]);
    expect(await events(scope, id)).toEqual([['issued', 'sign', null]]);

    // Uploading one queues the store's waiting invoices again.
    await t.services.sriCertificates.saveCertificate(scope, { file: certificate.p12, password: certificate.password });
    expect(await findJob(t.db, job.id)).toBeUndefined();
    expect(await jobOf(id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await resumeInvoicesAwaitingCertificate(deps, scope)).toBe(1); // again: nothing queued twice
    expect(await t.db.selectFrom('job').select('id').where('key', '=', invoiceSriJobKey(id)).execute()).toHaveLength(1);
    await drain();
    expect(await invoiceRow(scope, id)).toMatchObject({ sriStatus: 'authorized', sriWaiting: null });
    expect((await t.services.invoices.invoiceSriEvents(scope, id)).map((event) => [event.status, event.waiting])).toEqual([['issued', 'certificate'], ['signed', null], ['received', null], ['authorized', null]]);
  });
});

describe('the owner’s “try again”', () => {
  it('queues again an invoice whose job gave up, from the step it stopped at; not another store’s, nor a final one', async () => {
    const { scope, id } = await issue();
    await sri.outage('refused');
    await drain();
    // SRI away longer than the job's tries: the queue gave up on it.
    await t.db.updateTable('job').set({ state: 'failed' }).where('key', '=', invoiceSriJobKey(id)).execute();
    await sri.outage(null);
    clock.advance(3_600_000);
    await drain();
    expect((await invoiceRow(scope, id)).sriStatus).toBe('signed');

    const other = await storeWithCertificate();
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
    expect(await refusal(retryInvoiceSri(deps, other.scope, id))).toMatchObject({ status: 404 });
    await retryInvoiceSri(deps, scope, id);
    await retryInvoiceSri(deps, scope, id); // queued already: not twice
    expect(await t.db.selectFrom('job').select('state').where('key', '=', invoiceSriJobKey(id)).execute()).toEqual([{ state: 'queued' }]);
    await drain();
    expect((await invoiceRow(scope, id)).sriStatus).toBe('authorized');
    expect(sent()).toHaveLength(1);
    const final = await refusal(retryInvoiceSri(deps, scope, id));
    expect(final).toBeInstanceOf(AppError);
    expect(final).toMatchObject({ code: 'invoice.sri.nothingToSend', status: 409 });
  });
});

describe('a credit note (issue 37 §7)', () => {
  it('goes the invoice’s way: signed, received and authorized by SRI, which validates it as a notaCredito; its XML is then SRI’s file', async () => {
    const { store, scope, id } = await issue({ certificate: false });
    const [line] = (await t.services.creditNotes.creditNotesOfOrder(scope, (await invoiceRow(scope, id)).orderId))!.lines;
    const note = await t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, { invoiceId: id, lines: [{ orderLineId: line!.orderLineId, quantity: 1 }], shipping: true, reason: 'Devolución de un producto', restock: true });
    const noteRow = async () => t.db.selectFrom('creditNote').selectAll().where('storeId', '=', scope.storeId).where('id', '=', note.id).executeTakeFirstOrThrow();
    // No certificate yet: both wait, and the upload sends both.
    await drain();
    expect((await noteRow()).sriStatus).toBe('issued');
    expect((await noteRow()).sriWaiting).toBe('certificate');
    await t.services.sriCertificates.saveCertificate(scope, { file: certificate.p12, password: certificate.password });
    await drain();

    const row = await noteRow();
    expect(row).toMatchObject({ sriStatus: 'authorized', authorizationNumber: row.accessKey, sriWaiting: null });
    expect((await invoiceRow(scope, id)).sriStatus).toBe('authorized');
    // SRI holds the signed note, which verifies with the store's certificate and is the one kept.
    const signed = text(row.sriSignedXml);
    expect(signed.startsWith('<?xml')).toBe(true);
    expect(signed).toContain('<notaCredito id="comprobante" version="1.1.0">');
    expect(sri.stored.get(row.accessKey)!.bytes.equals(Buffer.from(signed, 'utf8'))).toBe(true);
    expect((await xmlsecVerify(signed, certificate.caPem)).ok).toBe(true);
    const { xml, fileName } = await t.services.creditNotes.getCreditNoteXml(scope, note.id);
    expect(fileName).toBe(`nota-credito-${note.number}.xml`);
    expect(Buffer.from(xml, 'utf8').equals(Buffer.from(row.sriAuthorizedXml!))).toBe(true);
    expect(xml).toContain('<estado>AUTORIZADO</estado>');
    // One send each: the invoice and its note.
    expect(sent()).toHaveLength(2);
  });
});

import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { AppError } from '#server/errors.ts';
import { groupCommitStats } from '#server/group-commit.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { keptPdfKey } from './invoice-pdf-keep.ts';
import { createInvoicePdfRenderer, invoicePdfRenderer } from './invoice-pdf-renderer.ts';
import { insertTestOrder, setTaxSettings } from './invoice.fixtures.ts';

// The shopper's invoice PDF under load (issue 36 §4): rendered once per language on the PDF worker
// thread, then the kept bytes; limited per invoice and per address; a full render queue says when
// to come back; issuing an invoice warms the worker, and closing the app ends it.
let t: TestApp;
let store: TestStore;
let scope: StoreScope;
beforeAll(async () => {
  t = await createTestApp();
  store = await makeStore(t, { name: 'Imprenta Austral' });
  await setTaxSettings(t, store);
  await t.db.updateTable('store').set({ published: 1 }).where('id', '=', store.id).execute();
  scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
});
afterAll(() => t.dispose());

async function issuedInvoice() {
  const order = await insertTestOrder(t, store, { buyer: 'Rocío Andrade' });
  const { id } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
  return { code: order.code, doc: await t.services.invoices.getInvoice(scope, id) };
}

/** Each test asks from addresses of its own, so one test's counts never reach another's limits. */
let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses}`;
const fetchPdf = (code: string, options: { prefix?: '' | '/en'; from?: string } = {}) =>
  t.app.inject({ url: `${options.prefix ?? ''}/shop/${store.slug}/order/invoice.pdf?code=${code}`, remoteAddress: options.from ?? nextAddress() });

describe('the shopper\u2019s invoice PDF', () => {
  it('is rendered once per language on the worker thread, kept, and the kept bytes are served after', async () => {
    const { code, doc } = await issuedInvoice();
    for (const [prefix, locale, title] of [['', 'es', 'FACTURA'], ['/en', 'en', 'INVOICE']] as const) {
      const before = invoicePdfRenderer.stats().renders;
      const first = await fetchPdf(code, { prefix });
      expect(first.statusCode, first.body).toBe(200);
      // Rendered by the worker thread, not by this (the request's) thread.
      expect(invoicePdfRenderer.stats().renders).toBe(before + 1);
      expect(invoicePdfRenderer.stats().lastThreadId).not.toBe(threadId);
      const text = await pdfText(first.rawPayload);
      expect(text).toContain(doc.invoice.number);
      expect(text).toContain('Rocío Andrade');
      expect(text).toContain(title);
      // Kept in the storage under the invoice, its language and its SRI status.
      const kept = await t.deps.storage.read(keptPdfKey(store.id, doc.invoice, locale));
      expect(kept?.equals(first.rawPayload)).toBe(true);

      const second = await fetchPdf(code, { prefix });
      expect(second.statusCode).toBe(200);
      expect(invoicePdfRenderer.stats().renders).toBe(before + 1);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('keeps one file per language and SRI status, and a new render version renders anew', async () => {
    const { doc } = await issuedInvoice();
    const keys = new Set([
      keptPdfKey(store.id, doc.invoice, 'es'),
      keptPdfKey(store.id, doc.invoice, 'en'),
      keptPdfKey(store.id, { ...doc.invoice, sriStatus: 'authorized' }, 'es'),
    ]);
    expect(keys.size).toBe(3);
    for (const key of keys) expect(key).toMatch(new RegExp(`^invoices/${store.id}/${doc.invoice.id}/ride-v\\d+-(es|en)-(issued|signed|received|authorized|rejected)\\.pdf$`));
  });

  it(`answers 429 past ${LIMITS.invoicePdfPerCode.max} downloads of one invoice, whatever the addresses, in the page\u2019s language`, async () => {
    const { code } = await issuedInvoice();
    const other = await issuedInvoice();
    for (let n = 0; n < LIMITS.invoicePdfPerCode.max; n++) expect((await fetchPdf(code)).statusCode).toBe(200);
    for (const [prefix, message] of [['', 'Se han pedido demasiadas descargas de facturas'], ['/en', 'Too many invoice downloads']] as const) {
      const refused = await fetchPdf(code, { prefix });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toContain(message);
    }
    // Another invoice is still served.
    expect((await fetchPdf(other.code)).statusCode).toBe(200);
  });

  it(`answers 429 past ${LIMITS.invoicePdfPerIp.max} requests from one address, wrong codes counted, other addresses still served`, async () => {
    const { code } = await issuedInvoice();
    const from = nextAddress();
    for (let n = 0; n < LIMITS.invoicePdfPerIp.max; n++) {
      expect((await fetchPdf(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, { from })).statusCode).toBe(404);
    }
    const refused = await fetchPdf(code, { from });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Se han pedido demasiadas descargas de facturas');
    expect((await fetchPdf(code)).statusCode).toBe(200);
  });

  it('counts downloads that arrive together in shared commits, each counted', async () => {
    const { code, doc } = await issuedInvoice();
    expect((await fetchPdf(code)).statusCode).toBe(200); // rendered and kept: the rest are kept downloads
    const before = { ...groupCommitStats(t.db) };
    const answers = await Promise.all(Array.from({ length: 8 }, () => fetchPdf(code)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const after = groupCommitStats(t.db);
    expect(after.units - before.units).toBe(8);
    expect(after.commits - before.commits).toBeLessThan(8);
    const counted = await t.db.selectFrom('rateLimit').select('count').where('key', '=', `invoice-pdf:invoice:${doc.invoice.id}`).executeTakeFirst();
    expect(counted?.count).toBe(9);
  });
});

describe('the PDF worker thread', () => {
  it('refuses a document past its queue with 503 and a Retry-After, and renders the ones it took', async () => {
    const { doc } = await issuedInvoice();
    const renderer = createInvoicePdfRenderer({ maxQueued: 2 });
    try {
      // Asked in one go: the worker cannot answer any before the third is refused.
      const [one, two, three] = [renderer.render(doc, 'es'), renderer.render(doc, 'en'), renderer.render(doc, 'es')];
      const refused = await three.catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'invoice.pdfBusy', status: 503 });
      expect((refused as AppError).retryAfterSeconds).toBeGreaterThan(0);
      for (const pdf of await Promise.all([one, two])) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(renderer.stats()).toMatchObject({ renders: 2, queued: 0 });
      expect(renderer.stats().lastThreadId).not.toBe(threadId);
    } finally {
      await renderer.close();
    }
    expect(renderer.stats().running).toBe(false);
  });

  it('is started and warmed when an invoice is issued, not when the server listens, and ended when the app closes', async () => {
    const listening = await createTestApp();
    try {
      await invoicePdfRenderer.close(); // whatever an earlier test of this worker started
      await listening.app.listen({ host: '127.0.0.1', port: 0 });
      expect(invoicePdfRenderer.stats().running).toBe(false); // the warm thread holds ~100 MiB: not in every process
      const renders = invoicePdfRenderer.stats().renders;
      await issuedInvoice();
      expect(invoicePdfRenderer.stats().running).toBe(true);
      await invoicePdfRenderer.warmUp(); // the warm-up the issue started, not a new one
      expect(invoicePdfRenderer.stats()).toMatchObject({ running: true, warm: true, renders });
    } finally {
      await listening.dispose();
    }
    expect(invoicePdfRenderer.stats().running).toBe(false);
  });
});

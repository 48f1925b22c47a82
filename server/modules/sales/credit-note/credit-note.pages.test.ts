import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { insertTestOrder } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { callApi, getPage } from '../../../../tests/support/forms.ts';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { type SriWorld, sriSettled, startSriWorld } from '../../../../tests/support/sri-world.ts';
import type { TwoStores } from '../../../../tests/support/stores.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';

// Issue 37 §7, §10 where the owner sees it: a credit note goes through the local SRI
// (tests/support/sri-simulator.ts) by the app's own job worker; the order page shows each note's
// SRI state in the invoice's words, SRI's message when it refused it, and its PDF and XML; the
// dashboard and the API download its RIDE in the page's or caller's language; the API carries its
// state and authorization. Another store's note is a 404 everywhere (needs `npm run build`).

let t: TestApp;
let world: SriWorld;
let stores: TwoStores;
type Issued = { orderId: number; invoiceId: number; noteId: number; number: string };
let authorized: Issued;
let rejected: Issued;

beforeAll(async () => {
  // Two stores under one RUC: each store's first credit note is 001-002-000000001, so SRI
  // authorizes the first and refuses the second as a sequence already registered (45).
  world = await startSriWorld();
  ({ t, stores } = world);
  authorized = await credited(stores.a);
  rejected = await credited(stores.b);
});
afterAll(() => world.dispose());

/** An invoiced order of the store, and a credit note of one unit through the API, each to SRI's final answer. */
async function credited(store: TestStore): Promise<Issued> {
  const order = await insertTestOrder(t, store);
  const invoice = await callApi(t.app, 'POST', '/api/v1/invoices', store.owner.cookie, { orderId: order.id });
  expect(invoice.statusCode, invoice.body).toBe(201);
  const invoiceId = (invoice.json() as { id: number }).id;
  await sriSettled(t, 'invoice', store.id, invoiceId);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  const [line] = (await t.services.creditNotes.creditNotesOfOrder(scope, order.id))!.lines;
  const note = await callApi(t.app, 'POST', `/api/v1/invoices/${invoiceId}/credit-notes`, store.owner.cookie, { lines: [{ orderLineId: line!.orderLineId, quantity: 1 }], reason: 'Devolución: talla equivocada', restock: true });
  expect(note.statusCode, note.body).toBe(201);
  const { id, number } = note.json() as { id: number; number: string };
  await sriSettled(t, 'creditNote', store.id, id);
  return { orderId: order.id, invoiceId, noteId: id, number };
}

const noteRow = (storeId: number, id: number) => t.db.selectFrom('creditNote').selectAll().where('storeId', '=', storeId).where('id', '=', id).executeTakeFirstOrThrow();

describe('an authorized credit note', () => {
  it('carries its state and authorization in the API', async () => {
    const row = await noteRow(stores.a.id, authorized.noteId);
    expect(row.sriStatus).toBe('authorized');
    const base = `/api/v1/invoices/${authorized.invoiceId}/credit-notes`;
    const expected = { id: authorized.noteId, sriStatus: 'authorized', authorizationNumber: row.accessKey, authorizedAt: row.authorizedAt };
    expect((await callApi(t.app, 'GET', `${base}/${authorized.noteId}`, stores.a.owner.cookie)).json()).toMatchObject(expected);
    expect((await callApi(t.app, 'GET', base, stores.a.owner.cookie)).json()).toEqual([expect.objectContaining(expected)]);
  });

  it('downloads its RIDE from the dashboard and the API in the page’s or caller’s language, with SRI’s authorization', async () => {
    const row = await noteRow(stores.a.id, authorized.noteId);
    const downloads = [
      { url: `/sales/credit-note/pdf?id=${authorized.noteId}`, locale: 'es' },
      { url: `/en/sales/credit-note/pdf?id=${authorized.noteId}`, locale: 'en' },
      { url: `/api/v1/invoices/${authorized.invoiceId}/credit-notes/${authorized.noteId}/pdf`, locale: 'es' },
      { url: `/api/v1/invoices/${authorized.invoiceId}/credit-notes/${authorized.noteId}/pdf`, locale: 'en' },
    ] as const;
    for (const { url, locale } of downloads) {
      const response = url.startsWith('/api') ? await callApi(t.app, 'GET', url, stores.a.owner.cookie, undefined, locale) : await t.app.inject({ url, headers: { cookie: stores.a.owner.cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(String(response.headers['content-disposition'])).toContain(`nota-credito-${authorized.number}.pdf`);
      const text = (await pdfText(response.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain(locale === 'es' ? 'NOTA DE CRÉDITO' : 'CREDIT NOTE');
      expect(text).toContain(authorized.number);
      expect(text).toContain(locale === 'es' ? 'Razón de modificación: Devolución: talla equivocada' : 'Reason for the modification: Devolución: talla equivocada');
      expect(text).toContain(locale === 'es' ? 'FECHA Y HORA DE AUTORIZACIÓN' : 'AUTHORIZATION DATE AND TIME');
      expect(text).toContain(row.accessKey);
      expect(text).not.toContain(locale === 'es' ? 'sin validez tributaria' : 'Not valid for tax purposes');
    }
  });

  it('shows on the order page with its state in the invoice’s words and its two downloads, in both languages', async () => {
    const es = await getPage(t.app, `/sales/order/show?id=${authorized.orderId}`, stores.a.owner.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.body).toMatch(new RegExp(`Nota de crédito <span[^>]*>${authorized.number}</span>`));
    expect(es.body).toMatch(/data-sri-status="authorized"[^]*?Autorizada/);
    expect(es.body).toContain(`href="/sales/credit-note/pdf?id=${authorized.noteId}"`);
    expect(es.body).toContain(`href="/sales/credit-note/xml?id=${authorized.noteId}"`);
    const en = await getPage(t.app, `/en/sales/order/show?id=${authorized.orderId}`, stores.a.owner.cookie);
    expect(en.body).toMatch(/data-sri-status="authorized"[^]*?Authorized/);
    expect(en.body).toContain(`href="/en/sales/credit-note/pdf?id=${authorized.noteId}"`);
  });
});

describe('a rejected credit note', () => {
  it('shows SRI’s refusal on the order page in the page’s language beside SRI’s own text', async () => {
    expect(await noteRow(stores.b.id, rejected.noteId)).toMatchObject({ sriStatus: 'rejected', sriMessageId: '45' });
    expect((await callApi(t.app, 'GET', `/api/v1/invoices/${rejected.invoiceId}/credit-notes/${rejected.noteId}`, stores.b.owner.cookie)).json()).toMatchObject({ sriStatus: 'rejected', authorizationNumber: null, authorizedAt: null });
    const es = await getPage(t.app, `/sales/order/show?id=${rejected.orderId}`, stores.b.owner.cookie);
    expect(es.body).toMatch(/data-sri-status="rejected"[^]*?Rechazada/);
    expect(es.body).toContain('45 · ERROR SECUENCIAL REGISTRADO');
    const en = await getPage(t.app, `/en/sales/order/show?id=${rejected.orderId}`, stores.b.owner.cookie);
    expect(en.body).toMatch(/data-sri-status="rejected"[^]*?Rejected/);
    expect(en.body).toContain('45 · ERROR SECUENCIAL REGISTRADO');
  });
});

describe('another store', () => {
  it('finds neither the note’s PDF nor its XML, on the dashboard or in the API', async () => {
    const other = stores.b.owner.cookie;
    const { invoiceId, noteId } = authorized;
    for (const url of [`/sales/credit-note/pdf?id=${noteId}`, `/en/sales/credit-note/pdf?id=${noteId}`, `/sales/credit-note/xml?id=${noteId}`]) {
      expect((await t.app.inject({ url, headers: { cookie: other } })).statusCode, url).toBe(404);
    }
    for (const url of [`/api/v1/invoices/${invoiceId}/credit-notes/${noteId}/pdf`, `/api/v1/invoices/${invoiceId}/credit-notes/${noteId}`]) {
      expect((await callApi(t.app, 'GET', url, other)).statusCode, url).toBe(404);
    }
    // Its own invoice's id with the other store's note: still not found.
    expect((await callApi(t.app, 'GET', `/api/v1/invoices/${rejected.invoiceId}/credit-notes/${noteId}/pdf`, other)).statusCode).toBe(404);
  });
});

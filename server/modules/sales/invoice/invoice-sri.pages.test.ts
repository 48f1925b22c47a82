import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, getPage, postForm } from '../../../../tests/support/forms.ts';
import type { SriSimulator } from '../../../../tests/support/sri-simulator.ts';
import { type SriWorld, sriSettled, startSriWorld } from '../../../../tests/support/sri-world.ts';
import { makeStore } from '../../../../tests/support/factories.ts';
import type { TwoStores } from '../../../../tests/support/stores.ts';
import type { TestApp } from '../../../../tests/support/test-app.ts';
import { insertTestOrder, setTaxSettings } from './invoice.fixtures.ts';

// Issue 37 §6 where the owner sees it: the app's own job worker signs, sends and asks the local SRI
// (tests/support/sri-simulator.ts); the API and the invoice page show each state and SRI's messages
// in the page's language beside SRI's own text, and the XML downloaded is the authorized file as
// kept. Another store's invoice is a 404 (needs `npm run build`).

let t: TestApp;
let world: SriWorld;
let sri: SriSimulator;
let stores: TwoStores;
const ids: { authorized: number; rejected: number } = { authorized: 0, rejected: 0 };

beforeAll(async () => {
  // Two stores under one RUC, each at 001-002-000000001: SRI registers the first number only (45).
  world = await startSriWorld();
  ({ t, sri, stores } = world);
  ids.authorized = await issued(stores.a.owner.cookie, await insertTestOrder(t, stores.a));
  await sriSettled(t, 'invoice', stores.a.id, ids.authorized);
  ids.rejected = await issued(stores.b.owner.cookie, await insertTestOrder(t, stores.b));
  await sriSettled(t, 'invoice', stores.b.id, ids.rejected);
});
afterAll(() => world.dispose());

async function issued(cookie: string, order: { id: number }): Promise<number> {
  const response = await callApi(t.app, 'POST', '/api/v1/invoices', cookie, { orderId: order.id });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

const kept = (storeId: number, id: number) => t.db.selectFrom('invoice').selectAll().where('storeId', '=', storeId).where('id', '=', id).executeTakeFirstOrThrow();

describe('an authorized invoice', () => {
  it('shows its authorization in the API, and downloads SRI’s authorized file byte for byte', async () => {
    const row = await kept(stores.a.id, ids.authorized);
    const show = await callApi(t.app, 'GET', `/api/v1/invoices/${ids.authorized}`, stores.a.owner.cookie);
    expect(show.json()).toMatchObject({ sriStatus: 'authorized', authorizationNumber: row.accessKey, authorizedAt: row.authorizedAt, sriMessageId: '60', sriMessage: 'ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS', sriWaiting: null });
    for (const url of [`/api/v1/invoices/${ids.authorized}/xml`, `/sales/invoice/xml?id=${ids.authorized}`]) {
      const xml = url.startsWith('/api') ? await callApi(t.app, 'GET', url, stores.a.owner.cookie) : await t.app.inject({ url, headers: { cookie: stores.a.owner.cookie } });
      expect(xml.statusCode, url).toBe(200);
      expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(xml.rawPayload.equals(Buffer.from(row.sriAuthorizedXml!)), url).toBe(true);
      expect(xml.body).toContain('<estado>AUTORIZADO</estado>');
      expect(xml.body).toContain(`<numeroAutorizacion>${row.accessKey}</numeroAutorizacion>`);
    }
  });

  it('shows its state, number and date of authorization, and its history with SRI, in both languages', async () => {
    const es = await getPage(t.app, `/sales/invoice/show?id=${ids.authorized}`, stores.a.owner.cookie);
    expect(es.statusCode).toBe(200);
    const row = await kept(stores.a.id, ids.authorized);
    expect(es.body).toContain('Autorizada por el SRI: es un comprobante con validez tributaria.');
    expect(es.body).toContain('Número de autorización');
    expect(es.body).toContain(row.accessKey);
    expect(es.body).toContain('Historial con el SRI');
    expect(es.body).toContain('Procesada en el ambiente de pruebas del SRI: sin validez tributaria.');
    expect(es.body).toContain('60 · ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS');
    const en = await getPage(t.app, `/en/sales/invoice/show?id=${ids.authorized}`, stores.a.owner.cookie);
    expect(en.body).toContain('Authorized by SRI: a valid tax document.');
    expect(en.body).toContain('Authorization number');
    expect(en.body).toContain('Processed in SRI’s test environment: not valid for tax purposes.');
    expect(en.body).toContain('60 · ESTE PROCESO FUE REALIZADO EN EL AMBIENTE DE PRUEBAS');
  });
});

describe('a rejected invoice', () => {
  it('shows SRI’s refusal in the page’s language beside SRI’s own text, keeping its number', async () => {
    const row = await kept(stores.b.id, ids.rejected);
    expect(row).toMatchObject({ sriStatus: 'rejected', sriMessageId: '45', number: '001-002-000000001' });
    const es = await getPage(t.app, `/sales/invoice/show?id=${ids.rejected}`, stores.b.owner.cookie);
    expect(es.body).toContain('El SRI no la aceptó.');
    expect(es.body).toContain('Este número de factura ya está registrado en el SRI con otro comprobante.');
    expect(es.body).toContain('45 · ERROR SECUENCIAL REGISTRADO');
    const en = await getPage(t.app, `/en/sales/invoice/show?id=${ids.rejected}`, stores.b.owner.cookie);
    expect(en.body).toContain('SRI did not accept it.');
    expect(en.body).toContain('This invoice number is already registered at SRI with another document.');
    expect(en.body).toContain('45 · ERROR SECUENCIAL REGISTRADO');
    // Before authorization the download is the signed document, as sent.
    const xml = await callApi(t.app, 'GET', `/api/v1/invoices/${ids.rejected}/xml`, stores.b.owner.cookie);
    expect(xml.rawPayload.equals(Buffer.from(row.sriSignedXml!))).toBe(true);
  });
});

describe('an invoice of a store without a certificate', () => {
  it('says it waits for one, in both languages, and SRI was never asked', async () => {
    const store = await makeStore(t, { name: 'Tienda C' });
    await setTaxSettings(t, store);
    const calls = sri.calls.length;
    const id = await issued(store.owner.cookie, await insertTestOrder(t, store));
    for (let i = 0; i < 400 && (await kept(store.id, id)).sriWaiting !== 'certificate'; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await kept(store.id, id)).toMatchObject({ sriStatus: 'issued', sriWaiting: 'certificate', sriAttempts: 0 });
    const es = await getPage(t.app, `/sales/invoice/show?id=${id}`, store.owner.cookie);
    expect(es.body).toContain('Sin un certificado de firma electrónica vigente: la factura se firmará y enviará al SRI cuando subas tu certificado (.p12).');
    const en = await getPage(t.app, `/en/sales/invoice/show?id=${id}`, store.owner.cookie);
    expect(en.body).toContain('No valid electronic signature certificate: the invoice is signed and sent to SRI once you upload your certificate (.p12).');
    expect((await callApi(t.app, 'GET', `/api/v1/invoices/${id}`, store.owner.cookie)).json()).toMatchObject({ sriStatus: 'issued', sriWaiting: 'certificate' });
    expect(sri.calls).toHaveLength(calls);
  });
});

describe('another store', () => {
  it('finds neither the invoice, its XML, its page nor its retry', async () => {
    const other = stores.b.owner.cookie;
    expect((await callApi(t.app, 'GET', `/api/v1/invoices/${ids.authorized}`, other)).statusCode).toBe(404);
    expect((await callApi(t.app, 'GET', `/api/v1/invoices/${ids.authorized}/xml`, other)).statusCode).toBe(404);
    expect((await getPage(t.app, `/sales/invoice/show?id=${ids.authorized}`, other)).statusCode).toBe(404);
    expect((await postForm(t.app, '/sales/invoice/sri-retry', { id: String(ids.authorized) }, { cookie: `lang=es; ${other}` })).statusCode).toBe(404);
    // Its own owner's retry of a final invoice changes nothing: back to its page.
    const own = await postForm(t.app, '/sales/invoice/sri-retry', { id: String(ids.authorized) }, { cookie: `lang=es; ${stores.a.owner.cookie}` });
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe(`/sales/invoice/show?id=${ids.authorized}&sriError=invoice.sri.nothingToSend`);
  });
});

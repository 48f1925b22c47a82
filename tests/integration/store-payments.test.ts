import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore, makeUser, type TestUser } from '../support/factories.ts';
import { callApi, getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 23 §2: the merchant's payment, shipping and tax settings, on `/store/payments` (a form
// posted as a browser without JavaScript posts it) and `/api/v1/store/sales` (cents and basis
// points, decision 052), and the desk's set-up step they tick. Needs `npm run build` first.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

// A company's RUC (third digit 9) whose tenth digit checks the first nine, modulo 11.
const RUC = '1790123456001';
const post = (url: string, who: TestUser, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}` });
const api = (method: 'GET' | 'PUT', who: TestUser, payload?: object, lang = 'es') => callApi(t.app, method, '/api/v1/store/sales', who.cookie, payload, lang);
const FORM: Record<string, string> = { cashOnDelivery: 'on', bankTransfer: 'on', bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2201234567', bankAccountHolder: 'Dulces Mía S.A.', shippingFee: '3,50', freeShippingFrom: '1.200,00', ruc: RUC, businessName: 'Dulces Mía S.A.', establishment: '001', emissionPoint: '002', shippingIvaCode: '5' };

describe('/store/payments', () => {
  it('shows a new store’s defaults in both languages', async () => {
    const store = await makeStore(t);
    const es = await getPage(t.app, '/store/payments', store.owner.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.headers['cache-control']).toContain('no-store');
    expect(es.body).toContain('Cobros y envíos');
    expect(es.body).toContain('Pago contra entrega');
    // shipping's IVA: a select of today's choices, 15 % (SRI's code 4) chosen
    expect(es.body).toContain('IVA del envío');
    expect(es.body).toMatch(/<select[^>]*name="shippingIvaCode"/);
    expect(es.body).toMatch(/<option value="4" selected="">IVA 15 %<\/option>/);
    expect(es.body).not.toContain('IVA 12 %');
    const en = await getPage(t.app, '/en/store/payments', store.owner.cookie);
    expect(en.body).toContain('Payments and shipping');
    expect(en.body).toContain('Cash on delivery');
  });

  it('saves money typed the page’s way as cents, and the form shows it back the same way', async () => {
    const store = await makeStore(t);
    const saved = await post('/store/payments', store.owner, FORM);
    expect(saved.statusCode, saved.body.slice(0, 500)).toBe(200);
    expect(saved.body).toContain('La tienda se actualizó correctamente');
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    expect(await t.services.storeSales.loadStoreSales(scope)).toMatchObject({ cashOnDelivery: true, bankTransfer: true, bankAccountType: 'savings', shippingFeeCents: 350, freeShippingFromCents: 120000, ruc: RUC, emissionPoint: '002', shippingIvaCode: '5' });
    const en = await post('/en/store/payments', store.owner, { ...FORM, cashOnDelivery: '', shippingFee: '4.25', freeShippingFrom: '' });
    expect(en.statusCode).toBe(200);
    expect(await t.services.storeSales.loadStoreSales(scope)).toMatchObject({ cashOnDelivery: false, shippingFeeCents: 425, freeShippingFromCents: null });
    expect((await getPage(t.app, '/store/payments', store.owner.cookie)).body).toMatch(/name="shippingFee"[^>]*value="4,25"/);
  });

  it('says each problem beside its field in the page’s language, and keeps what was typed', async () => {
    const store = await makeStore(t);
    const { cashOnDelivery: _cash, ...noCash } = FORM;
    const bad = await post('/store/payments', store.owner, { ...noCash, bankTransfer: '', ruc: '1780123457001', establishment: '000', shippingFee: '3.5.0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Error al actualizar la tienda');
    expect(bad.body).toContain('El RUC no es válido: son 13 dígitos, con la provincia y el tercer dígito de un RUC del SRI y su número de establecimiento');
    expect(bad.body).toContain('Escribe tres dígitos, de 001 a 999');
    expect(bad.body).toContain('Escribe el número como 1.234,56');
    expect(bad.body).toMatch(/name="ruc"[^>]*value="1780123457001"/);
    expect(bad.body).toMatch(/name="businessName"[^>]*value="Dulces Mía S.A."/);
    // a transfer needs its account; at least one way to be paid
    const english = { shippingFee: '3.50', freeShippingFrom: '1,200.00' };
    const en = await post('/en/store/payments', store.owner, { ...noCash, ...english, bankTransfer: '', bankName: '' });
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('Turn on at least one payment method');
    const noAccount = await post('/en/store/payments', store.owner, { ...FORM, ...english, bankName: '', bankAccountNumber: 'abc' });
    expect(noAccount.body).toContain('Required to receive bank transfers');
    expect(noAccount.body).toContain('Use only digits and hyphens');
    // nothing was saved
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    expect((await t.services.storeSales.loadStoreSales(scope)).ruc).toBe('');
  });

  it('is not there for a user without a store', async () => {
    const user = await makeUser(t);
    expect((await getPage(t.app, '/store/payments', user.cookie)).statusCode).toBe(409);
  });
});

describe('/api/v1/store/sales', () => {
  it('gives and takes cents and basis points; a GET’s answer can be PUT back', async () => {
    const store = await makeStore(t);
    const fresh = await api('GET', store.owner);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ cashOnDelivery: true, bankTransfer: false, shippingFeeCents: 0, freeShippingFromCents: null, shippingIvaCode: '4', establishment: '001', ruc: '' });
    const body = { ...fresh.json(), ruc: RUC, businessName: 'Dulces Mía S.A.', shippingFeeCents: 350, freeShippingFromCents: 5000 };
    const put = await api('PUT', store.owner, body);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(body);
    expect((await api('PUT', store.owner, put.json())).statusCode).toBe(200);
  });

  it('refuses bad input with the field’s message (400), never a 5xx, and answers 409 without a store', async () => {
    const store = await makeStore(t);
    const base = (await api('GET', store.owner)).json();
    const bad = await api('PUT', store.owner, { ...base, ruc: '1780123457001', businessName: 'X', shippingFeeCents: 3.5 }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ ruc: 'The RUC is not valid: 13 digits, with the province and third digit of an SRI RUC and its establishment number', shippingFeeCents: expect.any(String) });
    const noWay = await api('PUT', store.owner, { ...base, ruc: RUC, businessName: 'X', cashOnDelivery: false });
    expect(noWay.statusCode).toBe(400);
    expect(noWay.json().fields).toMatchObject({ cashOnDelivery: 'Activa al menos una forma de pago' });
    // 12 % is no longer in force, and a rate is never typed as a number: refused, nothing kept
    for (const shippingIvaCode of ['2', '12', 1500]) {
      const rate = await api('PUT', store.owner, { ...base, shippingIvaCode }, 'en');
      expect(rate.statusCode).toBe(400);
      expect(rate.json().fields).toEqual({ shippingIvaCode: 'Choose a VAT rate in force: 15 %, 5 %, 0 %, exempt or not subject to VAT' });
    }
    expect((await api('GET', store.owner)).json().shippingIvaCode).toBe('4');
    expect((await api('PUT', store.owner, { ruc: 12 })).statusCode).toBe(400);
    expect((await api('GET', await makeUser(t))).statusCode).toBe(409);
  });
});

describe('the desk’s payment step', () => {
  it('is done once the payment settings were saved, and links to them', async () => {
    const store = await makeStore(t);
    const step = async () => /data-testid="store-step-payment"[^>]*data-done="(true|false)"/.exec((await getPage(t.app, '/', store.owner.cookie)).body)?.[1];
    const desk = (await getPage(t.app, '/', store.owner.cookie)).body;
    expect(desk).toMatch(/href="\/store\/payments"[^>]*>Configurar cobros y envíos</);
    expect(await step()).toBe('false');
    expect((await post('/store/payments', store.owner, FORM)).statusCode).toBe(200);
    expect(await step()).toBe('true');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore, type TestUser } from '../support/factories.ts';
import { callApi, getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 37 §4: what the store's invoices say of their issuer — the head office's and the
// establishment's addresses, whether it keeps accounts, its RIMPE regime and its withholding agent
// resolution — typed on `/store/payments` (as a browser without JavaScript posts it) and through
// `/api/v1/store/sales`, each checked where it is typed, in the page's language. Needs `npm run
// build` first.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const RUC = '1790016919001';
const post = (url: string, who: TestUser, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}` });
const FORM: Record<string, string> = {
  cashOnDelivery: 'on', bankTransfer: '', shippingFee: '3,50', freeShippingFrom: '', ruc: RUC, businessName: 'Dulces Mía S.A.', establishment: '001', emissionPoint: '002',
  headOfficeAddress: 'Av. 10 de Agosto N21-45, Quito', establishmentAddress: 'Calle Bolívar 12-34, Loja', accountingObligated: 'no', rimpe: 'negocio_popular', withholdingAgent: '1',
};

describe('the issuer’s facts on /store/payments', () => {
  it('offers them in both languages, saves them and shows them back', async () => {
    const store = await makeStore(t);
    const es = (await getPage(t.app, '/store/payments', store.owner.cookie)).body;
    for (const label of ['Dirección matriz', 'Dirección del establecimiento', 'Obligado a llevar contabilidad', 'Régimen RIMPE', 'RIMPE Negocio Popular', 'Agente de retención: resolución No.']) expect(es).toContain(label);
    expect(es).toMatch(/<select[^>]*name="accountingObligated"/);
    expect(es).toMatch(/<option value="" selected="">Elige una opción<\/option>/);
    const en = (await getPage(t.app, '/en/store/payments', store.owner.cookie)).body;
    for (const label of ['Head office address', 'Establishment address', 'Required to keep accounts', 'RIMPE regime', 'RIMPE Popular Business', 'Withholding agent: resolution No.']) expect(en).toContain(label);

    const saved = await post('/store/payments', store.owner, FORM);
    expect(saved.statusCode, saved.body.slice(0, 500)).toBe(200);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    expect(await t.services.storeSales.loadStoreSales(scope)).toMatchObject({ headOfficeAddress: FORM.headOfficeAddress, establishmentAddress: FORM.establishmentAddress, accountingObligated: 'no', rimpe: 'negocio_popular', withholdingAgent: '1' });
    const again = (await getPage(t.app, '/store/payments', store.owner.cookie)).body;
    expect(again).toMatch(/name="headOfficeAddress"[^>]*value="Av. 10 de Agosto N21-45, Quito"/);
    expect(again).toMatch(/<option value="negocio_popular" selected="">/);
    expect(again).toMatch(/name="withholdingAgent"[^>]*value="1"/);
  });

  it('refuses a RUC that is not the head office’s, a text on two lines and a resolution that is not its number, beside each field, keeping what was typed', async () => {
    const store = await makeStore(t);
    const typed = { ...FORM, ruc: `${RUC.slice(0, 10)}002`, headOfficeAddress: 'Av. Amazonas\r\nN24-03', withholdingAgent: 'NAC-DNCRASC20-00000001' };
    const es = await post('/store/payments', store.owner, typed);
    expect(es.statusCode).toBe(400);
    expect(es.body).toContain('Usa el RUC de tu matriz, el que termina en 001');
    expect(es.body).toContain('Escríbelo en una sola línea, sin saltos de línea ni caracteres de control');
    expect(es.body).toContain('Escribe solo el número de la resolución, de 1 a 8 dígitos');
    expect(es.body).toMatch(/name="withholdingAgent"[^>]*value="NAC-DNCRASC20-00000001"/);
    const en = await post('/en/store/payments', store.owner, { ...typed, shippingFee: '3.50' });
    expect(en.statusCode).toBe(400);
    expect(en.body).toContain('Use your head office’s RUC, the one ending in 001');
    expect(en.body).toContain('Write it on one line, without line breaks or control characters');
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    expect((await t.services.storeSales.loadStoreSales(scope)).ruc).toBe('');
  });
});

describe('the issuer’s facts through /api/v1/store/sales', () => {
  it('reads and writes them, and refuses a wrong one with a 400 that names it', async () => {
    const store = await makeStore(t);
    const api = (method: 'GET' | 'PUT', payload?: object, lang = 'es') => callApi(t.app, method, '/api/v1/store/sales', store.owner.cookie, payload, lang);
    const fresh = await api('GET');
    expect(fresh.json()).toMatchObject({ headOfficeAddress: '', establishmentAddress: '', accountingObligated: '', rimpe: 'none', withholdingAgent: '' });
    const body = { ...fresh.json(), ruc: RUC, businessName: 'Dulces Mía S.A.', headOfficeAddress: 'Av. Shyris N35-17, Quito', establishmentAddress: 'Av. Shyris N35-17, Quito', accountingObligated: 'yes', rimpe: 'emprendedor', withholdingAgent: '12345678' };
    const put = await api('PUT', body);
    expect(put.statusCode, put.body).toBe(200);
    expect((await api('GET')).json()).toMatchObject({ accountingObligated: 'yes', rimpe: 'emprendedor', withholdingAgent: '12345678', headOfficeAddress: 'Av. Shyris N35-17, Quito' });
    const bad = await api('PUT', { ...body, rimpe: 'rimpe', withholdingAgent: '123456789', establishmentAddress: 'x'.repeat(301) }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {}).sort()).toEqual(['establishmentAddress', 'rimpe', 'withholdingAgent']);
  });
});

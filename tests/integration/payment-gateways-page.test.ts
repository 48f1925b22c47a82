import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayContext, loadGateways } from '#server/modules/sales/payment/payment-gateways.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { insertMember } from '#server/tenancy/tenancy.repository.ts';
import { makeStore, makeUser, type TestStore, type TestUser } from '../support/factories.ts';
import { getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 39 §2, §3: the payment gateways' cards on /store/payments, posted as a browser without
// JavaScript posts them. Credentials are sealed (the database holds no plain token), never written
// back into a page (not after a save, not after a refusal), and a gateway is switched on only with
// credentials. Also the walk's defect: a bank transfer left off once its account is typed says so.
// Needs `npm run build` first.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const TOKEN = 'ppTokenQx7Lr9Wk2Zs4Vb8Nm3Hc6Jd1Fg5';
const PAYPHONE_STORE = 'tienda-payphone-7f3a9c';
const post = (url: string, who: TestUser, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}` });
const payphone = (fields: Record<string, string>) => ({ intent: 'gateway-payphone', environment: 'sandbox', expiryMinutes: '60', ...fields });
const scopeOf = async (store: TestStore): Promise<StoreScope> => (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
const gatewayOf = async (store: TestStore, gateway: 'payphone' | 'paypal') => (await loadGateways(t.deps, await scopeOf(store))).find((item) => item.gateway === gateway)!;
/** The card of one gateway in a page's HTML: from its section to the next one. */
const card = (html: string, gateway: string) => html.slice(html.indexOf(`data-testid="gateway-${gateway}"`), html.indexOf('</section>', html.indexOf(`data-testid="gateway-${gateway}"`)));

describe('the payment gateways on /store/payments', () => {
  it('shows each gateway with its logo, off, in sandbox, with 60 minutes and empty credential fields, in both languages', async () => {
    const store = await makeStore(t);
    const es = await getPage(t.app, '/store/payments', store.owner.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('Pasarelas de pago');
    for (const [gateway, name] of [['payphone', 'PayPhone'], ['paypal', 'PayPal']] as const) {
      const html = card(es.body, gateway);
      expect(html).toMatch(new RegExp(`<img src="/payment-logos/${gateway}.svg" alt="${name}"`));
      expect(html).toContain('Inactiva');
      expect(html).toMatch(/<input[^>]*name="enabled"/);
      expect(html).not.toMatch(/<input[^>]*name="enabled"[^>]*checked/);
      expect(html).toMatch(/<option value="sandbox" selected="">Pruebas \(sandbox\)<\/option>/);
      expect(html).toMatch(/name="expiryMinutes"[^>]*value="60"/);
      expect(html).toContain('De 10 a 10.080 minutos');
      expect(html).toContain('Aún no hay credenciales');
    }
    expect(card(es.body, 'payphone')).toMatch(/<input[^>]*type="password"[^>]*name="token"|<input[^>]*name="token"[^>]*type="password"/);
    expect(card(es.body, 'paypal')).toContain('Client ID de PayPal');
    expect(card(es.body, 'paypal')).toMatch(/<input[^>]*name="clientSecret"/);
    const en = await getPage(t.app, '/en/store/payments', store.owner.cookie);
    expect(en.body).toContain('Payment gateways');
    expect(card(en.body, 'payphone')).toContain('Application token');
    expect(card(en.body, 'paypal')).toContain('PayPal client ID');
    expect(card(en.body, 'paypal')).toContain('Test (sandbox)');
    expect(card(en.body, 'paypal')).toContain('10 to 10,080 minutes');
  });

  it('seals the credentials: the database holds no plain token, and no page shows them again', async () => {
    const store = await makeStore(t);
    const saved = await post('/store/payments', store.owner, payphone({ enabled: 'on', expiryMinutes: '90', token: TOKEN, storeId: PAYPHONE_STORE }));
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    expect(saved.body).toContain('Se guardó la pasarela');
    expect(saved.body).not.toContain(TOKEN);
    expect(saved.body).not.toContain(PAYPHONE_STORE);
    // The sales settings' form above does not take the card's answer as its own.
    expect(saved.body).not.toContain('La tienda se actualizó correctamente');
    expect(await gatewayOf(store, 'payphone')).toEqual({ gateway: 'payphone', enabled: true, environment: 'sandbox', configured: true, expiryMinutes: 90 });

    const row = await t.db.selectFrom('storePaymentGateway').select(['credentialsSealed']).where('storeId', '=', store.id).where('gateway', '=', 'payphone').executeTakeFirstOrThrow();
    const stored = Buffer.from(row.credentialsSealed!);
    for (const secret of [TOKEN, PAYPHONE_STORE]) {
      expect(stored.includes(secret)).toBe(false);
      expect(stored.toString('base64')).not.toContain(Buffer.from(secret).toString('base64').slice(0, 16));
    }
    // … yet opened, for the call to the gateway, they are what was typed.
    expect((await gatewayContext(t.deps, await scopeOf(store), 'payphone'))?.credentials).toEqual({ token: TOKEN, storeId: PAYPHONE_STORE });

    for (const url of ['/store/payments', '/en/store/payments']) {
      const page = await getPage(t.app, url, store.owner.cookie);
      expect(page.body).not.toContain(TOKEN);
      expect(page.body).not.toContain(PAYPHONE_STORE);
      expect(card(page.body, 'payphone')).toMatch(/name="expiryMinutes"[^>]*value="90"/);
      expect(card(page.body, 'payphone')).toMatch(/<input[^>]*name="enabled"[^>]*checked/);
    }
    const page = await getPage(t.app, '/store/payments', store.owner.cookie);
    expect(card(page.body, 'payphone')).toContain('Credenciales guardadas');
    expect(card(page.body, 'payphone')).toContain('Reemplazar credenciales');
    expect(card(page.body, 'payphone')).toContain('Activa');
    expect(card(page.body, 'paypal')).toContain('Aún no hay credenciales');
    expect((await getPage(t.app, '/en/store/payments', store.owner.cookie)).body).toContain('Credentials saved');
  });

  it('keeps the saved credentials when a save leaves them blank, and replaces them whole with new ones', async () => {
    const store = await makeStore(t);
    await post('/store/payments', store.owner, payphone({ token: TOKEN, storeId: PAYPHONE_STORE }));
    const scope = await scopeOf(store);
    // Minutes typed the page's way, credentials left empty: the others stay as saved.
    const kept = await post('/en/store/payments', store.owner, payphone({ enabled: 'on', environment: 'live', expiryMinutes: '1,440', token: '', storeId: '' }));
    expect(kept.statusCode, kept.body.slice(0, 300)).toBe(200);
    expect(await gatewayOf(store, 'payphone')).toMatchObject({ enabled: true, environment: 'live', expiryMinutes: 1440, configured: true });
    expect((await gatewayContext(t.deps, scope, 'payphone'))?.credentials).toEqual({ token: TOKEN, storeId: PAYPHONE_STORE });
    const live = await getPage(t.app, '/store/payments', store.owner.cookie);
    expect(card(live.body, 'payphone')).toContain('Producción (cobros reales)');
    const replaced = await post('/store/payments', store.owner, payphone({ enabled: 'on', environment: 'live', expiryMinutes: '1440', token: 'otroToken123', storeId: 'otra-tienda' }));
    expect(replaced.statusCode).toBe(200);
    expect((await gatewayContext(t.deps, scope, 'payphone'))?.credentials).toEqual({ token: 'otroToken123', storeId: 'otra-tienda' });
  });

  it('refuses switching on without credentials, in the page’s language, keeping what was typed and saving nothing', async () => {
    const store = await makeStore(t);
    const es = await post('/store/payments', store.owner, payphone({ enabled: 'on', environment: 'live', expiryMinutes: '45' }));
    expect(es.statusCode).toBe(400);
    expect(card(es.body, 'payphone')).toContain('Escribe las credenciales antes de activarla');
    expect(card(es.body, 'payphone')).toContain('No se guardó la pasarela: revisa los campos marcados');
    // The other card and the sales settings' form do not show this card's answer.
    expect(card(es.body, 'paypal')).not.toContain('No se guardó la pasarela');
    expect(es.body).not.toContain('Error al actualizar la tienda');
    expect(card(es.body, 'payphone')).toMatch(/name="expiryMinutes"[^>]*value="45"/);
    expect(card(es.body, 'payphone')).toMatch(/<option value="live" selected="">/);
    const en = await post('/en/store/payments', store.owner, { intent: 'gateway-paypal', enabled: 'on', environment: 'sandbox', expiryMinutes: '60', clientId: '', clientSecret: '' });
    expect(en.statusCode).toBe(400);
    expect(card(en.body, 'paypal')).toContain('Enter the credentials before switching it on');
    expect(await t.db.selectFrom('storePaymentGateway').select('id').where('storeId', '=', store.id).execute()).toEqual([]);
  });

  it('says each wrong field beside itself and never writes a typed secret back into the page', async () => {
    const store = await makeStore(t);
    // A token typed with its store id missing, and minutes outside the range: both said, nothing saved.
    const bad = await post('/store/payments', store.owner, payphone({ expiryMinutes: '5', token: TOKEN }));
    expect(bad.statusCode).toBe(400);
    const html = card(bad.body, 'payphone');
    expect(html).toContain('Este campo es obligatorio');
    expect(html).toContain('Escribe un número entero de minutos dentro del rango indicado');
    expect(html).toMatch(/name="expiryMinutes"[^>]*value="5"/);
    expect(bad.body).not.toContain(TOKEN);
    // Minutes not written the page's way; a credential the gateway's rules refuse (PayPal's are letters, digits, - and _).
    const en = await post('/en/store/payments', store.owner, { intent: 'gateway-paypal', environment: 'sandbox', expiryMinutes: 'sixty', clientId: 'has spaces inside', clientSecret: 'secretValue123' });
    expect(en.statusCode).toBe(400);
    expect(card(en.body, 'paypal')).toContain('Write the number as 1,234.56');
    const rules = await post('/en/store/payments', store.owner, { intent: 'gateway-paypal', environment: 'sandbox', expiryMinutes: '60', clientId: 'has spaces inside', clientSecret: 'secretValue123' });
    expect(rules.statusCode).toBe(400);
    expect(card(rules.body, 'paypal')).toContain('The value is not valid');
    expect(rules.body).not.toContain('secretValue123');
    expect(rules.body).not.toContain('has spaces inside');
    expect(await t.db.selectFrom('storePaymentGateway').select('id').where('storeId', '=', store.id).execute()).toEqual([]);
    // A form the page does not have is a 400, not a 500.
    expect((await post('/store/payments', store.owner, { intent: 'gateway-kushki', enabled: 'on' })).statusCode).toBe(400);
  });

  it('is the settings area’s: a viewer reads it and changes nothing; a member without settings is refused', async () => {
    const store = await makeStore(t);
    const scope = await scopeOf(store);
    const [viewer, clerk] = await Promise.all([makeUser(t), makeUser(t)]);
    await insertMember(t.db, scope, { userId: viewer.id, role: 'viewer', createdAt: new Date().toISOString() });
    await insertMember(t.db, scope, { userId: clerk.id, role: 'orders', createdAt: new Date().toISOString() });
    expect((await getPage(t.app, '/store/payments', viewer.cookie)).statusCode).toBe(200);
    expect((await post('/store/payments', viewer, payphone({ token: TOKEN, storeId: PAYPHONE_STORE }))).statusCode).toBe(403);
    expect((await getPage(t.app, '/store/payments', clerk.cookie)).statusCode).toBe(403);
    expect((await post('/store/payments', clerk, payphone({ token: TOKEN, storeId: PAYPHONE_STORE }))).statusCode).toBe(403);
    expect(await gatewayOf(store, 'payphone')).toMatchObject({ configured: false });
  });
});

describe('the bank transfer’s switch', () => {
  const ACCOUNT = { bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2201234567', bankAccountHolder: 'Dulces Mía S.A.' };
  const SALES = { cashOnDelivery: 'on', shippingFee: '0', freeShippingFrom: '', ruc: '', businessName: '', establishment: '001', emissionPoint: '001', shippingIvaCode: '4' };

  it('says it needs switching on while the account is typed and it is off, in both languages', async () => {
    const store = await makeStore(t);
    const hint = 'pero la transferencia está desactivada';
    expect((await getPage(t.app, '/store/payments', store.owner.cookie)).body).not.toContain(hint);
    const off = await post('/store/payments', store.owner, { ...SALES, ...ACCOUNT, bankTransfer: '' });
    expect(off.statusCode, off.body.slice(0, 300)).toBe(200);
    expect(off.body).toContain(hint);
    expect((await getPage(t.app, '/store/payments', store.owner.cookie)).body).toContain(hint);
    expect((await getPage(t.app, '/en/store/payments', store.owner.cookie)).body).toContain('but bank transfer is off');
    await post('/store/payments', store.owner, { ...SALES, ...ACCOUNT, bankTransfer: 'on' });
    expect((await getPage(t.app, '/store/payments', store.owner.cookie)).body).not.toContain(hint);
  });
});

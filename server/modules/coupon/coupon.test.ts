import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../../tests/support/forms.ts';
import { expectOtherStoreNotFound, type TwoStores, twoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { couponReason, couponVerdict, endOfDayInEcuador } from './coupon.service.ts';

// Coupons (issue 11 §4): the kit's screens and API, and the one function that decides whether a
// coupon applies to a cart, at each of its boundaries (needs `npm run build` first).
let t: TestApp;
let stores: TwoStores;
beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);

async function createCoupon(store: TestStore, input: object): Promise<number> {
  const response = await api('POST', '/api/v1/coupons', store.owner.cookie, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('the coupons API', () => {
  it('stores a percentage in basis points and an amount in cents, the code upper-case and unique per store', async () => {
    const store = await makeStore(t);
    const id = await createCoupon(store, { code: 'hola10', discountType: 'percentage', discount: 1250, minimumCents: 2000, expiresOn: '2026-12-31', usageLimit: 50, enabled: true });
    expect((await api('GET', `/api/v1/coupons/${id}`, store.owner.cookie)).json()).toMatchObject({ code: 'HOLA10', discount: 1250, minimumCents: 2000, expiresAt: '2027-01-01T04:59:59.999Z', usageLimit: 50, timesUsed: 0, enabled: true });
    const fixed = await createCoupon(store, { code: 'MENOS5', discountType: 'fixed', discount: 525, enabled: true });
    expect((await api('GET', `/api/v1/coupons/${fixed}`, store.owner.cookie)).json()).toMatchObject({ discount: 525, minimumCents: 0, expiresAt: null, usageLimit: null });

    const twice = await api('POST', '/api/v1/coupons', store.owner.cookie, { code: 'Hola10', discountType: 'fixed', discount: 100 }, 'en');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields).toEqual({ code: 'You already have a coupon with this code' });
    expect((await api('POST', '/api/v1/coupons', stores.b.owner.cookie, { code: 'HOLA10', discountType: 'fixed', discount: 100 })).statusCode).toBe(201);

    const over = await api('POST', '/api/v1/coupons', store.owner.cookie, { code: 'MUCHO', discountType: 'percentage', discount: 12000 });
    expect(over.statusCode).toBe(422);
    expect(over.json().fields).toEqual({ discount: 'Un porcentaje va de 0 a 100' });
    const bad = await api('POST', '/api/v1/coupons', store.owner.cookie, { code: 'a b', discountType: 'gift', discount: 0, expiresOn: '2026-02-31x' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['code', 'discount', 'discountType', 'expiresOn']);
  });

  it('shows the form with the last day and the typed amounts, and keeps what was typed on an error', async () => {
    const store = await makeStore(t);
    const id = await createCoupon(store, { code: 'VERANO', discountType: 'percentage', discount: 750, minimumCents: 1050, expiresOn: '2026-12-31', enabled: true });
    const shown = await getPage(t.app, `/catalog/coupon/show?id=${id}`, store.owner.cookie);
    expect(shown.body).toContain('value="2026-12-31"');
    expect(shown.body).toContain('value="7,5"');
    expect(shown.body).toContain('value="10,50"'); // money: two decimals (a percentage keeps its own)
    const refused = await postForm(t.app, '/catalog/coupon/new', { code: 'OTRO', discountType: 'percentage', discount: 'diez', minimum: '' }, { cookie: `lang=es; ${store.owner.cookie}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="OTRO"');
  });

  it('says an expired coupon is expired, in its list and on its screen, in both languages (issue 20 §3)', async () => {
    const store = await makeStore(t);
    const old = await createCoupon(store, { code: 'VIEJO2020', discountType: 'fixed', discount: 500, expiresOn: '2020-01-01', enabled: true });
    const current = await createCoupon(store, { code: 'VIGENTE', discountType: 'fixed', discount: 500, expiresOn: '2099-12-31', enabled: true });
    const expiredBadges = (body: string) => body.match(/data-status="expired"/g)?.length ?? 0;
    const es = await getPage(t.app, '/catalog/coupon', store.owner.cookie);
    expect(expiredBadges(es.body)).toBe(1);
    expect(es.body).toContain('Vencido');
    expect((await getPage(t.app, '/en/catalog/coupon', store.owner.cookie)).body).toContain('Expired');
    const screen = await getPage(t.app, `/catalog/coupon/show?id=${old}`, store.owner.cookie);
    expect(screen.body).toContain('data-testid="coupon-expired"');
    expect(screen.body).toContain('Venció el 1 ene 2020: los compradores ya no pueden usar este cupón');
    expect((await getPage(t.app, `/en/catalog/coupon/show?id=${old}`, store.owner.cookie)).body).toContain('Expired on Jan 1, 2020: shoppers can no longer use this coupon');
    const fine = await getPage(t.app, `/catalog/coupon/show?id=${current}`, store.owner.cookie);
    expect(fine.body).not.toContain('data-testid="coupon-expired"');
    expect(expiredBadges(fine.body)).toBe(0);
  });
});

describe('couponVerdict', () => {
  it('applies, or says why not, at each boundary', async () => {
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    const today = t.deps.clock.now().toISOString().slice(0, 10);
    await createCoupon(store, { code: 'DIEZ', discountType: 'percentage', discount: 1000, minimumCents: 2000, expiresOn: today, usageLimit: 3, enabled: true });
    await createCoupon(store, { code: 'CINCO', discountType: 'fixed', discount: 500, enabled: true });
    await createCoupon(store, { code: 'APAGADO', discountType: 'fixed', discount: 500, enabled: false });
    await createCoupon(store, { code: 'VIEJO', discountType: 'fixed', discount: 500, expiresOn: '2020-01-01', enabled: true });

    // exactly the minimum, on its last day: applies; 10 % of $20.05 is 200.5 cents, rounded half up
    expect(await couponVerdict(t.deps, scope, 'diez', { subtotalCents: 2005 })).toMatchObject({ ok: true, code: 'DIEZ', discountCents: 201 });
    expect(await couponVerdict(t.deps, scope, ' DIEZ ', { subtotalCents: 2000 })).toMatchObject({ ok: true, discountCents: 200 });
    expect(await couponVerdict(t.deps, scope, 'DIEZ', { subtotalCents: 1999 })).toEqual({ ok: false, reason: 'catalog.coupon.verdict.minimum', values: { minimumCents: 2000 } });
    // a fixed amount never takes off more than the cart
    expect(await couponVerdict(t.deps, scope, 'CINCO', { subtotalCents: 300 })).toMatchObject({ ok: true, discountCents: 300 });
    expect(await couponVerdict(t.deps, scope, 'APAGADO', { subtotalCents: 9000 })).toEqual({ ok: false, reason: 'catalog.coupon.verdict.invalid' });
    expect(await couponVerdict(t.deps, scope, 'VIEJO', { subtotalCents: 9000 })).toEqual({ ok: false, reason: 'catalog.coupon.verdict.invalid' });
    expect(await couponVerdict(t.deps, scope, 'NADA', { subtotalCents: 9000 })).toEqual({ ok: false, reason: 'catalog.coupon.verdict.invalid' });
    // another store's code does not exist here
    await createCoupon(stores.b, { code: 'AJENO', discountType: 'fixed', discount: 100, enabled: true });
    expect(await couponVerdict(t.deps, scope, 'AJENO', { subtotalCents: 9000 })).toEqual({ ok: false, reason: 'catalog.coupon.verdict.invalid' });

    // the usage limit: limit − 1 uses still apply, the limit does not
    await t.db.updateTable('coupon').set({ timesUsed: 2 }).where('storeId', '=', scope.storeId).where('code', '=', 'DIEZ').execute();
    expect((await couponVerdict(t.deps, scope, 'DIEZ', { subtotalCents: 5000 })).ok).toBe(true);
    await t.db.updateTable('coupon').set({ timesUsed: 3 }).where('storeId', '=', scope.storeId).where('code', '=', 'DIEZ').execute();
    expect(await couponVerdict(t.deps, scope, 'DIEZ', { subtotalCents: 5000 })).toEqual({ ok: false, reason: 'catalog.coupon.verdict.invalid' });
  });

  it('ends a coupon with its last day in Ecuador', async () => {
    expect(endOfDayInEcuador('2026-12-31')).toBe('2027-01-01T04:59:59.999Z');
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    await createCoupon(store, { code: 'FINDEANO', discountType: 'fixed', discount: 100, expiresOn: '2026-12-31', enabled: true });
    // The verdict at a given instant: 23:59 in Quito on the last day is still 2026-12-31 there.
    const at = (instant: string) => couponVerdict({ ...t.deps, clock: { now: () => new Date(instant) } }, scope, 'FINDEANO', { subtotalCents: 1000 });
    expect((await at('2027-01-01T04:59:59.000Z')).ok).toBe(true);
    expect(await at('2027-01-01T05:00:00.000Z')).toEqual({ ok: false, reason: 'catalog.coupon.verdict.invalid' });
  });

  it('says why a coupon does not apply in the shopper’s language, the minimum as that locale’s money', async () => {
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    await createCoupon(store, { code: 'MIL', discountType: 'fixed', discount: 500, minimumCents: 123450, usageLimit: 1, enabled: true });
    await createCoupon(store, { code: 'OFF', discountType: 'fixed', discount: 500, enabled: false });
    await createCoupon(store, { code: 'OLD', discountType: 'fixed', discount: 500, expiresOn: '2020-01-01', enabled: true });
    const reasons = async (code: string, subtotalCents = 200_000) => {
      const verdict = await couponVerdict(t.deps, scope, code, { subtotalCents });
      if (verdict.ok) throw new Error(`${code} applied`);
      return [couponReason(verdict, 'es'), couponReason(verdict, 'en')];
    };
    expect(await reasons('MIL', 100)).toEqual(['Este cupón es para compras desde $1.234,50', 'This coupon is for purchases from $1,234.50']);
    // A shopper is never told which codes exist (issue 36 §9): disabled, expired, unknown and used up read alike.
    for (const code of ['OFF', 'OLD', 'NONE']) expect(await reasons(code)).toEqual(['Este cupón no es válido', 'This coupon is not valid']);
    await t.db.updateTable('coupon').set({ timesUsed: 1 }).where('storeId', '=', scope.storeId).where('code', '=', 'MIL').execute();
    expect(await reasons('MIL', 100)).toEqual(['Este cupón no es válido', 'This coupon is not valid']);
  });
});

describe('store isolation', () => {
  it("gives store A's owner a 404 for store B's coupon everywhere", async () => {
    const id = await createCoupon(stores.b, { code: 'SOLO-B', discountType: 'fixed', discount: 100, enabled: true });
    await expectOtherStoreNotFound(t.app, stores.a.owner, {
      pages: [`/catalog/coupon/show?id=${id}`, `/en/catalog/coupon/show?id=${id}`],
      actions: [{ url: `/catalog/coupon/show?id=${id}`, fields: { intent: 'delete' } }],
      records: [{ path: '/api/v1/coupons/{id}', id, body: { code: 'SOLO-B', discountType: 'fixed', discount: 200, minimumCents: 0, expiresOn: null } }],
    });
  });
});

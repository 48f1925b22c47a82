import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertInputSchema, PackageInputSchema } from '#common/schemas/casillero.ts';
import { makeAdmin, makeStaff, makeStore, makeUser } from '../support/factories.ts';
import { callApi, getPage } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 9 §10: on a Spanish page every number is written the Spanish way ("2,9 lb", "$89,99",
// rate "4,5"), shown or put in an input. The pages are rendered with figures that have decimals
// and scanned for a number with a decimal point, in their text and in their inputs' values.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

/** The words a person sees (and, unless told otherwise, the values in inputs): no scripts, styles or head. */
function visibleText(html: string, withValues = true): string {
  const body = html.slice(html.indexOf('<body'));
  const values = [...body.matchAll(/\svalue="([^"]*)"/g)].map((match) => match[1]);
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return `${text} ${withValues ? values.join(' ') : ''}`.replace(/\s+/g, ' ');
}

// A decimal point: a dot not followed by a group of exactly three digits ("5.000" is grouping).
const DECIMAL_POINT = /\b\d+\.(?!\d{3}\b)\d+\b/g;

describe('numbers on Spanish pages', () => {
  it('are written with a decimal comma everywhere a client and staff look', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    const admin = await makeAdmin(t);
    const owner = { userId: client.id };
    const { warehouse } = await t.services.settings.getSiteSettings();
    await t.services.settings.putSiteSettings({ warehouse, ratePerLbCents: 450 });
    const alertId = await t.services.alerts.createAlert(
      owner,
      AlertInputSchema.parse({ trackingNumber: 'DEC1234567', carrier: 'Other', store: 'Amazon', content: 'Zapatos', declaredValue: 89.99, expectedDate: '' }),
    );
    // Non-whole dimensions and the carrier "Other" too: the lists and detail screens print both.
    const pkg = (tracking: string, weightLb: number) =>
      PackageInputSchema.parse({ lockerCode: client.lockerCode, trackingNumber: tracking, carrier: 'Other', store: 'Amazon', weightLb, lengthCm: 30.5, widthCm: 20.25, heightCm: 10, declaredValue: 42.3 });
    const first = await t.services.packages.registerPackage({ userId: staff.id }, pkg('DEC1234567', 2.9));
    const second = await t.services.packages.registerPackage({ userId: staff.id }, pkg('DEC7654321', 1.35));
    const third = await t.services.packages.registerPackage({ userId: staff.id }, pkg('DEC1111111', 0.75));
    const consolidationId = await t.services.consolidations.createConsolidation(owner, { packageIds: [second.packageId, third.packageId], deliveryAddress: 'Quito', notes: '' });

    const pages: Array<[string, string]> = [
      ['/', client.cookie],
      ['/alert', client.cookie],
      [`/alert/show?id=${alertId}`, client.cookie],
      ['/consolidate/new', client.cookie],
      [`/consolidate/show?id=${consolidationId}`, client.cookie],
      ['/notification', client.cookie],
      ['/admin/setting', admin.cookie],
      ['/package', client.cookie],
      [`/package/show?id=${first.packageId}`, client.cookie],
      ['/admin/package', staff.cookie],
      [`/admin/package/show?id=${first.packageId}`, staff.cookie],
      ['/admin/alert', staff.cookie],
      [`/admin/alert/show?id=${alertId}`, staff.cookie],
      [`/admin/client/show?id=${client.id}`, staff.cookie],
      ['/admin/consolidate', staff.cookie],
      [`/admin/consolidate/show?id=${consolidationId}`, staff.cookie],
    ];
    for (const [url, cookie] of pages) {
      const response = await getPage(t.app, url, cookie);
      expect(response.statusCode, url).toBe(200);
      const text = visibleText(response.body);
      expect(text.match(DECIMAL_POINT), `${url}: ${text.slice(0, 2000)}`).toBeNull();
      // the carrier "Other" is "Otro" on a Spanish page (a select's stored option value aside)
      expect(visibleText(response.body, false), url).not.toMatch(/\bOther\b/);
    }
    // the dimensions are there, the Spanish way, on both sides
    expect(visibleText((await getPage(t.app, `/consolidate/show?id=${consolidationId}`, client.cookie)).body)).toContain('30,5 × 20,25 × 10 cm');
    expect(visibleText((await getPage(t.app, `/admin/consolidate/show?id=${consolidationId}`, staff.cookie)).body)).toContain('30,5 × 20,25 × 10 cm');
    expect(visibleText((await getPage(t.app, '/admin/package', staff.cookie)).body)).toContain('2,9 lb');
    expect(visibleText((await getPage(t.app, '/admin/alert', staff.cookie)).body)).toContain('(Otro)');
    // and they are there, the Spanish way
    expect(visibleText((await getPage(t.app, `/alert/show?id=${alertId}`, client.cookie)).body)).toMatch(/2,9 lb.*89,99|89,99.*2,9 lb/);
    expect(visibleText((await getPage(t.app, '/admin/setting', admin.cookie)).body)).toContain('4,5');
    expect(visibleText((await getPage(t.app, `/alert/show?id=${alertId}`, client.cookie)).body)).toContain('Otro');
    // the English pages keep the decimal point
    expect(visibleText((await getPage(t.app, `/en/alert/show?id=${alertId}`, client.cookie)).body)).toMatch(/2\.9 lb/);
    expect(visibleText((await getPage(t.app, `/en/alert/show?id=${alertId}`, client.cookie)).body)).toContain('Other');
  });
});

// Issue 20 §10: the store, catalog and import screens too, with figures of four digits and more,
// decimals and counts of one: on a Spanish page "1.500" and "1.234,50", never "1500" or "1234.5";
// on an English page "1,500" and "1,234.50"; and a count of one in the singular.
const UNGROUPED = /(?<![\w#+/.,:-])\d{4,}(?![\w/.,:-])/g;
const isYear = (digits: string) => /^20\d\d$/.test(digits);

describe('numbers on the store, catalog and import screens', () => {
  it('are grouped and written the page language\'s way, counts in the singular for one', async () => {
    const store = await makeStore(t);
    const api = async (url: string, body: object) => {
      const response = await callApi(t.app, 'POST', url, store.owner.cookie, body);
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: number }).id;
    };
    const category = await api('/api/v1/categories', { name: 'Ropa', enabled: true });
    const product = await api('/api/v1/products', { name: 'Poncho', categoryId: category, priceCents: 123450, stock: 1500, discountBp: 1250, ivaCode: '4', weightGrams: 2500, enabled: true });
    await api('/api/v1/variants', { productId: product, name: 'Rojo', priceCents: 123450, stock: 1500, enabled: true });
    await api('/api/v1/coupons', { code: 'MIL', discountType: 'fixed', discount: 150050, minimumCents: 200000, usageLimit: 1500, enabled: true });
    const screens = ['/store', '/catalog/product', `/catalog/product/show?id=${product}`, '/catalog/product/new', '/catalog/variant', '/catalog/coupon', '/catalog/category', '/catalog/product/import'];
    for (const [prefix, decimal, foreign] of [['', '1.234,5', DECIMAL_POINT], ['/en', '1,234.5', /\b\d+,\d{1,2}\b/g]] as const) {
      for (const screen of screens) {
        const url = `${prefix}${screen}`;
        const response = await getPage(t.app, url, store.owner.cookie);
        expect(response.statusCode, url).toBe(200);
        const text = visibleText(response.body);
        expect(text.match(foreign), `${url}: ${text.slice(0, 1500)}`).toBeNull();
        // shown text (inputs aside: a field holds "1500" ungrouped, so that editing keeps it a number)
        const shown = visibleText(response.body, false);
        expect((shown.match(UNGROUPED) ?? []).filter((digits) => !isYear(digits)), `${url}: ${shown.slice(0, 1500)}`).toEqual([]);
      }
      const list = visibleText((await getPage(t.app, `${prefix}/catalog/product`, store.owner.cookie)).body, false);
      expect(list).toContain(prefix ? '1,500 in all (1 variant)' : '1.500 en total (1 variante)');
      expect(list).toContain(`$${decimal}0`);
      expect(visibleText((await getPage(t.app, `${prefix}/catalog/variant`, store.owner.cookie)).body, false)).toContain(prefix ? '1,500' : '1.500');
    }
    // the form puts the stored figures back the way it reads them
    const form = visibleText((await getPage(t.app, `/catalog/product/show?id=${product}`, store.owner.cookie)).body);
    expect(form).toContain('1234,5');
    expect(form).toContain('12,5');
  });
});

// Issue 23 (loose ends §1): a money field loads with two decimals, the page's way ("3,50" / "3.50",
// never "3,5"), on every form that has one; a rate or a count keeps its own digits.
describe('money fields', () => {
  /** The value an input of that name starts with on the page. */
  const inputValue = (html: string, name: string) => {
    const input = new RegExp(`<input[^>]*\\sname="${name}"[^>]*>`).exec(html)?.[0] ?? '';
    return /\svalue="([^"]*)"/.exec(input)?.[1];
  };

  it('load with exactly two decimals in the page’s language', async () => {
    const store = await makeStore(t);
    const admin = await makeAdmin(t);
    const api = async (method: 'POST' | 'PUT', url: string, body: object) => {
      const response = await callApi(t.app, method, url, store.owner.cookie, body);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return (response.json() as { id: number }).id;
    };
    const category = await api('POST', '/api/v1/categories', { name: 'Ropa', enabled: true });
    const product = await api('POST', '/api/v1/products', { name: 'Poncho', categoryId: category, priceCents: 350, compareAtCents: 1200, stock: 3, discountBp: 1250, ivaCode: '4', enabled: true });
    const variant = await api('POST', '/api/v1/variants', { productId: product, name: 'Rojo', priceCents: 1990, stock: 2, enabled: true });
    const fixed = await api('POST', '/api/v1/coupons', { code: 'CINCO', discountType: 'fixed', discount: 500, minimumCents: 2050, enabled: true });
    const percent = await api('POST', '/api/v1/coupons', { code: 'DIEZ', discountType: 'percentage', discount: 1000, minimumCents: 0, enabled: true });
    await api('PUT', '/api/v1/store/sales', { shippingFeeCents: 350, freeShippingFromCents: 6000 });
    const { warehouse } = await t.services.settings.getSiteSettings();
    await t.services.settings.putSiteSettings({ warehouse, ratePerLbCents: 450 });

    const cases: [page: string, cookie: string, name: string, es: string, en: string][] = [
      [`/catalog/product/show?id=${product}`, store.owner.cookie, 'price', '3,50', '3.50'],
      [`/catalog/product/show?id=${product}`, store.owner.cookie, 'compareAtPrice', '12,00', '12.00'],
      [`/catalog/product/show?id=${product}`, store.owner.cookie, 'discount', '12,5', '12.5'], // a percentage keeps its digits
      [`/catalog/variant/show?id=${variant}`, store.owner.cookie, 'price', '19,90', '19.90'],
      [`/catalog/coupon/show?id=${fixed}`, store.owner.cookie, 'discount', '5,00', '5.00'], // a fixed amount is money
      [`/catalog/coupon/show?id=${fixed}`, store.owner.cookie, 'minimum', '20,50', '20.50'],
      [`/catalog/coupon/show?id=${percent}`, store.owner.cookie, 'discount', '10', '10'], // a percentage is not
      ['/store/payments', store.owner.cookie, 'shippingFee', '3,50', '3.50'],
      ['/store/payments', store.owner.cookie, 'freeShippingFrom', '60,00', '60.00'],
      ['/admin/setting', admin.cookie, 'ratePerLb', '4,50', '4.50'],
    ];
    for (const [page, cookie, name, es, en] of cases) {
      for (const [prefix, expected] of [['', es], ['/en', en]] as const) {
        const response = await getPage(t.app, `${prefix}${page}`, cookie);
        expect(response.statusCode, `${prefix}${page}`).toBe(200);
        expect(inputValue(response.body, name), `${prefix}${page} ${name}`).toBe(expected);
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#common/money.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { fixedClock } from '#server/service-deps.ts';
import { makeStore, type TestStore } from '../support/factories.ts';
import { getPage } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 23 §7: the desk's orders and sales of the last 30 days, by Ecuador's day (UTC−5), from
// orders whose totals are known, so every figure below is summed by hand. Cancelled orders count in
// neither figure; another store's orders never show. Needs `npm run build` first.

// 12:00 in Quito on 26 Nov 2026: today runs from 05:00 UTC on the 26th to 05:00 UTC on the 27th.
const clock = fixedClock('2026-11-26T17:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.dispose());

let orderNumber = 0;
/**
 * An order as placing leaves it, written directly with the instant and total the test needs:
 * placing always stamps "now", and these figures are about the past 30 days.
 */
async function order(scope: StoreScope, { at, totalCents, status = 'pending' }: { at: string; totalCents: number; status?: string }) {
  orderNumber += 1;
  const email = `cliente${orderNumber}@example.com`;
  const customer = await t.deps.db
    .insertInto('customer')
    .values({ storeId: scope.storeId, code: crypto.randomUUID(), name: 'Ana Pérez', email, documentType: 'cedula', documentNumber: '1710034065', createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const buyer = { name: 'Ana Pérez', email, phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas', city: 'Quito', province: 'Pichincha' };
  await t.deps.db
    .insertInto('storeOrder')
    .values({ storeId: scope.storeId, number: orderNumber, code: crypto.randomUUID(), customerId: customer.id, locale: 'es', status, paymentMethod: 'cash_on_delivery', subtotalCents: totalCents, discountCents: 0, taxCents: 0, shippingCents: 0, totalCents, ...buyer, createdAt: at, updatedAt: at })
    .execute();
}

async function storeWithScope(): Promise<{ store: TestStore; scope: StoreScope }> {
  const store = await makeStore(t);
  return { store, scope: (await ownStoreScope(t.deps, { userId: store.owner.id }))! };
}

describe('the desk’s sales figures', () => {
  it('sums orders and sales per Ecuador day over the last 30 days, cancelled orders left out', async () => {
    const { scope } = await storeWithScope();
    // today (26 Nov, Quito): 12.50 + 30.00; a cancelled 99.99 does not count
    await order(scope, { at: '2026-11-26T05:00:00.000Z', totalCents: 1250 });
    await order(scope, { at: '2026-11-26T16:59:00.000Z', totalCents: 3000, status: 'delivered' });
    await order(scope, { at: '2026-11-26T15:00:00.000Z', totalCents: 9999, status: 'cancelled' });
    // 23:59 in Quito on the 25th is 04:59 UTC on the 26th: the 25th's
    await order(scope, { at: '2026-11-26T04:59:59.000Z', totalCents: 2000, status: 'paid' });
    // the first of the 30 days starts at 05:00 UTC on 28 Oct; a second before is outside
    await order(scope, { at: '2026-10-28T05:00:00.000Z', totalCents: 500, status: 'shipped' });
    await order(scope, { at: '2026-10-28T04:59:59.000Z', totalCents: 70000 });

    const sales = await t.services.desk.salesFigures(scope);
    expect(sales.days).toHaveLength(30);
    expect(sales.days[0]).toEqual({ day: '2026-10-28', orders: 1, salesCents: 500 });
    expect(sales.days.at(-2)).toEqual({ day: '2026-11-25', orders: 1, salesCents: 2000 });
    expect(sales.today).toEqual({ day: '2026-11-26', orders: 2, salesCents: 4250 });
    expect(sales.total).toEqual({ orders: 4, salesCents: 6750 });
    expect(sales.days.slice(1, -2).every((day) => day.orders === 0 && day.salesCents === 0)).toBe(true);
  });

  it('never counts another store’s orders, and shows nothing but zeros to a store without orders', async () => {
    const mine = await storeWithScope();
    const theirs = await storeWithScope();
    await order(theirs.scope, { at: '2026-11-26T10:00:00.000Z', totalCents: 4200 });
    expect((await t.services.desk.salesFigures(mine.scope)).total).toEqual({ orders: 0, salesCents: 0 });
    expect((await t.services.desk.salesFigures(theirs.scope)).total).toEqual({ orders: 1, salesCents: 4200 });
    const body = (await getPage(t.app, '/', mine.store.owner.cookie)).body;
    expect(body).toContain('Ventas de los últimos 30 días');
    expect(body).toContain('data-testid="desk-sales-none"');
  });

  it('shows the figures on the desk in the page’s language, money and days formatted, with the table for screen readers', async () => {
    const { store, scope } = await storeWithScope();
    await order(scope, { at: '2026-11-26T12:00:00.000Z', totalCents: 123456 });
    await order(scope, { at: '2026-11-20T12:00:00.000Z', totalCents: 1000 });
    const es = (await getPage(t.app, '/', store.owner.cookie)).body;
    expect(es).toMatch(new RegExp(`data-testid="sales-today-sales"[^>]*>${escape(formatMoney(123456, 'es'))}<`));
    expect(es).toMatch(/data-testid="sales-month-orders"[^>]*>2</);
    expect(es).toContain('Pedidos de hoy');
    expect(es).toContain('Ver las cifras día por día');
    expect(es).toMatch(/data-testid="sales-day-2026-11-20"[\s\S]*?20 nov[\s\S]*?\$10,00/);
    // The chart is drawn in the browser only (decision 101): the server renders its room, never recharts.
    expect(es).toContain('data-testid="desk-sales-chart-room"');
    expect(es).not.toContain('data-testid="desk-sales-chart"');
    const en = (await getPage(t.app, '/en', store.owner.cookie)).body;
    expect(en).toContain('Sales in the last 30 days');
    expect(en).toMatch(new RegExp(`data-testid="sales-today-sales"[^>]*>${escape(formatMoney(123456, 'en'))}<`));
    expect(en).toMatch(/data-testid="sales-day-2026-11-20"[\s\S]*?Nov 20[\s\S]*?\$10\.00/);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

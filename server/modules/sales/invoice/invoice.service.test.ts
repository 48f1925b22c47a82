import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAccessKey } from '#common/sri.ts';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { AppError } from '#server/errors.ts';
import { amount } from './invoice-xml.ts';
import { insertTestOrder, setTaxSettings, TEST_CEDULA, TEST_RUC } from './invoice.fixtures.ts';

// Issuing SRI invoices (issue 23 §5) through the service, on the database the suite runs on:
// what an invoice copies, when it is refused, and numbers that stay unique under concurrency.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

async function storeWithSettings(settings?: Parameters<typeof setTaxSettings>[2]): Promise<{ store: TestStore; scope: StoreScope }> {
  const store = await makeStore(t);
  if (settings !== undefined) await setTaxSettings(t, store, settings);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  return { store, scope };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; status: number }> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, status: (error as AppError).status };
}

describe('issuing an invoice', () => {
  it('numbers it per store and emission point, copies the buyer and totals with the IVA bases apart, and queues its signing', async () => {
    const { store, scope } = await storeWithSettings({});
    const order = await insertTestOrder(t, store);
    const { id, number } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
    expect(number).toBe('001-002-000000001');
    const { invoice, lines, bases } = await t.services.invoices.getInvoice(scope, id);
    // 2 × 12.50 at 15 %, 9.99 at 0 %, shipping 3.50 at the store's 15 % (0.525 → 0.53, decision 087).
    expect(invoice).toMatchObject({
      number, establishment: '001', emissionPoint: '002', sequence: 1, ruc: TEST_RUC, businessName: 'Comercial Andina S.A.', environment: 1,
      buyerName: 'María Pérez', buyerDocumentType: 'cedula', buyerDocumentNumber: TEST_CEDULA, buyerAddress: 'Av. Amazonas N24-03, Quito, Pichincha',
      baseTaxedCents: 2500 + 350, baseZeroCents: 999, taxCents: 375 + 53, shippingCents: 350, totalCents: order.totalCents, sriStatus: 'issued',
    });
    expect(invoice.totalCents).toBe(2500 + 375 + 999 + 350 + 53);
    expect(bases).toEqual([{ ivaCode: '4', taxBp: 1500, baseCents: 2850, taxCents: 428 }, { ivaCode: '0', taxBp: 0, baseCents: 999, taxCents: 0 }]);
    expect(lines.map((line) => [line.code, line.baseCents, line.ivaCode, line.taxCents, line.shipping])).toEqual([['CAF-500', 2500, '4', 375, false], ['LIB-1', 999, '0', 0, false], ['ENVIO', 350, '4', 53, true]]);
    // The key: issue day, type 01, the RUC, environment 1, series 001002, the sequence, 8 digits, type 1, check digit.
    expect(isValidAccessKey(invoice.accessKey)).toBe(true);
    expect(invoice.accessKey.slice(8, 24)).toBe(`01${TEST_RUC}1`);
    expect(invoice.accessKey.slice(24, 39)).toBe('001002000000001');
    const jobs = await t.db.selectFrom('job').select(['kind', 'payload']).where('kind', '=', 'invoice.sri').execute();
    expect(jobs.map((job) => JSON.parse(job.payload))).toContainEqual({ storeId: store.id, invoiceId: id });

    const second = await t.services.invoices.issueInvoice(scope, { orderId: (await insertTestOrder(t, store)).id });
    expect(second.number).toBe('001-002-000000002');
    expect(amount(invoice.totalCents)).toBe('42.77');
  });

  it('refuses a cancelled order, a second invoice of an order, and another store\u2019s order', async () => {
    const { store, scope } = await storeWithSettings({});
    const cancelled = await insertTestOrder(t, store, { status: 'cancelled' });
    expect(await refusal(t.services.invoices.issueInvoice(scope, { orderId: cancelled.id }))).toEqual({ code: 'invoice.orderCancelled', status: 409 });
    const order = await insertTestOrder(t, store);
    await t.services.invoices.issueInvoice(scope, { orderId: order.id });
    expect(await refusal(t.services.invoices.issueInvoice(scope, { orderId: order.id }))).toEqual({ code: 'invoice.alreadyIssued', status: 409 });

    const other = await storeWithSettings({});
    expect(await refusal(t.services.invoices.issueInvoice(other.scope, { orderId: order.id }))).toEqual({ code: 'error.generic', status: 404 });
    // Refusals take no number: the next invoice is the second.
    const next = await t.services.invoices.issueInvoice(scope, { orderId: (await insertTestOrder(t, store)).id });
    expect(next.number).toBe('001-002-000000002');
  });

  it('says what the tax settings lack before issuing', async () => {
    const none = await storeWithSettings();
    const noneOrder = await insertTestOrder(t, none.store);
    expect(await refusal(t.services.invoices.issueInvoice(none.scope, { orderId: noneOrder.id }))).toEqual({ code: 'invoice.missingRucAndName', status: 409 });
    const noName = await storeWithSettings({ businessName: '  ' });
    expect(await refusal(t.services.invoices.issueInvoice(noName.scope, { orderId: (await insertTestOrder(t, noName.store)).id }))).toEqual({ code: 'invoice.missingBusinessName', status: 409 });
    const badRuc = await storeWithSettings({});
    // A RUC SRI could never have issued (third digit 7) cannot be saved; a store may still hold one
    // saved before the check, and the invoice must not carry it.
    await t.db.updateTable('storeSales').set({ ruc: '1780016918001' }).where('storeId', '=', badRuc.store.id).execute();
    expect(await refusal(t.services.invoices.issueInvoice(badRuc.scope, { orderId: (await insertTestOrder(t, badRuc.store)).id }))).toEqual({ code: 'invoice.missingRuc', status: 409 });
    for (const { store } of [none, noName, badRuc]) expect(await t.db.selectFrom('invoice').select('id').where('storeId', '=', store.id).execute()).toEqual([]);
  });

  it('gives invoices issued at the same moment distinct consecutive numbers', async () => {
    const { store, scope } = await storeWithSettings({});
    const orderIds = [];
    for (let i = 0; i < 6; i += 1) orderIds.push((await insertTestOrder(t, store)).id);
    const issued = await Promise.all(orderIds.map((orderId) => t.services.invoices.issueInvoice(scope, { orderId })));
    expect(issued.map((invoice) => invoice.number).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `001-002-00000000${n}`));
  });

  it('issues one invoice when the same order is issued twice at once', async () => {
    const { store, scope } = await storeWithSettings({});
    const order = await insertTestOrder(t, store);
    const results = await Promise.allSettled([1, 2, 3].map(() => t.services.invoices.issueInvoice(scope, { orderId: order.id })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'invoice.alreadyIssued', status: 409 });
    const next = await t.services.invoices.issueInvoice(scope, { orderId: (await insertTestOrder(t, store)).id });
    expect(next.number).toBe('001-002-000000002');
  });
});

describe('finding invoices', () => {
  it('lists the store\u2019s own, by number, buyer and issue day, and finds the shopper\u2019s only by their order code', async () => {
    const { store, scope } = await storeWithSettings({});
    const first = await insertTestOrder(t, store, { buyer: 'Ana Torres' });
    const second = await insertTestOrder(t, store, { buyer: 'Luis Vega' });
    await t.services.invoices.issueInvoice(scope, { orderId: first.id });
    await t.services.invoices.issueInvoice(scope, { orderId: second.id });
    const other = await storeWithSettings({});
    await t.services.invoices.issueInvoice(other.scope, { orderId: (await insertTestOrder(t, other.store, { buyer: 'Ana Torres' })).id });

    const all = await t.services.invoices.listInvoices(scope, { q: '', from: null, to: null, page: 1 });
    expect(all.rows.map((row) => row.buyerName)).toEqual(['Luis Vega', 'Ana Torres']);
    expect((await t.services.invoices.listInvoices(scope, { q: 'ana', from: null, to: null, page: 1 })).rows.map((row) => row.number)).toEqual(['001-002-000000001']);
    expect((await t.services.invoices.listInvoices(scope, { q: '000000002', from: null, to: null, page: 1 })).total).toBe(1);
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    expect((await t.services.invoices.listInvoices(scope, { q: '', from: today, to: today, page: 1 })).total).toBe(2);
    expect((await t.services.invoices.listInvoices(scope, { q: '', from: '2020-01-01', to: '2020-01-31', page: 1 })).total).toBe(0);

    expect((await t.services.invoices.shopperInvoice(scope, first.code)).invoice.buyerName).toBe('Ana Torres');
    expect(await refusal(t.services.invoices.shopperInvoice(other.scope, first.code))).toEqual({ code: 'error.generic', status: 404 });
    expect(await refusal(t.services.invoices.shopperInvoice(scope, '00000000-0000-4000-8000-000000000000'))).toEqual({ code: 'error.generic', status: 404 });
    const notYet = await insertTestOrder(t, store);
    expect(await refusal(t.services.invoices.shopperInvoice(scope, notYet.code))).toEqual({ code: 'error.generic', status: 404 });
  });
});

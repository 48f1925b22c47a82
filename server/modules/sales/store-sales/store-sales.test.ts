import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '#common/i18n/all-languages.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore } from '../../../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { loadStoreSales, saveStoreSales, StoreSalesInvalid, takeInvoiceSequence, takeOrderNumber } from './store-sales.service.ts';

// A store's sales settings and its counters (issue 23 §1), on the database the suite runs on.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const newScope = async (): Promise<StoreScope> => {
  const store = await makeStore(t);
  return (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
};

async function refusal(scope: StoreScope, input: Parameters<typeof saveStoreSales>[2]) {
  try {
    await saveStoreSales(t.deps, scope, input);
  } catch (error) {
    if (error instanceof StoreSalesInvalid) return error.fields;
    throw error;
  }
  throw new Error('saved');
}

describe('store sales settings', () => {
  it('gives the defaults to a store that saved none', async () => {
    const scope = await newScope();
    expect(await loadStoreSales(t.deps, scope)).toEqual({
      cashOnDelivery: true, bankTransfer: false, bankName: '', bankAccountType: '', bankAccountNumber: '', bankAccountHolder: '',
      shippingFeeCents: 0, freeShippingFromCents: null, ruc: '', businessName: '', establishment: '001', emissionPoint: '001', shippingIvaCode: '4', sriEnvironment: 1,
      headOfficeAddress: '', establishmentAddress: '', accountingObligated: '', rimpe: 'none', withholdingAgent: '',
    });
  });

  it('saves, reads back and saves again over the same row, each store its own', async () => {
    const scope = await newScope();
    const other = await newScope();
    const input = { cashOnDelivery: false, bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings' as const, bankAccountNumber: '2200-123456', bankAccountHolder: 'Ana Pérez', shippingFeeCents: 350, freeShippingFromCents: 5000, ruc: '1790016919001', businessName: 'Ana Pérez S.A.', establishment: '002', emissionPoint: '010', shippingIvaCode: '5' as const, sriEnvironment: 2 as const,
      headOfficeAddress: 'Av. Amazonas N24-03, Quito', establishmentAddress: 'Calle Bolívar 12-34, Loja', accountingObligated: 'yes' as const, rimpe: 'negocio_popular' as const, withholdingAgent: '1' };
    await saveStoreSales(t.deps, scope, input);
    expect(await loadStoreSales(t.deps, scope)).toEqual(input);
    await saveStoreSales(t.deps, scope, { ...input, shippingFeeCents: 0, freeShippingFromCents: null });
    expect(await loadStoreSales(t.deps, scope)).toMatchObject({ shippingFeeCents: 0, freeShippingFromCents: null, bankName: 'Banco Pichincha' });
    expect((await loadStoreSales(t.deps, other)).shippingFeeCents).toBe(0);
  });

  it('refuses wrong settings field by field, with messages in both languages', async () => {
    const scope = await newScope();
    const fields = await refusal(scope, { cashOnDelivery: false, bankTransfer: true, ruc: '1780016918001', establishment: '000', emissionPoint: '12', shippingFeeCents: -1, freeShippingFromCents: -5 });
    expect(fields).toEqual({
      ruc: 'storeSales.ruc', establishment: 'storeSales.seriesCode', emissionPoint: 'storeSales.seriesCode',
      shippingFeeCents: 'storeSales.moneyNegative', freeShippingFromCents: 'storeSales.moneyNegative',
      bankName: 'storeSales.bankRequired', bankAccountType: 'storeSales.bankRequired', bankAccountNumber: 'storeSales.bankRequired', bankAccountHolder: 'storeSales.bankRequired',
    });
    expect(await refusal(scope, { cashOnDelivery: false, bankTransfer: false })).toEqual({ cashOnDelivery: 'storeSales.paymentRequired' });
    // shipping's IVA: one of today's codes; 12 % (code 2) is no longer offered (decision 087)
    expect(await refusal(scope, { shippingIvaCode: '2' as never })).toEqual({ shippingIvaCode: 'iva.notOffered' });
    expect(await refusal(scope, { bankTransfer: true, bankName: 'Banco' })).toEqual({ bankAccountType: 'storeSales.bankRequired', bankAccountNumber: 'storeSales.bankRequired', bankAccountHolder: 'storeSales.bankRequired' });
    expect(translator('es')('storeSales.paymentRequired')).toBe('Activa al menos una forma de pago');
    expect(translator('en')('storeSales.paymentRequired')).toBe('Turn on at least one payment method');
    // nothing was saved
    expect((await loadStoreSales(t.deps, scope)).bankTransfer).toBe(false);
  });
});

describe('the counters', () => {
  it('numbers 1, 2, 3 per store, with or without a saved row, and gives a number back with a rolled-back transaction', async () => {
    const scope = await newScope();
    const other = await newScope();
    const take = () => t.db.transaction().execute((trx) => takeOrderNumber(trx, scope));
    expect([await take(), await take()]).toEqual([1, 2]);
    await expect(t.db.transaction().execute(async (trx) => {
      await takeOrderNumber(trx, scope);
      throw new Error('the placing failed');
    })).rejects.toThrow('the placing failed');
    expect(await take()).toBe(3);
    expect(await t.db.transaction().execute((trx) => takeOrderNumber(trx, other))).toBe(1);
    // the settings saved later keep the counter
    await saveStoreSales(t.deps, scope, { shippingFeeCents: 100 });
    expect(await take()).toBe(4);
    expect(await t.db.transaction().execute((trx) => takeInvoiceSequence(trx, scope))).toBe(1);
  });

  it('never gives one number twice to transactions that run at once', async () => {
    const scope = await newScope();
    const numbers = await Promise.all(Array.from({ length: 12 }, () => t.db.transaction().execute((trx) => takeInvoiceSequence(trx, scope))));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

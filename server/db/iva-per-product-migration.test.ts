import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { makeStore } from '../../tests/support/factories.ts';
import { addProduct, addVariant, placeTestOrder } from '../../tests/support/sales-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { down, up } from './migrations/2026-12-06-086-iva-per-product.ts';

// Migration 086 (decision 087) on rows written before it: a store's catalog and an order as the
// old columns held them (a product's tax_bp, a line's tax_bp, the store's iva_bp), taken back to
// that shape with the migration's own `down`, then migrated again. On the database the suite runs on.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

describe('migration 086: IVA per product', () => {
  it('gives products, variants, order lines, orders and the store their SRI codes from the old rates', async () => {
    const store = await makeStore(t);
    const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
    await saveStoreSales(t.deps, scope, { shippingFeeCents: 350 });
    const ids = [];
    for (let n = 0; n < 6; n++) ids.push(await addProduct(t.deps, scope, { name: `P${n}`, stock: 5 }));
    const variant = await addVariant(t.deps, scope, ids[5]!, { name: 'Única' });
    const order = await placeTestOrder(t.deps, scope, { lines: ids.slice(0, 4).map((productId) => ({ productId, quantity: 1 })) });

    await down(t.db);
    // What the old columns held: a product's rate only said "taxed or not" (any rate above 0 was
    // charged at the store's); an order line kept the rate it was charged.
    const productRates = [1500, 0, 500, 1200, 800, 1500];
    for (const [index, id] of ids.entries()) await sql`update product set tax_bp = ${productRates[index]} where id = ${id}`.execute(t.db);
    const lineRates = [1500, 1200, 0, 1000];
    for (const [index, rate] of lineRates.entries()) await sql`update store_order_line set tax_bp = ${rate} where order_id = ${order.id} and position = ${index + 1}`.execute(t.db);
    await sql`update store_sales set iva_bp = 1200 where store_id = ${scope.storeId}`.execute(t.db);
    await up(t.db);

    const products = await t.db.selectFrom('product').select(['id', 'ivaCode']).where('storeId', '=', scope.storeId).orderBy('id').execute();
    // 15 % → 4, 0 → 0, 5 % → 5; 12 % and 8 % were charged 15 % (the store's rate): 4
    expect(products.map((row) => row.ivaCode)).toEqual(['4', '0', '5', '4', '4', '4']);
    expect((await t.db.selectFrom('variant').select('ivaCode').where('storeId', '=', scope.storeId).where('id', '=', variant).executeTakeFirstOrThrow()).ivaCode).toBeNull();
    const lines = await t.db.selectFrom('storeOrderLine').select(['taxBp', 'ivaCode']).where('storeId', '=', scope.storeId).where('orderId', '=', order.id).orderBy('position').execute();
    // each line's code is its rate's in SRI's table; a rate the table lacks keeps the 4 its invoice carried
    expect(lines).toEqual([{ taxBp: 1500, ivaCode: '4' }, { taxBp: 1200, ivaCode: '2' }, { taxBp: 0, ivaCode: '0' }, { taxBp: 1000, ivaCode: '4' }]);
    // an order placed before charged no IVA on shipping, and says so
    const placed = await t.db.selectFrom('storeOrder').select(['shippingCents', 'shippingIvaCode', 'shippingTaxCents']).where('storeId', '=', scope.storeId).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(placed).toEqual({ shippingCents: 350, shippingIvaCode: '0', shippingTaxCents: 0 });
    // the store's one rate is gone; shipping starts at 15 %
    const settings = await t.db.selectFrom('storeSales').select('shippingIvaCode').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow();
    expect(settings.shippingIvaCode).toBe('4');
    // one source of truth: the old columns are gone
    await expect(sql`select tax_bp from product`.execute(t.db)).rejects.toThrow(/tax_bp/);
    await expect(sql`select iva_bp from store_sales`.execute(t.db)).rejects.toThrow(/iva_bp/);
    await expect(sql`select iva_bp from invoice`.execute(t.db)).rejects.toThrow(/iva_bp/);
  });
});

import { randomUUID } from 'node:crypto';
import { orderTotals, type TotalsLine } from '#common/order-totals.ts';
import type { Db } from '#server/db/database.ts';

// Orders to invoice, for the invoice tests only, written as rows: checkout's `placeOrder` and
// `tests/support/sales-fixtures.ts` (`placeTestOrder`) come from other branches; once they land,
// the tests place orders through them instead and this file goes.

/** A valid company RUC (third digit 9, modulo-11 check) and a valid cédula, from SRI's examples. */
export const TEST_RUC = '1790016919001';
export const TEST_CEDULA = '1710034065';

export async function setTaxSettings(db: Db, storeId: number, settings: { ruc?: string; businessName?: string; establishment?: string; emissionPoint?: string; sriEnvironment?: number } = {}) {
  const now = new Date().toISOString();
  const values = { ruc: TEST_RUC, businessName: 'Comercial Andina S.A.', establishment: '001', emissionPoint: '002', sriEnvironment: 1, ...settings };
  const existing = await db.selectFrom('storeSales').select('id').where('storeId', '=', storeId).executeTakeFirst();
  if (existing) await db.updateTable('storeSales').set({ ...values, updatedAt: now }).where('storeId', '=', storeId).execute();
  else await db.insertInto('storeSales').values({ storeId, ...values, createdAt: now, updatedAt: now }).execute();
}

export type TestOrderLine = { name: string; sku?: string; unitPriceCents: number; quantity: number; discountBp?: number; taxBp: number };

const DEFAULT_LINES: TestOrderLine[] = [
  { name: 'Café de Loja 500 g', sku: 'CAF-500', unitPriceCents: 1250, quantity: 2, taxBp: 1500 },
  { name: 'Libro "Cuentos" & <más>', sku: 'LIB-1', unitPriceCents: 999, quantity: 1, taxBp: 0 },
];

let orders = 0;

/** An order of the store as checkout writes one (lines rounded by `orderTotals`); its id and code. */
export async function insertTestOrder(db: Db, storeId: number, options: { lines?: TestOrderLine[]; status?: string; shippingCents?: number; buyer?: string } = {}) {
  const lines = options.lines ?? DEFAULT_LINES;
  const totals = orderTotals(lines.map((line): TotalsLine => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity, discountBp: line.discountBp ?? 0, taxBp: line.taxBp })), null, { feeCents: options.shippingCents ?? 350, freeFromCents: null });
  const now = new Date().toISOString();
  const n = ++orders;
  const email = `comprador-${n}-${process.pid}@example.com`;
  const customer = await db
    .insertInto('customer')
    .values({ storeId, code: randomUUID(), userId: null, name: options.buyer ?? 'María Pérez', email, documentType: 'cedula', documentNumber: TEST_CEDULA, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const code = randomUUID();
  const order = await db
    .insertInto('storeOrder')
    .values({
      storeId, number: n, code, customerId: customer.id, locale: 'es', status: options.status ?? 'pending', paymentMethod: 'cash_on_delivery',
      couponId: null, subtotalCents: totals.subtotalCents, discountCents: totals.discountCents, taxCents: totals.taxCents, shippingCents: totals.shippingCents,
      totalCents: totals.totalCents, name: options.buyer ?? 'María Pérez', email, phone: '0991234567', documentType: 'cedula', documentNumber: TEST_CEDULA,
      address: 'Av. Amazonas N24-03', city: 'Quito', province: 'Pichincha', createdAt: now, updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('storeOrderLine')
    .values(lines.map((line, index) => ({
      storeId, orderId: order.id, position: index + 1, productId: null, variantId: null, name: line.name, sku: line.sku ?? '',
      unitPriceCents: line.unitPriceCents, quantity: line.quantity, discountCents: totals.lines[index]!.discountCents, baseCents: totals.lines[index]!.baseCents,
      taxBp: line.taxBp, taxCents: totals.lines[index]!.taxCents,
    })))
    .execute();
  return { id: Number(order.id), code, totals };
}

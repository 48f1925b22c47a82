import { changeOrderStatus, getOrder } from '#server/modules/sales/order/order.service.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import type { OfferedIvaCode } from '#common/iva.ts';
import type { StoreSalesInput } from '#common/schemas/store-sales.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { addProduct, placeTestOrder } from '../../../../tests/support/sales-fixtures.ts';
import type { Factory, TestStore } from '../../../../tests/support/factories.ts';

// Orders to invoice, for the invoice tests: placed through checkout's own `placeOrder`
// (tests/support/sales-fixtures.ts), the one way an order is written, on a store whose tax and
// shipping settings are saved through the store-sales service.

/** A valid company RUC (third digit 9, modulo-11 check) and a valid cédula, from SRI's examples. */
export const TEST_RUC = '1790016919001';
export const TEST_CEDULA = '1710034065';

const scopeOf = async (t: Factory, store: TestStore): Promise<StoreScope> => {
  const scope = await ownStoreScope(t.deps, { userId: store.owner.id });
  if (!scope) throw new Error('the store was not made');
  return scope;
};

/** The store's invoicing data (and a $3.50 shipping fee, which the expected totals count). */
export async function setTaxSettings(t: Factory, store: TestStore, settings: Partial<StoreSalesInput> = {}) {
  await saveStoreSales(t.deps, await scopeOf(t, store), {
    ruc: TEST_RUC,
    businessName: 'Comercial Andina S.A.',
    establishment: '001',
    emissionPoint: '002',
    shippingFeeCents: 350,
    headOfficeAddress: 'Av. 10 de Agosto N21-45 y Jorge Washington, Quito',
    establishmentAddress: 'Av. 10 de Agosto N21-45 y Jorge Washington, Quito',
    accountingObligated: 'yes',
    ...settings,
  });
}

/** A line to sell: its product is made at this IVA (SRI's code, common/iva.ts). */
export type TestOrderLine = { name: string; sku?: string; unitPriceCents: number; quantity: number; discountBp?: number; ivaCode: OfferedIvaCode };

const DEFAULT_LINES: TestOrderLine[] = [
  { name: 'Café de Loja 500 g', sku: 'CAF-500', unitPriceCents: 1250, quantity: 2, ivaCode: '4' },
  { name: 'Libro "Cuentos" & <más>', sku: 'LIB-1', unitPriceCents: 999, quantity: 1, ivaCode: '0' },
];

/**
 * The products made so far, by database, then by store and line: made once per store, then sold
 * again and again. By database first: test files share a worker's modules (vitest.config.ts), and
 * every file's database numbers its stores from 1.
 */
const madeProducts = new WeakMap<object, Map<string, number>>();

async function productFor(t: Factory, scope: StoreScope, line: TestOrderLine): Promise<number> {
  const made = madeProducts.get(t.deps.db) ?? new Map<string, number>();
  madeProducts.set(t.deps.db, made);
  const key = JSON.stringify([scope.storeId, line.name, line.sku, line.unitPriceCents, line.discountBp, line.ivaCode]);
  let id = made.get(key);
  if (id === undefined) {
    id = await addProduct(t.deps, scope, { name: line.name, sku: line.sku, price: line.unitPriceCents / 100, discount: (line.discountBp ?? 0) / 100, stock: 100_000, ivaCode: line.ivaCode });
    made.set(key, id);
  }
  return id;
}

let buyers = 0;

/** An order of the store placed as a shopper places one; cancelled by its owner when asked. Its id, code and total. */
export async function insertTestOrder(t: Factory, store: TestStore, options: { lines?: TestOrderLine[]; status?: 'pending' | 'cancelled'; buyer?: string } = {}): Promise<{ id: number; code: string; totalCents: number }> {
  const scope = await scopeOf(t, store);
  const lines = options.lines ?? DEFAULT_LINES;
  const cart = [];
  for (const line of lines) cart.push({ productId: await productFor(t, scope, line), quantity: line.quantity });
  const order = await placeTestOrder(t.deps, scope, { lines: cart, customer: { name: options.buyer ?? 'María Pérez', email: `comprador-${++buyers}@example.com`, documentNumber: TEST_CEDULA, address: 'Av. Amazonas N24-03' } });
  if (options.status === 'cancelled') await changeOrderStatus(t.deps, scope, { userId: store.owner.id }, order.id, { status: 'cancelled', note: '' });
  return { id: order.id, code: order.code, totalCents: (await getOrder(t.deps, scope, order.id)).order.totalCents };
}

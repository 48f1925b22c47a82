import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerInputSchema, CustomerListQuery } from '#common/schemas/sales-customer.ts';
import * as orders from '#server/modules/sales/order/order.service.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import * as customers from './customer.service.ts';

// A store's customers on a real database (SQLite, or PostgreSQL with DATABASE_URL), made by placing
// orders through checkout's own placeOrder.
let t: TestDatabase;
let store: SalesStore;

beforeAll(async () => {
  t = await createTestDatabase();
  store = await makeSalesStore(t);
});
afterAll(() => t.dispose());

const contact = (overrides: Record<string, string> = {}) =>
  CustomerInputSchema.parse({ name: 'Ana Torres', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas', city: 'Quito', province: 'Pichincha', ...overrides });

async function customerWithOrders(email: string, totals: number[]) {
  const placed = [];
  for (const dollars of totals) {
    const price = await addProduct(t.deps, store.scope, { price: dollars, stock: 5, ivaCode: '0' });
    placed.push(await placeTestOrder(t.deps, store.scope, { lines: [{ productId: price, quantity: 1 }], customer: { email } }));
  }
  const { order } = await orders.getOrder(t.deps, store.scope, placed[0]!.id);
  return { customerId: order.customerId, placed };
}

describe('a customer', () => {
  it('shows their orders, how many and the sum of those not cancelled', async () => {
    const { customerId, placed } = await customerWithOrders('suma@example.com', [10, 20, 30]);
    await orders.changeOrderStatus(t.deps, store.scope, { userId: store.owner.id }, placed[1]!.id, { status: 'cancelled', note: '' });
    const detail = await customers.getCustomer(t.deps, store.scope, customerId);
    expect(detail.customer.email).toBe('suma@example.com');
    expect(detail.orderCount).toBe(3);
    // Shipping as the store's settings charge it is part of each total; the cancelled one is left out.
    const totals = detail.orders.filter((order) => order.status !== 'cancelled').reduce((sum, order) => sum + order.totalCents, 0);
    expect(detail.totalCents).toBe(totals);
    expect(detail.orders.map((order) => order.number)).toEqual(placed.map((order) => order.number).reverse());
  });

  it('is found by name, e-mail or document, only in its own store', async () => {
    const { customerId } = await customerWithOrders('buscable@example.com', [5]);
    await customers.updateCustomer(t.deps, store.scope, customerId, contact({ name: 'Rocío Buscable', email: 'buscable@example.com', documentType: 'passport', documentNumber: 'AB123456' }));
    const search = async (q: string, scope = store.scope) => (await customers.listCustomers(t.deps, scope, CustomerListQuery.parse({ q }))).rows.map((row) => row.id);
    expect(await search('rocío')).toEqual([customerId]);
    expect(await search('BUSCABLE@')).toEqual([customerId]);
    expect(await search('ab1234')).toEqual([customerId]);
    const other = await makeSalesStore(t);
    expect(await search('rocío', other.scope)).toEqual([]);
    await expect(customers.getCustomer(t.deps, other.scope, customerId)).rejects.toMatchObject({ status: 404 });
    await expect(customers.updateCustomer(t.deps, other.scope, customerId, contact({ email: 'x@example.com' }))).rejects.toMatchObject({ status: 404 });
  });
});

describe("editing a customer's contact data", () => {
  it('saves it; their orders keep what they were placed with', async () => {
    const { customerId, placed } = await customerWithOrders('cambia@example.com', [7]);
    await customers.updateCustomer(t.deps, store.scope, customerId, contact({ name: 'Nombre Nuevo', email: 'nuevo@example.com', phone: '+593 2 255 5555' }));
    const { customer } = await customers.getCustomer(t.deps, store.scope, customerId);
    expect(customer).toMatchObject({ name: 'Nombre Nuevo', email: 'nuevo@example.com', phone: '+593 2 255 5555' });
    expect((await orders.getOrder(t.deps, store.scope, placed[0]!.id)).order.email).toBe('cambia@example.com');
  });

  it("refuses another customer's e-mail of the same store as a field error", async () => {
    await customerWithOrders('tomado@example.com', [3]);
    const { customerId } = await customerWithOrders('libre@example.com', [3]);
    await expect(customers.updateCustomer(t.deps, store.scope, customerId, contact({ email: 'tomado@example.com' }))).rejects.toMatchObject({ status: 409, code: 'customer.emailTaken', field: 'email' });
    // The same e-mail in another store is another customer: allowed.
    const other = await makeSalesStore(t);
    const product = await addProduct(t.deps, other.scope, { stock: 3 });
    await placeTestOrder(t.deps, other.scope, { lines: [{ productId: product, quantity: 1 }], customer: { email: 'libre@example.com' } });
  });

  it('checks the document as the checkout does: a cédula must pass, a passport is accepted', () => {
    expect(CustomerInputSchema.safeParse({ ...contact(), documentNumber: '1710034066' }).error?.issues[0]).toMatchObject({ path: ['documentNumber'], message: 'auth.documentInvalid' });
    expect(CustomerInputSchema.safeParse({ ...contact(), documentType: 'passport', documentNumber: 'X1234567' }).success).toBe(true);
    expect(CustomerInputSchema.safeParse({ ...contact(), email: 'no-es-correo' }).error?.issues[0]).toMatchObject({ path: ['email'], message: 'validation.email' });
  });

  it('takes every buyer type of SRI, each number checked for its type, and keeps it', async () => {
    const { customerId } = await customerWithOrders('tipos@example.com', [4]);
    const cases = [
      ['ruc', '1793213150001', '1793213150001'],
      ['foreign', 'de-123456789', 'DE-123456789'],
      ['passport', 'AB123456', 'AB123456'],
      // A consumidor final's number is SRI's 9999999999999, left empty or typed.
      ['final', '', '9999999999999'],
      ['final', '9999999999999', '9999999999999'],
      ['cedula', '1710034065', '1710034065'],
    ] as const;
    for (const [documentType, typed, stored] of cases) {
      await customers.updateCustomer(t.deps, store.scope, customerId, contact({ email: 'tipos@example.com', documentType, documentNumber: typed }));
      expect((await customers.getCustomer(t.deps, store.scope, customerId)).customer, `${documentType} ${typed}`).toMatchObject({ documentType, documentNumber: stored });
    }
    const refused = (documentType: string, documentNumber: string) => CustomerInputSchema.safeParse({ ...contact(), documentType, documentNumber }).error?.issues[0];
    expect(refused('ruc', '1780123457001')).toMatchObject({ path: ['documentNumber'], message: 'auth.documentInvalid' });
    expect(refused('final', '1710034065')).toMatchObject({ path: ['documentNumber'], message: 'auth.documentInvalid' });
    expect(refused('passport', '9999999999999')).toMatchObject({ path: ['documentNumber'], message: 'auth.documentInvalid' });
    expect(refused('ruc', '')).toMatchObject({ path: ['documentNumber'], message: 'validation.required' });
    expect(refused('carnet', '1710034065')).toMatchObject({ path: ['documentType'], message: 'validation.required' });
  });
});

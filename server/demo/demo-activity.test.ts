import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { DEMO_CLIENT, seedDemoData } from './demo-data.ts';

// The demo store's month of activity (issue 38 §8): the owner, the orders clerk, the ERP's token,
// Tiendabox staff and the shoppers, spread over the last 30 days, on the store's real records.
let t: TestDatabase;
let scope: StoreScope;

beforeAll(async () => {
  t = await createTestDatabase();
  expect(await seedDemoData(t.deps)).toBe(true);
  const owner = await t.db.selectFrom('user').select('id').where('email', '=', DEMO_CLIENT.email).executeTakeFirstOrThrow();
  scope = (await ownStoreScope(t.deps, { userId: owner.id }))!;
});
afterAll(() => t.dispose());

it('has a month of activity by the owner, the clerk, a token, staff and shoppers', async () => {
  const rows = await t.db.selectFrom('storeEvent').select(['type', 'actorKind', 'actorName', 'createdAt']).where('storeId', '=', scope.storeId).execute();
  const now = Date.now();
  const ages = rows.map((row) => (now - Date.parse(row.createdAt)) / 86_400_000);
  expect(Math.max(...ages)).toBeGreaterThan(25);
  expect(Math.max(...ages)).toBeLessThan(31);
  const who = new Set(rows.map((row) => `${row.actorKind}:${row.actorName}`));
  expect([...who]).toEqual(expect.arrayContaining(['member:María', 'member:Jorge', 'token:María · Inventario ERP', 'staff:Admin', 'shopper:']));
  const types = new Set(rows.map((row) => row.type));
  for (const type of ['order.created', 'order.paid', 'order.shipped', 'order.delivered', 'product.updated', 'inventory.changed', 'customer.updated', 'store.updated']) expect(types, type).toContain(type);
  const page = await t.services.activity.listActivity(scope, { page: 1 });
  expect(page.total).toBeGreaterThan(100);
});

it("ships its orders with a carrier and a tracking number, each shipped order's parcel with its link (issue 40 §2)", async () => {
  const shipped = await t.db.selectFrom('storeOrder').select('id').where('storeId', '=', scope.storeId).where('status', 'in', ['shipped', 'delivered']).execute();
  expect(shipped.length).toBeGreaterThan(10);
  const parcels = await t.services.shipments.listShipments(scope, shipped[0]!.id);
  expect(parcels).toEqual([expect.objectContaining({ trackingNumber: expect.stringMatching(/^EC\d{9}$/), trackingUrl: expect.stringMatching(/^https:\/\//) })]);
});

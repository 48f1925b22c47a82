import type { StoreEventType } from '#common/store-events.ts';
import { CustomerListQuery } from '#common/schemas/sales-customer.ts';
import { createAccessToken } from '#server/modules/access-token/access-token.service.ts';
import { listCustomers } from '#server/modules/sales/customer/customer.service.ts';
import { get as getProduct } from '#server/modules/product/product.service.ts';
import { listMembers } from '#server/modules/staff/staff.service.ts';
import { emit, type FieldChanges } from '#server/events/events.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { Actor } from '#server/tenancy/actor.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { DemoGoods } from './demo-catalog.ts';
import { DEMO_CLERK } from './demo-staff.ts';

// A month of the demo store's activity log (issue 38 §8), beside what its orders already wrote
// (demo-sales.ts: shoppers place them, the owner and the clerk move them on): the owner adjusting
// prices and settings, the ERP's access token restocking, the clerk correcting customers' data,
// and Tiendabox staff renewing the plan — over the last 30 days, on the store's real records.
// Written through `emit` in one transaction (one commit), each at its own moment; no subscriber
// hears them: they are history, as the demo's orders are (no bell, no mail, no webhook delivery).

export type DemoPerson = { id: number; name: string };

const DAY = 24 * 3_600_000;

/**
 * The demo store's people as the log names them (a session's actor carries the first name): the
 * owner, and the orders clerk once demo-staff.ts has added them. `movers` move the month's orders on.
 */
export async function demoTeam(deps: ServiceDeps, scope: StoreScope, owner: DemoPerson): Promise<{ owner: DemoPerson; clerk: DemoPerson | null; movers: Actor[] }> {
  const member = (await listMembers(deps, scope, { userId: owner.id, role: 'owner' })).find((row) => row.email === DEMO_CLERK.email);
  const clerk = member ? { id: member.userId, name: member.name.split(' ')[0]! } : null;
  const movers: Actor[] = [owner, ...(clerk ? [clerk] : [])].map((person) => ({ kind: 'member', userId: person.id, name: person.name }));
  return { owner, clerk, movers };
}

/** A seeded generator (mulberry32): the same demo every time. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Planned = { at: number; type: StoreEventType; resource: { kind: string; id: number | null; label: string }; changes?: FieldChanges; actor: Actor };

/**
 * Writes the demo store's month of activity. `clerk` is the orders clerk (pedidos@tiendabox.ec),
 * null while the demo has none: their corrections are then the owner's.
 */
export async function seedDemoActivity(deps: ServiceDeps, scope: StoreScope, people: { owner: DemoPerson; clerk: DemoPerson | null; staff: DemoPerson }, goods: DemoGoods): Promise<number> {
  const random = seeded(3808);
  const now = deps.clock.now().getTime();
  // In Quito's working hours, `daysAgo` days back; never in the future.
  const moment = (daysAgo: number) => Math.min(now - 60_000, Math.floor((now - daysAgo * DAY) / DAY) * DAY + (13 + random() * 9) * 3_600_000);
  const owner: Actor = { kind: 'member', userId: people.owner.id, name: people.owner.name };
  const clerk: Actor = people.clerk ? { kind: 'member', userId: people.clerk.id, name: people.clerk.name } : owner;
  const staff: Actor = { kind: 'staff', userId: people.staff.id, name: people.staff.name };
  // The ERP that keeps the stock in step: a real token of the owner's, as the profile lists it.
  const erp = await createAccessToken(deps, { userId: people.owner.id }, { name: 'Inventario ERP', scope: 'write', expiresIn: 'never' }, scope.storeId);
  const token: Actor = { kind: 'token', userId: people.owner.id, name: people.owner.name, tokenId: erp.id, tokenName: 'Inventario ERP' };

  const products = await Promise.all(goods.slice(0, 12).map((item) => getProduct(deps, scope, item.productId)));
  const customers = (await listCustomers(deps, scope, CustomerListQuery.parse({}))).rows.slice(0, 6);
  const planned: Planned[] = [];
  const product = (index: number) => products[index % products.length]!;

  // The owner: a price round at the start of the month and a few edits after.
  for (let index = 0; index < 6; index += 1) {
    const item = product(index);
    const before = item.priceCents + 100 * (1 + Math.floor(random() * 3));
    planned.push({ at: moment(27 - index), type: 'product.updated', resource: { kind: 'product', id: item.id, label: item.name }, changes: { priceCents: [before, item.priceCents] }, actor: owner });
  }
  planned.push({ at: moment(9), type: 'product.updated', resource: { kind: 'product', id: product(7).id, label: product(7).name }, changes: { featured: [0, 1] }, actor: owner });
  planned.push({ at: moment(20), type: 'store.updated', resource: { kind: 'store', id: scope.storeId, label: 'Tienda de María' }, changes: { description: ['Ropa hecha en Quito.', 'Ropa y accesorios hechos en Quito.'] }, actor: owner });
  planned.push({ at: moment(14), type: 'store.updated', resource: { kind: 'store', id: scope.storeId, label: 'Tienda de María' }, changes: { whatsapp: ['', '+593991234567'] }, actor: owner });
  planned.push({ at: moment(6), type: 'store.updated', resource: { kind: 'store', id: scope.storeId, label: 'Tienda de María' }, changes: { freeShippingFromCents: [7500, 6000] }, actor: owner });

  // The ERP's token: a restock every few days.
  for (let daysAgo = 26; daysAgo > 0; daysAgo -= 3 + Math.floor(random() * 3)) {
    const item = product(Math.floor(random() * products.length));
    const after = item.stock + 10 + Math.floor(random() * 15);
    planned.push({ at: moment(daysAgo), type: 'inventory.changed', resource: { kind: 'product', id: item.id, label: item.name }, changes: { stock: [Math.max(0, after - 12 - Math.floor(random() * 10)), after] }, actor: token });
  }

  // The clerk: customers' data corrected after a call.
  customers.forEach((customer, index) => {
    planned.push({ at: moment(24 - index * 4), type: 'customer.updated', resource: { kind: 'customer', id: customer.id, label: customer.name }, changes: { phone: ['', customer.phone] }, actor: clerk });
  });

  // Tiendabox staff: the plan renewed.
  const expiry = new Date(now + 335 * DAY).toISOString();
  planned.push({ at: moment(12), type: 'store.updated', resource: { kind: 'store', id: scope.storeId, label: 'Tienda de María' }, changes: { expiresAt: [new Date(now - 5 * DAY).toISOString(), expiry] }, actor: staff });

  planned.sort((a, b) => a.at - b.at);
  await inTransaction({ ...deps, subscribers: [] }, async (tx) => {
    for (const event of planned) {
      await emit({ ...tx, clock: { now: () => new Date(event.at) } }, { type: event.type, storeId: scope.storeId, resource: event.resource, changes: event.changes ?? {}, actor: event.actor });
    }
  });
  return planned.length;
}

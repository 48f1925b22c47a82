import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productResource } from '#common/resources/product.ts';
import { STORE_EVENT_TYPES, type StoreEventType } from '#common/store-events.ts';
import { TicketInputSchema } from '#common/schemas/ticket.ts';
import { SUBSCRIBERS } from '#server/composition.ts';
import { placeOrder } from '#server/modules/sales/checkout/checkout.service.ts';
import * as creditNotes from '#server/modules/sales/credit-note/credit-note.service.ts';
import * as customers from '#server/modules/sales/customer/customer.service.ts';
import * as invoices from '#server/modules/sales/invoice/invoice.service.ts';
import { setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import * as orders from '#server/modules/sales/order/order.service.ts';
import * as orderNotes from '#server/modules/sales/order/order-note.service.ts';
import { duplicate, setStock } from '#server/modules/product/product-actions.service.ts';
import * as products from '#server/modules/product/product.service.ts';
import * as stores from '#server/modules/store/store.service.ts';
import * as tickets from '#server/modules/ticket/ticket.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type Actor, runAs } from '#server/tenancy/actor.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { makeUser } from '../../tests/support/factories.ts';
import { addProduct, addVariant, buyer, makeSalesStore, placeTestOrder, type SalesStore } from '../../tests/support/sales-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { emit, type Subscriber } from './events.ts';

// Issue 38 §3 on the database the suite runs on: every command emits its events in its own
// transaction, through the real services and the subscribers of the composition root. A change
// that rolls back leaves no event, job or notification behind; one that commits has its row, with
// who did it and what changed; and an account's events (the casillero's) reach the bell without a
// store_event row.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

type EventRow = { type: string; resourceKind: string; resourceId: number | null; resourceLabel: string; actorKind: string; actorUserId: number | null; actorName: string; data: Record<string, unknown>; changes: Record<string, [unknown, unknown]> };

async function eventsOf(scope: StoreScope): Promise<EventRow[]> {
  const rows = await t.db.selectFrom('storeEvent').selectAll().where('storeId', '=', scope.storeId).orderBy('id').execute();
  return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown>, changes: JSON.parse(row.changes) as Record<string, [unknown, unknown]> }));
}

const count = async (table: 'job' | 'notification' | 'storeOrder', scope?: StoreScope) => {
  if (table === 'storeOrder') return Number((await t.db.selectFrom('storeOrder').select((eb) => eb.fn.countAll().as('n')).where('storeId', '=', scope!.storeId).executeTakeFirstOrThrow()).n);
  return Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
};

const member = (store: SalesStore): Actor => ({ kind: 'member', userId: store.owner.id, name: 'Dueña de la tienda' });

describe('emit', () => {
  it('refuses to run outside a transaction: an event is always part of its change', async () => {
    const store = await makeSalesStore(t);
    await expect(emit(t.deps, { type: 'store.updated', storeId: store.id, resource: { kind: 'store', id: store.id, label: store.name } })).rejects.toThrow(/inside the transaction/);
  });

  it('leaves no event, job or notification when the placing rolls back after its events', async () => {
    const store = await makeSalesStore(t);
    const productId = await addProduct(t.deps, store.scope, { stock: 3 });
    const [jobs, notifications] = [await count('job'), await count('notification')];
    // A subscriber after the app's own (which queued the shopper's mail and rang the owner's bell)
    // fails, as a failing write of the change would: the whole placing is undone.
    const failing: Subscriber = { name: 'failing', types: ['order.created'], handle: async () => { throw new Error('the disk is full'); } };
    const deps: ServiceDeps = { ...t.deps, subscribers: [...SUBSCRIBERS, failing] };
    await expect(placeOrder(deps, store.scope, { cart: { lines: [{ productId, variantId: null, quantity: 2 }], coupon: '', flash: null }, customer: buyer(), locale: 'es' })).rejects.toThrow('the disk is full');

    expect(await eventsOf(store.scope)).toEqual([expect.objectContaining({ type: 'product.created' })]);
    expect(await count('job')).toBe(jobs);
    expect(await count('notification')).toBe(notifications);
    expect(await count('storeOrder', store.scope)).toBe(0);
    expect((await products.get(t.deps, store.scope, productId)).stock).toBe(3);

    // The same placing with the app's subscribers alone commits, with its mail and its bell.
    await placeTestOrder(t.deps, store.scope, { lines: [{ productId, quantity: 2 }] });
    expect((await eventsOf(store.scope)).map((event) => event.type)).toEqual(['product.created', 'inventory.changed', 'customer.created', 'order.created']);
    expect(await count('job')).toBeGreaterThan(jobs);
    expect(await count('notification')).toBe(notifications + 1);
  });

  it('keeps a committed change’s event with who did it and the before and after of what changed', async () => {
    const store = await makeSalesStore(t);
    const productId = await addProduct(t.deps, store.scope, { price: 10, stock: 4 });
    const order = await placeTestOrder(t.deps, store.scope, { lines: [{ productId, quantity: 1 }] });
    await runAs(member(store), () => orders.changeOrderStatus(t.deps, store.scope, { userId: store.owner.id }, order.id, { status: 'paid', note: 'Transferencia recibida' }));
    const paid = (await eventsOf(store.scope)).find((event) => event.type === 'order.paid');
    expect(paid).toMatchObject({
      resourceKind: 'order', resourceId: order.id, resourceLabel: `#${order.number}`,
      actorKind: 'member', actorUserId: store.owner.id, actorName: 'Dueña de la tienda',
      changes: { status: ['pending', 'paid'] },
      data: { id: order.id, number: order.number, status: 'paid', currency: 'USD', totalCents: expect.any(Number), note: 'Transferencia recibida' },
    });
    // The order's code opens the shopper's page: it never leaves in an event (a webhook's payload).
    expect(paid!.data).not.toHaveProperty('code');
    expect(JSON.stringify(await eventsOf(store.scope))).not.toContain(order.code);

    const before = await products.get(t.deps, store.scope, productId);
    await runAs(member(store), () => products.update(t.deps, store.scope, productId, productResource.input.parse({ ...before, categoryId: before.categoryId, price: 12.5, compareAtPrice: null, discount: 0, stock: 9, imageIds: [] })));
    const updated = (await eventsOf(store.scope)).filter((event) => event.type === 'product.updated').at(-1);
    expect(updated).toMatchObject({ actorKind: 'member', resourceLabel: before.name, changes: { priceCents: [1000, 1250], stock: [3, 9] } });
    expect((await eventsOf(store.scope)).at(-1)).toMatchObject({ type: 'inventory.changed', changes: { stock: [3, 9] }, data: { productId, stock: 9 } });
  });

  it('is emitted by every command that changes a store, each in its own kind', async () => {
    const store = await makeSalesStore(t);
    const scope = store.scope;
    await setTaxSettings(t, store);
    const productId = await addProduct(t.deps, scope, { name: 'Café de Loja', price: 10, stock: 20, sku: 'CAF-1' });
    const withVariants = await addProduct(t.deps, scope, { name: 'Camiseta', price: 15, stock: 0 });
    const variantId = await addVariant(t.deps, scope, withVariants, { name: 'Camiseta M', stock: 5 });
    await setStock(t.deps, scope, productId, 30);
    const copy = await duplicate(t.deps, scope, productId, (name) => `${name} (copia)`);
    await products.remove(t.deps, scope, copy);

    const first = await placeTestOrder(t.deps, scope, { lines: [{ productId, quantity: 2 }, { productId: withVariants, variantId, quantity: 1 }] });
    for (const status of ['paid', 'shipped', 'delivered'] as const) await orders.changeOrderStatus(t.deps, scope, { userId: store.owner.id }, first.id, { status, note: '' });
    const invoice = await invoices.issueInvoice(t.deps, scope, { orderId: first.id });
    const orderLine = await t.db.selectFrom('storeOrderLine').select('id').where('storeId', '=', scope.storeId).where('orderId', '=', first.id).where('position', '=', 1).executeTakeFirstOrThrow();
    await creditNotes.issueCreditNote(t.deps, scope, { userId: store.owner.id }, { invoiceId: invoice.id, lines: [{ orderLineId: orderLine.id, quantity: 1 }], shipping: false, reason: 'Devolución de una unidad', restock: true });
    const second = await placeTestOrder(t.deps, scope, { lines: [{ productId, quantity: 1 }] });
    await orders.changeOrderStatus(t.deps, scope, { userId: store.owner.id }, second.id, { status: 'cancelled', note: 'Sin stock en bodega' });
    await orderNotes.sendOrderNote(t.deps, scope, { userId: store.owner.id }, first.id, { message: 'Sale mañana por Servientrega' });

    const customerId = (await orders.getOrder(t.deps, scope, first.id)).order.customerId;
    const { customer } = await customers.getCustomer(t.deps, scope, customerId);
    const { name, email, documentType, documentNumber, address, city, province } = customer;
    await customers.updateCustomer(t.deps, scope, customerId, { name, email, phone: '0987654321', documentType: documentType as 'cedula', documentNumber, address, city, province });
    await stores.updateStoreSection(t.deps, scope, 'contact', { ...(await stores.getStoreSection(t.deps, scope, 'contact')), contactPhone: '022345678' });
    const published = (await stores.getStore(t.deps, scope)).published;
    await stores.publishStore(t.deps, scope, !published);

    const events = await eventsOf(scope);
    const of = (type: StoreEventType) => events.filter((event) => event.type === type);
    // What each type says of its record; `invoice.authorized` is SRI's answer (invoice-sri.test.ts).
    const expected: Partial<Record<StoreEventType, { kind: string; check?: (event: EventRow) => void }>> = {
      'order.created': { kind: 'order', check: (event) => expect(event.data).toMatchObject({ id: event.resourceId, number: expect.any(Number), status: 'pending', currency: 'USD', lines: expect.any(Array) }) },
      'order.paid': { kind: 'order', check: (event) => expect(event.changes).toEqual({ status: ['pending', 'paid'] }) },
      'order.shipped': { kind: 'order', check: (event) => expect(event.changes).toEqual({ status: ['paid', 'shipped'] }) },
      'order.delivered': { kind: 'order', check: (event) => expect(event.changes).toEqual({ status: ['shipped', 'delivered'] }) },
      'order.cancelled': { kind: 'order', check: (event) => expect(event).toMatchObject({ resourceId: second.id, changes: { status: ['pending', 'cancelled'] }, data: { note: 'Sin stock en bodega' } }) },
      'order.note_sent': { kind: 'order', check: (event) => expect(event).toMatchObject({ resourceId: first.id, data: { orderId: first.id, note: 'Sale mañana por Servientrega' } }) },
      'product.created': { kind: 'product', check: (event) => expect(event.data).toHaveProperty('priceCents') },
      'product.updated': { kind: 'product' },
      'product.deleted': { kind: 'product', check: (event) => expect(event.resourceId).toBe(copy) },
      'inventory.changed': { kind: 'product' },
      'invoice.issued': { kind: 'invoice', check: (event) => expect(event).toMatchObject({ resourceId: invoice.id, resourceLabel: invoice.number, data: { number: invoice.number, orderId: first.id, currency: 'USD', sriStatus: 'issued' } }) },
      'credit_note.issued': { kind: 'credit_note', check: (event) => expect(event.data).toMatchObject({ invoiceId: invoice.id, reason: 'Devolución de una unidad', currency: 'USD' }) },
      'customer.created': { kind: 'customer', check: (event) => expect(event.data).not.toHaveProperty('code') },
      'customer.updated': { kind: 'customer', check: (event) => expect(event.changes).toEqual({ phone: [customer.phone, '0987654321'] }) },
      'store.updated': { kind: 'store' },
    };
    for (const [type, { kind, check }] of Object.entries(expected) as [StoreEventType, { kind: string; check?: (event: EventRow) => void }][]) {
      expect(of(type).length, type).toBeGreaterThan(0);
      expect(of(type).some((event) => event.resourceKind === kind), `${type} names a ${kind}`).toBe(true);
      for (const event of of(type).filter((one) => one.resourceKind === kind)) check?.(event);
    }
    // Every store event of the catalogue of types is walked above, but for SRI's, the staff's and
    // the payments' own: a gateway's, a receipt's and a refund's are walked by their workflows' tests
    // (server/modules/sales/payment/*.test.ts), against the gateways' doubles.
    const walked = new Set(Object.keys(expected));
    expect(STORE_EVENT_TYPES.filter((type) => !walked.has(type) && !type.startsWith('member.') && !type.startsWith('payment.') && !['invoice.authorized', 'store.ownership_transferred', 'webhook.test', 'order.refunded'].includes(type))).toEqual([]);

    // Stock: the edit, the list's cell, the placing's take and the cancellation's and the credit note's give-back.
    const stockMoves = of('inventory.changed').map((event) => [event.resourceKind, event.resourceId, ...event.changes.stock!]);
    expect(stockMoves).toEqual(expect.arrayContaining([
      ['product', productId, 20, 30],
      ['product', productId, 30, 28],
      ['variant', variantId, 5, 4],
      ['product', productId, 28, 29],
      ['product', productId, 29, 28],
      ['product', productId, 28, 29],
    ]));
    // A variant's save is news of its product.
    expect(of('product.updated').some((event) => event.resourceKind === 'variant' && event.resourceId === variantId)).toBe(true);
    expect(of('store.updated').map((event) => event.changes)).toEqual(expect.arrayContaining([
      expect.objectContaining({ ruc: ['', '1790016919001'] }),
      { contactPhone: ['', '022345678'] },
      { published: published ? [1, 0] : [0, 1] },
    ]));
    // A service run outside any request acts as the system.
    expect(new Set(events.map((event) => event.actorKind))).toEqual(new Set(['system']));
  });
});

describe('account events', () => {
  it('ring the staff’s and the client’s bells, in the change’s commit, with no store event', async () => {
    const client = await makeUser(t, { name: 'Lucía' });
    const staff = await makeUser(t, { role: 'staff', name: 'Pedro' });
    // Every store's rows at once: raw SQL, which the store guard leaves alone (decision 042).
    const storeEvents = async () => Number((await sql<{ n: number }>`select count(*) as n from store_event`.execute(t.db)).rows[0]!.n);
    const bell = (userId: number) => t.db.selectFrom('notification').select(['kind', 'link']).where('userId', '=', userId).orderBy('id').execute();
    const before = await storeEvents();
    const id = await tickets.createTicket(t.deps, { userId: client.id }, TicketInputSchema.parse({ subject: 'Mi paquete', category: 'package', message: 'Hola' }));
    expect(await bell(staff.id)).toContainEqual({ kind: 'staff_ticket', link: `/admin/ticket/show?id=${id}` });
    await tickets.answerTicket(t.deps, { staffId: staff.id, id }, { message: 'Ya llegó' });
    expect(await bell(client.id)).toEqual([expect.objectContaining({ kind: 'ticket_reply' })]);
    expect(await storeEvents()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAccessKey } from '#common/sri.ts';
import { AppError } from '#server/errors.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { insertTestOrder, setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { makeStore, type TestStore } from '../../../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';

// Credit notes (issue 37 §7) through the service, on the database the suite runs on: what a note
// credits and numbers, what it gives back to stock, what it refuses, and cancelling an invoiced order.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

async function invoicedOrder(): Promise<{ store: TestStore; scope: StoreScope; orderId: number; invoiceId: number }> {
  const store = await makeStore(t);
  await setTaxSettings(t, store, {});
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  const order = await insertTestOrder(t, store, { lines: [
    { name: 'Camiseta', sku: 'CAM-1', unitPriceCents: 2174, quantity: 3, ivaCode: '4' },
    { name: 'Libro', sku: 'LIB-1', unitPriceCents: 999, quantity: 1, ivaCode: '0' },
  ] });
  const { id } = await t.services.invoices.issueInvoice(scope, { orderId: order.id });
  return { store, scope, orderId: order.id, invoiceId: id };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, status: (error as AppError).status };
}

const stockOf = async (name: string, storeId: number) => Number((await t.db.selectFrom('product').select('stock').where('storeId', '=', storeId).where('name', '=', name).executeTakeFirstOrThrow()).stock);

describe('credit notes', () => {
  it('credits some units of a line, numbered in its own series, and gives them back to stock', async () => {
    const { store, scope, orderId, invoiceId } = await invoicedOrder();
    const view = (await t.services.creditNotes.creditNotesOfOrder(scope, orderId))!;
    const shirt = view.lines.find((line) => line.sku === 'CAM-1')!;
    const before = await stockOf('Camiseta', store.id);

    const { id, number } = await t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, { invoiceId, lines: [{ orderLineId: shirt.orderLineId, quantity: 1 }], shipping: false, reason: 'Devolución de una camiseta', restock: true });
    expect(number).toBe('001-002-000000001');
    const doc = await t.services.creditNotes.getCreditNote(scope, id);
    // 3 × 21.74 = 65.22 at 15 % (IVA 9.78): a third is 21.74 and 3.26.
    expect(doc.note).toMatchObject({ baseCents: 2174, taxCents: 326, totalCents: 2500, restocked: 1, sriStatus: 'issued', invoiceId });
    expect(doc.lines).toEqual([expect.objectContaining({ code: 'CAM-1', quantity: 1, baseCents: 2174, taxBp: 1500, taxCents: 326 })]);
    expect(isValidAccessKey(doc.note.accessKey)).toBe(true);
    expect(doc.note.accessKey.slice(8, 10)).toBe('04');
    expect(await stockOf('Camiseta', store.id)).toBe(before + 1);

    // The rest of the line and the shipping: the credits add up to what the invoice charged.
    const second = await t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, { invoiceId, lines: [{ orderLineId: shirt.orderLineId, quantity: 2 }], shipping: true, reason: 'Devolución', restock: false });
    expect(second.number).toBe('001-002-000000002');
    const rest = await t.services.creditNotes.getCreditNote(scope, second.id);
    expect(rest.note.baseCents).toBe(6522 - 2174 + 350);
    // The shipping's IVA at 15 %, as the order froze it: 0.525 → 0.53.
    expect(rest.note.taxCents).toBe(978 - 326 + 53);
    expect(await stockOf('Camiseta', store.id)).toBe(before + 1);
    const after = (await t.services.creditNotes.creditNotesOfOrder(scope, orderId))!;
    expect(after.lines.find((line) => line.sku === 'CAM-1')!.left).toBe(0);
    expect(after.shipping.left).toBe(false);
    expect(after.notes.map((note) => note.number)).toEqual(['001-002-000000001', '001-002-000000002']);
  });

  it('refuses more units than are left, shipping twice, nothing, and another store\u2019s invoice or line', async () => {
    const { store, scope, orderId, invoiceId } = await invoicedOrder();
    const actor = { userId: store.owner.id };
    const [shirt, book] = (await t.services.creditNotes.creditNotesOfOrder(scope, orderId))!.lines;
    const ask = (over: object) => t.services.creditNotes.issueCreditNote(scope, actor, { invoiceId, lines: [], shipping: false, reason: 'x', restock: true, ...over });
    expect(await refusal(ask({ lines: [{ orderLineId: shirt!.orderLineId, quantity: 4 }] }))).toEqual({ code: 'creditNote.tooMany', status: 409 });
    // The same line twice counts once: 2 + 2 is more than 3.
    expect(await refusal(ask({ lines: [{ orderLineId: shirt!.orderLineId, quantity: 2 }, { orderLineId: shirt!.orderLineId, quantity: 2 }] }))).toEqual({ code: 'creditNote.tooMany', status: 409 });
    expect(await refusal(ask({}))).toEqual({ code: 'creditNote.empty', status: 409 });
    await ask({ shipping: true });
    expect(await refusal(ask({ shipping: true }))).toEqual({ code: 'creditNote.shippingCredited', status: 409 });

    const other = await invoicedOrder();
    const otherLine = (await t.services.creditNotes.creditNotesOfOrder(other.scope, other.orderId))!.lines[0]!;
    expect(await refusal(ask({ lines: [{ orderLineId: otherLine.orderLineId, quantity: 1 }] }))).toEqual({ code: 'creditNote.unknownLine', status: 409 });
    expect(await refusal(t.services.creditNotes.issueCreditNote(other.scope, { userId: other.store.owner.id }, { invoiceId, lines: [{ orderLineId: book!.orderLineId, quantity: 1 }], shipping: false, reason: 'x', restock: true }))).toEqual({ code: 'error.generic', status: 404 });
    expect(await refusal(t.services.creditNotes.getCreditNote(other.scope, 1))).toEqual({ code: 'error.generic', status: 404 });
    // Refusals take no number: the one note issued is the first.
    expect((await t.services.creditNotes.creditNotesOfOrder(scope, orderId))!.notes.map((note) => note.number)).toEqual(['001-002-000000001']);
  });

  it('cancelling an invoiced order credits what is left and returns each unit to stock once', async () => {
    const { store, scope, orderId, invoiceId } = await invoicedOrder();
    const [shirt] = (await t.services.creditNotes.creditNotesOfOrder(scope, orderId))!.lines;
    const before = await stockOf('Camiseta', store.id);
    await t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, { invoiceId, lines: [{ orderLineId: shirt!.orderLineId, quantity: 1 }], shipping: false, reason: 'Devolución', restock: true });
    expect(await stockOf('Camiseta', store.id)).toBe(before + 1);

    await t.services.orders.changeOrderStatus(scope, { userId: store.owner.id }, orderId, { status: 'cancelled', note: '' });
    const view = (await t.services.creditNotes.creditNotesOfOrder(scope, orderId))!;
    expect(view.notes).toHaveLength(2);
    expect(view.notes[1]).toMatchObject({ reason: expect.stringContaining('Anulación del pedido'), totalCents: 2 * 2174 + 652 + 999 + 350 + 53 });
    expect(view.lines.every((line) => line.left === 0)).toBe(true);
    // The three sold come back: one with the first note, two with the cancellation.
    expect(await stockOf('Camiseta', store.id)).toBe(before + 3);
    expect(await refusal(t.services.creditNotes.issueCreditNote(scope, { userId: store.owner.id }, { invoiceId, lines: [], shipping: true, reason: 'x', restock: true }))).toEqual({ code: 'creditNote.shippingCredited', status: 409 });
  });
});

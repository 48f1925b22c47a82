import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestOrder, setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { callApi, getPage, postForm } from '../../../../tests/support/forms.ts';
import { twoStores, type TwoStores } from '../../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// Issue 37 §7 at the order page's form (`intent=creditNote`, posted by the dialog): what it refuses
// comes back on its fields in the page's language with what was typed, nothing is numbered; a note
// issued goes back to the order with a notice; another store's order is a 404 (needs `npm run build`).

let t: TestApp;
let stores: TwoStores;
beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
  for (const store of [stores.a, stores.b]) await setTaxSettings(t, store);
});
afterAll(() => t.dispose());

async function invoicedOrder() {
  const order = await insertTestOrder(t, stores.a);
  const invoice = await callApi(t.app, 'POST', '/api/v1/invoices', stores.a.owner.cookie, { orderId: order.id });
  expect(invoice.statusCode, invoice.body).toBe(201);
  const scope = (await ownStoreScope(t.deps, { userId: stores.a.owner.id }))!;
  const view = (await t.services.creditNotes.creditNotesOfOrder(scope, order.id))!;
  return { order, scope, view };
}

const post = (path: string, fields: Record<string, string>, cookie = stores.a.owner.cookie, lang = 'es') => postForm(t.app, path, { intent: 'creditNote', ...fields }, { cookie: `lang=${lang}; ${cookie}`, accept: 'text/html' });

describe('the order page’s credit note form', () => {
  it('refuses nothing to credit, a reason left out and units that are not whole, on their fields, keeping what was typed', async () => {
    const { order, scope, view } = await invoicedOrder();
    const line = view.lines[0]!;
    const empty = await post(`/sales/order/show?id=${order.id}`, { reason: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Elige al menos una unidad o el envío para acreditar.');
    expect(empty.body).toContain('Escribe el motivo de la nota de crédito.');

    const typed = await post(`/en/sales/order/show?id=${order.id}`, { [`quantity.${line.orderLineId}`]: '1,5', reason: 'Talla equivocada' }, stores.a.owner.cookie, 'en');
    expect(typed.statusCode).toBe(400);
    expect(typed.body).toContain('Type a whole number of units, 1 or more.');
    expect(typed.body).toContain('value="1,5"');
    expect(typed.body).toContain('value="Talla equivocada"');

    const tooMany = await post(`/sales/order/show?id=${order.id}`, { [`quantity.${line.orderLineId}`]: String(line.left + 1), reason: 'Devolución' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.body).toContain('No se pueden acreditar más unidades de las que quedan por acreditar.');
    // Refusals take no number.
    expect((await t.services.creditNotes.creditNotesOfOrder(scope, order.id))!.notes).toEqual([]);
  });

  it('issues the note and goes back to the order with a notice; another store’s order is a 404', async () => {
    const { order, scope, view } = await invoicedOrder();
    const line = view.lines[0]!;
    const issued = await post(`/sales/order/show?id=${order.id}`, { [`quantity.${line.orderLineId}`]: '1', shipping: 'on', restock: 'on', reason: 'Devolución: producto con fallas' });
    expect(issued.statusCode).toBe(302);
    expect(issued.headers.location).toBe(`/sales/order/show?id=${order.id}&notice=creditNoteIssued`);
    const notes = (await t.services.creditNotes.creditNotesOfOrder(scope, order.id))!.notes;
    expect(notes).toEqual([expect.objectContaining({ reason: 'Devolución: producto con fallas', restocked: 1 })]);
    expect((await getPage(t.app, `/sales/order/show?id=${order.id}`, stores.a.owner.cookie)).body).toContain(notes[0]!.number);

    const foreign = await post(`/sales/order/show?id=${order.id}`, { [`quantity.${line.orderLineId}`]: '1', reason: 'x' }, stores.b.owner.cookie);
    expect(foreign.statusCode).toBe(404);
    expect((await t.services.creditNotes.creditNotesOfOrder(scope, order.id))!.notes).toHaveLength(1);
  });
});

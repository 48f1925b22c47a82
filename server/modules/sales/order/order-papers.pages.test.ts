import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#common/money.ts';
import { getPage, postForm } from '../../../../tests/support/forms.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { savePickup } from '#server/modules/sales/shipping/shipping.service.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// The order's papers at the seams owners feel (issue 40 §3): the packing slips and summaries, the
// list's CSV, the note to the shopper (mailed through a real SMTP capture) and the WhatsApp link.
// Needs `npm run build` first.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let store: SalesStore;
let other: SalesStore;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  store = await makeSalesStore(t);
  other = await makeSalesStore(t);
});
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

let serial = 0;
async function anOrder(into: SalesStore, customer: { name?: string; email?: string; phone?: string; notes?: string; shippingOption?: string } = {}, options: { sku?: string; price?: number; locale?: 'es' | 'en' } = {}) {
  const productId = await addProduct(t.deps, into.scope, { price: options.price ?? 12.5, stock: 50, ivaCode: '0', sku: options.sku ?? `SKU-${++serial}`, name: `Camiseta ${serial}` });
  return placeTestOrder(t.deps, into.scope, { lines: [{ productId, quantity: 3 }], locale: options.locale, customer: { email: `papeles${++serial}@example.com`, ...customer } });
}

const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });

describe('the packing slips and summaries', () => {
  it('print the store’s orders, each a sheet, with SKU and quantity and no prices; the summary adds them', async () => {
    const first = await anOrder(store, { name: 'Lucía Paredes', phone: '0998877665' }, { sku: 'CAM-NEG-L' });
    const second = await anOrder(store, { name: 'Pedro Mora' });
    const slip = await getPage(t.app, `/store/orders/slip?ids=${first.id},${second.id}`, store.owner.cookie);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['cache-control']).toContain('no-store');
    expect(slip.body).toContain(`data-testid="slip-${first.number}"`);
    expect(slip.body).toContain(`data-testid="slip-${second.number}"`);
    expect(slip.body).toContain('Lista de empaque');
    expect(slip.body).toContain('CAM-NEG-L');
    expect(slip.body).toContain('Lucía Paredes');
    expect(slip.body).toContain('Av. Amazonas N34-120');
    expect(slip.body).toContain('Quito, Pichincha');
    expect(slip.body).toContain('0998877665');
    expect(slip.body).toContain('3 unidades');
    // No money on a packing slip.
    expect(slip.body).not.toContain(formatMoney(3750, 'es'));
    const summary = await getPage(t.app, `/en/store/orders/slip?ids=${first.id}&kind=summary`, store.owner.cookie);
    expect(summary.statusCode).toBe(200);
    expect(summary.body).toContain('Order summary');
    expect(summary.body).toContain(formatMoney(1250, 'en'));
    expect(summary.body).toMatch(new RegExp(`data-testid="slip-total"><strong>${formatMoney(3750, 'en').replace('$', '\\$')}`));
    expect(summary.body).toContain('3 units');
  });

  it('say how each order ships: a pickup has no address, a parcel sent shows its tracking number (issue 40 §1, §2)', async () => {
    await savePickup(t.deps, store.scope, { enabled: true, address: 'Av. Amazonas N34-12, Quito', instructions: '' });
    const pickup = await anOrder(store, { name: 'Rosa Retiro', shippingOption: 'pickup' });
    const sent = await anOrder(store, { name: 'Tomás Envío' });
    await t.services.orders.changeOrderStatus(store.scope, { userId: store.owner.id }, sent.id, { status: 'paid', note: '' });
    await t.services.shipments.shipOrder(store.scope, sent.id, { carrier: 'servientrega', trackingNumber: 'SV-555', note: '' }, { userId: store.owner.id });
    const slip = await getPage(t.app, `/store/orders/slip?ids=${pickup.id},${sent.id}`, store.owner.cookie);
    expect(slip.statusCode).toBe(200);
    const sheets = slip.body.split('data-testid="slip-');
    const ofPickup = sheets.find((sheet) => sheet.startsWith(`${pickup.number}"`))!;
    expect(ofPickup).toContain('Envío: Retiro en la tienda');
    expect(ofPickup).not.toContain('Av. Amazonas N34-120');
    expect(sheets.find((sheet) => sheet.startsWith(`${sent.number}"`))).toContain('Servientrega: guía SV-555');
  });

  it('leave out another store’s orders, and answer 404 when none is the store’s', async () => {
    const mine = await anOrder(store);
    const theirs = await anOrder(other, { name: 'Cliente Ajeno' });
    const mixed = await getPage(t.app, `/store/orders/slip?ids=${mine.id},${theirs.id}`, store.owner.cookie);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.body).toContain(`data-testid="slip-${mine.number}"`);
    expect(mixed.body).not.toContain('Cliente Ajeno');
    expect(mixed.body).toContain('1 pedido no es de esta tienda y no se muestra.');
    expect((await getPage(t.app, `/store/orders/slip?ids=${theirs.id}`, store.owner.cookie)).statusCode).toBe(404);
    expect((await getPage(t.app, '/store/orders/slip?ids=999999999', store.owner.cookie)).statusCode).toBe(404);
  });

  it('say what is wrong with no ids, a bad one or too many — a 400 in the page’s language, never a 5xx', async () => {
    for (const [url, text] of [
      ['/store/orders/slip', 'Indica los pedidos que quieres imprimir'],
      ['/store/orders/slip?ids=1,x', 'Indica los pedidos que quieres imprimir'],
      ['/en/store/orders/slip?ids=', 'Say which orders to print'],
      [`/store/orders/slip?ids=${Array.from({ length: 101 }, (_, index) => index + 1).join(',')}`, 'Puedes imprimir hasta 100 pedidos a la vez'],
      [`/en/store/orders/slip?ids=${Array.from({ length: 101 }, (_, index) => index + 1).join(',')}`, 'You can print up to 100 orders at a time'],
    ] as const) {
      const page = await getPage(t.app, url, store.owner.cookie);
      expect(page.statusCode, url).toBe(400);
      expect(page.body, url).toContain(text);
    }
  });

  it('are linked from the order page, with WhatsApp to the shopper in the order’s language', async () => {
    const order = await anOrder(store, { name: 'Lucía Paredes', phone: '099 887 7665' }, { locale: 'en' });
    const page = await getPage(t.app, `/sales/order/show?id=${order.id}`, store.owner.cookie);
    expect(page.body).toContain(`href="/store/orders/slip?ids=${order.id}"`);
    expect(page.body).toContain(`href="/store/orders/slip?ids=${order.id}&amp;kind=summary"`);
    const link = /href="(https:\/\/wa\.me\/[^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe('/593998877665');
    const name = (await t.services.stores.getStore(store.scope)).name;
    expect(url.searchParams.get('text')).toBe(`Hello Lucía Paredes, this is ${name} writing about your order #${order.number}.`);
    // No phone WhatsApp can take: the page says so instead of a dead link.
    const none = await anOrder(store, { phone: '12' });
    const without = await getPage(t.app, `/sales/order/show?id=${none.id}`, store.owner.cookie);
    expect(without.body).not.toContain('wa.me');
    expect(without.body).toContain('El teléfono del comprador no sirve para WhatsApp.');
  });
});

/** The rows of a CSV this simple (no line breaks inside cells), cells unquoted. */
function rowsOf(text: string): string[][] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((match) => match[1]!.replace(/^"|"$/g, '').replaceAll('""', '"')).slice(0, -1));
}

describe('the order list’s CSV', () => {
  it('holds every order the list’s filters pick, not one page, with a BOM and the page’s headers', async () => {
    const shop = await makeSalesStore(t);
    const placed = [];
    for (let index = 0; index < 23; index++) placed.push(await anOrder(shop, { name: `Comprador ${index}` }));
    await t.services.orders.changeOrderStatus(shop.scope, { userId: shop.owner.id }, placed[0]!.id, { status: 'paid', note: '' });
    const all = await getPage(t.app, '/sales/order/export', shop.owner.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe(`attachment; filename="pedidos-${shop.scope.slug}.csv"`);
    expect(all.headers['cache-control']).toContain('no-store');
    expect(all.body.startsWith('\uFEFFNúmero,Fecha,Estado,Forma de pago,Estado del pago,Cliente')).toBe(true);
    const rows = rowsOf(all.body.slice(1));
    expect(rows).toHaveLength(24);
    // Newest first, with the amounts as a file writes them.
    expect(rows[1]![0]).toBe(String(placed[22]!.number));
    expect(rows[1]![rows[0]!.indexOf('Total')]).toBe('37.50');
    // Where it goes and how (issue 40 §1): the canton and the shipping sold.
    expect(rows[1]![rows[0]!.indexOf('Cantón')]).toBe('Quito');
    // The list's filters, as its address carries them.
    const paid = rowsOf((await getPage(t.app, '/sales/order/export?status=paid', shop.owner.cookie)).body.slice(1));
    expect(paid.map((row) => row[0])).toEqual(['Número', String(placed[0]!.number)]);
    expect(paid[1]![2]).toBe('Pagado');
    const searched = rowsOf((await getPage(t.app, '/en/sales/order/export?q=Comprador%2017', shop.owner.cookie)).body.slice(1));
    expect(searched[0]!.slice(0, 3)).toEqual(['Number', 'Date', 'Status']);
    expect(searched.slice(1).map((row) => row[5])).toEqual(['Comprador 17']);
    const none = rowsOf((await getPage(t.app, '/sales/order/export?status=delivered', shop.owner.cookie)).body.slice(1));
    expect(none).toHaveLength(1);
    // Batches of 7 write the same file as one: no order lost or repeated between them.
    let batched = '';
    for await (const piece of t.services.orderPapers.exportOrders(shop.scope, { q: '', page: 1, sort: 'created', dir: 'desc', filters: {} } as never, 'es', 7)) batched += piece;
    expect(batched).toBe(all.body);
    // Another store's file holds none of these.
    expect((await getPage(t.app, '/sales/order/export', store.owner.cookie)).body).not.toContain('Comprador 17');
  });

  it('leaves no live formula in a cell', async () => {
    const shop = await makeSalesStore(t);
    await anOrder(shop, { name: '=HYPERLINK("http://evil.example","x")', notes: '@SUM(1+1)', phone: '+593998877665' });
    const rows = rowsOf((await getPage(t.app, '/sales/order/export', shop.owner.cookie)).body.slice(1));
    expect(rows[1]![5]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(rows[1]![7]).toBe(`'+593998877665`);
    expect(rows[1]![rows[0]!.indexOf('Notas del comprador')]).toBe(`'@SUM(1+1)`);
    for (const cell of rows[1]!) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('is linked from the list with the list’s filters', async () => {
    const page = await getPage(t.app, '/sales/order?status=paid&q=ana&page=2', store.owner.cookie);
    expect(page.body).toContain('href="/sales/order/export?status=paid&amp;q=ana"');
  });
});

describe('the note to the shopper', () => {
  it('is mailed to the shopper in the order’s language, kept on the order and in the activity log', async () => {
    const order = await anOrder(store, { name: 'Marta Ruiz', email: 'nota.es@example.com' });
    const url = `/sales/order/show?id=${order.id}`;
    const sent = await form(url, store.owner.cookie, { intent: 'note', message: 'Tu pedido sale mañana por Servientrega.\nGracias por esperar.' });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`${url}&notice=noteSent`);
    // Behind the confirmations of the orders the tests above placed, in the one queue.
    const mail = await smtp.waitForMail('nota.es@example.com', 'un mensaje sobre tu pedido', 30_000);
    const name = (await t.services.stores.getStore(store.scope)).name;
    expect(mail).toContain(`${name} te escribe sobre tu pedido #${order.number}`);
    expect(mail).toContain('Tu pedido sale mañana por Servientrega.');
    expect(mail).toContain(`/order?code=${order.code}`);
    const page = await getPage(t.app, url, store.owner.cookie);
    expect(page.body).toContain('Tu pedido sale mañana por Servientrega.');
    const log = await t.services.activity.listActivity(store.scope, { page: 1, types: ['order.note_sent'] } as never);
    expect(log.rows.some((row) => row.resource.id === order.id && row.type === 'order.note_sent')).toBe(true);

    const english = await anOrder(store, { email: 'note.en@example.com' }, { locale: 'en' });
    expect((await form(`/en/sales/order/show?id=${english.id}`, store.owner.cookie, { intent: 'note', message: 'Ships tomorrow.' })).statusCode).toBe(302);
    expect(await smtp.waitForMail('note.en@example.com', 'a message about your order', 30_000)).toContain('Ships tomorrow.');
  });

  it('refuses an empty note beside its field, and another store’s order is a 404', async () => {
    const order = await anOrder(store);
    const empty = await form(`/sales/order/show?id=${order.id}`, store.owner.cookie, { intent: 'note', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Este campo es obligatorio');
    const long = await form(`/en/sales/order/show?id=${order.id}`, store.owner.cookie, { intent: 'note', message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const theirs = await anOrder(other, { email: 'ajeno@example.com' });
    expect((await form(`/sales/order/show?id=${theirs.id}`, store.owner.cookie, { intent: 'note', message: 'Hola' })).statusCode).toBe(404);
    expect(await t.services.orderNotes.notesOfOrder(other.scope, theirs.id)).toEqual([]);
  });
});

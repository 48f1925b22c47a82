import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreContactSchema } from '#common/schemas/store.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { updateStoreSection } from '#server/modules/store/store.service.ts';
import { runDueJobs } from '../../../../tests/support/jobs.ts';
import { parseMail } from '../../../../tests/support/mime.ts';
import { addProduct, makeSalesStore, placeTestOrder, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import * as orders from '#server/modules/sales/order/order.service.ts';
import { createRate, createZone, savePickup } from '#server/modules/sales/shipping/shipping.service.ts';
import { queueShopperMail } from './shopper-mail.service.ts';

// The shopper's e-mails from placing to the inbox (issue 40 §5): queued in the order's transaction,
// drawn from the order when the job sends them, through a real SMTP server, on SQLite or PostgreSQL.

let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let store: SalesStore;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestDatabase({ SMTP_URL: smtp.url });
  store = await makeSalesStore(t, { name: 'Café "La Jefa", María & Cía' });
  await updateStoreSection(t.deps, store.scope, 'contact', StoreContactSchema.parse({ contactEmail: 'ventas@lajefa.ec', contactPhone: '+593 99 123 4567', contactAddress: 'Av. 10 de Agosto N20-15', contactState: 'Pichincha', contactCity: 'Quito', contactZip: '170143', contactCountry: 'Ecuador' }));
  await saveStoreSales(t.deps, store.scope, { bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'checking', bankAccountNumber: '3300456789', bankAccountHolder: 'María Jefa' });
});
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

/** The messages the SMTP server received for an address, read back. */
const inboxOf = (address: string) => smtp.inbox.filter((mail) => mail.to.includes(address)).map((mail) => ({ raw: mail.raw, to: mail.to, ...parseMail(mail.raw) }));

async function transferOrder(email: string, locale: 'es' | 'en' = 'es') {
  const productId = await addProduct(t.deps, store.scope, { name: 'Taza «Quito»', price: 12.5, stock: 10 });
  return placeTestOrder(t.deps, store.scope, { lines: [{ productId, quantity: 2 }], locale, customer: { email, paymentMethod: 'bank_transfer', address: 'Calle Sucre 3-45', city: 'Cuenca', province: 'Azuay', canton: 'Cuenca' } });
}

describe("the shopper's confirmation", () => {
  it('names the shipping sold, the canton, and for a pickup the place to collect it rather than an address (issue 40 §1)', async () => {
    // Its own store: zones change what every other order of the file is charged.
    const zoned = await makeSalesStore(t, { name: 'Tienda con zonas' });
    const zone = await createZone(t.deps, zoned.scope, { name: 'Sierra', places: [{ province: 'I', cantons: [] }] });
    const rate = await createRate(t.deps, zoned.scope, zone.id, { name: 'Sierra — Servientrega', kind: 'flat', brackets: [{ upTo: null, priceCents: 450 }], daysMin: 1, daysMax: 3, freeFromCents: null });
    await savePickup(t.deps, zoned.scope, { enabled: true, address: 'Av. Amazonas N34-12, Quito', instructions: 'De 9:00 a 18:00.' });
    const productId = await addProduct(t.deps, zoned.scope, { name: 'Poncho', price: 40, stock: 10 });
    const where = { address: 'Calle Bolívar 5-12', city: 'Otavalo', province: 'Imbabura', canton: 'Otavalo' };
    await placeTestOrder(t.deps, zoned.scope, { lines: [{ productId, quantity: 1 }], customer: { email: 'ana.zona@example.com', ...where, shippingOption: `rate-${rate.id}` } });
    await placeTestOrder(t.deps, zoned.scope, { lines: [{ productId, quantity: 1 }], customer: { email: 'ana.retiro@example.com', ...where, shippingOption: 'pickup' } });
    await runDueJobs(t, t.deps.mailer);

    const [sent] = inboxOf('ana.zona@example.com');
    for (const fact of ['Envío (Sierra — Servientrega)', '$4,50', 'Calle Bolívar 5-12', 'Otavalo, Imbabura', 'Envío: Sierra — Servientrega']) expect(sent!.text).toContain(fact);
    const [pickup] = inboxOf('ana.retiro@example.com');
    for (const fact of ['Retiro en la tienda', 'Av. Amazonas N34-12, Quito — De 9:00 a 18:00.']) expect(pickup!.text).toContain(fact);
    expect(pickup!.text).not.toContain('Calle Bolívar 5-12');
  });

  it("reaches the shopper in the store's name, answered by the store, with the lines, totals, address and account in both parts", async () => {
    const order = await transferOrder('ana.transfer@example.com');
    // queued in the placing's commit, with nothing but what names the order
    const queued = (await t.db.selectFrom('job').select('payload').where('kind', '=', 'order.shopperMail').execute()).map((job) => JSON.parse(job.payload));
    expect(queued).toContainEqual({ storeId: store.id, orderId: order.id, message: { kind: 'confirmation' } });
    await runDueJobs(t, t.deps.mailer);

    const [mail, ...more] = inboxOf('ana.transfer@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.to).toEqual(['ana.transfer@example.com']);
    expect(mail!.headers.get('from')).toMatch(/^"?Café \\?"La Jefa\\?", María & Cía via Tiendabox"? <no-reply@tiendabox\.ec>$/);
    expect(mail!.headers.get('reply-to')).toBe('ventas@lajefa.ec');
    expect(mail!.headers.get('subject')).toBe(`Tu pedido #${order.number} en Café "La Jefa", María & Cía`);
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    for (const part of [mail!.text, mail!.html.replace(/&quot;/g, '"').replace(/&amp;/g, '&')]) {
      for (const fact of ['Taza «Quito»', '2 × $12,50', '$25,00', 'Subtotal', '$28,75', 'Calle Sucre 3-45', 'Cuenca, Azuay', 'Banco Pichincha', 'Corriente', '3300456789', 'María Jefa', `Pedido ${order.number}`]) expect(part).toContain(fact);
      expect(part).toContain(`/shop/${store.slug}/order?code=${order.code}`);
    }
  });

  it('drawn when it leaves: an order paid before its confirmation went out shows no account to pay into', async () => {
    const order = await transferOrder('ana.paid@example.com', 'en');
    await orders.changeOrderStatus(t.deps, store.scope, { userId: store.owner.id }, order.id, { status: 'paid', note: 'Thanks!' });
    await runDueJobs(t, t.deps.mailer);
    const mails = inboxOf('ana.paid@example.com');
    expect(mails.map((mail) => mail.headers.get('subject')).sort()).toEqual([`Payment confirmed: order #${order.number}`, `Your order #${order.number} at Café "La Jefa", María & Cía`]);
    for (const mail of mails) {
      expect(mail.text).not.toContain('3300456789');
      expect(mail.text).toContain('Total: $28.75');
      expect(mail.headers.get('reply-to')).toBe('ventas@lajefa.ec');
    }
    expect(mails.find((mail) => mail.headers.get('subject')!.startsWith('Payment'))!.text).toMatch(/Note from the store:\r?\nThanks!/);
  });
});

describe('a store without a contact e-mail', () => {
  it('sends in its name with no Reply-To', async () => {
    const quiet = await makeSalesStore(t, { name: 'Ñandú Store' });
    const productId = await addProduct(t.deps, quiet.scope, { price: 5, stock: 3 });
    await placeTestOrder(t.deps, quiet.scope, { lines: [{ productId, quantity: 1 }], customer: { email: 'ana.quiet@example.com' } });
    await runDueJobs(t, t.deps.mailer);
    const [mail] = inboxOf('ana.quiet@example.com');
    expect(mail!.headers.get('from')).toMatch(/^"?Ñandú Store via Tiendabox"? <no-reply@tiendabox\.ec>$/);
    expect(mail!.headers.has('reply-to')).toBe(false);
    expect(mail!.text).toContain('Pagas en efectivo cuando recibes tu pedido.');
    expect(mail!.text).not.toContain('Responde a este correo');
  });
});

describe('a mail whose order or store is gone by the time it leaves', () => {
  it('sends nothing and is done, not retried', async () => {
    const before = smtp.inbox.length;
    await queueShopperMail(t.deps, store.id, 999_999_999, { kind: 'status', status: 'paid', note: '' });
    await queueShopperMail(t.deps, 999_999_999, 1, { kind: 'confirmation' });
    await runDueJobs(t, t.deps.mailer);
    expect(smtp.inbox.length).toBe(before);
    const jobs = await t.db.selectFrom('job').select(['state', 'payload']).where('kind', '=', 'order.shopperMail').execute();
    const gone = jobs.filter((job) => job.payload.includes('999999999'));
    expect(gone.map((job) => job.state)).toEqual(['done', 'done']);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_HANDLERS } from '#server/composition.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { runJobs } from '#server/modules/job/job.service.ts';
import { StoreContactSchema } from '#common/schemas/store.ts';
import { publishStore, updateStoreSection } from '#server/modules/store/store.service.ts';
import { fixedClock, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { emptyCart } from '../checkout/cart-cookie.ts';
import { addProduct, addVariant, makeSalesStore, placeTestOrder } from '../../../../tests/support/sales-fixtures.ts';
import { recordingLog, testServiceDeps } from '../../../../tests/support/jobs.ts';
import { parseMail } from '../../../../tests/support/mime.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-db.ts';
import { forgetStaleCarts, remindAbandonedCarts } from './abandoned-cart-reminder.ts';
import { captureCart, cartReminderSummary, restoreCart, setCartReminders } from './abandoned-cart.service.ts';

// Abandoned carts (issue 40 §6, decision 094): kept only with the shopper's consent while the store
// sends reminders; one reminder 4 hours after, by real SMTP, whatever the number of processes; none
// after the order; a link that restores the cart and nothing else; the owner's counts; each store
// its own. The pages (the checkout's box, the script's post, the link) are abandoned-cart.pages.test.ts.
let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const HOUR = 60 * 60 * 1000;
const clock = fixedClock('2026-12-06T12:00:00.000Z');

type Shop = { scope: StoreScope; scarf: number; poncho: number; red: number };
let shop: Shop;
let other: Shop;
let counter = 0;

async function newShop(name: string): Promise<Shop> {
  const store = await makeSalesStore(t, { name });
  await publishStore(t.deps, store.scope, true);
  const scarf = await addProduct(t.deps, store.scope, { name: 'Bufanda', price: 15, stock: 10 });
  const poncho = await addProduct(t.deps, store.scope, { name: 'Poncho', price: 40, stock: 0 });
  const red = await addVariant(t.deps, store.scope, poncho, { name: 'Rojo M', price: 44, stock: 5 });
  await setCartReminders(t.deps, store.scope, true);
  return { scope: store.scope, scarf, poncho, red };
}

/** Two "processes": the same database, each its own deps and worker. */
const processes = () => [1, 2].map(() => testServiceDeps(t, { clock, mailer: createMailer(t.config, recordingLog()), log: recordingLog() }));
/** The hourly chore in both processes at once, then both workers: what a reminder costs in production. */
async function hourlyPass() {
  const all = processes();
  const queued = (await Promise.all(all.map((deps) => remindAbandonedCarts(deps)))).reduce((a, b) => a + b, 0);
  await Promise.all(all.map((deps, i) => runJobs(deps, { workerId: `worker-${i}`, lockMs: 60_000, retryMs: 1000, handlers: JOB_HANDLERS })));
  return queued;
}

const address = () => `comprador${++counter}@example.com`;
const cartOf = (s: Shop) => ({ ...emptyCart(), lines: [{ productId: s.scarf, variantId: null, quantity: 2 }, { productId: s.poncho, variantId: s.red, quantity: 1 }] });
const capture = (s: Shop, email: string, options: { consent?: boolean; locale?: 'es' | 'en'; deps?: ServiceDeps } = {}) =>
  captureCart(options.deps ?? testServiceDeps(t, { clock }), s.scope, { email, consent: options.consent ?? true, locale: options.locale ?? 'es', cart: cartOf(s) });
/** The reminders sent to an address (its order's confirmation is another e-mail). */
const mailsTo = (to: string) => smtp.inbox.filter((mail) => mail.to.includes(to) && mail.raw.includes('cart/restore')).length;
const rows = async (email: string) => (await sql<{ storeId: number; closed: number; remindedAt: string | null; recoveredAt: string | null; orderId: number | null }>`select store_id, closed, reminded_at, recovered_at, order_id from abandoned_cart where email = ${email}`.execute(t.db)).rows;
/** The last reminder to an address, read back: headers, plain-text part, HTML part. */
function reminderTo(to: string) {
  const mail = parseMail([...smtp.inbox].reverse().find((sent) => sent.to.includes(to) && sent.raw.includes('cart/restore'))!.raw);
  return { ...mail, text: mail.text.replace(/\r\n/g, '\n') };
}
/** The HTML as a reader sees it: tags dropped, entities read, spaces collapsed. */
const seen = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|&#160;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const tokenIn = (mail: string) => /\/cart\/restore\?token=([\w-]+)/.exec(mail)?.[1] ?? '';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestDatabase({ SMTP_URL: smtp.url }, { clock });
  shop = await newShop('Tienda Rosa');
  await updateStoreSection(t.deps, shop.scope, 'contact', StoreContactSchema.parse({ contactEmail: 'hola@tiendarosa.ec', contactPhone: '+593 99 123 4567', contactAddress: 'Av. 10 de Agosto N20-15', contactState: 'Pichincha', contactCity: 'Quito', contactZip: '170143', contactCountry: 'Ecuador' }));
  other = await newShop('Tienda Otra');
}, 60_000);
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

describe('keeping a cart', () => {
  it('keeps it only with consent and while the store sends reminders; taking the consent back forgets it', async () => {
    const email = address();
    expect(await capture(shop, email, { consent: false })).toBe(false);
    expect(await rows(email)).toEqual([]);
    await setCartReminders(t.deps, shop.scope, false);
    expect(await capture(shop, email)).toBe(false);
    expect(await rows(email)).toEqual([]);
    await setCartReminders(t.deps, shop.scope, true);
    expect(await capture(shop, ` ${email.toUpperCase()} `)).toBe(true);
    expect(await capture(shop, email)).toBe(true);
    expect(await rows(email)).toHaveLength(1);
    // not an e-mail, or an empty cart: nothing
    expect(await captureCart(t.deps, shop.scope, { email: 'nadie', consent: true, locale: 'es', cart: cartOf(shop) })).toBe(false);
    expect(await captureCart(t.deps, shop.scope, { email: address(), consent: true, locale: 'es', cart: emptyCart() })).toBe(false);
    await capture(shop, email, { consent: false });
    expect(await rows(email)).toEqual([]);
  });

  it('keeps one open cart per shopper and store, even when two captures race', async () => {
    const email = address();
    await Promise.all([capture(shop, email), capture(shop, email), capture(other, email)]);
    expect((await rows(email)).map((row) => row.storeId).sort()).toEqual([shop.scope.storeId, other.scope.storeId].sort());
  });
});

describe('the reminder', () => {
  it('goes once, 4 hours after, in the shopper’s language, with the lines, a restore link and why, with two processes at work', async () => {
    const es = address();
    const en = address();
    await capture(shop, es);
    await capture(shop, en, { locale: 'en' });
    clock.advance(4 * HOUR - 60_000);
    await hourlyPass();
    expect(mailsTo(es) + mailsTo(en)).toBe(0);
    clock.advance(2 * 60_000);
    await hourlyPass();
    expect(mailsTo(es)).toBe(1);
    expect(mailsTo(en)).toBe(1);
    // From the store (decision 093), answered at its contact e-mail; both parts say the lines as the
    // cart shows them (decision 096: before IVA, unit × quantity), the subtotal, the link and why.
    const mail = reminderTo(es);
    expect(mail.headers.get('from')).toMatch(/^"?Tienda Rosa via Tiendabox"? <no-reply@tiendabox\.ec>$/);
    expect(mail.headers.get('reply-to')).toBe('hola@tiendarosa.ec');
    expect(mail.headers.get('subject')).toBe('Dejaste productos en tu carrito de Tienda Rosa');
    expect(mail.text).toContain('- Bufanda\n  2 × $15,00 = $30,00\n- Poncho — Rojo M\n  1 × $44,00 = $44,00\n\nSubtotal sin IVA: $74,00');
    const html = seen(mail.html);
    for (const part of [mail.text, html]) {
      expect(part).toContain('Hola: dejaste estos productos en tu carrito de Tienda Rosa.');
      for (const fact of ['Bufanda', '2 × $15,00', '$30,00', 'Poncho — Rojo M', '1 × $44,00', 'Precios sin IVA.', 'Recuperar mi carrito']) expect(part).toContain(fact);
      expect(part).toContain('Recibes este correo porque al pagar en Tienda Rosa marcaste');
      expect(part).toContain('Responde a este correo y le llega a la tienda.');
      expect(part).not.toMatch(/Tiendabox<|Dirección de entrega|Total:/);
    }
    expect(html).toContain('Subtotal sin IVA $74,00');
    const link = new RegExp(`${t.config.publicUrl}/shop/${shop.scope.slug}/cart/restore\\?token=[\\w-]{40,}`);
    expect(mail.text).toMatch(link);
    expect(mail.html).toMatch(new RegExp(`href="${link.source}"`));
    expect(tokenIn(mail.text)).toBe(tokenIn(mail.html));
    const english = reminderTo(en);
    expect(english.headers.get('subject')).toBe('You left items in your cart at Tienda Rosa');
    for (const part of [english.text, seen(english.html)]) {
      for (const fact of ['2 × $15.00', '$30.00', 'Subtotal before IVA', '$74.00', 'Bring back my cart']) expect(part).toContain(fact);
    }
    expect(english.text).toMatch(new RegExp(`/en/shop/${shop.scope.slug}/cart/restore\\?token=`));
    // The shopper comes back and changes the cart: no second reminder, ever.
    await capture(shop, es);
    clock.advance(5 * HOUR);
    await hourlyPass();
    expect(mailsTo(es)).toBe(1);
    const [row] = await rows(es);
    expect(row).toMatchObject({ closed: 0, recoveredAt: null });
    expect(row!.remindedAt).not.toBeNull();
  });

  it('is never sent once the order is placed with that e-mail, which closes the cart in its own transaction', async () => {
    const email = address();
    await capture(shop, email);
    const order = await placeTestOrder(t.deps, shop.scope, { lines: [{ productId: shop.scarf, quantity: 1 }], customer: { email: email.toUpperCase() } });
    expect(await rows(email)).toEqual([expect.objectContaining({ closed: 1, orderId: order.id, remindedAt: null, recoveredAt: null })]);
    clock.advance(5 * HOUR);
    await hourlyPass();
    expect(mailsTo(email)).toBe(0);
  });

  it('is not sent while the store has reminders off, nor for a cart left longer ago than 2 days', async () => {
    const email = address();
    await capture(shop, email);
    await setCartReminders(t.deps, shop.scope, false);
    clock.advance(5 * HOUR);
    await hourlyPass();
    expect(mailsTo(email)).toBe(0);
    clock.advance(48 * HOUR);
    await setCartReminders(t.deps, shop.scope, true);
    await hourlyPass();
    expect(mailsTo(email)).toBe(0);
  });
});

describe('a store on its own domain', () => {
  it('links the reminder there once the domain is verified (decision 100), and on the platform before', async () => {
    const [before, after] = [address(), address()];
    await t.db.insertInto('storeDomain').values({ storeId: other.scope.storeId, host: 'www.tiendaotra.example', verifyToken: 'token', verifiedAt: null, createdAt: clock.now().toISOString() }).execute();
    await capture(other, before);
    clock.advance(5 * HOUR);
    await hourlyPass();
    expect(reminderTo(before).text).toMatch(new RegExp(`${t.config.publicUrl}/shop/${other.scope.slug}/cart/restore\\?token=`));
    await t.db.updateTable('storeDomain').set({ verifiedAt: clock.now().toISOString() }).where('storeId', '=', other.scope.storeId).execute();
    await capture(other, after, { locale: 'en' });
    clock.advance(5 * HOUR);
    await hourlyPass();
    const mail = reminderTo(after);
    expect(mail.text).toMatch(/http:\/\/www\.tiendaotra\.example\/en\/cart\/restore\?token=[\w-]{40,}/);
    expect(mail.html).toMatch(/href="http:\/\/www\.tiendaotra\.example\/en\/cart\/restore\?token=/);
    await t.db.deleteFrom('storeDomain').where('storeId', '=', other.scope.storeId).execute();
  });
});

describe('the restore link', () => {
  it('rebuilds the cart in its own store only; a wrong, expired or ordered cart’s token does not', async () => {
    const email = address();
    await capture(shop, email);
    clock.advance(4 * HOUR + 1000);
    await hourlyPass();
    const token = tokenIn(smtp.lastTo(email)!);
    expect(token).not.toBe('');
    const restored = await restoreCart(t.deps, shop.scope, token, { ...emptyCart(), lines: [{ productId: shop.scarf, variantId: null, quantity: 5 }] });
    // merged with what the browser holds: the larger quantity of a line in both
    expect(restored?.lines).toEqual([{ productId: shop.scarf, variantId: null, quantity: 5 }, { productId: shop.poncho, variantId: shop.red, quantity: 1 }]);
    expect(await restoreCart(t.deps, shop.scope, `${token.slice(0, -2)}xx`, emptyCart())).toBeNull();
    expect(await restoreCart(t.deps, shop.scope, 'corto', emptyCart())).toBeNull();
    expect(await restoreCart(t.deps, other.scope, token, emptyCart())).toBeNull();
    clock.advance(7 * 24 * HOUR + 1000);
    expect(await restoreCart(t.deps, shop.scope, token, emptyCart())).toBeNull();

    const ordered = address();
    await capture(shop, ordered);
    clock.advance(4 * HOUR + 1000);
    await hourlyPass();
    const second = tokenIn(smtp.lastTo(ordered)!);
    expect(await restoreCart(t.deps, shop.scope, second, emptyCart())).not.toBeNull();
    await placeTestOrder(t.deps, shop.scope, { lines: [{ productId: shop.scarf, quantity: 1 }], customer: { email: ordered } });
    expect(await restoreCart(t.deps, shop.scope, second, emptyCart())).toBeNull();
  });
});

describe('the owner’s counts', () => {
  it('counts the carts reminded in 30 days and those an order with the same e-mail followed, per store; old carts are forgotten', async () => {
    const third = await newShop('Tienda Tercera');
    expect(await cartReminderSummary(t.deps, third.scope)).toEqual({ enabled: true, reminded: 0, recovered: 0, days: 30 });
    const before = await cartReminderSummary(t.deps, shop.scope);
    const [bought, left] = [address(), address()];
    await capture(third, bought);
    await capture(third, left);
    clock.advance(4 * HOUR + 1000);
    await hourlyPass();
    // a store without a contact e-mail sends in its name with no Reply-To, and says nothing about replying
    expect(reminderTo(left).headers.get('from')).toMatch(/^"?Tienda Tercera via Tiendabox"? </);
    expect(reminderTo(left).headers.has('reply-to')).toBe(false);
    expect(reminderTo(left).text).not.toContain('Responde a este correo');
    await placeTestOrder(t.deps, third.scope, { lines: [{ productId: third.scarf, quantity: 1 }], customer: { email: bought } });
    expect(await cartReminderSummary(t.deps, third.scope)).toEqual({ enabled: true, reminded: 2, recovered: 1, days: 30 });
    expect(await cartReminderSummary(t.deps, shop.scope)).toEqual(before);
    clock.advance(31 * 24 * HOUR);
    expect(await forgetStaleCarts(t.deps)).toBeGreaterThanOrEqual(2);
    expect(await cartReminderSummary(t.deps, third.scope)).toMatchObject({ reminded: 0, recovered: 0 });
    expect(await rows(bought)).toEqual([]);
  });
});

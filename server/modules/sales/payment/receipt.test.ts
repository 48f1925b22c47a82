import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '#common/locale.ts';
import { loadOrderByCode } from '#server/modules/sales/checkout/checkout.service.ts';
import { type OrderPageNotice, renderOrder } from '#server/modules/sales/checkout/shop-order-page.ts';
import { changeOrderStatus } from '#server/modules/sales/order/order.service.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { translate } from '#server/modules/shop/shop-text.ts';
import { loadFrame } from '#server/modules/shop/shop.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { TestStore } from '../../../../tests/support/factories.ts';
import { nextClientIp } from '../../../../tests/support/forms.ts';
import { runDueJobs } from '../../../../tests/support/jobs.ts';
import { multipart } from '../../../../tests/support/multipart.ts';
import { DEFAULT_ACCOUNT } from '../../../../tests/support/payphone-double.ts';
import { addProduct, placeTestOrder } from '../../../../tests/support/sales-fixtures.ts';
import { publishedStore } from '../../../../tests/support/shops.ts';
import { startSmtpServer } from '../../../../tests/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { saveGateway } from './payment-gateways.ts';
import { receiptRejectedMail, receiptSubmittedNotice } from './receipt-subscribers.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { confirmReceipt, listReceipts, receiptFile, rejectReceipt, shopperOrderHistory, submitReceipt } from './receipt.service.ts';

// Transfer receipts (issue 39 §4) and the shopper's order page (§6) on a real database (SQLite, or
// PostgreSQL with DATABASE_URL) and a real SMTP server: the shopper's upload through the storefront's
// multipart form, the owner's decision through the service the owner's screen calls.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
type Shop = { store: TestStore; scope: StoreScope; productId: number };
let shop: Shop;
let other: Shop;
/** The deps with this module's subscribers, whether or not the composition root lists them yet. */
let wired: ServiceDeps;

async function newShop(): Promise<Shop> {
  const { store, scope } = await publishedStore(t);
  await saveStoreSales(t.deps, scope, { bankTransfer: true, bankName: 'Banco Pichincha', bankAccountType: 'savings', bankAccountNumber: '2200123456', bankAccountHolder: 'Ana Tienda' });
  return { store, scope, productId: await addProduct(t.deps, scope, { price: 10, stock: 1000 }) };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  const mine = [receiptSubmittedNotice, receiptRejectedMail];
  wired = { ...t.deps, subscribers: [...t.deps.subscribers.filter((item) => !mine.some((own) => own.name === item.name)), ...mine] };
  shop = await newShop();
  other = await newShop();
}, 120_000);
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

const MB = 1024 * 1024;
const order = (s: Shop, options: { method?: 'bank_transfer' | 'cash_on_delivery' | 'payphone'; locale?: Locale; email?: string } = {}) =>
  placeTestOrder(t.deps, s.scope, { lines: [{ productId: s.productId, quantity: 1 }], locale: options.locale, customer: { paymentMethod: options.method ?? 'bank_transfer', ...(options.email ? { email: options.email } : {}) } });
const photo = (format: 'jpeg' | 'png') => sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } }).withMetadata({ exif: { IFD0: { Copyright: 'GPS y cámara' } } })[format]().toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

type File = { data: Buffer; filename: string; type: string };
function sendReceipt(s: Shop, code: string, file: File | null, options: { locale?: Locale; ip?: string } = {}) {
  const { payload, contentType } = multipart([{ name: 'code', value: code }, ...(file ? [{ name: 'file', ...file }] : [])]);
  const prefix = options.locale === 'en' ? '/en' : '';
  return t.app.inject({ method: 'POST', url: `${prefix}/shop/${s.store.slug}/order/receipt`, payload, headers: { 'content-type': contentType, cookie: `lang=${options.locale ?? 'es'}` }, remoteAddress: options.ip ?? nextClientIp() });
}
const receiptsOf = (s: Shop, orderId: number) => t.db.selectFrom('paymentReceipt').selectAll().where('storeId', '=', s.scope.storeId).where('orderId', '=', orderId).orderBy('id').execute();
const paymentsOf = (s: Shop, orderId: number) => t.db.selectFrom('payment').selectAll().where('storeId', '=', s.scope.storeId).where('orderId', '=', orderId).orderBy('id').execute();
const orderRow = (s: Shop, orderId: number) => t.db.selectFrom('storeOrder').select(['status', 'paymentState']).where('storeId', '=', s.scope.storeId).where('id', '=', orderId).executeTakeFirstOrThrow();
const eventsOf = (s: Shop, type: string) => t.db.selectFrom('storeEvent').select(['resourceKind', 'resourceId', 'data']).where('storeId', '=', s.scope.storeId).where('type', '=', type).execute();

/** The new order page as the storefront draws it, in a language, with what the address said. */
async function orderPage(s: Shop, code: string, locale: Locale = 'es', notice: OrderPageNotice = {}) {
  const view = (await loadOrderByCode(t.deps, s.scope, code))!;
  const request = { locale, tr: translate(locale), barePath: `/shop/${s.store.slug}/order`, search: `?code=${code}`, publicUrl: t.config.publicUrl, altcha: false };
  return renderOrder(await loadFrame(t.deps, s.scope, false), request, view, [], await shopperOrderHistory(t.deps, s.scope, view.order.id), notice).html;
}

describe('a shopper sending a transfer receipt', () => {
  it('takes a photo or a PDF, checked by content and cleaned, and tells the owner’s log', async () => {
    const placed = await order(shop);
    const sent: [File, string][] = [
      [{ data: await photo('jpeg'), filename: 'comprobante.jpg', type: 'image/jpeg' }, 'image/jpeg'],
      [{ data: await photo('png'), filename: 'captura.png', type: 'image/png' }, 'image/png'],
      // The browser's word on the type counts for nothing: a PDF sent as octet-stream is a PDF.
      [{ data: PDF, filename: 'banco', type: 'application/octet-stream' }, 'application/pdf'],
    ];
    for (const [file] of sent) {
      const answer = await sendReceipt(shop, placed.code, file);
      expect(answer.statusCode, answer.body).toBe(303);
      expect(answer.headers.location).toBe(`/shop/${shop.store.slug}/order?code=${placed.code}&receipt=sent`);
    }
    const rows = await receiptsOf(shop, placed.id);
    const [payment] = await paymentsOf(shop, placed.id);
    expect(rows.map((row) => [row.contentType, row.state, row.paymentId])).toEqual(sent.map(([, type]) => [type, 'submitted', payment!.id]));
    expect(rows.every((row) => row.storageKey.startsWith(`receipts/${shop.scope.storeId}/`))).toBe(true);
    // Images are decoded and written again: the camera's metadata does not survive; a PDF is kept byte for byte.
    const jpeg = (await t.deps.storage.read(rows[0]!.storageKey))!;
    expect((await sharp(jpeg).metadata()).exif).toBeUndefined();
    expect((await t.deps.storage.read(rows[2]!.storageKey))!.equals(PDF)).toBe(true);
    const events = await eventsOf(shop, 'payment.receipt_submitted');
    expect(events.filter((event) => event.resourceId === placed.id)).toHaveLength(3);
    expect(events[0]).toMatchObject({ resourceKind: 'order' });
  });

  it('refuses, with the form again in the page’s language, a file that is not what it says, too large, or missing', async () => {
    const placed = await order(shop);
    const fake = await sendReceipt(shop, placed.code, { data: Buffer.from('no soy una imagen, solo texto'), filename: 'recibo.png', type: 'image/png' });
    expect(fake.statusCode).toBe(400);
    expect(text(fake.body)).toContain('El archivo no es una foto (JPG, PNG o WebP) ni un PDF.');
    expect(fake.body).toContain('enctype="multipart/form-data"');
    expect(fake.body).toContain(`name="code" value="${placed.code}"`);
    expect(fake.body).toContain('aria-invalid="true"');
    expect(fake.body).toContain('<div class="notice error" role="alert"><p>El archivo no es una foto');
    const english = await sendReceipt(shop, placed.code, { data: Buffer.from('just text'), filename: 'receipt.png', type: 'image/png' }, { locale: 'en' });
    expect(english.statusCode).toBe(400);
    expect(text(english.body)).toContain('The file is neither a photo (JPG, PNG or WebP) nor a PDF.');
    // Past 15 MB a photo is cut off while it streams; a PDF past its own 3 MB is refused whole.
    const huge = await sendReceipt(shop, placed.code, { data: Buffer.concat([await photo('png'), Buffer.alloc(15 * MB)]), filename: 'enorme.png', type: 'image/png' });
    expect(huge.statusCode).toBe(400);
    expect(text(huge.body)).toContain('El archivo es demasiado grande: una foto puede pesar hasta 15 MB y un PDF hasta 3 MB.');
    const bigPdf = await sendReceipt(shop, placed.code, { data: Buffer.concat([PDF, Buffer.alloc(3 * MB)]), filename: 'banco.pdf', type: 'application/pdf' });
    expect(bigPdf.statusCode).toBe(400);
    expect(text(bigPdf.body)).toContain('El archivo es demasiado grande');
    const none = await sendReceipt(shop, placed.code, null);
    expect(none.statusCode).toBe(400);
    expect(text(none.body)).toContain('Elige el archivo del comprobante.');
    expect(await receiptsOf(shop, placed.id)).toEqual([]);
  });

  it('answers 404 for a code no order of this store has, and 409 for an order that takes no receipt', async () => {
    const photoFile = { data: await photo('png'), filename: 'c.png', type: 'image/png' };
    expect((await sendReceipt(shop, crypto.randomUUID(), photoFile)).statusCode).toBe(404);
    expect((await sendReceipt(shop, 'no-es-un-codigo', photoFile)).statusCode).toBe(404);
    const elsewhere = await order(other);
    expect((await sendReceipt(shop, elsewhere.code, photoFile)).statusCode).toBe(404);
    expect(await receiptsOf(other, elsewhere.id)).toEqual([]);
    const cash = await order(shop, { method: 'cash_on_delivery' });
    const refused = await sendReceipt(shop, cash.code, photoFile);
    expect(refused.statusCode).toBe(409);
    expect(text(refused.body)).toContain('Este pedido ya no espera un comprobante de transferencia.');
  });

  it('keeps at most ten receipts an order, and limits the posts of one address', async () => {
    const placed = await order(shop);
    for (let n = 0; n < 10; n++) expect((await sendReceipt(shop, placed.code, { data: PDF, filename: `r${n}.pdf`, type: 'application/pdf' })).statusCode).toBe(303);
    const eleventh = await sendReceipt(shop, placed.code, { data: PDF, filename: 'r.pdf', type: 'application/pdf' });
    expect(eleventh.statusCode).toBe(409);
    expect(text(eleventh.body)).toContain('Ya enviaste 10 comprobantes para este pedido.');

    const fresh = await order(shop);
    const ip = nextClientIp();
    for (let n = 0; n < LIMITS.receiptPerIp.max; n++) expect((await sendReceipt(shop, fresh.code, null, { ip })).statusCode).toBe(400);
    const limited = await sendReceipt(shop, fresh.code, { data: PDF, filename: 'r.pdf', type: 'application/pdf' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(text(limited.body)).toContain('Enviaste muchos comprobantes seguidos desde esta conexión.');
    expect(await receiptsOf(shop, fresh.id)).toEqual([]);
  });
});

describe('the owner’s decision', () => {
  it('is told of a receipt: the bell, and the e-mail they chose', async () => {
    const placed = await order(shop);
    const result = await submitReceipt(wired, shop.scope, { code: placed.code, data: PDF });
    expect(result).toMatchObject({ ok: true });
    const notices = await t.db.selectFrom('notification').select(['kind', 'params', 'link']).where('userId', '=', shop.store.owner.id).where('link', '=', `/sales/order/show?id=${placed.id}`).execute();
    expect(notices.map((notice) => [notice.kind, JSON.parse(notice.params)])).toEqual([
      ['order_received', { number: placed.number }],
      ['order_received', { number: placed.number, context: 'receipt' }],
    ]);
    const mails = await t.db.selectFrom('job').select('payload').where('kind', '=', 'mail').execute();
    expect(mails.filter((job) => JSON.parse(job.payload).to === shop.store.owner.email && job.payload.includes(`/sales/order/show?id=${placed.id}`))).toHaveLength(2);
  });

  it('confirms a receipt: the order and its payment are paid, by whom and when, once however often it is clicked', async () => {
    const placed = await order(shop);
    await submitReceipt(wired, shop.scope, { code: placed.code, data: PDF });
    const [receipt] = await listReceipts(t.deps, shop.scope, placed.id);
    const owner = { userId: shop.store.owner.id };
    expect(await confirmReceipt(wired, shop.scope, owner, receipt!.id)).toEqual({ changed: true });
    expect(await confirmReceipt(wired, shop.scope, owner, receipt!.id)).toEqual({ changed: false });
    expect(await orderRow(shop, placed.id)).toEqual({ status: 'paid', paymentState: 'paid' });
    const payments = await paymentsOf(shop, placed.id);
    expect(payments.map((row) => [row.state, row.confirmedBy])).toEqual([['paid', owner.userId]]);
    expect(payments[0]!.confirmedAt).not.toBeNull();
    expect((await listReceipts(t.deps, shop.scope, placed.id))[0]).toMatchObject({ state: 'confirmed', decidedBy: owner.userId });
    expect((await eventsOf(shop, 'order.paid')).filter((event) => event.resourceId === placed.id)).toHaveLength(1);
    // Decided once: a rejection after it changes nothing either.
    expect(await rejectReceipt(wired, shop.scope, owner, receipt!.id, 'Tarde')).toEqual({ changed: false });
  });

  it('rejects a receipt with a reason the shopper is e-mailed in the order’s language; the shopper may send another', async () => {
    const email = `buyer-${crypto.randomUUID()}@example.com`;
    const placed = await order(shop, { locale: 'en', email });
    await submitReceipt(wired, shop.scope, { code: placed.code, data: PDF });
    const [receipt] = await listReceipts(t.deps, shop.scope, placed.id);
    const owner = { userId: shop.store.owner.id };
    await expect(rejectReceipt(wired, shop.scope, owner, receipt!.id, '   ')).rejects.toMatchObject({ status: 400, code: 'validation.required' });
    await expect(rejectReceipt(wired, shop.scope, owner, receipt!.id, 'x'.repeat(301))).rejects.toMatchObject({ status: 400, code: 'validation.tooLong' });
    expect(await rejectReceipt(wired, shop.scope, owner, receipt!.id, 'El monto no coincide con el pedido')).toEqual({ changed: true });
    expect(await rejectReceipt(wired, shop.scope, owner, receipt!.id, 'Otra vez')).toEqual({ changed: false });
    expect(await orderRow(shop, placed.id)).toEqual({ status: 'pending', paymentState: 'pending' });
    // One event for the one rejection, on the order, with the reason the shopper is told.
    const events = await eventsOf(shop, 'payment.receipt_rejected');
    expect(events.map((event) => [event.resourceKind, event.resourceId, JSON.parse(event.data).reason])).toEqual([['order', placed.id, 'El monto no coincide con el pedido']]);
    await runDueJobs(t, t.deps.mailer);
    const mail = await smtp.waitForMail(email, 'El monto no coincide con el pedido');
    expect(mail).toContain(`Check the receipt of your order #${placed.number}`);
    expect(mail).toContain('Reason: El monto no coincide con el pedido');
    expect(mail).toContain(`/en/shop/${shop.store.slug}/order?code=${placed.code}`);
    expect((await sendReceipt(shop, placed.code, { data: PDF, filename: 'otro.pdf', type: 'application/pdf' })).statusCode).toBe(303);
  });

  it('finds no receipt or order of another store', async () => {
    const placed = await order(other);
    await submitReceipt(wired, other.scope, { code: placed.code, data: await photo('jpeg') });
    const [receipt] = await listReceipts(t.deps, other.scope, placed.id);
    const file = await receiptFile(t.deps, other.scope, receipt!.id);
    expect(file.contentType).toBe('image/jpeg');
    expect((await sharp(file.body).metadata()).format).toBe('jpeg');
    const stranger = { userId: shop.store.owner.id };
    await expect(receiptFile(t.deps, shop.scope, receipt!.id)).rejects.toMatchObject({ status: 404 });
    await expect(listReceipts(t.deps, shop.scope, placed.id)).rejects.toMatchObject({ status: 404 });
    await expect(confirmReceipt(wired, shop.scope, stranger, receipt!.id)).rejects.toMatchObject({ status: 404 });
    await expect(rejectReceipt(wired, shop.scope, stranger, receipt!.id, 'No')).rejects.toMatchObject({ status: 404 });
    expect((await listReceipts(t.deps, other.scope, placed.id))[0]).toMatchObject({ state: 'submitted' });
  });
});

describe('the shopper’s order page', () => {
  it('shows a delivered order’s state and dated timeline, without the transfer’s instructions', async () => {
    const placed = await order(shop);
    await submitReceipt(wired, shop.scope, { code: placed.code, data: PDF });
    const [receipt] = await listReceipts(t.deps, shop.scope, placed.id);
    const owner = { userId: shop.store.owner.id };
    await confirmReceipt(wired, shop.scope, owner, receipt!.id);
    await changeOrderStatus(t.deps, shop.scope, owner, placed.id, { status: 'shipped', note: '' });
    await changeOrderStatus(t.deps, shop.scope, owner, placed.id, { status: 'delivered', note: '' });
    const page = await orderPage(shop, placed.code);
    expect(text(page)).toContain('Tu pedido fue entregado.');
    expect(page).toContain('<span class="badge-status" data-status="delivered">Entregado</span>');
    for (const step of ['placed', 'paid', 'shipped', 'delivered']) expect(page).toMatch(new RegExp(`<li class="done" data-step="${step}">.*?<time datetime="[^"]+">`));
    expect(page).not.toContain('class="upcoming"');
    expect(page).not.toContain('Recibimos tu pedido');
    expect(page).not.toContain('Datos para la transferencia');
    expect(page).not.toContain('2200123456');
    expect(page).not.toContain('class="receipt-form"');
    expect(text(page)).toContain('Confirmado');
    // A receipt posted to it now is a 409 that shows the same page.
    const late = await sendReceipt(shop, placed.code, { data: PDF, filename: 'r.pdf', type: 'application/pdf' }, { locale: 'en' });
    expect(late.statusCode).toBe(409);
    expect(text(late.body)).toContain('Your order was delivered.');
    expect(late.body).toContain('data-step="delivered"');
  });

  it('shows an unpaid transfer’s bank details, its receipts with their state, and the upload form', async () => {
    const placed = await order(shop);
    await submitReceipt(wired, shop.scope, { code: placed.code, data: PDF });
    const [first] = await listReceipts(t.deps, shop.scope, placed.id);
    await rejectReceipt(wired, shop.scope, { userId: shop.store.owner.id }, first!.id, 'La foto está borrosa');
    await submitReceipt(wired, shop.scope, { code: placed.code, data: PDF });
    const page = await orderPage(shop, placed.code, 'es', { receiptSent: true });
    expect(text(page)).toContain('Recibimos tu comprobante: la tienda lo está revisando.');
    expect(page).toContain('<div class="notice success" role="status"><p>Recibimos tu comprobante. La tienda lo revisará y confirmará tu pago.</p></div>');
    expect(text(page)).toContain('2200123456');
    expect(text(page)).toContain('Rechazado Motivo: La foto está borrosa');
    expect(text(page)).toContain('En revisión');
    expect(page).toContain(`action="/shop/${shop.store.slug}/order/receipt" enctype="multipart/form-data"`);
    expect(page).toMatch(/<input id="receipt-file" name="file" type="file" accept="application\/pdf,image\/png,image\/jpeg,image\/webp[^"]*" required/);
    expect(text(page)).toContain('Una foto (JPG, PNG o WebP, hasta 15 MB) o el PDF del banco (hasta 3 MB).');
    expect(page).toMatch(/<li class="done" data-step="placed">/);
    expect(page).toMatch(/<li class="upcoming" data-step="paid">/);
  });

  it('offers “Pay now” on an unpaid gateway order, and says how the last payment went', async () => {
    await saveGateway(t.deps, shop.scope, 'payphone', { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials: { token: DEFAULT_ACCOUNT.token, storeId: DEFAULT_ACCOUNT.storeId } });
    const placed = await order(shop, { method: 'payphone' });
    const failed = await orderPage(shop, placed.code, 'en', { payment: 'failed' });
    expect(failed).toContain('<div class="notice error" role="alert"><p>The payment was not completed: the card or account declined it. You can try again.</p></div>');
    expect(failed).toContain(`<form method="post" action="/en/shop/${shop.store.slug}/order/pay" class="pay-now-form"><input type="hidden" name="code" value="${placed.code}">`);
    expect(failed).toContain('<img src="/payment-logos/payphone.svg" alt=""');
    expect(text(failed)).toContain('You pay $11.50 on the secure page of PayPhone.');
    const paid = await orderPage(shop, placed.code, 'es', { payment: 'paid' });
    expect(paid).toContain('<div class="notice success" role="status"><p>Recibimos tu pago. ¡Gracias!</p></div>');
    expect(text(paid)).toContain('Pagar ahora');
    // A word the address should not carry is not shown.
    expect(await orderPage(shop, placed.code, 'es', { payment: '<script>' })).not.toContain('role="alert"');
    await changeOrderStatus(t.deps, shop.scope, { userId: null }, placed.id, { status: 'cancelled', note: '' });
    expect(await orderPage(shop, placed.code)).not.toContain('class="pay-now-form"');
  });
});

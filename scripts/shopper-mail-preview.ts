import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ShopperMailData } from '#server/modules/sales/shopper-mail/shopper-mail-data.ts';
import type { CartMailData } from '#server/modules/sales/shopper-mail/shopper-mail-cart.ts';
import { renderCartMail, renderShopperMail } from '#server/modules/sales/shopper-mail/shopper-mail.ts';
import { parseArgs } from './cli-args.ts';

// The shopper's e-mails (server/modules/sales/shopper-mail/) drawn from sample orders and a cart, to look at them while
// changing their layout: each as HTML, as plain text, and as HTML with every style dropped (how a
// client without CSS draws it); with `--screenshots`, PNGs at 600 and 375 px from Chromium.

const args = parseArgs(process.argv.slice(2));
const out = path.resolve(args.out ?? 'data/mail-preview');

const base: ShopperMailData = {
  locale: 'es',
  message: { kind: 'confirmation' },
  store: { name: 'Tienda de María', contactEmail: 'ventas@tiendademaria.ec', logoUrl: null, style: Number(args.style ?? 1), address: 'Av. 6 de Diciembre N24-253, Quito' },
  order: {
    number: 1042, name: 'Ana Torres', phone: '0991234567', address: 'Av. Amazonas N34-120 y Av. República', city: 'Quito', province: 'Pichincha', canton: 'Quito', paymentMethod: 'bank_transfer', status: 'pending', paymentState: 'pending',
    subtotalCents: 6522, discountCents: 652, couponCode: 'BIENVENIDA', taxCents: 955, shippingCents: 500, totalCents: 7325, refundedCents: 0, createdAt: '2026-12-06T15:00:00.000Z',
  },
  lines: [
    { name: 'Camiseta de algodón orgánico — Negro / L', sku: 'CAM-ORG-NL', quantity: 3, unitPriceCents: 1774 },
    { name: 'Taza esmaltada', sku: '', quantity: 1, unitPriceCents: 1200 },
  ],
  shippingName: 'Sierra — Servientrega',
  bank: { name: 'Banco Pichincha', accountType: 'savings', accountNumber: '2200123456', holder: 'María Pérez' },
  orderUrl: 'https://tiendabox.ec/shop/tienda-de-maria/order?code=00000000-0000-4000-8000-000000001042',
};

const samples: Record<string, ShopperMailData> = {
  'confirmation-transfer-es': base,
  'confirmation-transfer-en': { ...base, locale: 'en' },
  'shipped-tracking-es': {
    ...base,
    bank: null,
    message: { kind: 'status', status: 'shipped', note: 'Tu pedido sale hoy.\nLlega en 2 días hábiles.' },
    shipments: [{ carrierLabel: 'Servientrega', trackingNumber: 'SE1234567890', trackingUrl: 'https://www.servientrega.com.ec/Tracking/?guia=SE1234567890&tipo=GUIA' }],
  },
  'pickup-ready-en': { ...base, locale: 'en', bank: null, pickup: true, shippingName: '', order: { ...base.order, shippingCents: 0 }, message: { kind: 'status', status: 'shipped', note: '' } },
  'refund-es': { ...base, bank: null, order: { ...base.order, refundedCents: 1774 }, message: { kind: 'refund', amountCents: 1774, reason: 'Talla equivocada', via: 'manual' } },
};

/** The abandoned cart's reminder (decision 094): a cart, not an order. */
const cart: CartMailData = {
  locale: 'es',
  store: base.store,
  lines: [...base.lines, { name: 'Poncho de lana — Rojo / M', sku: 'PON-RM', quantity: 1, unitPriceCents: 4400 }],
  restoreUrl: 'https://tiendabox.ec/shop/tienda-de-maria/cart/restore?token=54j_sYeiQoQ9ReOG6AlmULzYTqq3l0KdWHj50YcZWUU',
  linkDays: 7,
};
const cartSamples: Record<string, CartMailData> = { 'cart-reminder-es': cart, 'cart-reminder-en': { ...cart, locale: 'en', store: { ...cart.store, contactEmail: '' } } };

await mkdir(out, { recursive: true });
const pages: string[] = [];
const rendered = [
  ...Object.entries(samples).map(([name, data]) => [name, renderShopperMail('ana@example.com', data)] as const),
  ...Object.entries(cartSamples).map(([name, data]) => [name, renderCartMail('ana@example.com', data)] as const),
];
for (const [name, rendering] of rendered) {
  const mail = await rendering;
  const bare = mail.html.replace(/\sstyle="[^"]*"/g, '');
  await writeFile(path.join(out, `${name}.html`), mail.html);
  await writeFile(path.join(out, `${name}.bare.html`), bare);
  await writeFile(path.join(out, `${name}.txt`), `From: ${mail.fromName}\nReply-To: ${mail.replyTo ?? ''}\nSubject: ${mail.subject}\n\n${mail.text}`);
  pages.push(name, `${name}.bare`);
}
console.log(`${rendered.length} samples written to ${out}`);

if (args.screenshots !== undefined) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  for (const name of pages) {
    for (const width of [600, 375]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`file://${path.join(out, `${name}.html`)}`);
      await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
      await page.close();
    }
  }
  await browser.close();
  console.log(`screenshots at 600 and 375 px written to ${out}`);
}

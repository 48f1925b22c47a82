import { describe, expect, it } from 'vitest';
import type { ShopperMailData } from './shopper-mail-data.ts';
import { renderShopperMail, shopperSender } from './shopper-mail.ts';

// The shopper's e-mails as drawn (issue 40 §5): both parts say the lines, the totals, the delivery
// and, for a transfer still unpaid, the account; in the order's language; hostile words stay words.

function order(overrides: Partial<ShopperMailData> = {}): ShopperMailData {
  return {
    locale: 'es',
    message: { kind: 'confirmation' },
    store: { name: 'Tienda de María', contactEmail: 'ventas@tiendademaria.ec', logoUrl: null, style: 1, address: 'Av. 6 de Diciembre N24-253, Quito' },
    order: {
      number: 12, name: 'Ana Torres', phone: '0991234567', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', paymentMethod: 'bank_transfer', status: 'pending', paymentState: 'pending',
      subtotalCents: 6522, discountCents: 652, couponCode: 'BIENVENIDA', taxCents: 955, shippingCents: 500, totalCents: 7325, refundedCents: 0, createdAt: '2026-12-06T15:00:00.000Z',
    },
    lines: [
      { name: 'Camiseta de algodón — Negro / L', sku: 'CAM-NL', quantity: 3, unitPriceCents: 1774 },
      { name: 'Taza esmaltada', sku: '', quantity: 1, unitPriceCents: 1200 },
    ],
    bank: { name: 'Banco Pichincha', accountType: 'savings', accountNumber: '2200123456', holder: 'María Pérez' },
    orderUrl: 'https://tiendabox.test/shop/maria/order?code=4f1c2d3e-0000-4000-8000-000000000012',
    ...overrides,
  };
}

/** The HTML as a reader sees it: tags dropped, entities read, spaces collapsed. */
const seen = (html: string) =>
  html
    .replace(/<div[^>]*data-skip-in-text[^>]*>[\s\S]*?<\/div><\/div>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe("a transfer order's confirmation", () => {
  it('lists the lines, the totals, the delivery and the account to pay into, in both parts, in Spanish', async () => {
    const mail = await renderShopperMail('ana@example.com', order({ shippingName: 'Sierra — Servientrega', order: { ...order().order, canton: 'Rumiñahui', city: 'Sangolquí' } }));
    expect(mail.subject).toBe('Tu pedido #12 en Tienda de María');
    expect(mail.to).toBe('ana@example.com');
    expect(mail.html).toContain('lang="es-EC"');
    const html = seen(mail.html);
    for (const part of [html, mail.text]) {
      expect(part).toContain('Hola, Ana Torres: recibimos tu pedido #12 en Tienda de María.');
      // the lines: name, quantity × unit, and the line's amount (unit × quantity, decision 093)
      expect(part).toContain('Camiseta de algodón — Negro / L');
      expect(part).toContain('3 × $17,74');
      expect(part).toContain('$53,22');
      expect(part).toContain('Taza esmaltada');
      expect(part).toContain('1 × $12,00');
      // the bank's details, the amount and the order as the reference
      expect(part).toContain('Transfiere $73,25 y escribe «Pedido 12» en la referencia.');
      for (const fact of ['Banco Pichincha', 'Ahorros', '2200123456', 'María Pérez', 'Pedido 12']) expect(part).toContain(fact);
      // the address, the canton and the shipping sold
      for (const fact of ['Av. Amazonas N34-120', 'Sangolquí, Rumiñahui, Pichincha', '0991234567', 'Envío: Sierra — Servientrega']) expect(part).toContain(fact);
      expect(part).toContain('Recibes este correo porque hiciste un pedido en Tienda de María.');
    }
    expect(mail.text).toContain('Subtotal sin IVA: $65,22\nDescuento (BIENVENIDA): −$6,52\nEnvío (Sierra — Servientrega): $5,00\nIVA: $9,55\nTotal: $73,25');
    expect(mail.text).toContain('Banco: Banco Pichincha\nTipo de cuenta: Ahorros\nNúmero de cuenta: 2200123456\nTitular: María Pérez\nMonto: $73,25\nReferencia: Pedido 12');
    for (const [label, value] of [['Subtotal sin IVA', '$65,22'], ['Descuento (BIENVENIDA)', '−$6,52'], ['Envío (Sierra — Servientrega)', '$5,00'], ['IVA', '$9,55'], ['Total', '$73,25']]) expect(html).toContain(`${label} ${value}`);
    // the way to the order page, a button in HTML, the address in text
    expect(mail.html).toContain(`href="${order().orderUrl}"`);
    expect(mail.text).toContain(`Ver mi pedido: ${order().orderUrl}`);
  });

  it('is written in English for an English order, money the English way', async () => {
    const mail = await renderShopperMail('ana@example.com', order({ locale: 'en' }));
    expect(mail.subject).toBe('Your order #12 at Tienda de María');
    expect(mail.html).toContain('lang="en-US"');
    for (const part of [seen(mail.html), mail.text]) {
      expect(part).toContain('Hello Ana Torres: we received your order #12 at Tienda de María.');
      expect(part).toContain('3 × $17.74');
      expect(part).toContain('Transfer $73.25 and write “Order 1');
      for (const fact of ['Bank transfer details', 'Savings', 'Account holder', 'Order 12', 'Delivery address', 'View my order']) expect(part.toLowerCase()).toContain(fact.toLowerCase());
      expect(part).not.toMatch(/Pedido|Envío|Banco:/);
    }
    expect(mail.text).toContain('Total: $73.25');
  });

  it('shows no account once the order is paid, and says how to pay otherwise', async () => {
    const paid = await renderShopperMail('ana@example.com', order({ bank: null, message: { kind: 'status', status: 'paid', note: '' } }));
    expect(paid.subject).toBe('Pago confirmado: pedido #12');
    expect(paid.text).not.toContain('2200123456');
    const cash = await renderShopperMail('ana@example.com', order({ bank: null, order: { ...order().order, paymentMethod: 'cash_on_delivery' } }));
    expect(cash.text).toContain('Pagas en efectivo cuando recibes tu pedido.');
    const gateway = await renderShopperMail('ana@example.com', order({ bank: null, order: { ...order().order, paymentMethod: 'payphone' } }));
    expect(gateway.text).toContain('hazlo con PayPhone: tarjeta o app PayPhone desde la página de tu pedido');
    const unset = await renderShopperMail('ana@example.com', order({ bank: { name: '', accountType: '', accountNumber: '', holder: '' } }));
    expect(unset.text).toContain('Escríbele a la tienda para recibir los datos de la cuenta.');
    expect(unset.text).not.toContain('Referencia:');
  });
});

describe("an order's other e-mails", () => {
  it('a shipped order names its carriers and links their tracking, only through web addresses', async () => {
    const shipments = [
      { carrierLabel: 'Servientrega', trackingNumber: 'SE123', trackingUrl: 'https://www.servientrega.com.ec/Tracking/?guia=SE123&tipo=GUIA' },
      { carrierLabel: 'Otra', trackingNumber: 'X-9', trackingUrl: 'javascript:alert(1)' },
    ];
    const mail = await renderShopperMail('ana@example.com', order({ bank: null, shipments, message: { kind: 'status', status: 'shipped', note: 'Llega el martes.\nGracias.' } }));
    expect(mail.subject).toBe('Tu pedido #12 va en camino');
    expect(mail.html).toContain('href="https://www.servientrega.com.ec/Tracking/?guia=SE123&amp;tipo=GUIA"');
    expect(mail.html).not.toContain('javascript:');
    expect(seen(mail.html)).toContain('Servientrega: guía SE123 Seguir el envío');
    expect(seen(mail.html)).toContain('Otra: guía X-9');
    expect(mail.html).toContain('Llega el martes.<br/>Gracias.');
    expect(mail.text).toContain('SEGUIMIENTO\nServientrega: guía SE123\nSeguir el envío: https://www.servientrega.com.ec/Tracking/?guia=SE123&tipo=GUIA\nOtra: guía X-9\n');
    expect(mail.text).toContain('Nota de la tienda:\nLlega el martes.\nGracias.');
  });

  it('a pickup order says where to collect it instead of an address', async () => {
    const mail = await renderShopperMail('ana@example.com', order({ bank: null, pickup: true, message: { kind: 'status', status: 'shipped', note: '' } }));
    expect(mail.subject).toBe('Tu pedido #12 está listo para retirar');
    for (const part of [seen(mail.html), mail.text]) {
      expect(part).toContain('Retiro en la tienda');
      expect(part).toContain('Tienda de María: Av. 6 de Diciembre N24-253, Quito');
      expect(part).not.toContain('Av. Amazonas N34-120');
    }
  });

  it('a refund and a rejected receipt say what happened, and the refund shows in the totals', async () => {
    const refund = await renderShopperMail('ana@example.com', order({ bank: null, order: { ...order().order, refundedCents: 1774 }, message: { kind: 'refund', amountCents: 1774, reason: 'Talla equivocada', via: 'manual' } }));
    expect(refund.subject).toBe('Reembolso de tu pedido #12');
    expect(refund.text).toContain('Hola, Ana Torres: te reembolsamos $17,74 de tu pedido #12.');
    expect(refund.text).toContain('Motivo: Talla equivocada');
    expect(refund.text).toContain('Total: $73,25\nReembolsado: −$17,74');
    const rejected = await renderShopperMail('ana@example.com', order({ locale: 'en', message: { kind: 'receiptRejected', reason: 'The amount does not match' } }));
    expect(rejected.subject).toBe('Check the receipt of your order #12');
    expect(rejected.text).toContain('Reason: The amount does not match');
    expect(rejected.text).toContain('Account number: 2200123456');
  });
});

describe('hostile words', () => {
  it('stay words in the HTML part: a store, a product, a shopper and a note cannot add markup', async () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
    const mail = await renderShopperMail('ana@example.com', order({
      store: { ...order().store, name: `María ${evil}`, logoUrl: 'javascript:alert(3)' },
      lines: [{ name: `Camiseta ${evil}`, sku: evil, quantity: 1, unitPriceCents: 100 }],
      order: { ...order().order, name: `Ana ${evil}`, address: evil },
      message: { kind: 'status', status: 'cancelled', note: evil },
    }));
    // no tag but the layout's, no handler inside a tag, no script address (the logo's is dropped)
    expect(mail.html).not.toMatch(/<script|<img|<[^>]*onerror|javascript:/i);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#x27;&amp;');
    expect(seen(mail.html)).toContain(`Camiseta ${evil}`);
    // the text part is text: the words as typed
    expect(mail.text).toContain(`Nota de la tienda:\n${evil}`);
    expect(mail.subject).toBe('Tu pedido #12 fue cancelado');
  });
});

describe('the sender', () => {
  it("is the store's name via Tiendabox, answered at the store's contact e-mail, none when it has none", () => {
    expect(shopperSender('es', { name: 'Tienda de María', contactEmail: ' ventas@tiendademaria.ec ' })).toEqual({ fromName: 'Tienda de María via Tiendabox', replyTo: 'ventas@tiendademaria.ec' });
    expect(shopperSender('en', { name: 'Tienda de María', contactEmail: '' })).toEqual({ fromName: 'Tienda de María via Tiendabox' });
    expect(shopperSender('en', { name: 'Tienda de María', contactEmail: 'ventas@tienda.ec, otra@example.com' })).toEqual({ fromName: 'Tienda de María via Tiendabox' });
    expect(shopperSender('es', { name: 'Tienda\r\nBcc: x@example.com', contactEmail: '' }).fromName).toBe('Tienda Bcc: x@example.com via Tiendabox');
  });
});

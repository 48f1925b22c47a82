import { isGatewayMethod } from '#common/enums/payment.ts';
import { storeStyleTokens } from '#common/store-styles.ts';
import { bareAddress } from '#server/mail/mailer.ts';
import { translate } from '#server/modules/shop/shop-text.ts';
import type { Locale } from '#common/locale.ts';
import type { ShopperMailData, ShopperMailLine } from './shopper-mail-data.ts';

// A shopper's e-mail as words, in the order's language: what both parts say, the HTML part
// (shopper-mail-html.ts) and the plain-text part (shopper-mail-text.ts), decided once here so the two
// can never tell different things.

export type Fact = { label: string; value: string };
export type Tracked = { text: string; url: string | null };
export type ContentLine = { name: string; sku: string; each: string; total: string };

export type ShopperMailContent = {
  lang: string;
  subject: string;
  /** The line a mail client shows beside the subject (and, without CSS, above the mail: not a copy of its first words). */
  preview: string;
  store: { name: string; logoUrl: string | null; colors: MailColors };
  heading: string;
  paragraphs: string[];
  note: { label: string; text: string } | null;
  /** How to pay: words, the account's facts (a transfer), and what to do after. */
  payment: { title: string; paragraphs: string[]; facts: Fact[]; after: string[] } | null;
  tracking: { title: string; items: Tracked[]; linkLabel: string } | null;
  action: { label: string; url: string };
  /** The lines and their totals; `note`, a word under the totals (a cart's prices before IVA). */
  summary: { title: string; lines: ContentLine[]; totals: (Fact & { grand?: boolean })[]; note?: string };
  /** Where it goes: an order's address or pickup; null for a cart, which has none yet. */
  delivery: { title: string; lines: string[] } | null;
  footer: string[];
};

/** The store's colours on a mail's white page: its button, and ink and links that read on white. */
export type MailColors = { accent: string; onAccent: string; ink: string; link: string };

export function mailColors(style: number): MailColors {
  const tokens = storeStyleTokens(style);
  const { primary, onPrimary, text, link } = tokens.colors;
  // The dark style's text and links are light, made for its dark page: on white, its amber darkened.
  return tokens.name === 'dark' ? { accent: primary, onAccent: onPrimary, ink: '#141414', link: '#8f5b00' } : { accent: primary, onAccent: onPrimary, ink: text, link };
}

/** Only web addresses become links: a carrier's link typed by an owner could say anything. */
export function webAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Lines as the cart shows them (decision 096): the unit before IVA × the quantity, and what they multiply to. */
export function contentLines(locale: Locale, lines: readonly ShopperMailLine[]): ContentLine[] {
  const tr = translate(locale);
  return lines.map((line) => ({
    name: line.name,
    sku: line.sku,
    each: tr.t(tr.texts.mail.lineQuantity, { quantity: String(line.quantity), unit: tr.money(line.unitPriceCents) }),
    total: tr.money(line.unitPriceCents * line.quantity),
  }));
}

const GATEWAY_NAMES: Record<string, string> = { payphone: 'PayPhone', paypal: 'PayPal' };

export function shopperMailContent(data: ShopperMailData): ShopperMailContent {
  const tr = translate(data.locale);
  const { cart, mail } = tr.texts;
  const { order, store, message } = data;
  const values = { number: String(order.number), store: store.name, name: order.name };
  const money = tr.money;

  let subject: string;
  let heading: string;
  const paragraphs: string[] = [];
  let note: ShopperMailContent['note'] = null;
  let payment: ShopperMailContent['payment'] = null;
  let tracking: ShopperMailContent['tracking'] = null;

  const bankBlock = (): NonNullable<ShopperMailContent['payment']> => {
    const bank = data.bank!;
    const accountType = (cart.accountTypes as Record<string, string>)[bank.accountType] ?? '';
    const account = [
      { label: cart.bank, value: bank.name },
      { label: cart.accountType, value: accountType },
      { label: cart.accountNumber, value: bank.accountNumber },
      { label: cart.accountHolder, value: bank.holder },
    ].filter((fact) => fact.value !== '');
    const facts = account.length ? [...account, { label: mail.amount, value: money(order.totalCents) }, { label: mail.reference, value: tr.t(mail.referenceValue, values) }] : [];
    return {
      title: cart.transferTitle,
      paragraphs: [tr.t(cart.transferHint, { amount: money(order.totalCents), number: String(order.number) })],
      facts,
      after: [account.length ? mail.sendReceipt : mail.noBankDetails],
    };
  };

  switch (message.kind) {
    case 'confirmation': {
      subject = tr.t(mail.confirmation.subject, values);
      heading = mail.confirmation.heading;
      paragraphs.push(tr.t(mail.confirmation.intro, values));
      // A transfer shows the account only while it waits for the money (the loader's `bank`).
      if (data.bank) payment = bankBlock();
      else if (order.paymentMethod !== 'bank_transfer') {
        const how = isGatewayMethod(order.paymentMethod)
          ? tr.t(cart.payByGateway, { method: (cart.methods as Record<string, string>)[order.paymentMethod] ?? GATEWAY_NAMES[order.paymentMethod]! })
          : cart.payOnDelivery;
        payment = { title: cart.paymentMethod, paragraphs: [how], facts: [], after: [] };
      }
      break;
    }
    case 'status': {
      const texts = message.status === 'shipped' && message.partial ? mail.status.partlyShipped : message.status === 'shipped' && data.pickup ? mail.status.ready : mail.status[message.status];
      subject = tr.t(texts.subject, values);
      heading = texts.heading;
      paragraphs.push(tr.t(texts.intro, values));
      if (message.status === 'cancelled' && order.paymentState === 'expired') paragraphs.push(mail.expired);
      if (message.note.trim()) note = { label: mail.note, text: message.note.trim() };
      const shipments = message.status === 'shipped' ? (data.shipments ?? []) : [];
      if (shipments.length) {
        tracking = {
          title: mail.tracking,
          linkLabel: mail.track,
          items: shipments.map((shipment) => ({ text: tr.t(mail.trackingNumber, { carrier: shipment.carrierLabel, number: shipment.trackingNumber }), url: webAddress(shipment.trackingUrl) })),
        };
      }
      break;
    }
    case 'note': {
      subject = tr.t(mail.ownerNote.subject, values);
      heading = mail.ownerNote.heading;
      paragraphs.push(tr.t(mail.ownerNote.intro, values));
      note = { label: mail.note, text: message.note.trim() };
      break;
    }
    case 'refund': {
      const method = isGatewayMethod(order.paymentMethod) ? GATEWAY_NAMES[order.paymentMethod]! : ((cart.methods as Record<string, string>)[order.paymentMethod] ?? order.paymentMethod);
      subject = tr.t(mail.refund.subject, values);
      heading = mail.refund.heading;
      paragraphs.push(tr.t(mail.refund.intro, { ...values, amount: money(message.amountCents) }), tr.t(message.via === 'gateway' ? mail.refund.gateway : mail.refund.manual, { method }));
      if (message.reason.trim()) paragraphs.push(tr.t(mail.reason, { reason: message.reason.trim() }));
      break;
    }
    case 'document': {
      subject = message.subject;
      heading = message.subject;
      paragraphs.push(...message.paragraphs);
      break;
    }
    case 'receiptRejected': {
      subject = tr.t(mail.receiptRejected.subject, values);
      heading = mail.receiptRejected.heading;
      paragraphs.push(tr.t(mail.receiptRejected.intro, values));
      if (message.reason.trim()) paragraphs.push(tr.t(mail.reason, { reason: message.reason.trim() }));
      paragraphs.push(mail.receiptRejected.again);
      if (data.bank) payment = bankBlock();
      break;
    }
  }

  const shippingName = data.shippingName?.trim() ?? '';
  const totals: ShopperMailContent['summary']['totals'] = [
    { label: cart.subtotal, value: money(order.subtotalCents) },
    ...(order.discountCents > 0 ? [{ label: order.couponCode ? `${cart.discount} (${order.couponCode})` : cart.discount, value: `−${money(order.discountCents)}` }] : []),
    {
      label: data.pickup ? mail.pickup : shippingName ? tr.t(mail.shippingNamed, { name: shippingName }) : cart.shipping,
      value: order.shippingCents === 0 ? cart.shippingFree : money(order.shippingCents),
    },
    { label: cart.tax, value: money(order.taxCents) },
    { label: cart.total, value: money(order.totalCents), grand: true },
    ...(order.refundedCents > 0 ? [{ label: mail.refunded, value: `−${money(order.refundedCents)}` }] : []),
  ];

  const place = [...new Set([order.city, order.canton ?? '', order.province].map((part) => part.trim()).filter(Boolean))].join(', ');
  const delivery = data.pickup
    ? { title: mail.pickup, lines: [mail.pickupHint, ...(store.address.trim() ? [`${store.name}: ${store.address.trim()}`] : [])] }
    : { title: mail.deliverTo, lines: [order.name, order.address, place, order.phone, ...(shippingName ? [tr.t(mail.shippingMethod, { name: shippingName })] : [])].map((line) => line.trim()).filter(Boolean) };

  const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
  return {
    lang: data.locale === 'es' ? 'es-EC' : 'en-US',
    subject: plain(subject),
    preview: tr.t(mail.preview, { number: String(order.number), total: money(order.totalCents) }),
    store: { name: store.name, logoUrl: webAddress(store.logoUrl), colors: mailColors(store.style) },
    heading,
    paragraphs,
    note,
    payment,
    tracking,
    action: { label: mail.action, url: data.orderUrl },
    summary: {
      title: tr.t(mail.orderOf, { number: String(order.number), date: tr.date(order.createdAt) }),
      lines: contentLines(data.locale, data.lines),
      totals,
    },
    delivery,
    footer: [tr.t(mail.footer, values), ...(bareAddress(store.contactEmail) ? [mail.replyHint] : []), tr.t(mail.sentBy, values)],
  };
}

import type { Locale } from '#common/locale.ts';
import { bareAddress } from '#server/mail/mailer.ts';
import { translate } from '#server/modules/shop/shop-text.ts';
import { contentLines, mailColors, type ShopperMailContent, webAddress } from './shopper-mail-content.ts';
import type { ShopperMailData, ShopperMailLine } from './shopper-mail-data.ts';

// A shopper's e-mail about a cart, not an order: the abandoned cart's reminder (issue 40 §6,
// decision 094). The same layout and parts as an order's mail (shopper-mail-html.ts and -text.ts
// draw it): the store's name, logo and colours, the lines as the cart shows them (decision 096:
// before IVA, unit × quantity), a button; no order's totals, payment or address, which a cart has
// not got yet — its subtotal before IVA, and a word that the rest is reckoned at checkout.

export type CartMailData = {
  locale: Locale;
  store: Omit<ShopperMailData['store'], 'address'>;
  lines: readonly ShopperMailLine[];
  /** The link that brings the cart back, absolute (it carries the reminder's token). */
  restoreUrl: string;
  /** How long the link works. */
  linkDays: number;
};

export function cartMailContent(data: CartMailData): ShopperMailContent {
  const tr = translate(data.locale);
  const texts = tr.texts.cartReminder;
  const { mail } = tr.texts;
  const store = { store: data.store.name };
  const subtotal = tr.money(data.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0));
  return {
    lang: data.locale === 'es' ? 'es-EC' : 'en-US',
    subject: tr.t(texts.mailSubject, store).replace(/\s+/g, ' ').trim(),
    preview: tr.t(texts.mailPreview, { amount: subtotal }),
    store: { name: data.store.name, logoUrl: webAddress(data.store.logoUrl), colors: mailColors(data.store.style) },
    heading: texts.mailHeading,
    paragraphs: [tr.t(texts.mailIntro, store), tr.t(texts.mailExpiry, { days: data.linkDays })],
    note: null,
    payment: null,
    tracking: null,
    action: { label: texts.mailAction, url: data.restoreUrl },
    summary: { title: texts.mailCart, lines: contentLines(data.locale, data.lines), totals: [{ label: tr.texts.cart.subtotal, value: subtotal, grand: true }], note: texts.mailTotal },
    delivery: null,
    footer: [tr.t(texts.mailWhy, store), ...(bareAddress(data.store.contactEmail) ? [mail.replyHint] : []), tr.t(mail.sentBy, store)],
  };
}

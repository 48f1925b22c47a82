import type { Locale } from '#common/locale.ts';
import { translate } from '#server/modules/shop/shop-text.ts';
import { bareAddress, headerName, type OutgoingMail } from '#server/mail/mailer.ts';
import { type CartMailData, cartMailContent } from './shopper-mail-cart.ts';
import { type ShopperMailContent, shopperMailContent } from './shopper-mail-content.ts';
import type { ShopperMailData } from './shopper-mail-data.ts';
import { shopperMailText } from './shopper-mail-text.ts';

// Every e-mail a shopper gets about an order (issue 40 §5, decision 093): the confirmation with how
// to pay, each move of the order, a refund, a rejected receipt. One layout for all: the lines, the
// totals, the delivery, the way to the order page; an HTML part and a plain-text part; in the
// order's language; sent in the store's name. A cart's reminder is drawn in the same layout
// (shopper-mail-cart.ts).

/**
 * The store as sender: "Tienda de María via Tiendabox" from the app's own address (the mailer
 * keeps MAIL_FROM's), answers to the store's contact e-mail when it has one. Any shopper e-mail of
 * a store goes out this way, this module's or not (the SRI buyer's copy).
 */
export function shopperSender(locale: Locale, store: { name: string; contactEmail: string }): Pick<OutgoingMail, 'fromName' | 'replyTo'> {
  const tr = translate(locale);
  const replyTo = bareAddress(store.contactEmail);
  return { fromName: tr.t(tr.texts.mail.fromName, { store: headerName(store.name) }), ...(replyTo ? { replyTo } : {}) };
}

async function mailOf(to: string, content: ShopperMailContent, locale: Locale, store: { name: string; contactEmail: string }): Promise<OutgoingMail> {
  // The HTML's renderer (React Email and html-to-text, ~4 MiB of a process's heap) is loaded with
  // the first message, not at start (decision 101).
  const { shopperMailHtml } = await import('./shopper-mail-html.ts');
  return { to, subject: content.subject, text: shopperMailText(content), html: await shopperMailHtml(content), ...shopperSender(locale, store) };
}

/** The message to `to` about an order, both parts, ready for the mailer. */
export function renderShopperMail(to: string, data: ShopperMailData): Promise<OutgoingMail> {
  return mailOf(to, shopperMailContent(data), data.locale, data.store);
}

/** The message to `to` about a cart (the abandoned cart's reminder), the same way. */
export function renderCartMail(to: string, data: CartMailData): Promise<OutgoingMail> {
  return mailOf(to, cartMailContent(data), data.locale, data.store);
}

import type { Locale } from '#common/locale.ts';
import { translate } from '#server/modules/shop/shop-text.ts';
import { bareAddress, headerName, type OutgoingMail } from '#server/mail/mailer.ts';
import { shopperMailContent } from './shopper-mail-content.ts';
import type { ShopperMailData } from './shopper-mail-data.ts';
import { shopperMailHtml } from './shopper-mail-html.ts';
import { shopperMailText } from './shopper-mail-text.ts';

// Every e-mail a shopper gets about an order (issue 40 §5, decision 093): the confirmation with how
// to pay, each move of the order, a refund, a rejected receipt. One layout for all: the lines, the
// totals, the delivery, the way to the order page; an HTML part and a plain-text part; in the
// order's language; sent in the store's name.

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

/** The message to `to`, both parts, ready for the mailer. */
export async function renderShopperMail(to: string, data: ShopperMailData): Promise<OutgoingMail> {
  const content = shopperMailContent(data);
  return { to, subject: content.subject, text: shopperMailText(content), html: await shopperMailHtml(content), ...shopperSender(data.locale, data.store) };
}

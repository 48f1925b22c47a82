import { isGatewayMethod } from '#common/enums/payment.ts';
import { orderStatus } from '#common/enums/sales-order.ts';
import { translator } from '#common/i18n/all-languages.ts';
import { shopCart as enTexts } from '#common/i18n/en/shop-cart.ts';
import { shopCart as esTexts } from '#common/i18n/es/shop-cart.ts';
import { asLocale, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { subscriber } from '#server/events/events.ts';
import { composeMail, notificationMail } from '#server/mail/templates.ts';
import { orderPath } from '#server/modules/sales/checkout/checkout.service.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import { getStore } from '#server/modules/store/store.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';
import * as orders from './order.repository.ts';

// The shopper's e-mails about their order (issue 38 §3): subscribers of the order's events,
// registered at the composition root. They run in the placing's or the move's transaction and only
// queue the mail (decision 067): the mail server is reached by the job worker, after the commit.
// The order's code — the secret of its page's link — is read from the order here, never carried in
// the event, whose data a webhook hands to an integrator.

/** The order an event names, with its store; null when either is gone (nothing to tell). */
async function orderOf(tx: ServiceDeps, storeId: number, orderId: number | null) {
  if (orderId === null) return null;
  const scope = await staffStoreScope(tx, storeId);
  const order = await orders.findOrder(tx.db, scope, orderId);
  return order ? { scope, order, store: await getStore(tx, scope) } : null;
}

/** The shopper's confirmation of a placed order, in the order's language, with how to pay. */
export const orderConfirmationMail = subscriber('order-confirmation-mail', ['order.created'], async (tx, event) => {
  const found = await orderOf(tx, event.storeId, event.resource.id);
  if (!found) return;
  const { scope, order, store } = found;
  const locale = asLocale(order.locale);
  const texts = locale === 'en' ? enTexts : esTexts;
  const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  const values = { number: order.number, store: store.name, name: order.name, amount: formatMoney(order.totalCents, locale) };
  const payment = order.paymentMethod === 'bank_transfer' ? fill(texts.transferHint, values)
    : isGatewayMethod(order.paymentMethod) ? fill(texts.payByGateway, { method: texts.methods[order.paymentMethod] })
    : texts.payOnDelivery;
  await enqueueJob(tx, {
    kind: 'mail',
    payload: composeMail(order.email, fill(texts.mailSubject, values), [fill(texts.mailGreeting, values), fill(texts.mailTotal, values), payment], {
      label: texts.mailAction,
      url: `${tx.config.publicUrl}${orderPath(locale, scope.slug, order.code)}`,
    }),
  });
});

/** The shopper's e-mail when the owner moves the order on (paid, shipped, delivered, cancelled), with the owner's note. */
export const orderStatusMail = subscriber('order-status-mail', ['order.paid', 'order.shipped', 'order.delivered', 'order.cancelled'], async (tx, event) => {
  const found = await orderOf(tx, event.storeId, event.resource.id);
  if (!found) return;
  const { scope, order, store } = found;
  const locale = asLocale(order.locale);
  const t = translator(locale);
  const status = order.status;
  const note = typeof event.data.note === 'string' ? event.data.note : '';
  const params = { number: order.number, store: store.name, name: order.name, total: formatMoney(order.totalCents, locale), status: String(t(orderStatus.label(status))) };
  const body = [String(t(`order.mail.${status}`, params)), ...(note ? [String(t('order.mail.note', { note }))] : [])].join('\n\n');
  await enqueueJob(tx, {
    kind: 'mail',
    payload: notificationMail(locale, order.email, {
      title: String(t('order.mail.subject', params)),
      body,
      link: `${tx.config.publicUrl}${localizePath(`/shop/${scope.slug}/order?code=${order.code}`, locale)}`,
    }),
  });
});

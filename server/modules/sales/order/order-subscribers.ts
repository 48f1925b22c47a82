import { isGatewayMethod } from '#common/enums/payment.ts';
import { orderStatus } from '#common/enums/sales-order.ts';
import { translator } from '#common/i18n/all-languages.ts';
import { shopCart as enTexts } from '#common/i18n/en/shop-cart.ts';
import { shopCart as esTexts } from '#common/i18n/es/shop-cart.ts';
import { carrierLabel, isCarrier } from '#common/carriers.ts';
import { asLocale, type Locale, localizePath } from '#common/locale.ts';
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

/**
 * A shipment's carrier, tracking number and link as the e-mail's lines (the event's `shipment`,
 * shipment.service.ts). Plain text for now: the store's e-mail templates (issue 40 §5) take the
 * same data (`carrierLabel`, `trackingNumber`, `trackingUrl`).
 */
function trackingLines(shipment: unknown, locale: Locale): string[] {
  if (!shipment || typeof shipment !== 'object') return [];
  const { carrier, trackingNumber, trackingUrl } = shipment as { carrier?: unknown; trackingNumber?: unknown; trackingUrl?: unknown };
  if (!isCarrier(carrier)) return [];
  const t = translator(locale);
  const lines = [String(t('order.mail.carrier', { carrier: carrierLabel(carrier, locale), number: typeof trackingNumber === 'string' && trackingNumber ? trackingNumber : '—' }))];
  if (typeof trackingUrl === 'string' && trackingUrl) lines.push(String(t('order.mail.track', { url: trackingUrl })));
  return lines;
}

/** The shopper's e-mail when the owner moves the order on (paid, shipped, delivered, cancelled), with the owner's note. */
export const orderStatusMail = subscriber('order-status-mail', ['order.paid', 'order.shipped', 'order.delivered', 'order.cancelled'], async (tx, event) => {
  const found = await orderOf(tx, event.storeId, event.resource.id);
  if (!found) return;
  const { scope, order, store } = found;
  const locale = asLocale(order.locale);
  const t = translator(locale);
  // The event's state, not the order's: a partial shipment leaves the order paid (decision 091).
  const moved = event.type.slice('order.'.length);
  const status = orderStatus.is(moved) ? moved : order.status;
  const partial = event.data.partial === true;
  const note = typeof event.data.note === 'string' ? event.data.note : '';
  const params = { number: order.number, store: store.name, name: order.name, total: formatMoney(order.totalCents, locale), status: String(partial ? t('shipment.partlyShipped') : t(orderStatus.label(status))) };
  const body = [String(t(partial ? 'order.mail.partlyShipped' : `order.mail.${status}`, params)), ...trackingLines(event.data.shipment, locale), ...(note ? [String(t('order.mail.note', { note }))] : [])].join('\n\n');
  await enqueueJob(tx, {
    kind: 'mail',
    payload: notificationMail(locale, order.email, {
      title: String(t('order.mail.subject', params)),
      body,
      link: `${tx.config.publicUrl}${localizePath(`/shop/${scope.slug}/order?code=${order.code}`, locale)}`,
    }),
  });
});

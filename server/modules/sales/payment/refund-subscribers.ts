import { translator } from '#common/i18n/all-languages.ts';
import { asLocale, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import { subscriber } from '#server/events/events.ts';
import { notificationMail } from '#server/mail/templates.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import * as orders from '#server/modules/sales/order/order.repository.ts';
import { getStore } from '#server/modules/store/store.service.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';

// The shopper's e-mail about a refund (issue 39 §5): a subscriber of `order.refunded`, registered at
// the composition root. It runs in the refund's completing transaction and only queues the mail
// (decision 067); the order's code, the secret of its page's link, is read from the order here,
// never carried in the event, whose data a webhook hands to an integrator.

export const orderRefundMail = subscriber('order-refund-mail', ['order.refunded'], async (tx, event) => {
  if (event.resource.id === null) return;
  const scope = await staffStoreScope(tx, event.storeId);
  const order = await orders.findOrder(tx.db, scope, event.resource.id);
  if (!order) return;
  const store = await getStore(tx, scope);
  const locale = asLocale(order.locale);
  const t = translator(locale);
  const amountCents = typeof event.data.amountCents === 'number' ? event.data.amountCents : 0;
  const reason = typeof event.data.reason === 'string' ? event.data.reason : '';
  const method = String(t(`order.payment.${order.paymentMethod}` as 'order.payment.bank_transfer'));
  const params = { store: store.name, number: order.number, name: order.name, amount: formatMoney(amountCents, locale), method, reason };
  const how = event.data.kind === 'gateway' ? 'payment.refund.mail.gateway' : 'payment.refund.mail.manual';
  const body = [t('payment.refund.mail.body', params), t(how, params), ...(reason ? [t('payment.refund.mail.reason', params)] : [])].map(String).join('\n\n');
  await enqueueJob(tx, {
    kind: 'mail',
    payload: notificationMail(locale, order.email, {
      title: String(t('payment.refund.mail.subject', params)),
      body,
      link: `${tx.config.publicUrl}${localizePath(`/shop/${scope.slug}/order?code=${order.code}`, locale)}`,
    }),
  });
});

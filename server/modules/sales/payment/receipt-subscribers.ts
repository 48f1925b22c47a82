import { subscriber } from '#server/events/events.ts';
import { notify } from '#server/modules/notification/notification.service.ts';
import { queueShopperMail } from '#server/modules/sales/shopper-mail/shopper-mail.service.ts';
import { getStore } from '#server/modules/store/store.service.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';

// Who hears of a transfer receipt (issue 39 §4), registered at the composition root: the owner,
// when a shopper sends one (or a gateway's payment is flagged); the shopper, when the owner rejects it. Both run in the emitting
// transaction and only write (a notice, a queued mail): the mail leaves with the job worker
// (the shopper's drawn by shopper-mail.service.ts).

/**
 * The owner's bell, and their e-mail if they chose order news (`order_received`), as for a new
 * order (newOrderNotice): the notice's `receipt` context gives its own words, and links to the order.
 */
export const receiptSubmittedNotice = subscriber('receipt-submitted-notice', ['payment.receipt_submitted'], async (tx, event) => {
  const store = await getStore(tx, await staffStoreScope(tx, event.storeId));
  await notify(tx, { userId: store.userId, kind: 'order_received', params: { number: Number(event.data.number), context: 'receipt' }, link: `/sales/order/show?id=${event.resource.id}` });
});

/**
 * The owner's bell (and e-mail, as for order news) when a gateway's word did not match its attempt,
 * or money came for an order that no longer waited for it (issue 39 §2: "flagged to the owner").
 */
export const paymentFlaggedNotice = subscriber('payment-flagged-notice', ['payment.flagged'], async (tx, event) => {
  const store = await getStore(tx, await staffStoreScope(tx, event.storeId));
  await notify(tx, { userId: store.userId, kind: 'order_received', params: { number: Number(event.data.number), context: 'flagged' }, link: `/sales/order/show?id=${event.resource.id}` });
});

/** The shopper's e-mail with the owner's reason, in the order's language, and the way back to send another. */
export const receiptRejectedMail = subscriber('receipt-rejected-mail', ['payment.receipt_rejected'], async (tx, event) => {
  if (event.resource.id === null) return;
  await queueShopperMail(tx, event.storeId, event.resource.id, { kind: 'receiptRejected', reason: String(event.data.reason ?? '') });
});

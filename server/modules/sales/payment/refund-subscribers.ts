import { subscriber } from '#server/events/events.ts';
import { queueShopperMail } from '#server/modules/sales/shopper-mail/shopper-mail.service.ts';

// The shopper's e-mail about a refund (issue 39 §5, issue 40 §5): a subscriber of `order.refunded`,
// registered at the composition root. It runs in the refund's completing transaction and only
// queues the mail (decision 067), with the refund's amount and reason; shopper-mail.service.ts draws it.

export const orderRefundMail = subscriber('order-refund-mail', ['order.refunded'], async (tx, event) => {
  if (event.resource.id === null) return;
  await queueShopperMail(tx, event.storeId, event.resource.id, {
    kind: 'refund',
    amountCents: typeof event.data.amountCents === 'number' ? event.data.amountCents : 0,
    reason: typeof event.data.reason === 'string' ? event.data.reason : '',
    via: event.data.kind === 'gateway' ? 'gateway' : 'manual',
  });
});

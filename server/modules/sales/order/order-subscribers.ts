import { subscriber } from '#server/events/events.ts';
import { queueShopperMail } from '#server/modules/sales/shopper-mail/shopper-mail.service.ts';

// The shopper's e-mails about their order (issue 38 §3, issue 40 §5): subscribers of the order's
// events, registered at the composition root. They run in the placing's or the move's transaction
// and only queue the mail (decision 067); shopper-mail.service.ts draws it from the order when it leaves.

/** The shopper's confirmation of a placed order, in the order's language, with how to pay. */
export const orderConfirmationMail = subscriber('order-confirmation-mail', ['order.created'], async (tx, event) => {
  if (event.resource.id === null) return;
  await queueShopperMail(tx, event.storeId, event.resource.id, { kind: 'confirmation' });
});

/** The owner's note to the shopper (issue 40 §3), in the store's e-mail with the order beneath it. */
export const orderNoteMail = subscriber('order-note-mail', ['order.note_sent'], async (tx, event) => {
  if (event.resource.id === null) return;
  const note = typeof event.data.note === 'string' ? event.data.note : '';
  await queueShopperMail(tx, event.storeId, event.resource.id, { kind: 'note', note });
});

const MOVES = { 'order.paid': 'paid', 'order.shipped': 'shipped', 'order.delivered': 'delivered', 'order.cancelled': 'cancelled' } as const;

/** The shopper's e-mail when the owner moves the order on (paid, shipped, delivered, cancelled), with the owner's note. */
export const orderStatusMail = subscriber('order-status-mail', ['order.paid', 'order.shipped', 'order.delivered', 'order.cancelled'], async (tx, event) => {
  if (event.resource.id === null) return;
  const note = typeof event.data.note === 'string' ? event.data.note : '';
  // A shipment's event names its parcel, and says whether units are left (shipment.service.ts).
  const shipment = event.data.shipment as { id?: unknown } | undefined;
  const shipmentId = typeof shipment?.id === 'number' ? shipment.id : undefined;
  await queueShopperMail(tx, event.storeId, event.resource.id, { kind: 'status', status: MOVES[event.type as keyof typeof MOVES], note, ...(shipmentId === undefined ? {} : { shipmentId }), partial: event.data.partial === true });
});

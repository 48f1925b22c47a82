import { subscriber } from '#server/events/events.ts';
import type { Chore } from '#server/modules/job/job.service.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';
import { forgetStaleCarts, remindAbandonedCarts } from './abandoned-cart-reminder.ts';
import { closeCartForOrder } from './abandoned-cart.service.ts';

// Abandoned carts' chores and subscriber, wired at the composition root (server/composition.ts).

/** Hourly and at start-up: the reminders that are due, then the carts kept past their time. */
export const abandonedCartChores: readonly Chore[] = [remindAbandonedCarts, forgetStaleCarts];

/**
 * A placed order closes its shopper's kept cart in the placing's own transaction, so no reminder
 * can follow it (the chore's conditional update skips a closed cart); after the reminder it is
 * counted as recovered.
 */
export const abandonedCartClosed = subscriber('abandoned-cart-closed', ['order.created'], async (tx, event) => {
  const email = typeof event.data.email === 'string' ? event.data.email : '';
  if (event.resource.id === null || email === '') return;
  await closeCartForOrder(tx, await staffStoreScope(tx, event.storeId), { email, orderId: event.resource.id });
});

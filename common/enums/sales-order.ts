import { defineEnum } from './define-enum.ts';

// An order's life (PRODUCT §5, §6): waiting yellow, paid indigo, travelling blue, done green, void gray.
export const orderStatus = defineEnum('orderStatus', ['pending', 'paid', 'shipped', 'delivered', 'cancelled'], {
  labels: 'order.status',
  colors: { pending: 'yellow', paid: 'indigo', shipped: 'blue', delivered: 'green', cancelled: 'gray' },
});

/**
 * Where an order may go from each state. Cancelling is allowed while the goods are still in the
 * store (pending or paid): once shipped the parcel is with the carrier, and undoing it is a return,
 * not a cancellation — the stock would come back before the goods do (decision 058).
 */
export const ORDER_NEXT = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
} as const satisfies Record<(typeof orderStatus.values)[number], readonly (typeof orderStatus.values)[number][]>;

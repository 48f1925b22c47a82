import { defineEnum } from './define-enum.ts';

// Getting paid (issue 39, decision 089). How a shopper pays, and where a payment stands.

/** The ways a store takes money; the two gateways are common to payment-provider.ts's GATEWAYS. */
export const paymentMethod = defineEnum('paymentMethod', ['cash_on_delivery', 'bank_transfer', 'payphone', 'paypal'], { labels: 'order.payment' });

/** Methods whose money a gateway confirms, server to server: never the owner's hand. */
export const GATEWAY_METHODS = ['payphone', 'paypal'] as const;
export const isGatewayMethod = (method: string): method is (typeof GATEWAY_METHODS)[number] => (GATEWAY_METHODS as readonly string[]).includes(method);

/**
 * A payment's life: `pending` until the shopper pays or the owner confirms, `authorized` while a
 * gateway holds the money but has not settled it, then `paid`, `failed` (declined; the shopper may
 * try again), `expired` (never paid in time), and after refunds `partially_refunded` or `refunded`.
 */
export const paymentState = defineEnum('paymentState', ['pending', 'authorized', 'paid', 'failed', 'expired', 'partially_refunded', 'refunded'], {
  labels: 'payment.state',
  colors: { pending: 'yellow', authorized: 'blue', paid: 'green', failed: 'red', expired: 'gray', partially_refunded: 'orange', refunded: 'violet' },
});

/** States in which money was taken: refunds are reckoned against them. */
export const MONEY_TAKEN = ['paid', 'partially_refunded', 'refunded'] as const;

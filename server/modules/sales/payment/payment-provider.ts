// What every payment gateway module implements (issue 39 §1, decision 089). The payment layer
// (payment.service.ts) owns the records, the states and the one funnel every outcome passes
// through; a provider only speaks its gateway's protocol, server to server. Adding a gateway is
// one module in ./providers/ implementing this, one line in ./providers/registry.ts, and its
// settings' fields (`fields`), which the payments screen draws.

/** The gateways a store may switch on; cash on delivery and bank transfer are not gateways. */
export const GATEWAYS = ['payphone', 'paypal'] as const;
export type Gateway = (typeof GATEWAYS)[number];

/** A store's settings for one gateway, opened from their sealed form only to talk to the gateway. */
export type GatewayCredentials = Record<string, string>;

/** Sandbox (the gateway's test environment) or live. */
export type GatewayEnvironment = 'sandbox' | 'live';

/** What a gateway is told of the order, in integer cents (USD). */
export type PaymentOrder = {
  storeId: number;
  orderId: number;
  number: number;
  storeName: string;
  email: string;
  phone: string;
  /** The order's total: what the gateway must charge and confirm, to the cent. */
  totalCents: number;
  /** IVA charged (lines and shipping). */
  taxCents: number;
  /** The taxed base (lines and shipping whose IVA is over 0 %), and the base at 0 % / exempt / not subject. */
  taxedBaseCents: number;
  untaxedBaseCents: number;
  locale: 'es' | 'en';
};

/** One attempt as the layer keeps it. */
export type PaymentAttempt = {
  id: number;
  /** Ours, unique per attempt, ≤ 50 characters: PayPhone's `clientTransactionId`, PayPal's `custom_id`/`invoice_id`. */
  clientTransactionId: string;
  /** The gateway's own id once known (PayPhone's transaction id, PayPal's order id). */
  providerPaymentId: string | null;
  amountCents: number;
  currency: 'USD';
};

/** How to reach the gateway for one store: its settings and the endpoint the server's configuration names. */
export type GatewayContext = {
  credentials: GatewayCredentials;
  environment: GatewayEnvironment;
  /** The gateway's API root for this environment (config: PAYPHONE_API_URL, PAYPAL_API_URL_SANDBOX / _LIVE). */
  apiUrl: string;
  /** Give up on a call after this long (GatewayUnavailable). */
  timeoutMs: number;
};

export type StartContext = GatewayContext & {
  /** Where the gateway sends the shopper back (absolute), and where on cancelling. */
  returnUrl: string;
  cancelUrl: string;
};

/** Where to send the shopper, and the gateway's id of the attempt if it gives one now. */
export type Started = { redirectUrl: string; providerPaymentId: string | null };

/**
 * What the gateway says of an attempt, asked server to server (never read from the browser). The
 * layer compares amount, currency and ids with the attempt before it believes `paid`.
 */
export type Outcome = {
  state: 'paid' | 'failed' | 'pending';
  amountCents: number | null;
  currency: string | null;
  providerPaymentId: string | null;
  clientTransactionId: string | null;
  /** The gateway's own status words, kept for the owner ("Approved", "Canceled", "COMPLETED"…). */
  providerStatus: string;
  /** Anything else worth keeping (authorization code, capture id for a later refund, last digits). */
  details?: Record<string, string>;
};

/** A gateway's answer to a refund. */
export type RefundDone = { providerRefundId: string; providerStatus: string };

/** A gateway that could not be reached or answered out of its protocol: the layer retries later, changes nothing. */
export class GatewayUnavailable extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'GatewayUnavailable';
    this.status = status;
  }
}

/** The gateway refused the request for a reason it gave (bad credentials, a refund it will not make). */
export class GatewayRefused extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  constructor(message: string, status?: number, code?: string) {
    super(message);
    this.name = 'GatewayRefused';
    this.status = status;
    this.code = code;
  }
}

/** A settings field of a gateway, drawn on /store/payments. Secret ones are sealed and never shown again. */
export type GatewayField = { name: string; secret: boolean; label: { es: string; en: string }; help: { es: string; en: string }; maxLength: number; pattern?: RegExp };

export interface PaymentProvider {
  readonly id: Gateway;
  readonly fields: readonly GatewayField[];
  /** Registers the attempt with the gateway (PayPhone's Prepare, PayPal's create order). */
  start(context: StartContext, order: PaymentOrder, attempt: PaymentAttempt): Promise<Started>;
  /**
   * Settles the attempt after the shopper's return or a callback: PayPhone's Confirm, PayPal's
   * capture. `returned` holds what the return address carried (ids), which the provider uses only to
   * ask the gateway; it is never believed on its own. Asking twice must be harmless.
   */
  confirm(context: GatewayContext, attempt: PaymentAttempt, returned: Record<string, string>): Promise<Outcome>;
  /** The attempt's outcome without settling anything new (the expiry job asks before expiring). */
  lookup(context: GatewayContext, attempt: PaymentAttempt & { details: Record<string, string> }): Promise<Outcome>;
  /**
   * Refunds `amountCents` of a paid attempt (whole or part, as the gateway allows). `refundKey` is
   * ours, one per refund: a gateway that takes an idempotency key gets it, so a retry after a lost
   * answer is the same refund, not a second one.
   */
  refund(context: GatewayContext, attempt: PaymentAttempt & { details: Record<string, string> }, amountCents: number, refundKey: string): Promise<RefundDone>;
}

import type { Order, OrderRequest } from '@paypal/paypal-server-sdk';
import {
  type GatewayContext,
  GatewayRefused,
  GatewayUnavailable,
  type Outcome,
  type PaymentProvider,
} from '#server/modules/sales/payment/payment-provider.ts';
import { type PayPalApi, withPayPal } from './paypal-connection.ts';

// PayPal (issue 39 §3) through PayPal's official server SDK, Orders v2: create an order with intent
// CAPTURE, send the shopper to its approval link, capture it once they are back, refund the capture
// through Payments v2. Only PayPal's word, asked server to server, settles anything: the `token` the
// return address carries is compared with the order id we keep and never used on its own.
// * Create order: https://developer.paypal.com/docs/api/orders/v2/#orders_create
// * Capture: https://developer.paypal.com/docs/api/orders/v2/#orders_capture
// * Show order: https://developer.paypal.com/docs/api/orders/v2/#orders_get
// * Refund a capture: https://developer.paypal.com/docs/api/payments/v2/#captures_refund
// * Idempotency (PayPal-Request-Id): https://developer.paypal.com/api/rest/reference/idempotency/

/** 1234 → "12.34": PayPal's `money.value`, two decimals for USD. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`PayPal amounts are positive whole cents, not ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "12.34" → 1234; null for anything that is not a non-negative amount with at most two decimals. */
export function valueToCents(value: string | undefined): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// A capture these issues refuse took no money: the attempt failed (the shopper may start another).
// https://developer.paypal.com/docs/api/orders/v2/#orders_capture (422 details)
const DECLINES = new Set(['INSTRUMENT_DECLINED', 'PAYER_CANNOT_PAY', 'PAYER_ACCOUNT_LOCKED_OR_CLOSED', 'PAYER_ACCOUNT_RESTRICTED', 'TRANSACTION_REFUSED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING', 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED']);

const PAID_CAPTURES = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
const FAILED_CAPTURES = new Set(['DECLINED', 'FAILED']);

/** What an order says of the attempt: the first purchase unit and its first capture (we create one of each). */
function outcomeOf(order: Order): Outcome {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const orderStatus = order.status ?? 'UNKNOWN';
  const money = capture?.amount ?? unit?.amount;
  const details: Record<string, string> = { orderStatus };
  if (capture?.id) details.captureId = capture.id;
  if (capture?.status) details.captureStatus = capture.status;
  if (order.payer?.payerId) details.payerId = order.payer.payerId;
  const captureStatus = capture?.status ?? '';
  const state: Outcome['state'] = capture
    ? PAID_CAPTURES.has(captureStatus) ? 'paid' : FAILED_CAPTURES.has(captureStatus) ? 'failed' : 'pending'
    : orderStatus === 'VOIDED' ? 'failed' : 'pending';
  return {
    state,
    amountCents: valueToCents(money?.value),
    currency: money?.currencyCode ?? null,
    providerPaymentId: order.id ?? null,
    clientTransactionId: capture?.customId ?? unit?.customId ?? null,
    // The capture's status is the payment's (COMPLETED, DECLINED, PENDING…); before it, the order's.
    providerStatus: capture?.status ?? orderStatus,
    details,
  };
}

const noAnswer = (providerPaymentId: string | null, providerStatus: string, state: Outcome['state'], details?: Record<string, string>): Outcome => ({
  state,
  amountCents: null,
  currency: null,
  providerPaymentId,
  clientTransactionId: null,
  providerStatus,
  ...(details ? { details } : {}),
});

async function showOrder(context: GatewayContext, id: string): Promise<Outcome> {
  return outcomeOf(await withPayPal(context, async ({ orders }) => (await orders.getOrder({ id })).result));
}

export const paypalProvider: PaymentProvider = {
  id: 'paypal',
  fields: [
    {
      name: 'clientId',
      secret: true,
      label: { es: 'Client ID de PayPal', en: 'PayPal client ID' },
      help: {
        es: 'En developer.paypal.com → Apps & Credentials, el Client ID de tu app REST (de Sandbox para pruebas, de Live para cobrar).',
        en: 'At developer.paypal.com → Apps & Credentials, your REST app’s client ID (Sandbox to test, Live to get paid).',
      },
      maxLength: 128,
      pattern: /^[A-Za-z0-9_-]+$/,
    },
    {
      name: 'clientSecret',
      secret: true,
      label: { es: 'Secret de PayPal', en: 'PayPal secret' },
      help: {
        es: 'El Secret de la misma app REST. Se guarda cifrado y no se vuelve a mostrar.',
        en: 'The same REST app’s secret. It is kept encrypted and never shown again.',
      },
      maxLength: 128,
      pattern: /^[A-Za-z0-9_-]+$/,
    },
  ],

  async start(context, order, attempt) {
    const body = ({ CheckoutPaymentIntent, PaypalExperienceUserAction, PaypalWalletContextShippingPreference }: PayPalApi['sdk']): OrderRequest => ({
      intent: CheckoutPaymentIntent.Capture,
      purchaseUnits: [
        {
          referenceId: `order-${order.number}`,
          amount: { currencyCode: attempt.currency, value: centsToValue(attempt.amountCents) },
          // Ours, unique per attempt: how a capture, a report or a refund is matched to the attempt.
          customId: attempt.clientTransactionId,
          invoiceId: attempt.clientTransactionId,
        },
      ],
      // experience_context under payment_source.paypal, where PayPal now wants it (application_context
      // is deprecated): PayPal answers PAYER_ACTION_REQUIRED with a `payer-action` link.
      paymentSource: {
        paypal: {
          experienceContext: {
            brandName: order.storeName.slice(0, 127) || undefined,
            // PayPal's BCP-47 codes for Ecuador: https://developer.paypal.com/api/rest/reference/locale-codes/
            locale: order.locale === 'es' ? 'es-EC' : 'en-EC',
            // The store already has the address from its checkout.
            shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
            userAction: PaypalExperienceUserAction.PayNow,
            returnUrl: context.returnUrl,
            cancelUrl: context.cancelUrl,
          },
        },
      },
    });
    const created = await withPayPal(context, async ({ orders, sdk }) => (await orders.createOrder({ body: body(sdk), paypalRequestId: attempt.clientTransactionId })).result);
    const link = created.links?.find((candidate) => candidate.rel === 'payer-action' || candidate.rel === 'approve');
    if (!created.id || !link) throw new GatewayUnavailable('PayPal: the created order has no id or approval link');
    return { redirectUrl: link.href, providerPaymentId: created.id };
  },

  async confirm(context, attempt, returned) {
    const id = attempt.providerPaymentId;
    if (!id) throw new GatewayRefused('PayPal: the attempt has no PayPal order to capture', undefined, 'NO_ORDER');
    // Someone else's order id on the way back: nothing is captured, and the layer, seeing an id that
    // is not the attempt's, refuses it and logs it.
    if (returned.token !== undefined && returned.token !== id) return noAnswer(returned.token, 'TOKEN_MISMATCH', 'pending', { expectedOrderId: id });
    try {
      const captured = await withPayPal(context, async ({ orders }) => {
        // The same PayPal-Request-Id on a second capture gets PayPal's first answer back, not a second charge.
        const response = await orders.captureOrder({ id, paypalRequestId: `${attempt.clientTransactionId}-capture`, prefer: 'return=representation' });
        return response.result;
      });
      return outcomeOf(captured);
    } catch (error) {
      if (!(error instanceof GatewayRefused) || error.status !== 422) throw error;
      // Captured before (the request id forgotten), or not approved yet: PayPal's order says which.
      if (error.code === 'ORDER_ALREADY_CAPTURED' || error.code === 'ORDER_NOT_APPROVED') return showOrder(context, id);
      if (error.code && DECLINES.has(error.code)) return noAnswer(id, error.code, 'failed');
      throw error;
    }
  },

  async lookup(context, attempt) {
    // The shopper never got an approval link, so nothing can have been paid.
    if (!attempt.providerPaymentId) return noAnswer(null, 'NO_ORDER', 'failed');
    // Reports only: an APPROVED order stays pending here, and the layer calls confirm to capture it.
    return showOrder(context, attempt.providerPaymentId);
  },

  async refund(context, attempt, amountCents, refundKey) {
    const captureId = attempt.details.captureId;
    if (!captureId) throw new GatewayRefused('PayPal: the payment has no capture to refund', undefined, 'NO_CAPTURE');
    const refund = await withPayPal(context, async ({ payments }) => {
      const response = await payments.refundCapturedPayment({ captureId, paypalRequestId: refundKey, body: { amount: { currencyCode: attempt.currency, value: centsToValue(amountCents) } } });
      return response.result;
    });
    if (!refund.id || !refund.status) throw new GatewayUnavailable('PayPal: the refund answer has no id or status');
    // PENDING is a refund PayPal will complete (an eCheck, a review); FAILED and CANCELLED returned nothing.
    if (refund.status === 'FAILED' || refund.status === 'CANCELLED') throw new GatewayRefused(`PayPal: refund ${refund.id} ${refund.status}`, undefined, refund.status);
    return { providerRefundId: refund.id, providerStatus: refund.status };
  },
};

import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type GatewayContext,
  GatewayRefused,
  GatewayUnavailable,
  type Outcome,
  type PaymentAttempt,
  type PaymentOrder,
  type StartContext,
} from '#server/modules/sales/payment/payment-provider.ts';
import { contractBreaches, ORDER_CAPTURE_REQUEST, ORDER_REQUEST, PAYPAL_REQUEST_ID, REFUND_REQUEST, type Shape, TOKEN_REQUEST } from '../../../../../tests/support/paypal-contract.ts';
import { type PayPalDouble, startPayPalDouble } from '../../../../../tests/support/paypal-double.ts';
import { centsToValue, paypalProvider, valueToCents } from './paypal.ts';

// Issue 39 §3 and §8: the PayPal module, through PayPal's own server SDK, against a local PayPal
// (tests/support/paypal-double.ts) that answers as PayPal's REST API documents it. A fresh double
// and a REST app of the test's own (its client id) per test, so no SDK client or token is shared.

let paypal: PayPalDouble;
let credentials: { clientId: string; clientSecret: string };

beforeEach(async () => {
  paypal = await startPayPalDouble();
  credentials = { clientId: `Test-${randomBytes(12).toString('base64url')}`, clientSecret: randomBytes(24).toString('base64url') };
  paypal.addClient(credentials.clientId, credentials.clientSecret);
});
afterEach(() => paypal.close());

const context = (timeoutMs = 15_000): GatewayContext => ({ credentials, environment: 'sandbox', apiUrl: paypal.url, timeoutMs });
const RETURN_URL = 'https://tienda.example/pedido/1001/pago/volver';
const CANCEL_URL = 'https://tienda.example/pedido/1001/pago/cancelar';
const startContext = (): StartContext => ({ ...context(), returnUrl: RETURN_URL, cancelUrl: CANCEL_URL });

const paymentOrder = (totalCents: number): PaymentOrder => ({
  storeId: 1, orderId: 7, number: 1001, storeName: 'Tienda de Ana', email: 'ana@example.com', phone: '0991234567',
  totalCents, taxCents: 0, taxedBaseCents: 0, untaxedBaseCents: totalCents, locale: 'es',
});

/** An attempt registered with PayPal, and the approval link the shopper is sent to. */
async function startAttempt(amountCents = 1234) {
  const fresh: PaymentAttempt = { id: 1, clientTransactionId: `tb-${randomBytes(8).toString('hex')}`, providerPaymentId: null, amountCents, currency: 'USD' };
  const started = await paypalProvider.start(startContext(), paymentOrder(amountCents), fresh);
  return { attempt: { ...fresh, providerPaymentId: started.providerPaymentId, details: {} as Record<string, string> }, redirectUrl: started.redirectUrl, orderId: started.providerPaymentId ?? '' };
}

/** The shopper on PayPal's approval page pressing "Aprobar" or "Cancelar": where PayPal sends them back. */
async function shopper(redirectUrl: string, choice: 'approve' | 'cancel', funding: 'balance' | 'declined-card' = 'balance'): Promise<URL> {
  return new URL(await paypal.shopper(redirectUrl, choice, funding));
}

/** A paid attempt, approved by the shopper on the page and captured. */
async function paidAttempt(amountCents = 1234) {
  const started = await startAttempt(amountCents);
  const back = await shopper(started.redirectUrl, 'approve');
  const outcome = await paypalProvider.confirm(context(), started.attempt, Object.fromEntries(back.searchParams));
  return { ...started, outcome, attempt: { ...started.attempt, details: outcome.details ?? {} } };
}

const requestsOf = (operation: string) => paypal.requests.filter((request) => request.operation === operation);

describe('PayPal module', () => {
  it('sends the shopper to PayPal’s approval page and, once they approve, captures the order', async () => {
    const { attempt, redirectUrl, orderId } = await startAttempt(1234);
    expect(redirectUrl).toBe(`${paypal.url}/checkoutnow?token=${orderId}`);
    const [create] = requestsOf('create');
    expect(create?.headers['paypal-request-id']).toBe(attempt.clientTransactionId);
    expect(create?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '12.34' }, custom_id: attempt.clientTransactionId, invoice_id: attempt.clientTransactionId }],
      payment_source: { paypal: { experience_context: { return_url: RETURN_URL, cancel_url: CANCEL_URL, brand_name: 'Tienda de Ana' } } },
    });

    const back = await shopper(redirectUrl, 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    expect(back.searchParams.get('token')).toBe(orderId);
    expect(back.searchParams.get('PayerID')).toMatch(/^[2-9A-HJ-NP-Z]{13}$/);

    const outcome = await paypalProvider.confirm(context(), attempt, Object.fromEntries(back.searchParams));
    expect(outcome).toEqual<Outcome>({
      state: 'paid', amountCents: 1234, currency: 'USD', providerPaymentId: orderId, clientTransactionId: attempt.clientTransactionId, providerStatus: 'COMPLETED',
      details: { orderStatus: 'COMPLETED', captureId: paypal.orders.get(orderId)?.capture?.id ?? 'none', captureStatus: 'COMPLETED', payerId: back.searchParams.get('PayerID') ?? '' },
    });
  });

  it('fails the attempt when the bank declines the capture, and PayPal takes nothing', async () => {
    const declined = await startAttempt();
    const back = await shopper(declined.redirectUrl, 'approve', 'declined-card');
    const outcome = await paypalProvider.confirm(context(), declined.attempt, Object.fromEntries(back.searchParams));
    expect(outcome).toMatchObject({ state: 'failed', providerStatus: 'INSTRUMENT_DECLINED', providerPaymentId: declined.orderId, amountCents: null });
    expect(paypal.orders.get(declined.orderId)?.capture).toBeNull();

    // A card capture PayPal completes as DECLINED (201, the capture's status says it).
    paypal.captureOutcome = 'declined-capture';
    const refused = await startAttempt();
    paypal.approve(refused.orderId);
    const second = await paypalProvider.confirm(context(), refused.attempt, { token: refused.orderId });
    expect(second).toMatchObject({ state: 'failed', providerStatus: 'DECLINED', details: { orderStatus: 'COMPLETED', captureStatus: 'DECLINED' } });
  });

  it('leaves the attempt pending when the shopper cancels on PayPal, capturing nothing', async () => {
    const { attempt, redirectUrl, orderId } = await startAttempt();
    const back = await shopper(redirectUrl, 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe(CANCEL_URL);
    expect(back.searchParams.get('token')).toBe(orderId);
    // Confirming anyway: PayPal refuses the capture (ORDER_NOT_APPROVED) and the order says why.
    expect(await paypalProvider.confirm(context(), attempt, { token: orderId })).toMatchObject({ state: 'pending', providerStatus: 'PAYER_ACTION_REQUIRED', amountCents: 1234 });
    expect(await paypalProvider.lookup(context(), attempt)).toMatchObject({ state: 'pending', providerStatus: 'PAYER_ACTION_REQUIRED' });
    expect(paypal.orders.get(orderId)?.capture).toBeNull();
  });

  it('looks an approved order up as pending without capturing it, and as paid once captured', async () => {
    const { attempt, orderId } = await startAttempt();
    paypal.approve(orderId);
    expect(await paypalProvider.lookup(context(), attempt)).toMatchObject({ state: 'pending', providerStatus: 'APPROVED', clientTransactionId: attempt.clientTransactionId });
    expect(requestsOf('capture')).toHaveLength(0);
    const paid = await paypalProvider.confirm(context(), attempt, {});
    expect(await paypalProvider.lookup(context(), attempt)).toEqual(paid);
    // An attempt PayPal never registered cannot have been paid; PayPal is not asked.
    const before = paypal.requests.length;
    expect(await paypalProvider.lookup(context(), { ...attempt, providerPaymentId: null })).toMatchObject({ state: 'failed', providerStatus: 'NO_ORDER' });
    expect(paypal.requests).toHaveLength(before);
  });

  it('answers GatewayUnavailable when PayPal does not answer in time, and captures once when asked again', async () => {
    const first = await startAttempt();
    paypal.approve(first.orderId);
    paypal.stallNext('capture', 'before');
    await expect(paypalProvider.confirm(context(300), first.attempt, {})).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(paypal.orders.get(first.orderId)?.status).toBe('APPROVED');
    expect(await paypalProvider.confirm(context(), first.attempt, {})).toMatchObject({ state: 'paid', amountCents: 1234 });

    // PayPal captured, and its answer was lost: asking again (same PayPal-Request-Id) gets that capture back.
    const second = await startAttempt();
    paypal.approve(second.orderId);
    paypal.stallNext('capture', 'after');
    await expect(paypalProvider.confirm(context(300), second.attempt, {})).rejects.toBeInstanceOf(GatewayUnavailable);
    const captured = paypal.orders.get(second.orderId)?.capture;
    expect(captured?.status).toBe('COMPLETED');
    const outcome = await paypalProvider.confirm(context(), second.attempt, {});
    expect(outcome).toMatchObject({ state: 'paid', details: { captureId: captured?.id } });
    expect(paypal.orders.get(second.orderId)?.capture?.id).toBe(captured?.id);
  });

  it('answers GatewayUnavailable while PayPal is down or failing, and works again once it is back', async () => {
    await paypal.down();
    await expect(startAttempt()).rejects.toBeInstanceOf(GatewayUnavailable);
    await paypal.up();
    const { attempt } = await startAttempt();
    await paypal.down();
    await expect(paypalProvider.lookup(context(), attempt)).rejects.toBeInstanceOf(GatewayUnavailable);
    await paypal.up();
    expect(await paypalProvider.lookup(context(), attempt)).toMatchObject({ state: 'pending' });

    paypal.failNext('get');
    const failure = await paypalProvider.lookup(context(), attempt).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayUnavailable);
    expect((failure as GatewayUnavailable).status).toBe(500);
  });

  it('captures once however often the attempt is confirmed', async () => {
    const { attempt, orderId } = await paidAttempt();
    const again = await paypalProvider.confirm(context(), attempt, { token: orderId });
    // The second capture carries the first one's PayPal-Request-Id, and PayPal answers it with that capture.
    const captures = requestsOf('capture');
    expect(captures.map((request) => request.headers['paypal-request-id'])).toEqual([`${attempt.clientTransactionId}-capture`, `${attempt.clientTransactionId}-capture`]);
    expect(requestsOf('get')).toHaveLength(0);
    // PayPal has forgotten the request id (it keeps them for hours): the capture is refused as done
    // (ORDER_ALREADY_CAPTURED), and the module reads the order instead.
    paypal.forgetRequestIds();
    const third = await paypalProvider.confirm(context(), attempt, { token: orderId });
    expect(paypal.requests.slice(-2).map((request) => request.operation)).toEqual(['capture', 'get']);
    const first = (await paypalProvider.lookup(context(), attempt)) as Outcome;
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    expect(first.details?.captureId).toBe(paypal.orders.get(orderId)?.capture?.id);
  });

  it('reports the amount PayPal captured when it is not the attempt’s', async () => {
    // Through the HTTP control a browser journey uses on a double started alone.
    await fetch(`${paypal.url}/__double/scenario`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ captureAmount: '10.00' }) });
    const { outcome } = await paidAttempt(1234);
    expect(outcome).toMatchObject({ state: 'paid', amountCents: 1000, currency: 'USD' });
  });

  it('refunds part of a capture, then the rest, and PayPal refuses more than was captured', async () => {
    const { attempt, orderId } = await paidAttempt(1234);
    const captureId = attempt.details.captureId ?? '';
    const part = await paypalProvider.refund(context(), attempt, 234, 'refund-1');
    expect(part).toEqual({ providerRefundId: paypal.orders.get(orderId)?.refunds[0]?.id, providerStatus: 'COMPLETED' });
    // The same refund asked again (a retry after a lost answer) is PayPal's first answer, not a second refund.
    expect(await paypalProvider.refund(context(), attempt, 234, 'refund-1')).toEqual(part);
    expect(paypal.orders.get(orderId)?.refunds).toHaveLength(1);
    expect(requestsOf('refund')[0]).toMatchObject({ path: `/v2/payments/captures/${captureId}/refund`, body: { amount: { currency_code: 'USD', value: '2.34' } } });
    expect(await paypalProvider.lookup(context(), attempt)).toMatchObject({ state: 'paid', providerStatus: 'PARTIALLY_REFUNDED' });

    await expect(paypalProvider.refund(context(), attempt, 1001, 'refund-2')).rejects.toMatchObject({ name: 'GatewayRefused', status: 422, code: 'REFUND_AMOUNT_EXCEEDED' });
    expect(await paypalProvider.refund(context(), attempt, 1000, 'refund-3')).toMatchObject({ providerStatus: 'COMPLETED' });
    expect(paypal.orders.get(orderId)?.capture?.status).toBe('REFUNDED');
    await expect(paypalProvider.refund(context(), attempt, 1, 'refund-4')).rejects.toMatchObject({ status: 422, code: 'CAPTURE_FULLY_REFUNDED' });
    await expect(paypalProvider.refund(context(), { ...attempt, details: {} }, 1, 'refund-5')).rejects.toMatchObject({ code: 'NO_CAPTURE' });
  });

  it('refuses with PayPal’s reason: wrong credentials, an order PayPal does not have', async () => {
    credentials = { ...credentials, clientSecret: 'not-the-secret' };
    await expect(startAttempt()).rejects.toMatchObject({ name: 'GatewayRefused', status: 401, code: 'invalid_client' });
    credentials = { clientId: credentials.clientId, clientSecret: '' };
    await expect(startAttempt()).rejects.toMatchObject({ code: 'MISSING_CREDENTIALS' });

    paypal.addClient(credentials.clientId, 'the-secret');
    credentials = { ...credentials, clientSecret: 'the-secret' };
    const unknown = { id: 1, clientTransactionId: 'tb-x', providerPaymentId: '5O190127TN364715T', amountCents: 100, currency: 'USD' as const, details: {} };
    const refusal = await paypalProvider.lookup(context(), unknown).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GatewayRefused);
    expect(refusal).toMatchObject({ status: 404, code: 'INVALID_RESOURCE_ID' });
  });

  it('never captures an order the return address names when it is not the attempt’s', async () => {
    const mine = await startAttempt();
    const other = await startAttempt();
    paypal.approve(mine.orderId);
    paypal.approve(other.orderId);
    const outcome = await paypalProvider.confirm(context(), mine.attempt, { token: other.orderId, PayerID: 'ABCDEFGHJKLMN' });
    expect(outcome).toMatchObject({ state: 'pending', providerStatus: 'TOKEN_MISMATCH', providerPaymentId: other.orderId, details: { expectedOrderId: mine.orderId } });
    expect(requestsOf('capture')).toHaveLength(0);
    expect(paypal.orders.get(other.orderId)?.status).toBe('APPROVED');
  });

  it('fetches one OAuth token per REST app and reuses it', async () => {
    await paidAttempt();
    await startAttempt();
    expect(paypal.tokensIssued()).toBe(1);
    expect(requestsOf('token')[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`);
    credentials = { clientId: `Other-${randomBytes(9).toString('base64url')}`, clientSecret: 'other-secret' };
    paypal.addClient(credentials.clientId, credentials.clientSecret);
    await startAttempt();
    expect(paypal.tokensIssued()).toBe(2);
  });

  it('writes amounts as PayPal’s decimal strings and reads them back to cents', () => {
    expect([1234, 5, 100, 100_000_00].map(centsToValue)).toEqual(['12.34', '0.05', '1.00', '100000.00']);
    for (const wrong of [0, -1, 1.5]) expect(() => centsToValue(wrong)).toThrow(RangeError);
    expect(['12.34', '12.3', '12', '0.05'].map(valueToCents)).toEqual([1234, 1230, 1200, 5]);
    expect(['12.345', '-1.00', 'abc', '', undefined].map(valueToCents)).toEqual([null, null, null, null, null]);
  });
});

describe('PayPal contract', () => {
  const SHAPES: Record<string, Shape> = { token: TOKEN_REQUEST, create: ORDER_REQUEST, capture: ORDER_CAPTURE_REQUEST, refund: REFUND_REQUEST };

  it('sends only the fields PayPal documents, with the values it allows', async () => {
    const { attempt } = await paidAttempt(1234);
    await paypalProvider.refund(context(), attempt, 500, 'refund-6');
    await paypalProvider.lookup(context(), attempt);
    const sent = paypal.requests.filter((request) => request.operation !== 'page');
    expect(new Set(sent.map((request) => request.operation))).toEqual(new Set(['token', 'create', 'capture', 'refund', 'get']));
    for (const request of sent) {
      const shape = SHAPES[request.operation];
      // GET carries no body; capture's body is optional.
      const breaches = shape && request.body !== null ? contractBreaches(request.body, shape) : request.body === null ? [] : ['a body where PayPal documents none'];
      expect(breaches, `${request.method} ${request.path}`).toEqual([]);
      const requestId = request.headers['paypal-request-id'];
      if (requestId !== undefined) expect(contractBreaches(requestId, PAYPAL_REQUEST_ID)).toEqual([]);
    }
  });

  it('catches a field the documentation does not have, or a value it does not allow', async () => {
    await startAttempt();
    const sent = structuredClone(requestsOf('create')[0]?.body) as {
      purchase_units: Record<string, unknown>[];
      payment_source: { paypal: { experience_context: Record<string, unknown> } };
      [field: string]: unknown;
    };
    expect(contractBreaches(sent, ORDER_REQUEST)).toEqual([]);
    sent.purchase_units[0]!.order_number = 1001;
    sent.payment_source.paypal.experience_context.user_action = 'PAY';
    sent.application_context = { return_url: RETURN_URL };
    expect(contractBreaches(sent, ORDER_REQUEST)).toEqual([
      '/purchase_units/0/order_number: not in PayPal\'s documentation',
      '/payment_source/paypal/experience_context/user_action: "PAY" is not one of CONTINUE, PAY_NOW',
      '/application_context: documented, but its fields are not transcribed in tests/support/paypal-contract.ts',
    ]);
  });
});

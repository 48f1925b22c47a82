import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT, type PayPhoneDouble, startPayPhoneDouble } from '../../../../../tests/support/payphone-double.ts';
import { DOCUMENTED_BODIES, PAYPHONE_DOCS, undocumentedFields } from '../../../../../tests/support/payphone-documented.ts';
import { GatewayRefused, GatewayUnavailable, type PaymentAttempt, type PaymentOrder, type StartContext } from '../payment-provider.ts';
import { payphoneProvider as payphone } from './payphone.ts';

// The PayPhone module against a local double of PayPhone's published Botón de pagos API
// (tests/support/payphone-double.ts): no database, no network beyond 127.0.0.1.

let double: PayPhoneDouble;
let serial = 0;

beforeAll(async () => {
  double = await startPayPhoneDouble({ accounts: [DEFAULT_ACCOUNT, { token: 'other-store-token', storeId: 'other-store', storeName: 'Otra tienda' }] });
});
afterAll(() => double.close());

const context = (overrides: Partial<StartContext> = {}): StartContext => ({
  credentials: { token: DEFAULT_ACCOUNT.token, storeId: DEFAULT_ACCOUNT.storeId },
  environment: 'sandbox',
  apiUrl: double.url,
  timeoutMs: 2_000,
  returnUrl: 'https://shop.example/pedido/7/pago/payphone',
  cancelUrl: 'https://shop.example/pedido/7?pago=cancelado',
  ...overrides,
});

/** $26.88: $20.00 at 15 % IVA (3.00) and $3.88 at 0 %. */
const order: PaymentOrder = { storeId: 1, orderId: 7, number: 1042, storeName: 'Café Cuenca', email: 'ana@example.com', phone: '0991234567', totalCents: 2688, taxCents: 300, taxedBaseCents: 2000, untaxedBaseCents: 388, locale: 'es' };

/** A fresh attempt: each test its own clientTransactionId, as the layer makes one per attempt. */
const attempt = (): PaymentAttempt => ({ id: (serial += 1), clientTransactionId: `tb-${Date.now().toString(36)}-${serial}`, providerPaymentId: null, amountCents: order.totalCents, currency: 'USD' });

/** Where PayPhone's form sends the shopper, read as the layer's return route reads it. */
const returnedFrom = (location: string) => Object.fromEntries(new URL(location).searchParams);

/** Start, then the shopper presses a button on PayPhone's form. */
async function startAndChoose(choice: 'approve' | 'decline' | 'cancel', paying = attempt()) {
  const started = await payphone.start(context(), order, paying);
  const location = await double.shopper(started.redirectUrl, choice);
  return { paying, started, location };
}

const lastBody = (route: string) => double.requests.filter((request) => `${request.method} ${request.path}` === route).at(-1)?.body;

describe('PayPhone: paying', () => {
  it('prepares the charge split as PayPhone asks, sends the shopper to its form and confirms an approval', async () => {
    const { paying, started, location } = await startAndChoose('approve');
    expect(started.providerPaymentId).toBeNull();
    expect(started.redirectUrl.startsWith(double.url)).toBe(true);
    expect(lastBody('POST /api/button/Prepare')).toMatchObject({ amount: 2688, amountWithTax: 2000, amountWithoutTax: 388, tax: 300, service: 0, tip: 0, currency: 'USD', storeId: DEFAULT_ACCOUNT.storeId, clientTransactionId: paying.clientTransactionId, responseUrl: context().returnUrl, cancellationUrl: context().cancelUrl });
    expect(double.requests.at(-1)?.authorization).toBe(`Bearer ${DEFAULT_ACCOUNT.token}`);

    const returned = returnedFrom(location);
    expect(location.startsWith(`${context().returnUrl}?`)).toBe(true);
    expect(returned.clientTransactionId).toBe(paying.clientTransactionId);
    const outcome = await payphone.confirm(context(), paying, returned);
    expect(outcome).toMatchObject({ state: 'paid', amountCents: 2688, currency: 'USD', providerPaymentId: returned.id, clientTransactionId: paying.clientTransactionId, providerStatus: 'Approved' });
    expect(outcome.details?.authorizationCode).toBeTruthy();
    expect(lastBody('POST /api/button/V2/Confirm')).toEqual({ id: Number(returned.id), clientTxId: paying.clientTransactionId });
  });

  it('reports a bank decline as failed, with the message PayPhone gives for the shopper', async () => {
    const { paying, location } = await startAndChoose('decline');
    const outcome = await payphone.confirm(context(), paying, returnedFrom(location));
    expect(outcome).toMatchObject({ state: 'failed', providerStatus: 'Canceled', amountCents: 2688 });
    expect(outcome.details?.message).toBe('Transacción rechazada');
  });

  it('sends a shopper who cancels to the cancellation address, and then PayPhone holds no sale for the attempt', async () => {
    const { paying, location } = await startAndChoose('cancel');
    expect(location).toBe(context().cancelUrl);
    expect(await payphone.confirm(context(), paying, {})).toMatchObject({ state: 'pending', providerStatus: 'NotFound', amountCents: null });
  });

  it('answers the same outcome when the same return is confirmed twice', async () => {
    const { paying, location } = await startAndChoose('approve');
    const first = await payphone.confirm(context(), paying, returnedFrom(location));
    const second = await payphone.confirm(context(), paying, returnedFrom(location));
    expect(second).toEqual(first);
    expect(first.state).toBe('paid');
  });

  it('carries the amount PayPhone charged when it differs from the order, for the layer to refuse it', async () => {
    double.next({ outcome: 'differentAmount', amountCents: 2588 });
    const { paying, location } = await startAndChoose('approve');
    const outcome = await payphone.confirm(context(), paying, returnedFrom(location));
    expect(outcome.amountCents).toBe(2588);
    expect(outcome.amountCents).not.toBe(paying.amountCents);
  });

  it('believes nothing of the return but its id: another attempt’s transaction is refused by PayPhone', async () => {
    const { location } = await startAndChoose('approve');
    const mine = attempt();
    await payphone.start(context(), order, mine);
    const refused = await payphone.confirm(context(), mine, { ...returnedFrom(location), clientTransactionId: mine.clientTransactionId }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayRefused);
    expect((refused as GatewayRefused).code).toBe('20');
  });

  it('finds the sale by its clientTransactionId when the return carries no usable id', async () => {
    const { paying, location } = await startAndChoose('approve');
    const outcome = await payphone.confirm(context(), paying, { id: 'not-a-number' });
    expect(outcome).toMatchObject({ state: 'paid', providerPaymentId: returnedFrom(location).id });
  });

  it('refuses to prepare when the bases and the tax do not make the total, without calling PayPhone', async () => {
    const before = double.requests.length;
    await expect(payphone.start(context(), { ...order, taxCents: 299 }, attempt())).rejects.toThrow(RangeError);
    expect(double.requests.length).toBe(before);
  });
});

describe('PayPhone: asking and refunding', () => {
  it('looks a sale up by clientTransactionId before it is confirmed, and by transaction id after', async () => {
    const paying = attempt();
    const started = await payphone.start(context(), order, paying);
    expect(await payphone.lookup(context(), { ...paying, details: {} })).toMatchObject({ state: 'pending', providerStatus: 'NotFound' });
    const returned = returnedFrom(await double.shopper(started.redirectUrl, 'approve'));
    expect(await payphone.lookup(context(), { ...paying, details: {} })).toMatchObject({ state: 'paid', providerPaymentId: returned.id });
    expect(double.requests.at(-1)?.path).toBe(`/api/Sale/client/${paying.clientTransactionId}`);
    const confirmed = await payphone.confirm(context(), paying, returned);
    expect(await payphone.lookup(context(), { ...paying, providerPaymentId: confirmed.providerPaymentId, details: confirmed.details ?? {} })).toEqual(confirmed);
    expect(double.requests.at(-1)?.path).toBe(`/api/Sale/${returned.id}`);
  });

  it('reverses a whole payment, and refuses a partial one without asking PayPhone', async () => {
    const { paying, location } = await startAndChoose('approve');
    const paid = await payphone.confirm(context(), paying, returnedFrom(location));
    const kept = { ...paying, providerPaymentId: paid.providerPaymentId, details: paid.details ?? {} };
    const before = double.requests.length;
    const partial = await payphone.refund(context(), kept, 1000, 'refund-1').catch((error: unknown) => error);
    expect(partial).toBeInstanceOf(GatewayRefused);
    expect((partial as GatewayRefused).code).toBe('partial_refund_unsupported');
    expect(double.requests.length).toBe(before);

    expect(await payphone.refund(context(), kept, paying.amountCents, 'refund-2')).toEqual({ providerRefundId: paid.providerPaymentId, providerStatus: 'Reversed' });
    expect(lastBody('POST /api/Reverse')).toEqual({ id: Number(paid.providerPaymentId) });
    await expect(payphone.refund(context(), kept, paying.amountCents, 'refund-3')).rejects.toThrow(GatewayRefused);
  });

  it('reverses by clientTransactionId when the transaction id was never kept', async () => {
    const { paying, location } = await startAndChoose('approve');
    await payphone.confirm(context(), paying, returnedFrom(location));
    expect(await payphone.refund(context(), { ...paying, details: {} }, paying.amountCents, 'refund-4')).toMatchObject({ providerStatus: 'Reversed' });
    expect(lastBody('POST /api/Reverse/Client')).toEqual({ clientId: paying.clientTransactionId });
  });

  it('sees no other store’s sale: its token gets PayPhone’s “the transaction does not exist”', async () => {
    const { paying, location } = await startAndChoose('approve');
    const other = context({ credentials: { token: 'other-store-token', storeId: 'other-store' } });
    await expect(payphone.confirm(other, paying, returnedFrom(location))).rejects.toThrow(GatewayRefused);
  });
});

describe('PayPhone: when it fails', () => {
  it('gives up on an answer that never comes (GatewayUnavailable)', async () => {
    double.next({ outcome: 'timeout', endpoint: 'prepare' });
    await expect(payphone.start(context({ timeoutMs: 300 }), order, attempt())).rejects.toThrow(GatewayUnavailable);
  });

  it('is unavailable while PayPhone is down, and works again once it is back', async () => {
    const { paying, location } = await startAndChoose('approve');
    await double.down();
    try {
      await expect(payphone.confirm(context(), paying, returnedFrom(location))).rejects.toThrow(GatewayUnavailable);
    } finally {
      await double.up();
    }
    expect((await payphone.confirm(context(), paying, returnedFrom(location))).state).toBe('paid');
  });

  it('is unavailable on a 5xx or a dropped connection, keeping the status', async () => {
    double.next({ outcome: 'unavailable', endpoint: 'sale' });
    const error = await payphone.lookup(context(), { ...attempt(), details: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnavailable);
    expect((error as GatewayUnavailable).status).toBe(503);
    double.next({ outcome: 'drop', endpoint: 'prepare' });
    await expect(payphone.start(context(), order, attempt())).rejects.toThrow(GatewayUnavailable);
  });

  it('is refused, with PayPhone’s message, for a token PayPhone does not know', async () => {
    const error = await payphone.start(context({ credentials: { token: 'revoked', storeId: DEFAULT_ACCOUNT.storeId } }), order, attempt()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayRefused);
    expect((error as GatewayRefused).status).toBe(401);
    expect((error as GatewayRefused).message).toMatch(/token/i);
  });
});

describe('PayPhone: the contract', () => {
  it('sends PayPhone no field its documentation does not have', async () => {
    // Every call the module makes, once each, then every body the double received is read against
    // the documented fields (tests/support/payphone-documented.ts, which cites each page).
    const from = double.requests.length;
    const { paying, location } = await startAndChoose('approve');
    const paid = await payphone.confirm(context(), paying, returnedFrom(location));
    await payphone.lookup(context(), { ...paying, details: {} });
    await payphone.refund(context(), { ...paying, providerPaymentId: paid.providerPaymentId, details: paid.details ?? {} }, paying.amountCents, 'refund-5');
    const byClient = await startAndChoose('approve');
    await payphone.confirm(context(), byClient.paying, returnedFrom(byClient.location));
    await payphone.refund(context(), { ...byClient.paying, details: {} }, byClient.paying.amountCents, 'refund-6');

    const sent = double.requests.slice(from).filter((request) => request.method === 'POST');
    expect(new Set(sent.map((request) => `${request.method} ${request.path}`))).toEqual(new Set(Object.keys(DOCUMENTED_BODIES)));
    for (const request of sent) expect(undocumentedFields(`${request.method} ${request.path}`, request.body), `${request.path} per ${PAYPHONE_DOCS.button}`).toEqual([]);
    // The check itself catches a field PayPhone does not document, at any depth.
    expect(undocumentedFields('POST /api/button/Prepare', { amount: 1, shopperName: 'Ana', order: { lineItems: [{ productName: 'Café', colour: 'negro' }] } })).toEqual(['shopperName', 'order.lineItems.colour']);
  });

  it('has a double that refuses an undocumented field and a missing token as PayPhone does', async () => {
    const post = (body: unknown, authorization?: string) =>
      fetch(`${double.url}/api/button/V2/Confirm`, { method: 'POST', headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) }, body: JSON.stringify(body) });
    const extra = await post({ id: 1, clientTxId: 'x', amount: 1 }, `Bearer ${DEFAULT_ACCOUNT.token}`);
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ errorCode: 800, message: expect.any(String), errors: [{ message: 'amount' }] });
    const anonymous = await post({ id: 1, clientTxId: 'x' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ errorCode: 802 });
  });
});

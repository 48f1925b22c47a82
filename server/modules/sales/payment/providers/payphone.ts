import {
  GatewayRefused,
  GatewayUnavailable,
  type GatewayContext,
  type GatewayField,
  type Outcome,
  type PaymentAttempt,
  type PaymentProvider,
} from '../payment-provider.ts';

// PayPhone's Botón de pagos por redirección (issue 39 §2), server to server:
// * start: POST /api/button/Prepare, then the shopper goes to PayPhone's form
//   (https://docs.payphone.app/boton-de-pago-por-redireccion, "Preparar la transacción");
// * confirm: POST /api/button/V2/Confirm {id, clientTxId} after PayPhone sends the shopper back to
//   responseUrl?id=…&clientTransactionId=… (same page, "Consultar respuesta de transacción"). PayPhone
//   reverses by itself a payment nobody confirms within five minutes, so the return must confirm;
// * lookup: GET /api/Sale/{id} or /api/Sale/client/{clientTransactionId} (https://docs.payphone.app/api-implementacion);
// * refund: POST /api/Reverse {id} or /api/Reverse/Client {clientId} (https://docs.payphone.app/reversar-pago),
//   which reverses a whole transaction, the same day until 20:00 in Ecuador; PayPhone publishes no
//   partial refund.
// One API root serves both environments: the token decides whether a payment is a test
// (https://docs.payphone.app/configuracion-de-ambiente-y-credenciales), so `environment` changes nothing here.

/** PayPhone's published model of Prepare takes amounts of 1 to 99,999,999 cents. */
const MAX_CENTS = 99_999_999;
/** The reference PayPhone shows on its form; its Links API caps it at 50 characters, so we do too. */
const REFERENCE_LENGTH = 50;

const isCents = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_CENTS;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined);
/** PayPhone's transaction ids are positive integers (eight digits today; fifteen keep them exact in a double); anything else from a return address is not one. */
const transactionIdOf = (value: unknown) => (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

type Answer = { status: number; body: unknown };
type Sale = Record<string, unknown>;

async function call(context: GatewayContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const token = context.credentials.token?.trim();
  if (!token) throw new GatewayRefused('PayPhone: the store has no token', undefined, 'credentials');
  let status: number;
  let raw: string;
  try {
    const response = await fetch(`${context.apiUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(context.timeoutMs),
    });
    status = response.status;
    raw = await response.text();
  } catch (error) {
    throw new GatewayUnavailable(`PayPhone ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let parsed: unknown = undefined;
  try {
    parsed = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    // A page instead of JSON: judged below by its status.
  }
  // 5xx, a rate limit (PayPhone allows 30 state queries a minute), a redirect or a 2xx that is not
  // JSON are outside the protocol: the layer tries again later.
  const isJson = raw !== '' && parsed !== undefined;
  if (status >= 500 || status === 429 || status < 200 || (status >= 300 && status < 400) || (status < 300 && !isJson)) {
    throw new GatewayUnavailable(`PayPhone ${method} ${path} answered HTTP ${status}`, status);
  }
  return { status, body: parsed };
}

/** PayPhone's error body: {message, errorCode, errors: [{message, errorDescriptions}]} (Catálogo de errores). */
function refusal(path: string, answer: Answer): GatewayRefused {
  const body = (answer.body ?? {}) as { message?: unknown; Message?: unknown; errorCode?: unknown; errors?: unknown };
  const details = Array.isArray(body.errors)
    ? body.errors.flatMap((entry: { message?: unknown; errorDescriptions?: unknown }) => [text(entry?.message), ...(Array.isArray(entry?.errorDescriptions) ? entry.errorDescriptions.map(text) : [])])
    : [];
  const message = [text(body.message) ?? text(body.Message), ...details].filter(Boolean).join(' · ') || `PayPhone ${path} answered HTTP ${answer.status}`;
  return new GatewayRefused(message, answer.status, text(body.errorCode));
}

async function callOrRefuse(context: GatewayContext, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const answer = await call(context, method, path, body);
  if (answer.status >= 400) throw refusal(path, answer);
  return answer.body;
}

/** What PayPhone says of a sale (Confirm's and Sale's answer), for the layer to check against the attempt. */
function outcomeOf(sale: Sale): Outcome {
  const status = sale.statusCode;
  // Kept for the owner and for a later refund (the transaction id): PayPhone's words, as strings.
  const details: Record<string, string> = {};
  for (const key of ['transactionId', 'authorizationCode', 'cardBrand', 'cardType', 'lastDigits', 'message', 'messageCode', 'date']) {
    const value = text(sale[key]);
    if (value !== undefined) details[key] = value;
  }
  return {
    // statusCode: 1 pendiente, 2 cancelado, 3 aprobado (https://docs.livepayphone.com/knowledge-base/boton-de-pago-metodo-confirm/).
    state: status === 3 ? 'paid' : status === 2 ? 'failed' : 'pending',
    amountCents: Number.isInteger(sale.amount) ? (sale.amount as number) : null,
    currency: text(sale.currency) ?? null,
    providerPaymentId: transactionIdOf(sale.transactionId) === null ? null : String(sale.transactionId),
    clientTransactionId: text(sale.clientTransactionId) ?? null,
    providerStatus: text(sale.transactionStatus) ?? `statusCode ${String(status)}`,
    details,
  };
}

function asSale(body: unknown, path: string): Sale {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('statusCode' in body)) throw new GatewayUnavailable(`PayPhone ${path} answered without a sale`);
  return body as Sale;
}

/**
 * The sale PayPhone holds for an attempt, or null when it holds none yet (the shopper has not paid,
 * or cancelled): PayPhone answers errorCode 20, "La transacción no existe".
 */
async function findSale(context: GatewayContext, attempt: PaymentAttempt & { details?: Record<string, string> }): Promise<Sale | null> {
  const id = transactionIdOf(attempt.details?.transactionId ?? attempt.providerPaymentId ?? undefined);
  const path = id === null ? `/api/Sale/client/${encodeURIComponent(attempt.clientTransactionId)}` : `/api/Sale/${id}`;
  const answer = await call(context, 'GET', path);
  if (answer.status >= 400) {
    if (text((answer.body as { errorCode?: unknown } | undefined)?.errorCode) === '20') return null;
    throw refusal(path, answer);
  }
  // By clientTransactionId PayPhone answers a list: the approved sale if there is one, else the latest.
  const sales = (Array.isArray(answer.body) ? answer.body : [answer.body]).map((entry) => asSale(entry, path));
  return sales.find((sale) => sale.statusCode === 3) ?? sales.at(-1) ?? null;
}

const noSale = (): Outcome => ({ state: 'pending', amountCents: null, currency: null, providerPaymentId: null, clientTransactionId: null, providerStatus: 'NotFound', details: {} });

const secretHelp = { es: 'Se guarda cifrado y no se vuelve a mostrar.', en: 'Kept encrypted and never shown again.' };
const fields: readonly GatewayField[] = [
  {
    name: 'token',
    secret: true,
    label: { es: 'Token de la aplicación', en: 'Application token' },
    help: {
      es: `El token de tu aplicación WEB en PayPhone Developer (Credenciales). El de pruebas cobra de mentira; el de producción, de verdad. ${secretHelp.es}`,
      en: `The token of your WEB application in PayPhone Developer (Credentials). A test token charges nothing; a production one charges for real. ${secretHelp.en}`,
    },
    maxLength: 4096,
    pattern: /^\S+$/,
  },
  {
    name: 'storeId',
    secret: true,
    label: { es: 'Store ID', en: 'Store ID' },
    help: { es: `El identificador de tu tienda en PayPhone Developer, junto al token. ${secretHelp.es}`, en: `Your store's identifier in PayPhone Developer, next to the token. ${secretHelp.en}` },
    maxLength: 100,
    pattern: /^\S+$/,
  },
];

export const payphoneProvider: PaymentProvider = {
  id: 'payphone',
  fields,

  async start(context, order, attempt) {
    // PayPhone charges `amount` and checks it is the sum of its parts; we refuse before asking if ours do not add up.
    const parts = [order.taxedBaseCents, order.untaxedBaseCents, order.taxCents];
    if (!parts.every(isCents) || order.totalCents < 1 || order.totalCents > MAX_CENTS || parts[0]! + parts[1]! + parts[2]! !== order.totalCents) {
      throw new RangeError(`PayPhone: order ${order.orderId}'s bases and tax (${parts.join(' + ')}) do not make its total ${order.totalCents}, or it is outside 1…${MAX_CENTS} cents`);
    }
    if (attempt.amountCents !== order.totalCents || attempt.currency !== 'USD') throw new RangeError(`PayPhone: attempt ${attempt.id} is not for order ${order.orderId}'s total in USD`);
    if (attempt.clientTransactionId.length < 1 || attempt.clientTransactionId.length > 50) throw new RangeError('PayPhone: clientTransactionId takes 1 to 50 characters');
    const storeId = context.credentials.storeId?.trim();
    if (!storeId) throw new GatewayRefused('PayPhone: the store has no Store ID', undefined, 'credentials');
    const prepared = await callOrRefuse(context, 'POST', '/api/button/Prepare', {
      amount: order.totalCents,
      amountWithoutTax: order.untaxedBaseCents,
      amountWithTax: order.taxedBaseCents,
      tax: order.taxCents,
      service: 0,
      tip: 0,
      currency: 'USD',
      storeId,
      clientTransactionId: attempt.clientTransactionId,
      reference: `#${order.number} ${order.storeName}`.slice(0, REFERENCE_LENGTH),
      responseUrl: context.returnUrl,
      cancellationUrl: context.cancelUrl,
      lang: order.locale,
    });
    // payWithPayPhone opens PayPhone's form with both ways to pay, card or PayPhone balance;
    // payWithCard would offer the card alone.
    const link = text((prepared as { payWithPayPhone?: unknown } | undefined)?.payWithPayPhone);
    if (!link || !URL.canParse(link) || !/^https?:$/.test(new URL(link).protocol)) throw new GatewayUnavailable('PayPhone Prepare answered without a payment link');
    // Prepare's paymentId names the form, not the transaction: PayPhone's transaction id (an integer)
    // exists only once the shopper pays, and comes back on the return address.
    return { redirectUrl: link, providerPaymentId: null };
  },

  async confirm(context, attempt, returned) {
    // Only `id` is taken from the return, and only to ask PayPhone: the clientTxId is ours. A return
    // without a usable id (the cancellation address carries none) asks PayPhone for the attempt's sale.
    let id = transactionIdOf(returned.id);
    if (id === null) {
      const sale = await findSale(context, attempt);
      id = sale ? transactionIdOf(sale.transactionId) : null;
      if (id === null) return sale ? outcomeOf(sale) : noSale();
    }
    const path = '/api/button/V2/Confirm';
    return outcomeOf(asSale(await callOrRefuse(context, 'POST', path, { id, clientTxId: attempt.clientTransactionId }), path));
  },

  async lookup(context, attempt) {
    const sale = await findSale(context, attempt);
    return sale ? outcomeOf(sale) : noSale();
  },

  async refund(context, attempt, amountCents) {
    if (amountCents !== attempt.amountCents) {
      throw new GatewayRefused(
        `PayPhone reverses whole transactions only: ${amountCents} of ${attempt.amountCents} cents cannot be refunded through it; record a partial refund as made by hand`,
        undefined,
        'partial_refund_unsupported',
      );
    }
    const id = transactionIdOf(attempt.details.transactionId ?? attempt.providerPaymentId ?? undefined);
    const reversed =
      id === null
        ? await callOrRefuse(context, 'POST', '/api/Reverse/Client', { clientId: attempt.clientTransactionId })
        : await callOrRefuse(context, 'POST', '/api/Reverse', { id });
    if (reversed !== true) throw new GatewayRefused('PayPhone did not reverse the transaction', undefined, 'not_reversed');
    return { providerRefundId: id === null ? attempt.clientTransactionId : String(id), providerStatus: 'Reversed' };
  },
};

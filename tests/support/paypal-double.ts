import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startDoubleServer } from './double-server.ts';
import { approvalPage, type DoubleOrder, error, type ErrorAnswer, orderJson, validateOrderRequest } from './paypal-double-orders.ts';

// A local stand-in for PayPal's REST API (issue 39 §8), as PayPal publishes it:
// * POST /v1/oauth2/token — client credentials, HTTP Basic; 401 invalid_client otherwise.
//   https://developer.paypal.com/api/rest/authentication/
// * POST /v2/checkout/orders — 201 {id, status, links}; with payment_source.paypal.experience_context
//   the order is PAYER_ACTION_REQUIRED with a `payer-action` link, else CREATED with `approve`.
//   https://developer.paypal.com/docs/api/orders/v2/#orders_create
// * GET /v2/checkout/orders/{id} — 200 the order; 404 RESOURCE_NOT_FOUND (INVALID_RESOURCE_ID).
//   https://developer.paypal.com/docs/api/orders/v2/#orders_get
// * POST /v2/checkout/orders/{id}/capture — 201 the order with purchase_units[].payments.captures[];
//   422 UNPROCESSABLE_ENTITY ORDER_NOT_APPROVED / ORDER_ALREADY_CAPTURED / INSTRUMENT_DECLINED.
//   https://developer.paypal.com/docs/api/orders/v2/#orders_capture
// * POST /v2/payments/captures/{id}/refund — 201 {id, status, links}; 422 REFUND_AMOUNT_EXCEEDED,
//   CAPTURE_FULLY_REFUNDED, REFUND_NOT_ALLOWED. https://developer.paypal.com/docs/api/payments/v2/#captures_refund
// Errors have PayPal's body: {name, message, debug_id, details[{field, location, issue, description}],
// links} (https://developer.paypal.com/api/rest/responses/); a repeated PayPal-Request-Id gets the
// first answer's result back (https://developer.paypal.com/api/rest/reference/idempotency/).
// The buyer's side: GET /checkoutnow?token={id}, where PayPal's approval link points, is a plain HTML
// page whose "Aprobar" and "Cancelar" forms send the buyer to return_url?token={id}&PayerID=… or to
// cancel_url?token={id}. Tests steer it through the returned object; a browser journey runs it alone
// (`node tests/support/paypal-double.ts --port 4020`, PAYPAL_DOUBLE_CLIENT_ID / _SECRET below) and
// steers it with POST /__double/scenario {captureOutcome?, captureAmount?}.

export const PAYPAL_DOUBLE_CLIENT_ID = 'AQkquBDf1zctJOWGKWUEtKXm6qVhueUEMvXO_-MCI4DQQ4-LWvkDLIN2fGsd';
export const PAYPAL_DOUBLE_CLIENT_SECRET = 'EL1tVxAjhT7cJimnz5-Nsx9k2reTKSVfErNQF-CmrwJgxRtylkGTKlU4RvrX';

export type PayPalOperation = 'token' | 'create' | 'get' | 'capture' | 'refund';
export type RecordedRequest = { operation: PayPalOperation | 'page'; method: string; path: string; headers: Record<string, string>; body: unknown };

export type PayPalDouble = {
  /** The API root, what configuration's PAYPAL_API_URL_* takes (http://127.0.0.1:port). */
  url: string;
  /** Every request, in order, with its headers and parsed body (JSON, or the form's fields). */
  requests: RecordedRequest[];
  /** The orders PayPal holds, by id. */
  orders: Map<string, DoubleOrder>;
  /** Access tokens issued so far. */
  tokensIssued(): number;
  /** Another REST app PayPal knows. */
  addClient(clientId: string, secret: string): void;
  /** What the buyer's "Aprobar" does (paying from balance, or with a card the capture will decline); the query PayPal adds to return_url. */
  approve(orderId: string, funding?: 'balance' | 'declined-card'): { token: string; PayerID: string };
  /** The shopper on the approval page: opens PayPal's link, presses "Aprobar" (paying from `funding`) or "Cancelar"; where PayPal sends them. */
  shopper(redirectUrl: string, choice: 'approve' | 'cancel', funding?: 'balance' | 'declined-card'): Promise<string>;
  /** The next captures answer this way: COMPLETED (default), a capture DECLINED inside a 201, or 422 INSTRUMENT_DECLINED. */
  captureOutcome: 'complete' | 'declined-capture' | 'instrument-declined';
  /** The amount the next captures take, when it is not the order's (PayPal's `money.value`, e.g. "9.99"). */
  captureAmount: string | null;
  /** The next request of `operation` gets no answer: before PayPal acts on it, or after. */
  stallNext(operation: PayPalOperation, when: 'before' | 'after'): void;
  /** The next request of `operation` answers 500 INTERNAL_SERVER_ERROR. */
  failNext(operation: PayPalOperation): void;
  /** PayPal forgets the PayPal-Request-Ids it kept (they last hours at PayPal). */
  forgetRequestIds(): void;
  /** Down (connection refused) or back up on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

const OAUTH_TOKEN_ERROR = { error: 'invalid_client', error_description: 'Client Authentication failed' };
const PAYER_ID_CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const randomId = (length: number) => Array.from(randomBytes(length), (byte) => PAYER_ID_CHARS[byte % PAYER_ID_CHARS.length]).join('');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseBody(text: string, type: string): unknown {
  if (text === '') return null;
  if (type.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Answer = { status: number; body: unknown };

export async function startPayPalDouble(options: { port?: number } = {}): Promise<PayPalDouble> {
  const secrets = new Map([[PAYPAL_DOUBLE_CLIENT_ID, PAYPAL_DOUBLE_CLIENT_SECRET]]);
  const tokens = new Map<string, string>();
  const orders = new Map<string, DoubleOrder>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, Answer & { orderId?: string }>();
  const stalls = new Map<PayPalOperation, 'before' | 'after'>();
  const failures = new Set<PayPalOperation>();
  let origin = '';

  const findOrder = (clientId: string, id: string) => {
    const order = orders.get(id);
    return order && order.clientId === clientId ? order : undefined;
  };
  const notFound = (field: string, value: string): ErrorAnswer =>
    error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [{ field, value, location: 'path', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' }]);
  const unprocessable = (issue: string, description: string, api: 'orders' | 'payments' = 'orders') =>
    error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [{ issue, description }], api);

  function token(headers: IncomingMessage['headers'], body: unknown): Answer {
    const [scheme, encoded] = (headers.authorization ?? '').split(' ');
    const [clientId = '', secret] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':');
    const grant = (body as Record<string, unknown> | null)?.grant_type;
    if (scheme !== 'Basic' || !secrets.has(clientId) || secrets.get(clientId) !== secret) return { status: 401, body: OAUTH_TOKEN_ERROR };
    if (grant !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type', error_description: `Grant Type is NULL or not supported: ${String(grant)}` } };
    const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, clientId);
    return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: accessToken, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: randomBytes(16).toString('hex') } };
  }

  function create(clientId: string, body: unknown, prefer: string): Answer {
    const invalid = validateOrderRequest(body);
    if (invalid) return invalid;
    const request = body as { intent: 'CAPTURE' | 'AUTHORIZE'; purchase_units: DoubleOrder['purchaseUnit'][]; payment_source?: { paypal?: { experience_context?: DoubleOrder['experience'] } }; application_context?: DoubleOrder['experience'] };
    const experience = request.payment_source?.paypal?.experience_context;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const order: DoubleOrder = {
      id: randomId(17),
      clientId,
      intent: request.intent,
      status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchaseUnit: { reference_id: 'default', ...request.purchase_units[0]! },
      experience: experience ?? request.application_context ?? {},
      payerAction: Boolean(experience),
      funding: 'balance',
      payer: null,
      capture: null,
      refunds: [],
      createTime: now,
      updateTime: now,
    };
    orders.set(order.id, order);
    return { status: 201, body: orderJson(order, origin, prefer.includes('return=representation')) };
  }

  function capture(order: DoubleOrder): Answer {
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
    if (order.status !== 'APPROVED')
      return unprocessable('ORDER_NOT_APPROVED', "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.");
    if (order.funding === 'declined-card' || double.captureOutcome === 'instrument-declined')
      return unprocessable('INSTRUMENT_DECLINED', 'The instrument presented  was either declined by the processor or bank, or it can\'t be used for this payment.');
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const amount = { currency_code: order.purchaseUnit.amount.currency_code, value: double.captureAmount ?? order.purchaseUnit.amount.value };
    order.capture = { id: randomId(17), status: double.captureOutcome === 'declined-capture' ? 'DECLINED' : 'COMPLETED', amount, createTime: now, updateTime: now };
    order.status = 'COMPLETED';
    order.updateTime = now;
    return { status: 201, body: orderJson(order, origin, true) };
  }

  function refund(clientId: string, captureId: string, body: unknown): Answer {
    const order = [...orders.values()].find((candidate) => candidate.clientId === clientId && candidate.capture?.id === captureId);
    const taken = order?.capture;
    if (!order || !taken) return notFound('capture_id', captureId);
    if (taken.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.', 'payments');
    if (taken.status !== 'COMPLETED' && taken.status !== 'PARTIALLY_REFUNDED') return unprocessable('REFUND_NOT_ALLOWED', 'Capture cannot be refunded.', 'payments');
    const cents = (value: string) => Math.round(Number(value) * 100);
    const refunded = order.refunds.reduce((sum, done) => sum + cents(done.amount.value), 0);
    const requested = (body as { amount?: { currency_code?: string; value?: string } } | null)?.amount;
    const value = requested?.value ?? ((cents(taken.amount.value) - refunded) / 100).toFixed(2);
    if (!/^\d+(\.\d{1,2})?$/.test(value) || cents(value) <= 0) return error(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field: '/amount/value', value, location: 'body', issue: 'INVALID_PARAMETER_SYNTAX', description: 'The value of a field does not conform to the expected format.' }], 'payments');
    if (refunded + cents(value) > cents(taken.amount.value)) return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.', 'payments');
    const done = { id: randomId(17), status: 'COMPLETED' as const, amount: { currency_code: taken.amount.currency_code, value } };
    order.refunds.push(done);
    taken.status = refunded + cents(value) === cents(taken.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return { status: 201, body: { id: done.id, status: done.status, links: [{ href: `${origin}/v2/payments/refunds/${done.id}`, rel: 'self', method: 'GET' }, { href: `${origin}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }] } };
  }

  function page(request: IncomingMessage, url: URL, body: unknown, response: ServerResponse) {
    const fields = (body ?? {}) as Record<string, string>;
    const order = orders.get(request.method === 'POST' ? (fields.token ?? '') : (url.searchParams.get('token') ?? ''));
    const known = request.method === 'GET' ? url.pathname === '/checkoutnow' : url.pathname === '/checkoutnow/approve' || url.pathname === '/checkoutnow/cancel';
    if (!order || !known) return void response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(approvalPage(null));
    if (request.method === 'GET') return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(approvalPage(order));
    const back = (target: string | undefined, query: Record<string, string>) => {
      if (!target) return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(approvalPage(order));
      const next = new URL(target);
      for (const [name, value] of Object.entries(query)) next.searchParams.set(name, value);
      response.writeHead(303, { location: next.href }).end();
    };
    if (url.pathname === '/checkoutnow/cancel') return back(order.experience.cancel_url, { token: order.id });
    return back(order.experience.return_url, double.approve(order.id, fields.funding === 'declined-card' ? 'declined-card' : 'balance'));
  }

  function route(method: string, path: string): { operation: PayPalOperation; id?: string } | null {
    if (method === 'POST' && path === '/v1/oauth2/token') return { operation: 'token' };
    if (method === 'POST' && path === '/v2/checkout/orders') return { operation: 'create' };
    const order = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (order) return method === 'GET' && !order[2] ? { operation: 'get', id: order[1] } : method === 'POST' && order[2] ? { operation: 'capture', id: order[1] } : null;
    const refunded = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    return method === 'POST' && refunded ? { operation: 'refund', id: refunded[1] } : null;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const text = await readBody(request);
    const body = parseBody(text, request.headers['content-type'] ?? '');
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    if (url.pathname === '/healthz') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    // For a double started on its own (--port), the journeys steer it over HTTP as tests do through the object.
    if (url.pathname === '/__double/scenario' && method === 'POST') {
      const scenario = (body ?? {}) as Partial<Pick<PayPalDouble, 'captureOutcome' | 'captureAmount'>>;
      if (scenario.captureOutcome) double.captureOutcome = scenario.captureOutcome;
      if (scenario.captureAmount !== undefined) double.captureAmount = scenario.captureAmount;
      return void response.writeHead(204).end();
    }
    if (url.pathname.startsWith('/checkoutnow')) {
      requests.push({ operation: 'page', method, path: url.pathname, headers, body });
      return page(request, url, body, response);
    }
    const found = route(method, url.pathname);
    const send = (answer: Answer) => void response.writeHead(answer.status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(7).toString('hex') }).end(JSON.stringify(answer.body));
    if (!found) return send(error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', []));
    requests.push({ operation: found.operation, method, path: url.pathname, headers, body });
    const stall = stalls.get(found.operation);
    stalls.delete(found.operation);
    if (stall === 'before') return; // never answered: the client's timeout ends it
    if (failures.delete(found.operation)) return send({ status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: randomBytes(7).toString('hex'), links: [{ href: 'https://developer.paypal.com/api/rest/reference/orders/v2/errors/#INTERNAL_SERVER_ERROR', rel: 'information_link' }] } });
    let answer: Answer;
    if (found.operation === 'token') answer = token(request.headers, body);
    else {
      const [scheme, bearer] = (request.headers.authorization ?? '').split(' ');
      const clientId = scheme === 'Bearer' ? tokens.get(bearer ?? '') : undefined;
      if (!clientId) return send(error(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to missing authorization header, or invalid authentication credentials.', []));
      const requestId = request.headers['paypal-request-id'];
      const key = typeof requestId === 'string' ? `${clientId} ${url.pathname} ${requestId}` : null;
      const replay = key ? idempotent.get(key) : undefined;
      // PayPal answers a repeated request id with "the latest status of the previous request".
      if (replay) answer = replay.orderId && replay.status < 300 ? { status: 200, body: orderJson(orders.get(replay.orderId)!, origin, true) } : replay;
      else if (found.operation === 'create') answer = create(clientId, body, headers.prefer ?? '');
      else if (found.operation === 'refund') answer = refund(clientId, found.id ?? '', body);
      else {
        const order = findOrder(clientId, found.id ?? '');
        answer = !order ? notFound('order_id', found.id ?? '') : found.operation === 'get' ? { status: 200, body: orderJson(order, origin, true) } : capture(order);
      }
      const orderId = found.operation === 'capture' ? found.id : found.operation === 'create' ? (answer.body as { id?: string }).id : undefined;
      if (key && !replay) idempotent.set(key, { ...answer, orderId });
    }
    if (stall === 'after') return; // acted on, then the answer is lost
    send(answer);
  }

  const http = await startDoubleServer(handle, { port: options.port });
  origin = http.origin;

  const double: PayPalDouble = {
    url: origin,
    requests,
    orders,
    tokensIssued: () => tokens.size,
    addClient: (clientId, secret) => void secrets.set(clientId, secret),
    approve(orderId, funding = 'balance') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the PayPal double has no order ${orderId}`);
      if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
        order.status = 'APPROVED';
        order.funding = funding;
        order.payer = { payer_id: randomId(13), email_address: 'comprador@example.com', name: { given_name: 'Ana', surname: 'Comprador' } };
      }
      return { token: order.id, PayerID: order.payer?.payer_id ?? '' };
    },
    async shopper(redirectUrl, choice, funding = 'balance') {
      const html = await (await fetch(redirectUrl)).text();
      const button = choice === 'approve' ? 'Aprobar' : 'Cancelar';
      const form = new RegExp(`<form method="post" action="(/checkoutnow/${choice})">.*?>${button}</button></form>`).exec(html);
      if (!form) throw new Error(`PayPal's page at ${redirectUrl} has no ${button} button`);
      const token = new URL(redirectUrl).searchParams.get('token') ?? '';
      const answer = await fetch(new URL(form[1]!, redirectUrl), { method: 'POST', body: new URLSearchParams({ token, funding }), redirect: 'manual' });
      return answer.headers.get('location') ?? '';
    },
    captureOutcome: 'complete',
    captureAmount: null,
    stallNext: (operation, when) => void stalls.set(operation, when),
    failNext: (operation) => void failures.add(operation),
    forgetRequestIds: () => idempotent.clear(),
    down: () => http.down(),
    up: () => http.up(),
    close: () => http.close(),
  };
  return double;
}

// `node tests/support/paypal-double.ts --port 4020`: a developer or the browser journeys start it on
// their own; PAYPAL_API_URL_SANDBOX then points at the printed address.
if (import.meta.main) {
  const flag = process.argv.indexOf('--port');
  const double = await startPayPalDouble({ port: flag === -1 ? 4020 : Number(process.argv[flag + 1]) });
  console.log(`PayPal double on ${double.url} (client id ${PAYPAL_DOUBLE_CLIENT_ID}, secret ${PAYPAL_DOUBLE_CLIENT_SECRET})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void double.close().then(() => process.exit(0)));
}

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startDoubleServer } from './double-server.ts';
import { PAYPHONE_ERROR, undocumentedFields } from './payphone-documented.ts';
import { payPage, type PayPageChoice, payPageResult } from './payphone-double-page.ts';

// A local stand-in for PayPhone's Botón de pagos (issue 39 §8), over node:http, following what
// PayPhone publishes (tests/support/payphone-documented.ts cites each page):
// * POST /api/button/Prepare (docs.payphone.app/boton-de-pago-por-redireccion): amounts in integer
//   cents that must add up, a clientTransactionId of at most 50 characters unique per store, the
//   store's storeId; answers {paymentId, payWithCard, payWithPayPhone}.
// * The shopper's form those links open (payphone-double-page.ts): "Aprobar" and "Rechazar" send the
//   shopper to responseUrl?id=…&clientTransactionId=… (a bank decline too, whose Confirm then says
//   statusCode 2: docs.payphone.app/en/docs/info/errores/); "Cancelar" to cancellationUrl, with no
//   transaction made.
// * POST /api/button/V2/Confirm {id, clientTxId}: the sale (statusCode 3 Approved / 2 Canceled,
//   amount, currency, transactionId, authorizationCode…); asked twice, the same answer.
// * GET /api/Sale/{id} and /api/Sale/client/{clientTransactionId} (docs.payphone.app/api-implementacion):
//   the sale, or a list of them; 404 with errorCode 20 when there is none yet.
// * POST /api/Reverse {id} and /api/Reverse/Client {clientId} (docs.payphone.app/reversar-pago): `true`,
//   or {message, errorCode}; PayPhone reverses whole transactions only.
// Every /api call needs `Authorization: Bearer <token>` (401 otherwise), and a transaction is seen only
// with the token that made it. A body with a field PayPhone does not document is a 400 with PayPhone's
// error body {message, errorCode, errors[]}. Tests steer it with next(), down() and up().

export type PayPhoneAccount = { token: string; storeId: string; storeName: string };

/** What the next matching call meets: no answer, a dropped connection, a 503, or a charge of another amount. */
export type DoubleOutcome = 'timeout' | 'drop' | 'unavailable' | 'differentAmount';
export type DoubleEndpoint = 'prepare' | 'confirm' | 'sale' | 'reverse';
export type NextOptions = { outcome: DoubleOutcome; endpoint?: DoubleEndpoint; amountCents?: number };

export type RecordedRequest = { method: string; path: string; authorization: string | null; body: unknown };

type Prepared = { paymentId: string; account: PayPhoneAccount; body: Record<string, unknown>; transactionId?: number };
export type Transaction = {
  id: number;
  paymentId: string;
  account: PayPhoneAccount;
  clientTransactionId: string;
  amount: number;
  currency: string;
  statusCode: 2 | 3;
  reference: string;
  date: string;
  confirmed: boolean;
  reversed: boolean;
};

export type PayPhoneDouble = {
  /** The API root, as PAYPHONE_API_URL takes it (no trailing slash). */
  url: string;
  accounts: PayPhoneAccount[];
  /** Every /api request, in order, as received (bodies parsed when they were JSON). */
  requests: RecordedRequest[];
  transactions: Map<number, Transaction>;
  next(options: NextOptions): void;
  /** Stops listening (connection refused) until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  /** What a browser does on the form `redirectUrl` points to: presses the button, returns where it is sent. */
  shopper(redirectUrl: string, choice: PayPageChoice): Promise<string>;
  close(): Promise<void>;
};

export const DEFAULT_ACCOUNT: PayPhoneAccount = { token: 'payphone-double-token', storeId: 'payphone-double-store', storeName: 'Tienda de pruebas' };

const MAX_AMOUNT = 99_999_999; // PayPhone's published model of Prepare: amounts 0…99999999
const AMOUNT_PARTS = ['amountWithoutTax', 'amountWithTax', 'tax', 'service', 'tip'] as const;
const STRING_FIELDS = ['reference', 'storeId', 'currency', 'cancellationUrl', 'lat', 'lng', 'documentId', 'phoneNumber', 'email', 'optionalParameter', 'lang'];

const json = (response: ServerResponse, status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
const fieldError = (field: string, description: string) => ({ message: field, errorDescriptions: [description] });
const isUrl = (value: unknown) => typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
const isCents = (value: unknown, min: number) => Number.isInteger(value) && (value as number) >= min && (value as number) <= MAX_AMOUNT;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** What is wrong with a Prepare body, field by field, as PayPhone's `errors[]` lists it. */
function prepareProblems(body: Record<string, unknown>): ReturnType<typeof fieldError>[] {
  const problems = undocumentedFields('POST /api/button/Prepare', body).map((field) => fieldError(field, `El campo ${field} no existe en el modelo.`));
  if (!isCents(body.amount, 1)) problems.push(fieldError('amount', 'El monto es obligatorio: un entero en centavos entre 1 y 99999999.'));
  for (const part of AMOUNT_PARTS) if (body[part] != null && !isCents(body[part], 0)) problems.push(fieldError(part, 'Debe ser un entero en centavos entre 0 y 99999999.'));
  const parts = AMOUNT_PARTS.reduce((sum, part) => sum + (Number.isInteger(body[part]) ? (body[part] as number) : 0), 0);
  if (Number.isInteger(body.amount) && parts !== body.amount) problems.push(fieldError('amount', 'El monto debe ser la suma de amountWithoutTax, amountWithTax, tax, service y tip.'));
  const id = body.clientTransactionId;
  if (typeof id !== 'string' || id.length === 0 || id.length > 50) problems.push(fieldError('clientTransactionId', 'Obligatorio, de hasta 50 caracteres.'));
  if (!isUrl(body.responseUrl)) problems.push(fieldError('responseUrl', 'Obligatorio: una URL absoluta.'));
  if (body.cancellationUrl != null && !isUrl(body.cancellationUrl)) problems.push(fieldError('cancellationUrl', 'Debe ser una URL absoluta.'));
  if (body.currency != null && body.currency !== 'USD') problems.push(fieldError('currency', 'Moneda no soportada.'));
  for (const field of STRING_FIELDS) if (body[field] != null && typeof body[field] !== 'string') problems.push(fieldError(field, 'Debe ser un texto.'));
  if (body.timeZone != null && !(Number.isInteger(body.timeZone) && Math.abs(body.timeZone as number) <= 14)) problems.push(fieldError('timeZone', 'Zona horaria inválida.'));
  return problems;
}

/** A transaction as Confirm and Sale answer it (the fields of the Confirm answer PayPhone documents). */
function saleModel(transaction: Transaction) {
  const approved = transaction.statusCode === 3;
  return {
    email: null,
    cardType: 'Credit',
    bin: '409724',
    lastDigits: '4242',
    deferredCode: '00000000',
    deferredMessage: null,
    deferred: false,
    cardBrandCode: '50',
    cardBrand: 'Visa Doble de Pruebas',
    amount: transaction.amount,
    clientTransactionId: transaction.clientTransactionId,
    phoneNumber: null,
    statusCode: transaction.statusCode,
    transactionStatus: approved ? 'Approved' : 'Canceled',
    authorizationCode: approved ? `W${transaction.id}` : null,
    // PayPhone's words for a bank's refusal (Catálogo de errores: "Transacción rechazada").
    message: approved ? null : 'Transacción rechazada',
    messageCode: approved ? 0 : 5,
    transactionId: transaction.id,
    document: null,
    taxes: [],
    currency: transaction.currency,
    storeName: transaction.account.storeName,
    date: transaction.date,
    regionIso: 'EC',
    reference: transaction.reference,
  };
}

export async function startPayPhoneDouble(options: { port?: number; host?: string; accounts?: PayPhoneAccount[] } = {}): Promise<PayPhoneDouble> {
  const accounts = options.accounts ?? [DEFAULT_ACCOUNT];
  const host = options.host ?? '127.0.0.1';
  const requests: RecordedRequest[] = [];
  const prepared = new Map<string, Prepared>();
  const transactions = new Map<number, Transaction>();
  const scheduled: NextOptions[] = [];
  const held = new Set<ServerResponse>();
  let nextTransactionId = 31_000_000;
  let origin = '';

  /** The first scheduled outcome meant for this call, taken off the list. */
  function take(endpoint: DoubleEndpoint | null, kinds: readonly DoubleOutcome[]) {
    const index = scheduled.findIndex((entry) => kinds.includes(entry.outcome) && (!entry.endpoint || entry.endpoint === endpoint));
    return index === -1 ? undefined : scheduled.splice(index, 1)[0];
  }

  const visible = (account: PayPhoneAccount, id: number) => {
    const transaction = transactions.get(id);
    return transaction && transaction.account === account ? transaction : undefined;
  };
  const byClientId = (account: PayPhoneAccount, clientId: string) => [...transactions.values()].filter((entry) => entry.account === account && entry.clientTransactionId === clientId);

  function prepare(account: PayPhoneAccount, body: Record<string, unknown>, response: ServerResponse) {
    const problems = prepareProblems(body);
    if (problems.length > 0) return json(response, 400, { ...PAYPHONE_ERROR.validation, errors: problems });
    if (body.storeId != null && body.storeId !== account.storeId) return json(response, 400, PAYPHONE_ERROR.storeNotFound);
    const taken = [...prepared.values()].some((entry) => entry.account === account && entry.body.clientTransactionId === body.clientTransactionId);
    if (taken) return json(response, 400, { ...PAYPHONE_ERROR.validation, errors: [fieldError('clientTransactionId', 'Ya existe una transacción con este identificador.')] });
    const paymentId = randomBytes(12).toString('base64url');
    prepared.set(paymentId, { paymentId, account, body });
    json(response, 200, { paymentId, payWithCard: `${origin}/pay/card/${paymentId}`, payWithPayPhone: `${origin}/pay/payphone/${paymentId}` });
  }

  /** The shopper's decision on the form: a transaction (approved or declined), or none when cancelled. */
  function decide(payment: Prepared, choice: PayPageChoice): string {
    const { body } = payment;
    if (choice === 'cancel') return typeof body.cancellationUrl === 'string' ? body.cancellationUrl : (body.responseUrl as string);
    if (payment.transactionId === undefined) {
      const charge = choice === 'approve' ? take(null, ['differentAmount']) : undefined;
      const id = (nextTransactionId += 1);
      transactions.set(id, {
        id,
        paymentId: payment.paymentId,
        account: payment.account,
        clientTransactionId: body.clientTransactionId as string,
        amount: charge ? (charge.amountCents ?? (body.amount as number) + 100) : (body.amount as number),
        currency: (body.currency as string | undefined) ?? 'USD',
        statusCode: choice === 'approve' ? 3 : 2,
        reference: typeof body.reference === 'string' ? body.reference : '',
        date: new Date().toISOString(),
        confirmed: false,
        reversed: false,
      });
      payment.transactionId = id;
    }
    const back = new URL(body.responseUrl as string);
    back.searchParams.set('id', String(payment.transactionId));
    back.searchParams.set('clientTransactionId', body.clientTransactionId as string);
    return back.href;
  }

  function reverse(transaction: Transaction | undefined, response: ServerResponse) {
    if (!transaction) return json(response, 404, PAYPHONE_ERROR.transactionNotFound);
    if (transaction.statusCode !== 3) return json(response, 400, { message: 'La transacción no está aprobada y no puede reversarse.' });
    if (transaction.reversed) return json(response, 400, { message: 'La transacción ya fue reversada.' });
    transaction.reversed = true;
    json(response, 200, true);
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string) {
    const method = request.method ?? 'GET';
    const text = await readBody(request);
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    requests.push({ method, path, authorization: request.headers.authorization ?? null, body });
    const route = `${method} ${path}`;
    const saleMatch = method === 'GET' ? /^\/api\/Sale\/(?:client\/([^/]+)|(\d+))$/.exec(path) : null;
    const endpoint: DoubleEndpoint | null =
      route === 'POST /api/button/Prepare' ? 'prepare' : route === 'POST /api/button/V2/Confirm' ? 'confirm' : saleMatch ? 'sale' : route.startsWith('POST /api/Reverse') ? 'reverse' : null;
    const trouble = take(endpoint, ['timeout', 'drop', 'unavailable']);
    if (trouble?.outcome === 'timeout') return void held.add(response); // never answered: the client gives up
    if (trouble?.outcome === 'drop') return void request.socket.destroy();
    if (trouble?.outcome === 'unavailable') return void response.writeHead(503, { 'content-type': 'text/html' }).end('<html><body><h1>Service Unavailable</h1></body></html>');
    const token = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const account = accounts.find((entry) => entry.token === token);
    if (!account) return json(response, 401, PAYPHONE_ERROR.badToken);
    if (!endpoint) return json(response, 404, { message: 'No se encontró el recurso solicitado.' });
    if (method === 'POST' && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      return json(response, 400, { ...PAYPHONE_ERROR.validation, errors: [fieldError('body', 'El cuerpo debe ser un objeto JSON.')] });
    }
    const fields = body as Record<string, unknown>;
    if (endpoint === 'prepare') return prepare(account, fields, response);
    if (endpoint === 'sale') {
      const found = saleMatch?.[2] ? [visible(account, Number(saleMatch[2]))].filter((entry) => entry !== undefined) : byClientId(account, decodeURIComponent(saleMatch?.[1] ?? ''));
      if (found.length === 0) return json(response, 404, PAYPHONE_ERROR.transactionNotFound);
      return json(response, 200, saleMatch?.[2] ? saleModel(found[0]!) : found.map(saleModel));
    }
    const extra = undocumentedFields(route, fields);
    if (extra.length > 0) return json(response, 400, { ...PAYPHONE_ERROR.validation, errors: extra.map((field) => fieldError(field, `El campo ${field} no existe en el modelo.`)) });
    if (endpoint === 'confirm') {
      if (!Number.isInteger(fields.id) || typeof fields.clientTxId !== 'string') return json(response, 400, { ...PAYPHONE_ERROR.validation, errors: [fieldError('id', 'id (entero) y clientTxId son obligatorios.')] });
      const transaction = visible(account, fields.id as number);
      if (!transaction || transaction.clientTransactionId !== fields.clientTxId) return json(response, 404, PAYPHONE_ERROR.transactionNotFound);
      transaction.confirmed = true;
      return json(response, 200, saleModel(transaction));
    }
    if (route === 'POST /api/Reverse/Client') {
      const [transaction] = typeof fields.clientId === 'string' ? byClientId(account, fields.clientId).filter((entry) => entry.statusCode === 3) : [];
      return reverse(transaction, response);
    }
    return reverse(Number.isInteger(fields.id) ? visible(account, fields.id as number) : undefined, response);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname.startsWith('/api/')) return api(request, response, url.pathname);
    const page = /^\/pay\/(?:(card|payphone)\/([\w-]+)|([\w-]+)\/(approve|decline|cancel))$/.exec(url.pathname);
    const payment = prepared.get(page?.[2] ?? page?.[3] ?? '');
    if (page && payment && request.method === 'GET' && page[2]) {
      const html = payment.transactionId === undefined ? payPage(payment.paymentId, payment.body, payment.account.storeName) : payPageResult();
      return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
    if (page && payment && request.method === 'POST' && page[4]) return void response.writeHead(303, { location: decide(payment, page[4] as PayPageChoice) }).end();
    // For a double started on its own (--port), the journeys steer it over HTTP as tests do through next().
    if (url.pathname === '/__double/next' && request.method === 'POST') {
      scheduled.push(JSON.parse(await readBody(request)) as NextOptions);
      return void response.writeHead(204).end();
    }
    response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>PayPhone</title><p>No autorizado</p>');
  }

  // A stop also forgets the answers held back (a `timeout`): their sockets are gone.
  const http = await startDoubleServer(handle, { host, port: options.port, onStop: () => held.clear() });
  origin = http.origin;

  return {
    url: origin,
    accounts,
    requests,
    transactions,
    next: (entry) => void scheduled.push(entry),
    down: () => http.down(),
    up: () => http.up(),
    async shopper(redirectUrl, choice) {
      const html = await (await fetch(redirectUrl)).text();
      const action = /<form method="post" action="([^"]+)"/g;
      const target = [...html.matchAll(action)].map((match) => match[1]!).find((path) => path.endsWith(`/${choice}`));
      if (!target) throw new Error(`The pay page at ${redirectUrl} has no ${choice} button`);
      const answer = await fetch(new URL(target, redirectUrl), { method: 'POST', redirect: 'manual' });
      return answer.headers.get('location') ?? '';
    },
    close: () => http.close(),
  };
}

// `node tests/support/payphone-double.ts --port 3701 [--token …] [--store-id …]`: a developer or the
// browser journeys start it on their own; PAYPHONE_API_URL then points at the printed address.
if (import.meta.main) {
  const argument = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index === -1 ? undefined : process.argv[index + 1];
  };
  const account = { ...DEFAULT_ACCOUNT, token: argument('token') ?? DEFAULT_ACCOUNT.token, storeId: argument('store-id') ?? DEFAULT_ACCOUNT.storeId };
  const double = await startPayPhoneDouble({ port: Number(argument('port') ?? 3701), host: argument('host'), accounts: [account] });
  console.log(`PayPhone double on ${double.url} (token ${account.token}, storeId ${account.storeId})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void double.close().then(() => process.exit(0)));
}

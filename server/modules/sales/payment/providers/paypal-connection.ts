import { createHash } from 'node:crypto';
import { Agent as HttpsAgent } from 'node:https';
import { connect as netConnect, isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import type { OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import { type GatewayContext, GatewayRefused, GatewayUnavailable } from '#server/modules/sales/payment/payment-provider.ts';

// How the PayPal module reaches PayPal: one SDK client per (endpoint, client id), pointed at the
// endpoint configuration names, and PayPal's answers turned into the layer's two errors.
//
// The endpoint. PayPal's server SDK (2.5.0) knows two base URLs only, hard-coded in its getBaseUri
// (Environment.Sandbox → https://api-m.sandbox.paypal.com, Production → https://api-m.paypal.com),
// and has no base-URL option. What it does let us give is the HTTPS agent its HTTP client (axios)
// uses for every request, the OAuth token included: `httpClientOptions.httpsAgent`, a stable,
// documented option (https://github.com/paypal/PayPal-TypeScript-Server-SDK/blob/2.5.0/doc/http-client-options.md).
// Node documents `agent.createConnection(options, callback)` as the method a custom agent overrides
// to make its own sockets (https://nodejs.org/api/http.html#agentcreateconnectionoptions-callback).
// EndpointAgent does exactly that: whatever host the SDK names, the socket goes to the configured
// endpoint (TLS with its own name checked when it is https://, plain TCP when it is http://, which is
// how tests reach the local double). Path, method, headers and body stay the SDK's own, so the
// request PayPal (or the double) reads is the SDK's, byte for byte; the Host header keeps the SDK's
// PayPal host, which is right as long as the sandbox URL is configured for sandbox and the live URL
// for live. Only the endpoint's origin counts: a path in it is ignored.
// Not chosen: `proxySettings` (an HTTP CONNECT proxy: the double would have to tunnel), and
// `unstable_httpClientOptions` (raw axios options, an adapter for instance), which the SDK marks as
// unstable.

class EndpointAgent extends HttpsAgent {
  readonly #endpoint: URL;

  constructor(endpoint: URL) {
    super({ keepAlive: true });
    this.#endpoint = endpoint;
  }

  override createConnection(): Duplex {
    const host = this.#endpoint.hostname.replace(/^\[(.*)\]$/, '$1');
    const secure = this.#endpoint.protocol === 'https:';
    const port = Number(this.#endpoint.port || (secure ? 443 : 80));
    if (!secure) return netConnect({ host, port });
    return tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }), ALPNProtocols: ['http/1.1'] });
  }
}

type Sdk = typeof import('@paypal/paypal-server-sdk');

// The SDK is ~10 MiB of a process's heap once loaded (its models, axios, the schema library), for
// the few processes' stores that take PayPal: loaded on the first call, not at start (decision 101).
let sdkLoading: Promise<Sdk> | undefined;
let sdk: Sdk | undefined;
/** The SDK, loaded once per process (bench:shop-memory's BENCH_LOADED loads it as a first payment would). */
export const loadSdk = () =>
  (sdkLoading ??= import('@paypal/paypal-server-sdk').then((loaded) => {
    sdk = loaded;
    return loaded;
  }));

/** The store's controllers, and the SDK's enums an order's body is written with. */
export type PayPalApi = { orders: OrdersController; payments: PaymentsController; sdk: Sdk };

type Cached = PayPalApi & { fingerprint: string };

// Kept for the life of the process, so the OAuth token the SDK fetched is reused until it expires
// (the SDK refreshes it itself); a store that changes its secret, environment or the timeout gets a
// new client on its next call.
const clients = new Map<string, Cached>();
/**
 * Stores that paid through PayPal lately keep their client; past this many the least recently
 * used goes (decision 101: nothing in a process grows with the number of stores). A client is its
 * SDK objects, its agent and token: tens of kB.
 */
const CLIENTS_KEPT = 256;

const keyOf = (context: GatewayContext) => `${context.apiUrl}\n${context.credentials.clientId ?? ''}`;

async function connection(context: GatewayContext): Promise<Cached> {
  const clientId = context.credentials.clientId ?? '';
  const clientSecret = context.credentials.clientSecret ?? '';
  if (!clientId || !clientSecret) throw new GatewayRefused('PayPal: the client id and secret are not set', undefined, 'MISSING_CREDENTIALS');
  const secretHash = createHash('sha256').update(clientSecret).digest('base64url');
  const fingerprint = `${context.environment}\n${context.timeoutMs}\n${secretHash}`;
  const cached = clients.get(keyOf(context));
  if (cached?.fingerprint === fingerprint) {
    // Most recently used last: Map keeps insertion order.
    clients.delete(keyOf(context));
    clients.set(keyOf(context), cached);
    return cached;
  }
  const loaded = await loadSdk();
  const { Client, Environment, OrdersController, PaymentsController } = loaded;
  const client = new Client({
    environment: context.environment === 'live' ? Environment.Production : Environment.Sandbox,
    clientCredentialsAuthCredentials: { oAuthClientId: clientId, oAuthClientSecret: clientSecret },
    // No retries inside the SDK: the payment layer decides when to ask again (its own default is none).
    httpClientOptions: { timeout: context.timeoutMs, httpsAgent: new EndpointAgent(new URL(context.apiUrl)), retryConfig: { maxNumberOfRetries: 0 } },
  });
  const fresh = { fingerprint, orders: new OrdersController(client), payments: new PaymentsController(client), sdk: loaded };
  clients.delete(keyOf(context));
  clients.set(keyOf(context), fresh);
  if (clients.size > CLIENTS_KEPT) clients.delete(clients.keys().next().value!);
  return fresh;
}

/** PayPal's error body (Orders v2 / Payments v2: name, message, debug_id, details[]) or OAuth's (error, error_description). */
type PayPalErrorBody = {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string; field?: string }[];
  error?: string;
  error_description?: string;
};

function errorBody(error: InstanceType<Sdk['ApiError']>): PayPalErrorBody {
  const parsed: unknown = error.result ?? (typeof error.body === 'string' ? safeJson(error.body) : undefined);
  return parsed && typeof parsed === 'object' ? (parsed as PayPalErrorBody) : {};
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * PayPal's answer as the layer's errors: its 4xx with a reason → GatewayRefused (code: the first
 * `details[].issue`, else the error's name, or OAuth's `error`); 5xx, 408 and 429, a timeout, a
 * refused connection or an answer outside the protocol → GatewayUnavailable.
 */
export function gatewayError(error: unknown): Error {
  if (error instanceof GatewayRefused || error instanceof GatewayUnavailable) return error;
  // Our own call broke the SDK's schema: a bug here, not PayPal's word. (An SDK error means the SDK is loaded.)
  if (sdk && error instanceof sdk.ArgumentsValidationError) return error;
  if (sdk && error instanceof sdk.ApiError) {
    const body = errorBody(error);
    const detail = body.details?.[0];
    const code = detail?.issue ?? body.name ?? body.error ?? `HTTP_${error.statusCode}`;
    const reason = detail?.description ?? body.message ?? body.error_description ?? error.message;
    const message = `PayPal ${error.statusCode} ${body.name ?? body.error ?? ''} ${code === body.name ? '' : code}: ${reason}${body.debug_id ? ` (debug_id ${body.debug_id})` : ''}`.replace(/\s+/g, ' ');
    if (error.statusCode >= 500 || error.statusCode === 408 || error.statusCode === 429 || error.statusCode < 400) return new GatewayUnavailable(message, error.statusCode);
    return new GatewayRefused(message, error.statusCode, code);
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return new GatewayUnavailable(`PayPal could not be reached${code ? ` (${code})` : ''}: ${error instanceof Error ? error.message : String(error)}`);
}

// A failed OAuth call leaves the SDK's client holding a rejected token promise, which it hands to
// every later call; a 401 may mean a revoked token. Such a client is dropped, and the next call
// builds a new one (a new token). PayPal's business refusals (400, 404, 409, 422) keep the client.
const keepsClient = (error: unknown) => sdk !== undefined && error instanceof sdk.CustomError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 401;

/** Runs `call` with the store's client, answering GatewayRefused / GatewayUnavailable for whatever goes wrong. */
export async function withPayPal<T>(context: GatewayContext, call: (api: PayPalApi) => Promise<T>): Promise<T> {
  const api = await connection(context);
  try {
    return await call(api);
  } catch (error) {
    if (!keepsClient(error) && clients.get(keyOf(context)) === api) clients.delete(keyOf(context));
    throw gatewayError(error);
  }
}

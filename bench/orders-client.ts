// The shoppers of `bench/orders.ts`: each places orders through the storefront over HTTP exactly
// as a browser without JavaScript does (the checkout's two requests, see placeOrder below), one
// after the other, on keep-alive connections. Written on node:http rather than fetch: at a
// thousand orders a second the load generator shares the machine's two cores with the server, and
// fetch costs several times more CPU per request.
import http from 'node:http';
import { shopCart } from '#common/i18n/es/shop-cart.ts';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type Outcome =
  | { kind: 'placed'; code: string; ms: number }
  /** outOfStock: the page's text saying the product ran out, if it says so. */
  | { kind: 'refused'; status: number; outOfStock: string | undefined; ms: number; body: string }
  | { kind: 'server-error'; status: number; ms: number; body: string }
  | { kind: 'unexpected'; status: number; ms: number; body: string; step: string }
  | { kind: 'network'; error: string; ms: number };

export type Shopper = { name: string; email: string; ip: string };

/** A client of one server address: its own keep-alive connections. */
export class ShopClient {
  readonly #agent: http.Agent;
  readonly #host: string;
  readonly #port: number;

  constructor(base: string, connections: number) {
    const url = new URL(base);
    this.#host = url.hostname;
    this.#port = Number(url.port);
    this.#agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const sent = http.request(
        { host: this.#host, port: this.#port, method, path, agent: this.#agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
          response.on('error', reject);
        },
      );
      sent.setTimeout(60_000, () => sent.destroy(new Error('no answer within 60 s')));
      sent.on('error', reject);
      sent.end(body);
    });
  }

  close() {
    this.#agent.destroy();
  }
}

/**
 * What the cart page says of a product that ran out while the shopper paid (the bench shops in
 * Spanish): "se agotó" when the conditional update found no unit left (stockGone), "ya no está
 * disponible" when the transaction's own re-reading of the cart did first (gone). The texts'
 * fixed parts, around the product's name.
 */
const fixedPart = (text: string) => text.split(/\{\w+\}/).reduce((longest, part) => (part.trim().length > longest.length ? part.trim() : longest), '');
export const OUT_OF_STOCK_TEXTS = [fixedPart(shopCart.stockGone), fixedPart(shopCart.gone)];
/** The sold-out text the page shows, if any. */
const soldOutText = (html: string) => OUT_OF_STOCK_TEXTS.find((text) => html.includes(text));

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

/** The n-th distinct client address: 10.0.0.1, 10.0.0.2 … (the server trusts X-Forwarded-For, TRUST_PROXY=1). */
export function addressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

const SHOPPER_FORM = {
  phone: '0991234567',
  documentType: 'passport',
  documentNumber: 'PB1234567',
  address: 'Av. Amazonas N34-100',
  city: 'Quito',
  province: 'Pichincha',
  canton: 'Quito',
  notes: '',
  paymentMethod: 'cash_on_delivery',
};

const headersOf = (shopper: Shopper) => ({ 'x-forwarded-for': shopper.ip, cookie: 'lang=es', accept: 'text/html' });

/** A Cookie header: the pairs of `base`, replaced or added to by those of `update`. */
function mergeCookies(base: string, update: string): string {
  const pairs = new Map<string, string>();
  for (const pair of [...base.split('; '), ...update.split('; ')]) {
    const at = pair.indexOf('=');
    if (at > 0) pairs.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return [...pairs].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * The first of the two requests of an order (the checkout's routes file documents them): add
 * `quantity` of the product to the cart; its answer sets the cart cookie, returned as a Cookie
 * header's pairs. Anything else is the outcome of the order.
 */
export async function addToCart(client: ShopClient, slug: string, product: { id: number; slug: string }, quantity: number, shopper: Shopper): Promise<{ cart: string } | Outcome> {
  const started = performance.now();
  try {
    const added = await client.request('POST', `/shop/${slug}/cart`, { ...headersOf(shopper), 'content-type': FORM }, form({ intent: 'add', product: String(product.id), variant: '', quantity: String(quantity) }));
    const cart = cookiesOf(added.headers['set-cookie']);
    if (added.status === 303 && cart !== '') return { cart };
    return classify(added, performance.now() - started, 'cart');
  } catch (error) {
    return networkError(error, performance.now() - started);
  }
}

/**
 * The second: the checkout form posted with the cart's cookie. A placed order is answered `303`
 * to `/shop/{slug}/order?code={uuid}`: the acknowledgement the crash test counts. One refused
 * because the product ran out is answered `303` back to the cart page (shop-cart.routes.ts), which
 * the shopper's browser then shows: it is followed, and counts as a clear refusal when the page
 * says the product sold out or is no longer available.
 */
export async function checkout(client: ShopClient, slug: string, cart: string, shopper: Shopper): Promise<Outcome> {
  const started = performance.now();
  try {
    const cookie = mergeCookies('lang=es', cart);
    const answer = await client.request('POST', `/shop/${slug}/checkout`, { ...headersOf(shopper), cookie, 'content-type': FORM }, form({ name: shopper.name, email: shopper.email, ...SHOPPER_FORM }));
    const location = answer.headers.location ?? '';
    const code = /[?&]code=([0-9a-f-]{36})/i.exec(location)?.[1];
    if (answer.status === 303 && code) return { kind: 'placed', code, ms: performance.now() - started };
    if (answer.status === 303 && location.endsWith('/cart')) {
      const page = await client.request('GET', location, { ...headersOf(shopper), cookie: mergeCookies(cookie, cookiesOf(answer.headers['set-cookie'])) });
      if (page.status === 200) return { kind: 'refused', status: 303, outOfStock: soldOutText(page.body), ms: performance.now() - started, body: page.body.slice(0, 20_000) };
      return classify(page, performance.now() - started, 'cart page after a refusal');
    }
    return classify(answer, performance.now() - started, 'checkout');
  } catch (error) {
    return networkError(error, performance.now() - started);
  }
}

/** Both requests, one after the other: one order as a shopper places it. */
export async function placeOrder(client: ShopClient, slug: string, product: { id: number; slug: string }, quantity: number, shopper: Shopper): Promise<Outcome> {
  const started = performance.now();
  const added = await addToCart(client, slug, product, quantity, shopper);
  if (!('cart' in added)) return added;
  const outcome = await checkout(client, slug, added.cart, shopper);
  return { ...outcome, ms: performance.now() - started };
}

const networkError = (error: unknown, ms: number): Outcome => ({ kind: 'network', error: (error as NodeJS.ErrnoException).code ?? String((error as Error).message ?? error), ms });

function classify(answer: Answer, ms: number, step: string): Outcome {
  if (answer.status >= 500) return { kind: 'server-error', status: answer.status, ms, body: answer.body.slice(0, 20_000) };
  if (answer.status >= 400 && answer.status < 500) {
    return { kind: 'refused', status: answer.status, outOfStock: soldOutText(answer.body), ms, body: answer.body.slice(0, 20_000) };
  }
  return { kind: 'unexpected', status: answer.status, ms, body: answer.body.slice(0, 20_000), step };
}

/** `name=value` pairs of Set-Cookie headers, as a Cookie header sends them back. */
function cookiesOf(setCookie: string[] | undefined): string {
  return (setCookie ?? [])
    .map((line) => line.split(';', 1)[0]!.trim())
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

/** Counts of a load's outcomes and the acknowledged codes. */
export class Tally {
  placed = 0;
  refused = 0;
  refusedOutOfStock = 0;
  /** Refusals by the status that carried them (303: back to the cart page that says why). */
  readonly refusedBy: Record<number, number> = {};
  /** Out-of-stock refusals by the text that said so. */
  readonly refusedSaying: Record<string, number> = {};
  serverErrors = 0;
  unexpected = 0;
  network = 0;
  readonly codes = new Set<string>();
  readonly latencies: number[] = [];
  readonly samples: string[] = [];

  add(outcome: Outcome) {
    switch (outcome.kind) {
      case 'placed':
        this.placed += 1;
        this.codes.add(outcome.code);
        this.latencies.push(outcome.ms);
        break;
      case 'refused':
        this.refused += 1;
        this.refusedBy[outcome.status] = (this.refusedBy[outcome.status] ?? 0) + 1;
        if (outcome.outOfStock) {
          this.refusedOutOfStock += 1;
          this.refusedSaying[outcome.outOfStock] = (this.refusedSaying[outcome.outOfStock] ?? 0) + 1;
        }
        else this.sample(`${outcome.status}: ${outcome.body}`);
        break;
      case 'server-error':
        this.serverErrors += 1;
        this.sample(`${outcome.status}: ${outcome.body}`);
        break;
      case 'unexpected':
        this.unexpected += 1;
        this.sample(`${outcome.step} ${outcome.status}: ${outcome.body}`);
        break;
      case 'network':
        this.network += 1;
        break;
    }
  }

  /** A few answers that were not what the bench expected, as text (a page's markup left out). */
  sample(text: string) {
    if (this.samples.length >= 5) return;
    const visible = text.replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const sample = visible.slice(0, 300);
    if (!this.samples.includes(sample)) this.samples.push(sample);
  }

  percentile(q: number): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  }
}

/**
 * `clients` shoppers placing orders one after the other until `stop()` says so, each order by
 * `order` (both requests, or the checkout alone) from an address of its own. A network error (the
 * server killed under it) is counted and retried after a short pause, as a person would press again.
 */
export function shoppers(options: { clients: number; order: (shopper: Shopper) => Promise<Outcome>; record: (outcome: Outcome) => void; firstAddress: number }) {
  let stopping = false;
  let next = options.firstAddress;
  const loop = async (index: number) => {
    while (!stopping) {
      const outcome = await options.order({ name: `Cliente ${index}`, email: `cliente-${index}@bench.test`, ip: addressOf(next++) });
      options.record(outcome);
      if (outcome.kind === 'network') await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const loops = Array.from({ length: options.clients }, (_, index) => loop(index));
  return {
    /** The next address a shopper would take. */
    nextAddress: () => next,
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

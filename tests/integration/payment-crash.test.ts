import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createDatabase, type Db, dialectOf } from '#server/db/database.ts';
import { saveGateway } from '#server/modules/sales/payment/payment-gateways.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { DEFAULT_ACCOUNT, type PayPhoneDouble, startPayPhoneDouble } from '../support/payphone-double.ts';
import { addProduct, makeSalesStore, type SalesStore } from '../support/sales-fixtures.ts';
import { createSchema, freePort, spawnServer, until } from '../support/spawned-server.ts';

// Issue 39 §7's crash test, on the real server process (`node server/main.ts`): shoppers come back
// from PayPhone (its protocol double) all at once, the same return twice or three times, and the
// server is killed with `kill -9` in the middle of those confirmations, 20 times. After each restart
// the database holds: at most one paid attempt per order; an order is paid exactly when one attempt
// is, and says so; one `order.paid` event per paid order; the stock is what the orders took; the
// money paid is the paid orders' totals; what the server told a shopper was paid, or saw paid
// before, is still paid. A shopper whose return a kill cut presses "Pay now" and leaves; some pay
// and close the tab. At the end every shopper who comes back does once more, the deadline passes
// (the expiry job asks PayPhone), and every sale PayPhone approved is our paid order (none lost),
// every declined one is not (none faked). Own data directory, or own PostgreSQL schema with DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const postgres = dialectOf(databaseUrl) === 'postgres';
const schema = `paycrash_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-paycrash-'));
const serverDatabaseUrl = postgres ? withSearchPath(databaseUrl!, schema) : undefined;
// One key for the server and for this test, which seals the store's PayPhone credentials.
const secrets = { APP_SECRET: randomBytes(24).toString('hex'), CERTIFICATE_KEY: randomBytes(32).toString('base64') };

const ROUNDS = 20;
const PER_ROUND = 5; // new orders whose shoppers come back in each round
const INITIAL_STOCK = 1000;

/** `gone`: the shopper never comes back to the return address (closed the tab, or left for another try). */
type Order = { code: string; ip: string; quantity: number; approved: boolean; back: string; gone: boolean };
type Answer = { order: Order; said: string | null };

let payphone: PayPhoneDouble;
let appPort: number;
let server: { child: ChildProcess; output: string[] } | undefined;
let db: Db | undefined;
/** Called with every request the double receives, before it answers (the kill's trigger). */
let tap: ((path: string) => void) | undefined;

const base = () => `http://127.0.0.1:${appPort}`;

/**
 * The server, as a whole app or as a storefront process (decision 104): behind Caddy the shoppers'
 * checkouts and returns reach storefront processes, and those are the ones a kill hits; a storefront
 * process also starts in ~2.3 s of CPU against ~3.5 for the whole app, 20 times a database.
 */
async function startServer(role: 'all' | 'storefront') {
  server = spawnServer({
    port: appPort,
    dataDir,
    databaseUrl: serverDatabaseUrl,
    env: {
      ...secrets,
      PAYPHONE_API_URL_SANDBOX: payphone.url,
      LOG_LEVEL: 'warn',
      // One process, the one killed (a worker would outlive its primary's kill -9 for a while).
      WEB_CONCURRENCY: '1',
      // Each shopper from an address of its own (X-Forwarded-For), as on the internet: the test's
      // shoppers all connect from 127.0.0.1, and the per-address limits are not under test here.
      TRUST_PROXY: '127.0.0.1',
      JOB_POLL_MS: '100', // the expiry job, once the test moves the deadlines
      APP_ROLE: role,
    },
  });
  const { output } = server;
  await until(async () => (await fetch(`${base()}/healthz`).catch(() => undefined))?.ok === true, 60_000, 'the server to answer /healthz', output);
}

async function killServer() {
  const child = server!.child;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** A shopper's request to the server; null when the server died before answering. */
async function request(url: string, init: RequestInit & { ip: string }): Promise<Response | null> {
  const headers = { origin: base(), 'x-forwarded-for': init.ip, ...(init.headers as Record<string, string>) };
  try {
    const response = await fetch(url.startsWith('http') ? url : `${base()}${url}`, { ...init, headers, redirect: 'manual' });
    await response.arrayBuffer();
    return response;
  } catch {
    return null;
  }
}

/** A shopper who buys `quantity` units with PayPhone and, on PayPhone's form, approves or declines. */
async function buy(store: SalesStore, productId: number, index: number, approved: boolean): Promise<Order> {
  const ip = `10.39.${Math.floor(index / 200)}.${(index % 200) + 1}`;
  const quantity = 1 + (index % 3);
  // The cart cookie written by hand, as shop-cart.routes.ts says a client may.
  const cart = `tb_cart_${store.id}=${encodeURIComponent(JSON.stringify({ l: [[productId, 0, quantity]] }))}`;
  const fields = { name: 'Ana Torres', email: `crash-${index}@example.com`, phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'payphone' };
  const placed = await request(`/shop/${store.slug}/checkout`, { method: 'POST', ip, headers: { cookie: cart, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  const payPage = placed?.headers.get('location') ?? '';
  expect(placed?.status, 'the checkout sends the shopper to PayPhone').toBe(303);
  expect(payPage.startsWith(payphone.url)).toBe(true);
  const back = await payphone.shopper(payPage, approved ? 'approve' : 'decline');
  const code = new URL(back).searchParams.get('code') ?? '';
  expect(back.startsWith(`${base()}/shop/${store.slug}/order/paid?code=`) && code !== '').toBe(true);
  return { code, ip, quantity, approved, back, gone: false };
}

type Row = { code: string; status: string; paymentState: string; totalCents: number; paid: number; paidCents: number; events: number; quantity: number; declined: number };

/** Every order of the store with its paid attempts, its `order.paid` events and its units, read by the test's own connection. */
async function orderRows(storeId: number): Promise<Map<string, Row>> {
  const { rows } = await sql<Row>`
    select o.code, o.status, o.payment_state, o.total_cents,
      (select count(*) from payment p where p.order_id = o.id and p.state = 'paid') as paid,
      (select coalesce(sum(p.amount_cents), 0) from payment p where p.order_id = o.id and p.state = 'paid') as paid_cents,
      (select count(*) from payment p where p.order_id = o.id and p.state = 'failed') as declined,
      (select count(*) from store_event e where e.store_id = o.store_id and e.type = 'order.paid' and e.resource_kind = 'order' and e.resource_id = o.id) as events,
      (select coalesce(sum(l.quantity), 0) from store_order_line l where l.order_id = o.id) as quantity
    from store_order o where o.store_id = ${storeId}`.execute(db!);
  return new Map(rows.map((row) => [row.code, { ...row, paid: Number(row.paid), paidCents: Number(row.paidCents), events: Number(row.events), quantity: Number(row.quantity), declined: Number(row.declined) }]));
}

const stockOf = async (productId: number) => Number((await sql<{ stock: number }>`select stock from product where id = ${productId}`.execute(db!)).rows[0]!.stock);

/** The invariants of §7, after a restart; gives the codes of the orders now paid. */
async function checkBooks(store: SalesStore, productId: number, orders: readonly Order[], mustBePaid: ReadonlySet<string>, round: string): Promise<Set<string>> {
  const rows = await orderRows(store.id);
  expect(rows.size, `${round}: every order placed is there`).toBe(orders.length);
  const paidNow = new Set<string>();
  let paidCents = 0;
  let paidTotals = 0;
  let heldUnits = 0;
  for (const order of orders) {
    const row = rows.get(order.code)!;
    const where = `${round}, order ${order.code} (${order.approved ? 'approved' : 'declined'} at PayPhone)`;
    expect(row.paid, `${where}: at most one paid attempt`).toBeLessThanOrEqual(1);
    const paid = row.paid === 1;
    // Unpaid is pending, or cancelled once its time is up.
    const status = paid || row.status !== 'cancelled' ? row.status : 'pending';
    expect({ status, paymentState: row.paymentState === 'paid', events: row.events }, where).toEqual({ status: paid ? 'paid' : 'pending', paymentState: paid, events: paid ? 1 : 0 });
    // Never from the browser's word: a sale PayPhone declined is never our paid order.
    if (!order.approved) expect(paid, where).toBe(false);
    if (paid) {
      paidNow.add(order.code);
      paidCents += row.paidCents;
      paidTotals += row.totalCents;
    }
    if (row.status !== 'cancelled') heldUnits += row.quantity;
    expect(row.quantity, where).toBe(order.quantity);
  }
  for (const code of mustBePaid) expect(paidNow.has(code), `${round}: order ${code}, paid before the kill, is still paid`).toBe(true);
  expect(paidCents, `${round}: the money paid is the paid orders' totals`).toBe(paidTotals);
  expect(await stockOf(productId), `${round}: the stock is what the orders took`).toBe(INITIAL_STOCK - heldUnits);
  return paidNow;
}

/** Fires every return at once; the answers that came back, with what the order page was told. */
async function returns(orders: readonly Order[], onAnswer?: (count: number) => void): Promise<Answer[]> {
  let count = 0;
  const answers = await Promise.all(orders.map(async (order) => {
    const response = await request(order.back, { method: 'GET', ip: order.ip });
    if (!response) return null;
    onAnswer?.((count += 1));
    expect(response.status, `a return of ${order.code} is answered with the order page`).toBe(303);
    return { order, said: new URL(response.headers.get('location') ?? '', base()).searchParams.get('payment') };
  }));
  return answers.filter((answer) => answer !== null);
}

const shuffled = <T>(items: readonly T[]) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
};

beforeAll(async () => {
  if (postgres) await createSchema(databaseUrl!, schema);
  payphone = await startPayPhoneDouble();
  appPort = await freePort();
  // The double's requests are recorded before it answers: the kill can land while a confirmation is
  // on its way back to the server.
  const record = payphone.requests.push.bind(payphone.requests);
  payphone.requests.push = (...items) => {
    const length = record(...items);
    for (const item of items) tap?.(item.path);
    return length;
  };
});

afterAll(async () => {
  if (server) await killServer();
  await payphone?.close();
  if (db && postgres) await sql.raw(`drop schema ${schema} cascade`).execute(db);
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

// Ceilings for a machine whose two cores are shared; the waits end as soon as the server answers.
it('loses no paid payment and counts none twice across 20 kill -9 during confirmations', { timeout: 600_000 }, async () => {
  const started = Date.now();
  await startServer('all'); // migrates the fresh database
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: serverDatabaseUrl, ...secrets, PAYPHONE_API_URL_SANDBOX: payphone.url });
  db = createDatabase(config);
  const deps = createServiceDeps({ db, config });
  // The store, its product and its PayPhone account, written through the services an owner's screens call.
  const store = await makeSalesStore({ deps });
  await publishStore(deps, store.scope, true);
  const productId = await addProduct(deps, store.scope, { price: 10, stock: INITIAL_STOCK });
  await saveGateway(deps, store.scope, 'payphone', { enabled: true, environment: 'sandbox', expiryMinutes: 60, credentials: { token: DEFAULT_ACCOUNT.token, storeId: DEFAULT_ACCOUNT.storeId } });

  // Every shopper checks out and decides on PayPhone's form (one in five declines), before any kill;
  // one in ten pays and closes the tab: only the expiry job's question can find that money.
  const orders: Order[] = [];
  for (let index = 0; index < ROUNDS * PER_ROUND; index += 4) {
    orders.push(...(await Promise.all([0, 1, 2, 3].map((i) => buy(store, productId, index + i, (index + i) % 5 !== 3)))));
  }
  for (const [index, order] of orders.entries()) order.gone = index % 10 === 7;
  let paid = await checkBooks(store, productId, orders, new Set(), 'before the first kill');
  expect(paid.size).toBe(0);
  const placedAt = Date.now();

  // What the kills cut, for the log: requests left unanswered, and answers that had said "paid".
  const stats = { cut: 0, requests: 0, toldPaid: 0, restartMs: 0 };
  for (let round = 1; round <= ROUNDS; round += 1) {
    // This round's shoppers come back, each return two or three times (a reload, a double click),
    // with a few earlier ones coming back again, in a random order.
    const fresh = orders.slice((round - 1) * PER_ROUND, round * PER_ROUND).filter((order) => !order.gone);
    const earlier = shuffled(orders.slice(0, (round - 1) * PER_ROUND).filter((order) => !order.gone)).slice(0, 3);
    const burst = shuffled([...fresh, ...fresh, ...fresh.filter(() => randomInt(2) === 1), ...earlier]);
    // The kill, at a random moment of the burst, by turns: the moment PayPhone is asked to confirm
    // for the k-th time (before it answers); once the k-th answer is back; k ms (0–30) after
    // PayPhone's first confirmation, while the server writes what it heard.
    const mode = (['confirm', 'answer', 'delay'] as const)[round % 3]!;
    // Each of this round's orders has PayPhone asked at least once: the k-th confirmation comes.
    const k = mode === 'delay' ? randomInt(31) : 1 + randomInt(mode === 'answer' ? burst.length - 1 : fresh.length);
    let timer: NodeJS.Timeout | undefined;
    let confirms = 0;
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      server!.child.kill('SIGKILL');
    };
    tap = (requested) => {
      if (requested !== '/api/button/V2/Confirm') return;
      confirms += 1;
      if (mode === 'confirm' && confirms === k) kill();
      if (mode === 'delay' && confirms === 1) timer = setTimeout(kill, k);
    };
    const answers = await returns(burst, mode === 'answer' ? (count) => count === k && kill() : undefined);
    clearTimeout(timer);
    tap = undefined;
    // A burst the server got through before the timer still ends in a kill -9, with nothing in flight.
    kill();
    await killServer();
    // The return whose confirmation triggered the kill can have had no answer.
    if (mode === 'confirm') expect(answers.length, `round ${round}: the kill cut the burst`).toBeLessThan(burst.length);
    // What the order page told a shopper before the kill is what the database keeps.
    const toldPaid = new Set(answers.filter((answer) => answer.said === 'paid').map((answer) => answer.order.code));
    for (const answer of answers) expect(['paid', 'failed', null], `round ${round}: ${answer.order.code} said ${answer.said}`).toContain(answer.said);

    const restart = Date.now();
    // The last one is the whole app, whose job worker asks PayPhone once the deadlines pass.
    await startServer(round === ROUNDS ? 'all' : 'storefront');
    paid = await checkBooks(store, productId, orders, new Set([...paid, ...toldPaid]), `after kill ${round}`);
    // A shopper whose return the kill cut finds the order unpaid and presses "Pay now": PayPhone's
    // form again, for a new attempt, which they leave. The sale they made stays for the expiry job.
    const cut = fresh.find((order) => order.approved && !paid.has(order.code));
    if (cut) {
      const again = await request(`/shop/${store.slug}/order/pay`, { method: 'POST', ip: cut.ip, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ code: cut.code }).toString() });
      expect(again?.headers.get('location') ?? '', `round ${round}: "Pay now" opens PayPhone's form`).toMatch(new RegExp(`^${payphone.url}/`));
      cut.gone = true;
    }
    Object.assign(stats, { cut: stats.cut + burst.length - answers.length, requests: stats.requests + burst.length, toldPaid: stats.toldPaid + toldPaid.size, restartMs: stats.restartMs + Date.now() - restart });
  }
  const crashedAt = Date.now();

  // After the last restart, every shopper who comes back does once more…
  const coming = orders.filter((order) => !order.gone);
  for (let index = 0; index < coming.length; index += 10) {
    const batch = coming.slice(index, index + 10);
    expect(await returns(batch)).toHaveLength(batch.length);
  }
  paid = await checkBooks(store, productId, orders, paid, 'after the final returns');
  // …and the deadline passes (the store's 60 minutes, moved to now): the server's expiry job asks
  // PayPhone about every attempt still open before expiring it.
  const now = new Date().toISOString();
  await db.updateTable('payment').set({ expiresAt: now }).where('storeId', '=', store.id).where('state', 'in', ['pending', 'authorized']).execute();
  await db.updateTable('job').set({ runAt: now }).where('kind', '=', 'payment.expire').where('state', '=', 'queued').execute();
  const open = async () => (await db!.selectFrom('payment').select('id').where('storeId', '=', store.id).where('state', 'in', ['pending', 'authorized']).execute()).length;
  await until(async () => (await open()) === 0, 60_000, 'the expiry job to settle every open attempt', server!.output);
  paid = await checkBooks(store, productId, orders, paid, 'after the expiry job');
  const approved = orders.filter((order) => order.approved);
  expect([...paid].sort(), 'every sale PayPhone approved is a paid order').toEqual(approved.map((order) => order.code).sort());
  // PayPhone's side agrees: each approved sale confirmed (unconfirmed, PayPhone would reverse it).
  const sales = [...payphone.transactions.values()];
  expect(sales.filter((sale) => sale.statusCode === 3 && sale.confirmed)).toHaveLength(approved.length);
  expect(await db.selectFrom('storeEvent').select('id').where('storeId', '=', store.id).where('type', '=', 'order.paid').execute()).toHaveLength(approved.length);
  // Nothing for the owner to look into: no outcome refused, no second payment of an order.
  expect(await db.selectFrom('payment').select(['id', 'flag']).where('storeId', '=', store.id).where('flag', '!=', '').execute()).toEqual([]);

  console.info(`payment crash test (${postgres ? 'PostgreSQL' : 'SQLite'}): ${orders.length} orders placed in ${placedAt - started} ms; ${ROUNDS} kills in ${crashedAt - placedAt} ms; total ${Date.now() - started} ms (restarts ${stats.restartMs} ms); the kills left ${stats.cut} of ${stats.requests} returns unanswered; ${stats.toldPaid} answers had said paid`);
});

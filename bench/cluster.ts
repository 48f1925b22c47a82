// Benchmark of the cluster (issue 41 §7, decision 099): `npm run build && npm run bench:cluster`.
//
// 1. starts scripts/cluster.ts's cluster (a fresh PostgreSQL database on BENCH_DATABASE_URL's server,
//    an S3-protocol server, three app processes, Caddy with the repository's Caddyfile) and fills
//    it with one published store of 400 products (scripts/fill-scale.ts);
// 2. through Caddy, loads four targets: a storefront page from the page cache, the same page
//    rendered on every request (a new query string each time), the dashboard's product list
//    (logged in) and checkout (a cart, then the checkout form; each order from an address of its
//    own, so the per-address limit on orders is not what is measured);
// 3. does so with the three processes, then with one (the other two stopped with SIGTERM, Caddy's
//    health checks taking them out), BENCH_ROUNDS times in turn (2 unless told);
// 4. prints req/s and p99 of each target, one process against three, and writes
//    bench/results/cluster-latest.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '#server/config.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createDatabase } from '#server/db/database.ts';
import { setStock } from '#server/modules/product/product-actions.service.ts';
import { shopStoreScope } from '#server/tenancy/store-scope.ts';
import { fillScale, SCALE_OWNER } from '#scripts/fill-scale.ts';
import { type Cluster, startCluster } from '#scripts/cluster.ts';
import { load, type LoadResult } from './lib/load.ts';
import { latencyFigures } from './lib/quantiles.ts';
import { CONNECTIONS, DURATION, envNumber, PAGE_HEADERS, ROOT, round, WARMUP } from './lib/settings.ts';
import { addressOf, placeOrder, ShopClient } from './orders-client.ts';
import { productsWithoutVariants } from './orders.repository.ts';

const ROUNDS = envNumber('BENCH_ROUNDS', 2);
const PASSWORD = randomBytes(12).toString('base64url');
const CATEGORY = `/shop/${SCALE_OWNER.slug}/category/categoria-1`;

type Figure = { target: string; processes: number; round: number; requestsPerSecond: number; p99Ms: number; errors: number };

/** Orders placed flat out by CONNECTIONS shoppers for DURATION s (after WARMUP s unmeasured). */
async function checkoutLoad(base: string, products: { id: number; slug: string }[], firstAddress: number) {
  const client = new ShopClient(base, CONNECTIONS);
  let next = firstAddress;
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const ends = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < ends) {
          const n = next++;
          const shopper = { name: 'Cliente Bench', email: `bench-${n}@example.com`, ip: addressOf(n) };
          const outcome = await placeOrder(client, SCALE_OWNER.slug, products[n % products.length]!, 1, shopper);
          if (outcome.kind === 'placed') latencies.push(outcome.ms);
          else errors++;
        }
      }),
    );
    return { latencies, errors };
  };
  await run(WARMUP);
  const { latencies, errors } = await run(DURATION);
  client.close();
  return { requestsPerSecond: latencies.length / DURATION, p99Ms: latencyFigures(Float64Array.from(latencies)).p99, errors, next };
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/user/login`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=es' }, body: new URLSearchParams({ email: SCALE_OWNER.email, password: PASSWORD }) });
  const session = /tiendabox_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!session) throw new Error(`login answered ${response.status}`);
  return session;
}

/** The processes that run now, and Caddy, for the CPU figures of bench/lib/load.ts. */
const pidsOf = (cluster: Cluster, running: number) => {
  const [first, ...others] = cluster.processes.slice(0, running).map((app) => app.child.pid!);
  return { server: first!, others: [...others, cluster.caddy.pid!] };
};

async function main() {
  const cluster = await startCluster({
    appPort: 3620,
    s3Port: 9112,
    caddyPort: 8420,
    serverUrl: process.env.BENCH_DATABASE_URL,
    // each order from an address of its own, written by the bench, kept by Caddy, read by the app
    env: { TRUST_PROXY: '2' },
    caddyEnv: { CADDY_TRUSTED_PROXIES: '127.0.0.1/32' },
  });
  const figures: Figure[] = [];
  try {
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), DATABASE_URL: cluster.databaseUrl, DATA_DIR: os.tmpdir(), LOG_LEVEL: 'warn' });
    const db = createDatabase(config);
    const { storeId } = await fillScale(db, { stores: 1, products: 400, password: PASSWORD });
    const deps = createServiceDeps({ db, config });
    const scope = await shopStoreScope(deps, SCALE_OWNER.slug);
    const products = await productsWithoutVariants(db, storeId, 50);
    for (const product of products) await setStock(deps, scope!, product.id, 1_000_000);
    await db.destroy();
    const cookie = await login(cluster.url);
    const page = { ...PAGE_HEADERS, 'accept-encoding': 'br, gzip' };
    const owner = { ...page, cookie: `lang=es; ${cookie}` };
    let address = 1;

    console.log(`\nTiendabox cluster bench — PostgreSQL, through Caddy, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target, ${ROUNDS} rounds, ${os.availableParallelism()} CPUs, load ${os.loadavg().map((value) => round(value, 2)).join(' ')}`);
    for (let round_ = 1; round_ <= ROUNDS; round_++) {
      for (const running of [3, 1]) {
        // the processes asked for, and Caddy's checks (1 s) caught up with them
        for (const app of cluster.processes.slice(running)) await app.stop();
        await Promise.all(cluster.processes.slice(0, running).filter((app) => app.child.exitCode !== null || app.child.signalCode !== null).map((app) => app.start()));
        await sleep(2_500);
        console.log(`round ${round_}, ${running} process${running > 1 ? 'es' : ''}:`);
        const pids = pidsOf(cluster, running);
        const add = (target: string, result: Pick<LoadResult, 'requestsPerSecond' | 'errors'> & { p99Ms: number }) =>
          figures.push({ target, processes: running, round: round_, requestsPerSecond: round(result.requestsPerSecond), p99Ms: round(result.p99Ms, 2), errors: result.errors });
        const cached = await load('storefront, cached', `${cluster.url}${CATEGORY}`, page, pids);
        add('storefront page, cached', { ...cached, p99Ms: cached.latencyMs.p99 });
        const rendered = await load('storefront, rendered', `${cluster.url}${CATEGORY}`, page, pids, { uniqueUrls: true });
        add('storefront page, rendered', { ...rendered, p99Ms: rendered.latencyMs.p99 });
        const list = await load('dashboard list', `${cluster.url}/catalog/product?page=1`, owner, pids);
        add('dashboard product list', { ...list, p99Ms: list.latencyMs.p99 });
        process.stdout.write(`  ${'checkout'.padEnd(22)} warm-up ${WARMUP} s, measure ${DURATION} s … `);
        const orders = await checkoutLoad(cluster.url, products, address);
        address = orders.next;
        console.log(`${Math.round(orders.requestsPerSecond)} orders/s${orders.errors ? `, ${orders.errors} errors` : ''}`);
        add('checkout (cart + order)', orders);
      }
    }
  } finally {
    await cluster.stop();
  }

  console.log('\n| target | 1 process: req/s, p99 ms | 3 processes: req/s, p99 ms |');
  console.log('| --- | --- | --- |');
  for (const target of [...new Set(figures.map((figure) => figure.target))]) {
    const cell = (processes: number) =>
      figures
        .filter((figure) => figure.target === target && figure.processes === processes)
        .map((figure) => `${figure.requestsPerSecond}, ${figure.p99Ms}${figure.errors ? ` (${figure.errors} errors)` : ''}`)
        .join(' / ');
    console.log(`| ${target} | ${cell(1)} | ${cell(3)} |`);
  }
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'cluster-latest.json'), JSON.stringify({ date: new Date().toISOString(), cpus: os.availableParallelism(), loadAverage: os.loadavg(), connections: CONNECTIONS, durationSeconds: DURATION, figures }, null, 2));
}

await main();

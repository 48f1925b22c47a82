// A slow or dead endpoint slows nobody else (issue 38 §5): `npm run build && npm run bench:webhooks`.
//
// 1. a throw-away SQLite database with two stores: store A has its ten endpoints (the most a store
//    may) on a receiver path that never answers, so each of its tries runs to the 10 s deadline;
//    store B has one endpoint that answers 204 at once;
// 2. the built app as `npm start` runs it (NODE_ENV=production, one process per core) on that
//    database, with JOB_POLL_MS=20 (this process writes the events, the server's job worker finds
//    their `webhook.deliver` jobs by polling: the default 500 ms would be most of what is measured);
// 3. per run, two phases of BENCH_DURATION s each, first without A's load then with it: in both,
//    autocannon loads `/healthz` (the bystander request) while this process emits one event for B
//    every 100 ms, and the receiver records when each of B's deliveries arrives. With A's load,
//    A_EVENTS events of A (each to all ten endpoints, each a record of its own) are emitted at the
//    start of the phase: ~A_EVENTS × 10 tries that each hold a connection for 10 s;
// 4. B's delivery latency (event committed → request received: p50, p99, max) and the bystander's
//    p50/p99 and CPU ms per request, with and without A's load, over BENCH_RUNS runs.
//
// Prints the table and writes bench/results/webhooks-latest.json. Exits 1 when, with A's load, B's
// p99 is over 3 × its quiet p99 + 100 ms in any run, or any B delivery is lost (2: the bench could
// not run).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { emit } from '#server/events/events.ts';
import { failPendingDeliveries } from '#server/modules/webhook/webhook.repository.ts';
import { createEndpoint } from '#server/modules/webhook/webhook.service.ts';
import { inTransaction } from '#server/service-deps.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore } from '../tests/support/factories.ts';
import { load } from './lib/load.ts';
import { fail, removeOnExit, startApp, stopChild } from './lib/processes.ts';
import { latencyFigures } from './lib/quantiles.ts';
import { envNumber, ROOT, round } from './lib/settings.ts';

const RUNS = envNumber('BENCH_RUNS', 3);
const A_EVENTS = envNumber('BENCH_A_EVENTS', 20);
const B_EVERY_MS = 100;

type Phase = { b: { p50: number; p99: number; max: number; delivered: number; sent: number }; bystander: { p50: number; p99: number; cpuMsPerRequest: number; requestsPerSecond: number; errors: number } };

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-webhooks-'));
  removeOnExit(dataDir);
  const secret = randomBytes(32).toString('base64url');
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET: secret, WEBHOOKS_ALLOW_LOOPBACK: '1', LOG_LEVEL: 'silent', STORE_GUARD: '1' };
  const config = loadConfig(env);
  const db = createDatabase(config);
  await migrateToLatest(db);
  const deps = createServiceDeps({ db, config });

  // The integrators: A's path never answers (the server gives up at 10 s), B's answers at once.
  const arrivals = new Map<string, number>();
  const held = new Set<http.ServerResponse>();
  const receiver = http.createServer((request, response) => {
    if (request.url === '/a') {
      held.add(response);
      response.on('close', () => held.delete(response));
      request.resume();
      return;
    }
    const id = String(request.headers['webhook-id']);
    request.resume();
    request.on('end', () => {
      arrivals.set(id, performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const a = await makeStore({ deps }, { name: 'Tienda A (endpoint muerto)' });
  const b = await makeStore({ deps }, { name: 'Tienda B' });
  const scopeA = (await ownStoreScope(deps, { userId: a.owner.id }))!;
  const scopeB = (await ownStoreScope(deps, { userId: b.owner.id }))!;
  const deadEndpoints: number[] = [];
  for (let n = 0; n < 10; n += 1) deadEndpoints.push((await createEndpoint(deps, scopeA, { url: `${origin}/a`, events: ['product.updated'], enabled: true })).endpoint.id);
  await createEndpoint(deps, scopeB, { url: `${origin}/b`, events: ['product.updated'], enabled: true });

  const { app, appBase } = await startApp(dataDir, { ...env, JOB_POLL_MS: '20', LOG_LEVEL: 'warn' });
  let record = 0;
  const event = (storeId: number) =>
    inTransaction(deps, async (tx) => (await emit(tx, { type: 'product.updated', storeId, resource: { kind: 'product', id: (record += 1), label: `Producto ${record}` }, data: { bench: true } })).id);

  async function phase(name: string, withA: boolean): Promise<Phase> {
    if (withA) for (let n = 0; n < A_EVENTS; n += 1) await event(scopeA.storeId);
    const sent: { id: string; at: number }[] = [];
    let sending = true;
    const sender = (async () => {
      while (sending) {
        const id = await event(scopeB.storeId);
        sent.push({ id: `evt_${id}`, at: performance.now() });
        await new Promise((resolve) => setTimeout(resolve, B_EVERY_MS));
      }
    })();
    const bystander = await load(name, `${appBase}/healthz`, {}, { server: app.process.pid!, others: [] }, { warmupSeconds: 1 });
    sending = false;
    await sender;
    // The last ones a moment to arrive.
    const deadline = performance.now() + 3000;
    while (performance.now() < deadline && sent.some(({ id }) => !arrivals.has(id))) await new Promise((resolve) => setTimeout(resolve, 20));
    const latencies = sent.filter(({ id }) => arrivals.has(id)).map(({ id, at }) => arrivals.get(id)! - at);
    const figures = latencyFigures(Float64Array.from(latencies));
    return {
      b: { p50: round(figures.p50, 1), p99: round(figures.p99, 1), max: round(figures.max, 1), delivered: latencies.length, sent: sent.length },
      bystander: { p50: bystander.latencyMs.p50, p99: bystander.latencyMs.p99, cpuMsPerRequest: bystander.cpu.serverCpuMsPerRequest, requestsPerSecond: Math.round(bystander.requestsPerSecond), errors: bystander.errors },
    };
  }

  const runs: { quiet: Phase; loaded: Phase; aTriesInFlight: number }[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    console.log(`run ${run} of ${RUNS}`);
    const quiet = await phase('quiet', false);
    const loaded = await phase("with A's dead endpoints", true);
    runs.push({ quiet, loaded, aTriesInFlight: held.size });
    // The next run starts quiet: A's waiting deliveries are given up, and its tries in flight run out at their 10 s deadline.
    for (const id of deadEndpoints) await failPendingDeliveries(db, scopeA, id, new Date().toISOString());
    while (held.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopChild(app);
  for (const response of held) response.destroy();
  receiver.close();
  await db.destroy();

  console.log('\n| run | B p50 / p99 / max, quiet (ms) | B p50 / p99 / max, A loaded (ms) | B delivered | /healthz p50 / p99 quiet → loaded (ms) | CPU ms/req quiet → loaded |');
  console.log('|---|---|---|---|---|---|');
  runs.forEach(({ quiet, loaded }, index) => {
    console.log(
      `| ${index + 1} | ${quiet.b.p50} / ${quiet.b.p99} / ${quiet.b.max} | ${loaded.b.p50} / ${loaded.b.p99} / ${loaded.b.max} | ${quiet.b.delivered}/${quiet.b.sent}, ${loaded.b.delivered}/${loaded.b.sent} | ` +
        `${quiet.bystander.p50} / ${quiet.bystander.p99} → ${loaded.bystander.p50} / ${loaded.bystander.p99} | ${quiet.bystander.cpuMsPerRequest} → ${loaded.bystander.cpuMsPerRequest} |`,
    );
  });
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/webhooks-latest.json'), JSON.stringify({ at: new Date().toISOString(), aEvents: A_EVENTS, runs }, null, 2));
  const missed = runs.filter(({ quiet, loaded }) => loaded.b.p99 > 3 * quiet.b.p99 + 100 || loaded.b.delivered < loaded.b.sent || quiet.b.delivered < quiet.b.sent);
  if (missed.length > 0) {
    console.log(`\nMISSED in ${missed.length} run(s): B's deliveries slowed or lost under A's load`);
    process.exit(1);
  }
  console.log('\nmet: B delivered everything, its p99 within 3 × quiet + 100 ms under A\u2019s load');
  process.exit(0);
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));

// A storefront worker's memory under a mixed load with a new address on every request (issue 41 §6,
// decision 101): `npm run build && npm run bench:shop-memory -- --stores 1000` (then 10000).
//
// 1. fills a throw-away database (SQLite in a temporary DATA_DIR, or BENCH_DATABASE_URL's
//    PostgreSQL in a schema of its own) with scripts/fill-scale.ts: `--stores` stores, the big one
//    (`escala`) of BENCH_PRODUCTS products, and every other store a catalog 5 products long, so
//    that every store has home, category and product pages to render;
// 2. starts the built app as one process (WEB_CONCURRENCY=1: one worker's memory);
// 3. loads it flat out with a mix, request by request: half the big store's 50 most-visited
//    product pages (served from the page cache), half a page of a store drawn over all of them —
//    home, category or product, Spanish or English — at an address never asked before (`?v=<n>`),
//    so each is rendered and kept, and every cache of the process sees a new key;
// 4. samples the worker's resident memory (/proc/<pid>/status) and prints its peak (VmHWM, the
//    kernel's own: no spike between samples is lost) beside req/s and CPU per request, writes
//    bench/results/shop-memory-<dialect>-<stores>-latest.json, exits 1 when the peak is over 300 MiB.
//
// BENCH_LOADED=1 measures the worst worker instead: one that has loaded, before its first request,
// the libraries a worker loads with their first use and keeps (sharp, PayPal's SDK, nodemailer,
// React Email; bench/lib/load-libraries.ts), as any worker of the cluster may have by serving the
// dashboard too. Its results go to shop-memory-<dialect>-<stores>-loaded-latest.json.
//
// BENCH_ROLE=storefront starts the worker as a storefront process (APP_ROLE=storefront, decision
// 104): no dashboard, no API, no job queue. With BENCH_LOADED=1 it then loads the two libraries a
// storefront request may load (sharp for a transfer receipt, PayPal's SDK for a payment). Its
// results go to shop-memory-<dialect>-<stores>[-loaded]-storefront-latest.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '#server/config.ts';
import { createDatabase, dialectOf, optimizeDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { fillCatalog, fillScale, SCALE_OWNER } from '#scripts/fill-scale.ts';
import { parseArgs } from '#scripts/cli-args.ts';
import { storeIdsBySlug } from './lib/shop-memory.repository.ts';
import { load } from './lib/load.ts';
import { emptySchema, withSearchPath } from './lib/pg-schemas.ts';
import { fail, killChildren, removeOnExit, startApp, stopChild } from './lib/processes.ts';
import { envNumber, PAGE_HEADERS, ROOT, round } from './lib/settings.ts';
import { MemorySampler, readMemory } from './lib/usage.ts';

const args = parseArgs(process.argv.slice(2));
const STORES = Number(args.stores ?? 1_000);
const PRODUCTS = envNumber('BENCH_PRODUCTS', 10_000);
/** Products of every store but the big one: enough for a category and a product page each. */
const SMALL_CATALOG = 5;
/**
 * Seconds of load before the measured window (its req/s and CPU): long enough for every cache to
 * reach its bound — the storefront's stores ~3,000 pages a budget at ~300 rendered pages a second —
 * and for the heap to settle around it. The peak is of the whole load.
 */
const LOAD_SECONDS = envNumber('BENCH_MEMORY_SECONDS', 60);
/** The worker loads the libraries it would keep after serving the dashboard before its first request (see above). */
const LOADED = process.env.BENCH_LOADED === '1';
/** What the worker serves: `all` (the default, every route) or `storefront` (APP_ROLE, decision 104). */
const ROLE = process.env.BENCH_ROLE ?? 'all';
if (ROLE !== 'all' && ROLE !== 'storefront') throw new Error(`BENCH_ROLE must be all or storefront, not ${ROLE}`);
const LOAD_LIBRARIES = ['--import', pathToFileURL(path.join(ROOT, 'bench', 'lib', 'load-libraries.ts')).href];
const SCHEMA = 'bench_shop_memory';
const MARK_MIB = 300;

/** A migrated database of `stores` stores, each with a catalog. */
async function fill(dataDir: string, databaseUrl: string) {
  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    await fillScale(db, { stores: STORES, products: PRODUCTS, password: randomBytes(12).toString('base64url') });
    const now = new Date().toISOString();
    const others = await storeIdsBySlug(db, 'tienda-escala-');
    await db.transaction().execute(async (trx) => {
      for (const storeId of others) await fillCatalog(trx, storeId, { products: SMALL_CATALOG, now });
    });
    await optimizeDatabase(db);
  } finally {
    await db.destroy();
  }
}

/** The big store's 50 most-visited products: the fill disables every 20th product (a 404). */
const POPULAR = Array.from({ length: 53 }, (_, i) => i + 1).filter((n) => n % 20 !== 0).slice(0, 50);

/** The address of request `n`: even ones a cached page of the big store, odd ones a page of any store never asked before. */
function addressOf(n: number): string {
  if (n % 2 === 0) return `/shop/${SCALE_OWNER.slug}/product/producto-${POPULAR[(n / 2) % POPULAR.length]}`;
  // A store and a page drawn from the request's number (a multiplicative hash spreads consecutive ones).
  const draw = Math.imul(n, 0x9e3779b1) >>> 0;
  const store = draw % STORES;
  const slug = store === 0 ? SCALE_OWNER.slug : `tienda-escala-${store}`;
  const prefix = (draw >>> 20) % 4 === 0 ? '/en' : '';
  const item = ((draw >>> 8) % SMALL_CATALOG) + 1;
  const page = ['', `/category/categoria-${item}`, `/product/producto-${item}`][(draw >>> 16) % 3];
  return `${prefix}/shop/${slug}${page}?v=${n}`;
}

async function main() {
  if (!Number.isInteger(STORES) || STORES < 2) fail('usage: npm run bench:shop-memory -- --stores N (N ≥ 2)');
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const dialect = dialectOf(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-shop-memory-'));
  removeOnExit(dataDir);
  if (dialect === 'postgres') await emptySchema(databaseUrl, SCHEMA);
  const appUrl = dialect === 'postgres' ? withSearchPath(databaseUrl, SCHEMA) : '';
  console.log(`filling ${dialect}: ${STORES} stores, the big one of ${PRODUCTS} products, the others of ${SMALL_CATALOG} …`);
  const started = Date.now();
  await fill(dataDir, appUrl);
  console.log(`  filled in ${round((Date.now() - started) / 1000)} s`);
  try {
    // A minute to answer: on a shared machine a fresh server took over 20 s to start (6 Dec 2026).
    const { app, appBase } = await startApp(dataDir, { DATABASE_URL: appUrl, DEMO_DATA: '0', WEB_CONCURRENCY: '1', APP_ROLE: ROLE }, 'app server', 60_000, LOADED ? LOAD_LIBRARIES : []);
    const pid = app.process.pid as number;
    const headers = { ...PAGE_HEADERS, 'accept-encoding': 'br, gzip' };
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const response = await fetch(`${appBase}${addressOf(n)}`, { headers, redirect: 'manual' });
      if (response.status !== 200) fail(`${addressOf(n)} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    const idle = readMemory(pid);
    const sampler = new MemorySampler(pid);
    sampler.start();
    console.log(`\nTiendabox storefront memory — ${dialect}, ${STORES} stores, 1 ${ROLE === 'storefront' ? 'storefront ' : ''}worker${LOADED ? ` with ${ROLE === 'storefront' ? 'sharp and PayPal’s SDK' : 'sharp, PayPal’s SDK, nodemailer and React Email'} loaded first (BENCH_LOADED)` : ''}, ${LOAD_SECONDS} s of load before the measured window, ${os.availableParallelism()} CPUs, load average ${os.loadavg().map((v) => round(v, 2)).join(' ')}`);
    const result = await load('mixed, new addresses', `${appBase}/`, headers, { server: pid, others: [] }, { sampler, warmupSeconds: LOAD_SECONDS, pathOf: addressOf });
    sampler.stop();
    if (app.process.exitCode !== null) fail(`the app exited during the load:\n${app.output()}`);
    const peak = readMemory(pid);
    await stopChild(app);

    const memory = { idleRssMiB: round((idle?.rssKiB ?? NaN) / 1024), peakRssMiB: round((peak?.hwmKiB ?? NaN) / 1024), endRssMiB: round((peak?.rssKiB ?? NaN) / 1024), peakSampledAnonMiB: round(sampler.peakAnonKiB / 1024) };
    const ok = memory.peakRssMiB <= MARK_MIB && result.errors === 0;
    console.log(`\nidle ${memory.idleRssMiB} MiB, peak ${memory.peakRssMiB} MiB (anonymous ${memory.peakSampledAnonMiB}), at the end ${memory.endRssMiB}`);
    console.log(`measured window: ${Math.round(result.requestsPerSecond)} req/s, ${result.cpu.serverCpuMsPerRequest} ms CPU/request, p99 ${result.latencyMs.p99} ms, ${result.errors} errors (other processes: ${result.cpu.otherCores} cores)`);
    console.log(`\nmark: ${ok ? 'ok  ' : 'MISS'} a worker's peak RSS ≤ ${MARK_MIB} MiB, no errors: ${memory.peakRssMiB} MiB, ${result.errors} errors`);
    const resultsDir = path.join(ROOT, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, `shop-memory-${dialect}-${STORES}${LOADED ? '-loaded' : ''}${ROLE === 'storefront' ? '-storefront' : ''}-latest.json`), `${JSON.stringify({ date: new Date().toISOString(), dialect, stores: STORES, products: PRODUCTS, loadSeconds: LOAD_SECONDS, role: ROLE, librariesLoaded: LOADED, memory, result }, null, 2)}\n`);
    if (!ok) process.exitCode = 1;
  } finally {
    killChildren('SIGKILL');
  }
}

main().catch((error: unknown) => fail(String((error as Error)?.stack ?? error)));

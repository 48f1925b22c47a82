// Benchmark of the storefront (issue 22 §7 and §8): `npm run build && npm run bench:shop`.
//
// 1. fills a throw-away database (SQLite in a temporary DATA_DIR, or BENCH_DATABASE_URL's
//    PostgreSQL) with scripts/fill-scale.ts — 1,000 stores, one (`escala`) of 100,000 products —
//    and gives another store ten products (the small store);
// 2. measures what a product page sends (§7): its HTML before compression, the CSS and the
//    JavaScript it loads, gzipped;
// 3. starts the built app as one process (the marks are a process's cost beside the one-process
//    bare route) and loads the product and category pages, from the page cache and rendered on
//    every request (a new query string each time), for the big and the small store, then the
//    cached product page at a fixed 1,000 requests a second;
// 4. prints the table and the marks, writes bench/results/shop-<dialect>-latest.json, exits 1 when
//    a mark is missed. BENCH_STORES=1 measures the "1 store" side of the 1 vs 1,000 comparison.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '#server/config.ts';
import { createDatabase, dialectOf, optimizeDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { fillScale, SCALE_OWNER } from '#scripts/fill-scale.ts';
import { fixedRate, type FixedRateResult } from './lib/fixed-rate.ts';
import { load, type LoadResult, warm } from './lib/load.ts';
import { fail, killChildren, removeOnExit, startAppAndBare, stopChild } from './lib/processes.ts';
import { CONNECTIONS, DURATION, PAGE_HEADERS, ROOT, round, WARMUP } from './lib/settings.ts';
import { fillSmallStore } from './shop-bench.repository.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const STORES = Number(process.env.BENCH_STORES ?? 1_000);
const SMALL_STORE = 'tienda-escala-1';
const FIXED_RATE = 1_000;
/** A rendered page costs ~3 ms of CPU: 100 a second keeps a core under a third busy. */
const RENDERED_RATE = 100;

const MARKS = { jsGzipKb: 70, cssGzipKb: 30, htmlKb: 60, cachedShareOfCeiling: 0.25, fixedRateP99Ms: 10, renderedCpuMs: 3, p99Spread: 0.2 };

const gzipKb = (text: string | Buffer) => round(zlib.gzipSync(text, { level: 9 }).length / 1000, 1);

/** What a product page sends (§7): HTML before compression, its CSS and its JavaScript, gzipped (1 kB = 1000 B). */
async function pageWeight(base: string, pagePath: string) {
  const response = await fetch(`${base}${pagePath}`, { headers: { ...PAGE_HEADERS, 'accept-encoding': 'identity' } });
  const page = await response.text();
  if (response.status !== 200) fail(`${pagePath} answered ${response.status}`);
  const css = [...page.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const stylesheets = [...page.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const inlineJs = [...page.matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
  const scripts = [...page.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const fetched = async (urls: string[]) => (await Promise.all(urls.map(async (url) => (await fetch(new URL(url, base))).text()))).join('');
  const js = inlineJs + (await fetched(scripts));
  return { htmlKb: round(Buffer.byteLength(page) / 1000, 1), cssGzipKb: gzipKb(css + (await fetched(stylesheets))), jsGzipKb: js ? gzipKb(js) : 0, scripts, stylesheets };
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const dialect = dialectOf(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-shop-'));
  removeOnExit(dataDir);
  console.log(`filling ${dialect}: ${STORES} stores, ${PRODUCTS} products …`);
  const started = Date.now();
  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    await fillScale(db, { stores: STORES, products: PRODUCTS, password: randomBytes(12).toString('base64url') });
    if (STORES > 1) await fillSmallStore(db, SMALL_STORE, 10);
    await optimizeDatabase(db);
  } finally {
    await db.destroy();
  }
  console.log(`  filled in ${round((Date.now() - started) / 1000)} s`);

  try {
    const { app, bare, appBase, bareBase } = await startAppAndBare(dataDir, { DATABASE_URL: databaseUrl, DEMO_DATA: '0', WEB_CONCURRENCY: '1' });
    const appPid = app.process.pid as number;
    const headers = { ...PAGE_HEADERS, 'accept-encoding': 'br, gzip' };
    const big = `/shop/${SCALE_OWNER.slug}`;
    const small = `/shop/${SMALL_STORE}`;
    const targets: [string, string, boolean][] = [
      ['product, cached', `${big}/product/producto-1`, false],
      ['category, cached', `${big}/category/categoria-1`, false],
      ['product, rendered', `${big}/product/producto-1`, true],
      ['category, rendered', `${big}/category/categoria-1`, true],
      ...(STORES > 1
        ? ([
            ['small: product, cached', `${small}/product/pequeno-1`, false],
            ['small: product, rendered', `${small}/product/pequeno-1`, true],
          ] as [string, string, boolean][])
        : []),
    ];
    for (const [name, url] of targets) {
      const response = await fetch(`${appBase}${url}`, { headers, redirect: 'manual' });
      if (response.status !== 200) fail(`${name}: ${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    const weight = await pageWeight(appBase, `${big}/product/producto-1`);

    console.log(`\nTiendabox storefront bench — ${dialect}, ${STORES} stores, 1 server process, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target, ${os.availableParallelism()} CPUs`);
    const ceiling = await load('bare route', `${bareBase}/`, {}, { server: bare.process.pid as number, others: [appPid] });
    await stopChild(bare);
    process.stdout.write(`  warming the app: every target for ${WARMUP} s … `);
    for (const [, url] of targets) await warm(`${appBase}${url}`, headers);
    console.log('done');
    const results: LoadResult[] = [];
    for (const [name, url, rendered] of targets) results.push(await load(name, `${appBase}${url}`, headers, { server: appPid, others: [] }, undefined, rendered));
    // Latency at a fixed rate (open loop, bench/lib/fixed-rate.ts): the p99 marks compare these, not
    // the p99 of a closed loop run flat out, which measures the queue the load generator builds.
    const steadyTargets: [string, string, number, boolean][] = [
      ['product, cached', `${big}/product/producto-1`, FIXED_RATE, false],
      ['product, rendered', `${big}/product/producto-1`, RENDERED_RATE, true],
      ...(STORES > 1
        ? ([
            ['small: product, cached', `${small}/product/pequeno-1`, FIXED_RATE, false],
            ['small: product, rendered', `${small}/product/pequeno-1`, RENDERED_RATE, true],
          ] as [string, string, number, boolean][])
        : []),
    ];
    const steadyResults: (FixedRateResult & { name: string })[] = [];
    for (const [name, url, rate, uniqueUrls] of steadyTargets) {
      process.stdout.write(`  ${name}, at a fixed ${rate} req/s … `);
      const result = { name, ...(await fixedRate(`${appBase}${url}`, headers, rate, DURATION, { uniqueUrls })) };
      steadyResults.push(result);
      console.log(`${result.achievedPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ${result.errors} errors`);
    }
    const steadyByName = Object.fromEntries(steadyResults.map((r) => [r.name, r]));
    const steady = steadyByName['product, cached']!;
    if (app.process.exitCode !== null) fail(`app server exited during the load:\n${app.output()}`);
    await stopChild(app);

    const byName = Object.fromEntries(results.map((r) => [r.name, r]));
    const productCached = byName['product, cached']!;
    const productRendered = byName['product, rendered']!;
    const spread = (a: number, b: number) => Math.abs(a - b) / Math.min(a, b);
    const marks = [
      { name: `product page JavaScript ≤ ${MARKS.jsGzipKb} kB gzipped`, value: `${weight.jsGzipKb} kB`, ok: weight.jsGzipKb <= MARKS.jsGzipKb },
      { name: `product page CSS ≤ ${MARKS.cssGzipKb} kB gzipped`, value: `${weight.cssGzipKb} kB`, ok: weight.cssGzipKb <= MARKS.cssGzipKb },
      { name: `product page HTML ≤ ${MARKS.htmlKb} kB before compression`, value: `${weight.htmlKb} kB`, ok: weight.htmlKb <= MARKS.htmlKb },
      { name: `cached product page ≥ ${MARKS.cachedShareOfCeiling * 100} % of the ceiling's req/s`, value: `${Math.round(productCached.requestsPerSecond)} / ${Math.round(ceiling.requestsPerSecond)} = ${round((100 * productCached.requestsPerSecond) / ceiling.requestsPerSecond)} %`, ok: productCached.requestsPerSecond >= MARKS.cachedShareOfCeiling * ceiling.requestsPerSecond },
      { name: `cached product page p99 ≤ ${MARKS.fixedRateP99Ms} ms at ${FIXED_RATE} req/s`, value: `${steady.p99} ms (${steady.achievedPerSecond} req/s, ${steady.errors} errors)`, ok: steady.p99 <= MARKS.fixedRateP99Ms && steady.errors === 0 },
      { name: `rendered product page ≤ ${MARKS.renderedCpuMs} ms CPU`, value: `${productRendered.cpu.serverCpuMsPerRequest} ms`, ok: productRendered.cpu.serverCpuMsPerRequest <= MARKS.renderedCpuMs },
      ...(STORES > 1
        ? [
            { name: `p99 at a fixed rate within ±${MARKS.p99Spread * 100} %, store of 10 vs ${PRODUCTS} products (cached at ${FIXED_RATE}; rendered at ${RENDERED_RATE} req/s)`, value: `${steadyByName['small: product, cached']!.p99} vs ${steady.p99} ms; ${steadyByName['small: product, rendered']!.p99} vs ${steadyByName['product, rendered']!.p99} ms`, ok: spread(steadyByName['small: product, cached']!.p99, steady.p99) <= MARKS.p99Spread && spread(steadyByName['small: product, rendered']!.p99, steadyByName['product, rendered']!.p99) <= MARKS.p99Spread },
          ]
        : []),
      { name: 'no errors (every answer a 200)', value: `${results.reduce((sum, r) => sum + r.errors, 0)} errors`, ok: results.every((r) => r.errors === 0) },
    ];
    const rows = [['target', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'kB/answer', 'errors'], ...[ceiling, ...results].map((r) => [r === ceiling ? 'bare route (ceiling)' : r.name, Math.round(r.requestsPerSecond), r.latencyMs.p50, r.latencyMs.p99, r.cpu.serverCpuMsPerRequest, round(r.bytesPerResponse / 1000, 1), r.errors])];
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
    console.log(`\n${rows.map((row) => row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]!) : String(cell).padStart(widths[column]!))).join('  ')).join('\n')}`);
    console.log(`\nproduct page: HTML ${weight.htmlKb} kB, CSS ${weight.cssGzipKb} kB gz, JavaScript ${weight.jsGzipKb} kB gz (${weight.scripts.join(', ') || 'no script file'})`);
    console.log(`\nmarks:\n${marks.map((mark) => `  ${mark.ok ? 'ok  ' : 'MISS'} ${mark.name}: ${mark.value}`).join('\n')}`);

    const resultsDir = path.join(ROOT, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, `shop-${dialect}-${STORES}-latest.json`), `${JSON.stringify({ date: new Date().toISOString(), dialect, stores: STORES, products: PRODUCTS, weight, ceiling, results, steady: steadyResults, marks }, null, 2)}\n`);
    if (marks.some((mark) => !mark.ok)) process.exitCode = 1;
  } finally {
    killChildren('SIGKILL');
  }
}

main().catch((error: unknown) => fail(String((error as Error)?.stack ?? error)));

// Benchmark of the catalog at scale (issue 11 §10): `npm run build && npm run bench:catalog`.
//
// 1. fills a throw-away database (SQLite in a temporary DATA_DIR, or the PostgreSQL of
//    BENCH_DATABASE_URL) with 1,000 stores and one store of 100,000 products and 150,000 variants
//    (scripts/fill-scale.ts), and opens a session for that store's owner;
// 2. starts the built app on it and a bare Fastify route beside it (the ceiling);
// 3. warms the app on every target, then loads each catalog target with autocannon: the
//    products API at page 1 and a deep page, a search, and the dashboard's product list page at
//    the same pages;
// 4. prints p50/p99, req/s and CPU ms per request, the marks, and the query plans (EXPLAIN) of
//    the list queries; writes bench/results/catalog-latest.json; exits 1 when a mark is missed.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { createDatabase, dialectOf } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createSession } from '#server/modules/auth/session.service.ts';
import { findLoginByEmail } from '#server/modules/user/user.repository.ts';
import { createServiceDeps } from '#server/composition.ts';
import { fillScale, SCALE_OWNER } from '#scripts/fill-scale.ts';
import { explainProductList } from './lib/catalog-plans.repository.ts';
import { load, type LoadResult, warm } from './lib/load.ts';
import { fail, killChildren, removeOnExit, startAppAndBare, stopChild } from './lib/processes.ts';
import { CONNECTIONS, DURATION, PAGE_HEADERS, ROOT, round, WARMUP } from './lib/settings.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const STORES = Number(process.env.BENCH_STORES ?? 1_000);
/** The deep page: 2,000 pages in, as the issue asks (39,980 products before it at 20 a page). */
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 2_000);

const MARKS = { apiListP99Ms: 20, searchP99Ms: 50, deepPageRatio: 1.5 };

async function prepare(databaseUrl: string, dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const started = Date.now();
    const filled = await fillScale(db, { stores: STORES, products: PRODUCTS, password: randomBytes(12).toString('base64url') });
    const fillSeconds = round((Date.now() - started) / 1000);
    const owner = (await findLoginByEmail(db, SCALE_OWNER.email))!;
    const token = await createSession(createServiceDeps({ db, config }), owner.id);
    const plans = await explainProductList(db, { storeId: filled.storeId, postgres: dialectOf(databaseUrl) === 'postgres', deepPage: DEEP_PAGE });
    return { filled, fillSeconds, cookie: `tiendabox_session=${token}; lang=es`, plans };
  } finally {
    await db.destroy();
  }
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const dialect = dialectOf(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-catalog-'));
  removeOnExit(dataDir);
  console.log(`filling ${dialect}: ${STORES} stores, ${PRODUCTS} products …`);
  const { filled, fillSeconds, cookie, plans } = await prepare(databaseUrl, dataDir);
  console.log(`  ${filled.products} products and ${filled.variants} variants in ${fillSeconds} s`);

  try {
    // The demo data would be a second store; the bench wants exactly the filled database. The app
    // runs as `npm start` runs it on this machine: one server process per core (decision 040).
    const workers = process.env.WEB_CONCURRENCY ?? String(os.availableParallelism());
    const { app, bare, appBase, bareBase } = await startAppAndBare(dataDir, { DATABASE_URL: databaseUrl, DEMO_DATA: '0', WEB_CONCURRENCY: workers });
    const appPid = app.process.pid as number;
    const api = { cookie, accept: 'application/json' };
    const page = { ...PAGE_HEADERS, cookie };

    // A deep page as the pager reaches it: the link to page 2,000 on page 1,999 carries where it
    // starts (`after`, decision 036). Jumping there by number alone is measured too, not marked.
    const before = await (await fetch(`${appBase}/api/v1/products?page=${DEEP_PAGE - 1}`, { headers: api })).json() as { next: number | null };
    if (!before.next) fail(`page ${DEEP_PAGE - 1} has no next page: ${JSON.stringify(before).slice(0, 300)}`);
    const deep = `page=${DEEP_PAGE}&after=${before.next}`;
    // Every target must answer 200 before it is loaded: a redirect or an error would be measured as speed.
    const targets: [string, string, Record<string, string>][] = [
      ['API list, page 1', `${appBase}/api/v1/products?page=1`, api],
      [`API list, page ${DEEP_PAGE}`, `${appBase}/api/v1/products?${deep}`, api],
      ['API search', `${appBase}/api/v1/products?q=${encodeURIComponent('camiseta clásica 1')}`, api],
      [`API page ${DEEP_PAGE} by number`, `${appBase}/api/v1/products?page=${DEEP_PAGE}`, api],
      ['page, page 1', `${appBase}/catalog/product?page=1`, page],
      [`page, page ${DEEP_PAGE}`, `${appBase}/catalog/product?${deep}`, page],
      ['page search', `${appBase}/catalog/product?q=${encodeURIComponent('camiseta clásica 1')}`, page],
    ];
    for (const [name, url, headers] of targets) {
      const response = await fetch(url, { headers, redirect: 'manual' });
      const body = await response.text();
      if (response.status !== 200) fail(`${name}: ${url} answered ${response.status}: ${body.slice(0, 300)}`);
    }

    console.log(`\nTiendabox catalog bench — ${dialect}, ${workers} server processes, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target, ${os.availableParallelism()} CPUs`);
    const ceiling = await load('bare route', `${bareBase}/`, {}, { server: bare.process.pid as number, others: [appPid] });
    await stopChild(bare);
    // every target warmed once before any is measured (each gets its own warm-up again in `load`)
    process.stdout.write(`  warming the app: every target for ${WARMUP} s … `);
    for (const [, url, headers] of targets) await warm(url, headers);
    console.log('done');
    const results: LoadResult[] = [];
    for (const [name, url, headers] of targets) results.push(await load(name, url, headers, { server: appPid, others: [] }));
    if (app.process.exitCode !== null) fail(`app server exited during the load:\n${app.output()}`);
    await stopChild(app);

    const [apiFirst, apiDeep, apiSearch, , pageFirst, pageDeep] = results as [LoadResult, LoadResult, LoadResult, LoadResult, LoadResult, LoadResult, LoadResult];
    const marks = [
      { name: `API list p99 ≤ ${MARKS.apiListP99Ms} ms (page 1 and ${DEEP_PAGE})`, value: `${apiFirst.latencyMs.p99} / ${apiDeep.latencyMs.p99} ms`, ok: Math.max(apiFirst.latencyMs.p99, apiDeep.latencyMs.p99) <= MARKS.apiListP99Ms },
      { name: `API search p99 ≤ ${MARKS.searchP99Ms} ms`, value: `${apiSearch.latencyMs.p99} ms`, ok: apiSearch.latencyMs.p99 <= MARKS.searchP99Ms },
      { name: `page ${DEEP_PAGE} as fast as page 1 (p50 within ×${MARKS.deepPageRatio})`, value: `API ${apiFirst.latencyMs.p50} → ${apiDeep.latencyMs.p50} ms, page ${pageFirst.latencyMs.p50} → ${pageDeep.latencyMs.p50} ms`, ok: apiDeep.latencyMs.p50 <= apiFirst.latencyMs.p50 * MARKS.deepPageRatio && pageDeep.latencyMs.p50 <= pageFirst.latencyMs.p50 * MARKS.deepPageRatio },
      { name: 'no errors (every answer a 200)', value: `${results.reduce((sum, r) => sum + r.errors, 0)} errors`, ok: results.every((r) => r.errors === 0) },
    ];
    const rows = [['target', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'errors'], ...[ceiling, ...results].map((r) => [r === ceiling ? 'bare route (ceiling)' : r.name, Math.round(r.requestsPerSecond), r.latencyMs.p50, r.latencyMs.p99, r.cpu.serverCpuMsPerRequest, r.errors])];
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
    console.log(`\n${rows.map((row) => row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]!) : String(cell).padStart(widths[column]!))).join('  ')).join('\n')}`);
    console.log('\nquery plans:');
    for (const [name, plan] of Object.entries(plans)) console.log(`  ${name}:\n${plan.map((line) => `    ${line}`).join('\n')}`);
    console.log(`\nmarks:\n${marks.map((mark) => `  ${mark.ok ? 'ok  ' : 'MISS'} ${mark.name}: ${mark.value}`).join('\n')}`);

    const resultsDir = path.join(ROOT, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, `catalog-${dialect}-latest.json`), `${JSON.stringify({ date: new Date().toISOString(), dialect, workers: Number(workers), products: filled.products, variants: filled.variants, stores: filled.stores, fillSeconds, ceiling, results, plans, marks }, null, 2)}\n`);
    if (marks.some((mark) => !mark.ok)) process.exitCode = 1;
  } finally {
    killChildren('SIGKILL');
  }
}

main().catch((error: unknown) => fail(String((error as Error)?.stack ?? error)));

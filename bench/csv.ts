// Benchmark of the catalog CSV (issue 21 §1 and §4, decision 044): `npm run build && npm run bench:csv`.
//
// 1. fills a throw-away database (SQLite in a temporary DATA_DIR, or the PostgreSQL of
//    BENCH_DATABASE_URL) with a store of 100,000 products and ~150,000 variants
//    (scripts/fill-scale.ts), gives it a plan that takes any file (40 MB), and opens a session;
// 2. starts the built app as `npm start` runs it (one process per core, decision 040);
// 3. while probing `/healthz` (PROBES sequential loops, each a request after the other), runs, one
//    after the other: nothing (the baseline); the largest accepted file's preview (39 MB,
//    317,052 rows of one name, the attack of issue 21 §1); three exports of the 100,000 products at
//    once; and the import of 100,000 new products (apply=1), whose time is the figure of §4;
// 4. prints each window's `/healthz` p50/p99/max and the import's time; writes
//    bench/results/csv-latest.json; exits 1 when a mark is missed.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { createDatabase, dialectOf } from '#server/db/database.ts';
import { refreshCatalogStatistics } from '#server/modules/product-csv/product-csv.repository.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createSession } from '#server/modules/auth/session.service.ts';
import { findLoginByEmail } from '#server/modules/user/user.repository.ts';
import { createServiceDeps } from '#server/composition.ts';
import { fillScale, SCALE_OWNER } from '#scripts/fill-scale.ts';
import { CSV_COLUMNS } from '#server/modules/product-csv/csv-columns.ts';
import { bigPlan, productCount } from './lib/csv-bench.repository.ts';
import { fail, killChildren, removeOnExit, serveArguments, startChild, stopChild, waitUntilReady, freePort } from './lib/processes.ts';
import { NODE_ENV, ROOT, round } from './lib/settings.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const ATTACK_ROWS = Number(process.env.BENCH_ATTACK_ROWS ?? 317_052);
const PROBES = Number(process.env.BENCH_PROBES ?? 2);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE ?? 5);
const MARKS = { healthzP99Ms: 50, postgresImportRatio: 2 };
/** Which windows run after the baseline (comma-separated: preview, exports, import); all by default. */
const WINDOWS = new Set((process.env.BENCH_WINDOWS ?? 'preview,exports,import').split(',').map((name) => name.trim()));

type Window = { name: string; seconds: number; probes: number; p50: number; p99: number; max: number; status?: number; detail?: string };

/** Sequential `/healthz` requests on PROBES connections until `until` settles; their latencies. */
async function probe<T>(base: string, until: Promise<T>): Promise<{ latencies: number[]; result: T }> {
  let done = false;
  const latencies: number[] = [];
  const loop = async () => {
    while (!done) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}/healthz`);
        await response.arrayBuffer();
      } catch {
        // a refused or dropped probe counts with the time it took
      }
      latencies.push(performance.now() - started);
    }
  };
  const loops = Array.from({ length: PROBES }, loop);
  try {
    return { latencies, result: await until };
  } finally {
    done = true;
    await Promise.all(loops);
  }
}

function summary(name: string, seconds: number, latencies: number[], extra: Partial<Window> = {}): Window {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0, 2);
  return { name, seconds: round(seconds, 2), probes: sorted.length, p50: at(0.5), p99: at(0.99), max: round(sorted[sorted.length - 1] ?? 0, 1), ...extra };
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { seconds: (performance.now() - started) / 1000, result };
}

const row = (cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) => CSV_COLUMNS.map((column) => cells[column] ?? '').join(',');
const header = CSV_COLUMNS.join(',');

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const dialect = dialectOf(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-csv-'));
  removeOnExit(dataDir);
  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const db = createDatabase(config);
  console.log(`filling ${dialect}: ${PRODUCTS} products …`);
  await migrateToLatest(db);
  const filled = await fillScale(db, { stores: 10, products: PRODUCTS, password: randomBytes(12).toString('base64url') });
  await bigPlan(db, filled.storeId, 10_000_000);
  // Statistics of the filled tables, as autovacuum would have taken by the time a merchant exports
  // (this machine's PostgreSQL runs without it: the three exports read every page by a sort, 138 s).
  await refreshCatalogStatistics(db);
  const owner = (await findLoginByEmail(db, SCALE_OWNER.email))!;
  const cookie = `tiendabox_session=${await createSession(createServiceDeps({ db, config }), owner.id)}; lang=es`;

  const port = await freePort();
  const workers = process.env.WEB_CONCURRENCY ?? String(os.availableParallelism());
  const app = startChild('app server', serveArguments(), {
    NODE_ENV, APP_SECRET: randomBytes(32).toString('base64url'), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn', MAINTENANCE_MODE: '0', DEMO_DATA: '0', WEB_CONCURRENCY: workers,
  });
  const base = `http://127.0.0.1:${port}`;
  const windows: Window[] = [];
  try {
    // the primary migrates and gathers planner statistics on 100,000 products first: slow on a busy machine
    await waitUntilReady(app, `${base}/healthz`, 180_000);
    const csv = { cookie, 'content-type': 'text/csv' };
    const post = async (query: string, body: string) => {
      const response = await fetch(`${base}/api/v1/products/import?${query}`, { method: 'POST', headers: csv, body });
      const text = await response.text();
      return { status: response.status, text };
    };
    const exportOnce = async () => {
      const response = await fetch(`${base}/api/v1/products/export`, { headers: { cookie } });
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    };
    // warm the paths measured
    await exportOnce();
    await post('apply=0', `${header}\n${row({ record: 'product', name: 'Calentar', category: 'categoria-1', price: '1' })}\n`);

    const idle = await probe(base, new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000)));
    windows.push(summary('nothing else (baseline)', BASELINE_SECONDS, idle.latencies));

    // The attack of issue 21 §1: 317,052 rows of one name, 39 MB, previewed.
    if (WINDOWS.has('preview')) {
      const filler = 'x'.repeat(60);
      const attack = `${header}\n${Array.from({ length: ATTACK_ROWS }, () => row({ record: 'product', name: 'Mismo nombre', description: filler, category: 'categoria-1', price: '9.99', stock: '1' })).join('\n')}\n`;
      const attackMb = round(Buffer.byteLength(attack) / 1024 / 1024, 1);
      console.log(`  preview of ${ATTACK_ROWS} rows of one name (${attackMb} MB) …`);
      const preview = await probe(base, timed(() => post('apply=0', attack)));
      windows.push(summary(`preview, ${ATTACK_ROWS} rows of one name (${attackMb} MB)`, preview.result.seconds, preview.latencies, { status: preview.result.result.status }));
    }

    if (WINDOWS.has('exports')) {
      console.log(`  three exports of ${PRODUCTS} products at once …`);
      const exports = await probe(base, timed(() => Promise.all([exportOnce(), exportOnce(), exportOnce()])));
      const exportBytes = exports.result.result[0]!.bytes;
      windows.push(summary(`3 exports at once (${round(exportBytes / 1024 / 1024, 1)} MB each)`, exports.result.seconds, exports.latencies, { status: Math.max(...exports.result.result.map((one) => one.status)) }));
    }

    // Issue 21 §4: 100,000 new products in one import (apply=1). With WEB_CONCURRENCY=1 every probe
    // is answered by the importing process: the bystander of issue 36 §10 (decision 082).
    if (WINDOWS.has('import')) {
      const imported = `${header}\n${Array.from({ length: IMPORT_ROWS }, (_, n) => row({ record: 'product', name: `Importado ${n + 1}`, sku: `IMP-${n + 1}`, description: 'Importado por el bench', category: 'categoria-1', brand: 'marca-1', price: '12.5', stock: String(n % 50), weight_grams: '250', keywords: 'bench' })).join('\n')}\n`;
      console.log(`  import of ${IMPORT_ROWS} new products (${round(Buffer.byteLength(imported) / 1024 / 1024, 1)} MB) …`);
      const before = await productCount(db, filled.storeId);
      const apply = await probe(base, timed(() => post('apply=1', imported)));
      const after = await productCount(db, filled.storeId);
      if (apply.result.result.status !== 200 || after - before !== IMPORT_ROWS) fail(`the import did not create ${IMPORT_ROWS} products (${apply.result.result.status}, ${after - before}): ${apply.result.result.text.slice(0, 400)}`);
      windows.push(summary(`import of ${IMPORT_ROWS} new products (apply=1)`, apply.result.seconds, apply.latencies, { status: apply.result.result.status }));
    }
  } finally {
    await stopChild(app);
    await db.destroy();
  }

  const importSeconds = windows.at(-1)!.seconds;
  console.log(`\n${dialect}, ${workers} server processes, ${PROBES} /healthz probes in a row each:`);
  console.log('| window | seconds | probes | /healthz p50 ms | p99 ms | max ms | status |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const window of windows) console.log(`| ${window.name} | ${window.seconds} | ${window.probes} | ${window.p50} | ${window.p99} | ${window.max} | ${window.status ?? ''} |`);
  const missed = windows.filter((window) => window.p99 > MARKS.healthzP99Ms);
  console.log(`\nmark /healthz p99 < ${MARKS.healthzP99Ms} ms: ${missed.length === 0 ? 'met' : `missed in ${missed.map((window) => window.name).join('; ')}`}`);
  console.log(`import of ${IMPORT_ROWS} rows: ${importSeconds} s on ${dialect} (compare the other database's run; mark: PostgreSQL within ${MARKS.postgresImportRatio}× SQLite)`);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, `bench/results/csv-${dialect}-latest.json`), `${JSON.stringify({ date: new Date().toISOString(), dialect, workers, windows, importSeconds }, null, 2)}\n`);
  killChildren();
  process.exit(missed.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  killChildren();
  fail(String((error as Error)?.stack ?? error));
});

// The shopper's invoice PDF beside a bystander (issue 36 §4): `npm run build && npm run bench:invoice-pdf`,
// with BENCH_DATABASE_URL for PostgreSQL (a schema of its own, dropped after).
//
// 1. fills a throw-away database: a published store with its tax data, 50 products, and
//    BENCH_INVOICES (120) orders of 50 lines, each invoiced;
// 2. starts the built app as `npm run serve` does, one process (WEB_CONCURRENCY=1: the bystander
//    shares the PDF's process), with the PDF limits lifted (invoice-pdf-server.ts), and fetches a
//    first PDF (the invoices were issued by another process: this one starts its PDF worker cold);
// 3. probes `/healthz` (one loop, a request after the other) for BENCH_WINDOW s (10) each, while:
//    nothing (idle); eight loops of `/healthz` itself (the floor: any eight busy clients); eight loops fetching one invoice's PDF (kept after its first render); eight
//    loops fetching a new invoice or language each request (every one rendered, until they run out);
// 4. prints /healthz p50/p99/max per window and the PDF answers by status; writes
//    bench/results/invoice-pdf-<database>-latest.json; exits 1 when a loaded window's p99 passes 2× idle's.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { createDatabase, dialectOf } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createServices } from '#server/services.ts';
import { setTaxSettings } from '#server/modules/sales/invoice/invoice.fixtures.ts';
import { addProduct, makeSalesStore, placeTestOrder } from '../tests/support/sales-fixtures.ts';
import { latencyFigures } from './lib/quantiles.ts';
import { createSchema, dropSchema, withSearchPath } from './lib/pg-schemas.ts';
import { fail, freePort, killChildren, removeOnExit, serveArguments, startChild, stopChild, waitUntilReady } from './lib/processes.ts';
import { envNumber, NODE_ENV, ROOT } from './lib/settings.ts';
import { publishStore } from './lib/invoice-pdf-bench.repository.ts';

const INVOICES = envNumber('BENCH_INVOICES', 120);
const WINDOW_SECONDS = envNumber('BENCH_WINDOW', 10);
const LOOPS = 8;
const LINES = 50;
const MARK_RATIO = 2;

type Window = { name: string; probes: number; p50: number; p99: number; max: number; pdfAnswers: Record<string, number> };

/** Latencies of one `/healthz` loop, while `load` runs for WINDOW_SECONDS; the load's answers by status. */
async function window(name: string, base: string, load: (stop: () => boolean, count: (status: string) => void) => Promise<void>[]): Promise<Window> {
  const deadline = performance.now() + WINDOW_SECONDS * 1000;
  const stop = () => performance.now() >= deadline;
  const answers: Record<string, number> = {};
  const loops = load(stop, (status) => {
    answers[status] = (answers[status] ?? 0) + 1;
  });
  const latencies: number[] = [];
  while (!stop()) {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    if (response.status !== 200) fail(`/healthz answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  await Promise.all(loops);
  const figures = latencyFigures(Float64Array.from(latencies));
  return { name, probes: latencies.length, p50: figures.p50, p99: figures.p99, max: figures.max, pdfAnswers: answers };
}

async function fetchPdf(url: string, count: (status: string) => void) {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    count(String(response.status));
  } catch {
    count('error');
  }
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? '';
  const dialect = dialectOf(adminUrl);
  const schema = `bench_invoice_pdf_${process.pid}`;
  if (dialect === 'postgres') await createSchema(adminUrl, schema);
  const databaseUrl = dialect === 'postgres' ? withSearchPath(adminUrl, schema) : '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-invoice-pdf-'));
  removeOnExit(dataDir);
  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const db = createDatabase(config);
  await migrateToLatest(db);
  const deps = createServiceDeps({ db, config });
  const services = createServices(deps);
  console.log(`filling ${dialect}: ${INVOICES} invoices of ${LINES} lines …`);
  const store = await makeSalesStore({ deps }, { name: 'Bench Facturas' });
  const { scope } = store;
  await setTaxSettings({ deps }, store);
  await publishStore(db, store.id);
  const products: number[] = [];
  for (let n = 1; n <= LINES; n++) products.push(await addProduct(deps, scope, { name: `Producto de factura ${n} con un nombre largo`, sku: `FAC-${n}`, price: 1 + n / 10, stock: 1_000_000, ivaCode: n % 3 === 0 ? '0' : '4' }));
  const codes: string[] = [];
  for (let n = 0; n < INVOICES; n++) {
    const order = await placeTestOrder(deps, scope, { lines: products.map((productId, index) => ({ productId, quantity: 1 + (index % 4) })), customer: { email: `bench-${n}@example.com` } });
    await services.invoices.issueInvoice(scope, { orderId: order.id });
    codes.push(order.code);
  }
  await db.destroy();

  const port = await freePort();
  const args = serveArguments().map((arg) => (arg === 'server/main.ts' ? 'bench/invoice-pdf-server.ts' : arg));
  const app = startChild('app server', args, {
    NODE_ENV, APP_SECRET: randomBytes(32).toString('base64url'), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn', MAINTENANCE_MODE: '0', DEMO_DATA: '0', WEB_CONCURRENCY: '1',
  });
  const base = `http://127.0.0.1:${port}`;
  const pdfUrl = (code: string, locale: 'es' | 'en') => `${base}${locale === 'en' ? '/en' : ''}/shop/${store.slug}/order/invoice.pdf?code=${code}`;
  const windows: Window[] = [];
  let firstPdfMs: number | undefined;
  try {
    await waitUntilReady(app, `${base}/healthz`, 60_000);
    // The first PDF: this process has issued no invoice, so it starts the PDF worker cold (decision 083).
    const firstStarted = performance.now();
    await fetchPdf(pdfUrl(codes[0]!, 'es'), () => {});
    const firstMs = performance.now() - firstStarted;
    console.log(`first PDF of the process: ${Math.round(firstMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let the first render's garbage go

    windows.push(await window('idle', base, () => []));
    // The floor: the same eight loops on the cheapest route there is. What any eight busy clients of
    // this one process cost the bystander, so a PDF window reads against it as well as against idle.
    windows.push(await window(`floor: ${LOOPS} loops of /healthz`, base, (stop, count) =>
      Array.from({ length: LOOPS }, async () => {
        while (!stop()) {
          const response = await fetch(`${base}/healthz`);
          await response.arrayBuffer();
          count(String(response.status));
        }
      })));
    windows.push(await window(`${LOOPS} loops, one invoice (kept)`, base, (stop, count) =>
      Array.from({ length: LOOPS }, async () => {
        while (!stop()) await fetchPdf(pdfUrl(codes[0]!, 'es'), count);
      })));
    let next = 2; // codes[0] in Spanish is kept; the rest, in both languages, are new
    const fresh = () => {
      const at = next++;
      const index = Math.floor(at / 2);
      return index < codes.length ? pdfUrl(codes[index]!, at % 2 === 0 ? 'es' : 'en') : null;
    };
    windows.push(await window(`${LOOPS} loops, a new invoice or language each (rendered)`, base, (stop, count) =>
      Array.from({ length: LOOPS }, async () => {
        for (let url = fresh(); url && !stop(); url = fresh()) await fetchPdf(url, count);
      })));
    const used = Math.min(next, codes.length * 2) - 2;
    console.log(`renders asked in the last window: ${used} of ${codes.length * 2 - 2}${used >= codes.length * 2 - 2 ? ' (ran out: raise BENCH_INVOICES)' : ''}`);
    windows.push(await window('idle again', base, () => []));
    firstPdfMs = Math.round(firstMs);
  } finally {
    await stopChild(app);
    if (dialect === 'postgres') await dropSchema(adminUrl, schema);
  }

  const idle = windows[0]!;
  console.log(`\n${dialect}, 1 server process, 1 /healthz probe loop, ${WINDOW_SECONDS} s a window:`);
  console.log('| window | probes | /healthz p50 ms | p99 ms | max ms | PDF answers |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const w of windows) console.log(`| ${w.name} | ${w.probes} | ${w.p50} | ${w.p99} | ${w.max} | ${Object.entries(w.pdfAnswers).map(([status, n]) => `${status}: ${n}`).join(', ')} |`);
  const floor = windows[1]!;
  const loaded = windows.slice(2, 4);
  const missed = loaded.filter((w) => w.p99 > MARK_RATIO * idle.p99);
  console.log(`\nmark /healthz p99 under ${LOOPS} PDF loops ≤ ${MARK_RATIO}× idle (${idle.p99} ms): ${missed.length === 0 ? 'met' : `missed in ${missed.map((w) => w.name).join('; ')}`}`);
  console.log(`beside the floor (${floor.p99} ms, not a mark): ${loaded.map((w) => `${w.name} ${Math.round((w.p99 / floor.p99) * 100) / 100}×`).join('; ')}`);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, `bench/results/invoice-pdf-${dialect}-latest.json`), `${JSON.stringify({ date: new Date().toISOString(), dialect, firstPdfMs, windows }, null, 2)}\n`);
  killChildren();
  process.exit(missed.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  killChildren();
  fail(String((error as Error)?.stack ?? error));
});

// The rendered product list page alone (issue 20 §24): `npm run build && npm run bench:catalog-page`.
//
// 1. fills a throw-away SQLite database (scripts/fill-scale.ts: BENCH_STORES stores, BENCH_PRODUCTS
//    products; the page shows 20 rows whatever the store's size) and opens a session for its owner;
// 2. starts the built app as one process (WEB_CONCURRENCY=1, package.json's `serve` flags), with
//    `--cpu-prof` when BENCH_PROFILE=1;
// 3. weighs the page's HTML and says where the bytes go: the loader data React hydrates from, the
//    route manifest, inline styles, class attributes, the rest of the markup;
// 4. loads `/catalog/product?page=1` with autocannon for CPU ms per request (not under the
//    profiler: it slows what it measures) — marks: ≤ 10 ms of CPU, ≤ 80 kB of HTML;
// 5. with BENCH_PROFILE=1, stops the server so it writes its profile and prints where the CPU went
//    (self time by function and by package), then exits.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createSession } from '#server/modules/auth/session.service.ts';
import { findLoginByEmail } from '#server/modules/user/user.repository.ts';
import { createServiceDeps } from '#server/composition.ts';
import { fillScale, SCALE_OWNER } from '#scripts/fill-scale.ts';
import { load } from './lib/load.ts';
import { fail, freePort, killChildren, removeOnExit, serveArguments, startChild, waitUntilReady } from './lib/processes.ts';
import { NODE_ENV, PAGE_HEADERS, ROOT, round } from './lib/settings.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const STORES = Number(process.env.BENCH_STORES ?? 10);
const PROFILE = process.env.BENCH_PROFILE === '1';
const LOCALE = process.env.BENCH_LOCALE === 'en' ? 'en' : 'es';
const MARKS = { cpuMs: 10, htmlKb: 80 };

async function prepare(dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    await fillScale(db, { stores: STORES, products: PRODUCTS, password: randomBytes(12).toString('base64url') });
    const owner = (await findLoginByEmail(db, SCALE_OWNER.email))!;
    return `tiendabox_session=${await createSession(createServiceDeps({ db, config }), owner.id)}; lang=${LOCALE}`;
  } finally {
    await db.destroy();
  }
}

/** Where the HTML's bytes go (1 kB = 1000 B). */
function weigh(html: string) {
  const bytes = (parts: string[]) => parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  const scripts = [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map(([tag]) => tag);
  const data = scripts.filter((tag) => tag.includes('streamController') || tag.includes('__reactRouterContext'));
  const manifest = scripts.filter((tag) => tag.includes('__reactRouterManifest') || tag.includes('__reactRouterRouteModules'));
  const styles = [...html.matchAll(/<style\b[^>]*>[\s\S]*?<\/style>/g)].map(([tag]) => tag);
  const body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
  const styleAttributes = [...body.matchAll(/\sstyle="[^"]*"/g)].map(([attribute]) => attribute);
  const classAttributes = [...body.matchAll(/\sclass="[^"]*"/g)].map(([attribute]) => attribute);
  const kb = (value: number) => round(value / 1000, 1);
  const total = Buffer.byteLength(html);
  return {
    totalKb: kb(total),
    loaderDataKb: kb(bytes(data)),
    manifestAndModulesKb: kb(bytes(manifest)),
    otherScriptsKb: kb(bytes(scripts) - bytes(data) - bytes(manifest)),
    styleElementsKb: kb(bytes(styles)),
    styleAttributesKb: kb(bytes(styleAttributes)),
    classAttributesKb: kb(bytes(classAttributes)),
    restOfMarkupKb: kb(Buffer.byteLength(body) - bytes(styleAttributes) - bytes(classAttributes)),
    elements: (body.match(/<[a-zA-Z]/g) ?? []).length,
    rows: (body.match(/<tr\b/g) ?? []).length - 1,
  };
}

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };

/** Self time from a .cpuprofile, by function and by package (or app file). */
function summarize(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byNode.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') {
      idle += micros;
      continue;
    }
    total += micros;
    const where = url.includes('node_modules/') ? url.split('node_modules/').pop()!.split('/').slice(0, url.includes('node_modules/@') ? 2 : 1).join('/') : url ? path.relative(ROOT, url.replace(/^file:\/\//, '')) : functionName;
    functions.set(`${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`, (functions.get(`${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`) ?? 0) + micros);
    packages.set(where, (packages.get(where) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, count: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, micros]) => `${round((micros / total) * 100, 1).toString().padStart(5)} %  ${name}`);
  return { busyMs: round(total / 1000, 0), idleMs: round(idle / 1000, 0), functions: top(functions, 30), packages: top(packages, 20) };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-catalog-page-'));
  removeOnExit(dataDir);
  console.log(`filling SQLite: ${STORES} stores, ${PRODUCTS} products …`);
  const cookie = await prepare(dataDir);
  const profileDir = path.join(ROOT, 'bench', 'results', 'profiles');
  mkdirSync(profileDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = PROFILE ? [`--cpu-prof`, `--cpu-prof-dir=${profileDir}`] : [];
  const app = startChild('app server', [...flags, ...serveArguments()], { NODE_ENV, APP_SECRET: randomBytes(32).toString('base64url'), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', MAINTENANCE_MODE: '0', DEMO_DATA: '0', WEB_CONCURRENCY: '1' });
  try {
    await waitUntilReady(app, `${base}/healthz`, 60_000);
    const url = `${base}${LOCALE === 'es' ? '' : '/en'}/catalog/product?page=1`;
    const headers = { ...PAGE_HEADERS, cookie };
    const answer = await fetch(url, { headers, redirect: 'manual' });
    const html = await answer.text();
    if (answer.status !== 200) fail(`${url} answered ${answer.status}: ${html.slice(0, 300)}`);
    writeFileSync(path.join(ROOT, 'bench', 'results', `catalog-page-${LOCALE}.html`), html);
    const weight = weigh(html);
    console.log('\nthe page\'s HTML (kB, before compression):', weight);
    const measured = await load('product list page', url, headers, { server: app.process.pid as number, others: [] });
    const cpuMs = measured.cpu.serverCpuMsPerRequest;
    const marks = [
      { name: `rendered list ≤ ${MARKS.cpuMs} ms of CPU per request`, value: `${cpuMs} ms`, ok: cpuMs <= MARKS.cpuMs },
      { name: `rendered list HTML ≤ ${MARKS.htmlKb} kB`, value: `${weight.totalKb} kB`, ok: weight.totalKb <= MARKS.htmlKb },
      { name: 'no errors', value: `${measured.errors}`, ok: measured.errors === 0 },
    ];
    console.log(`\nmarks:\n${marks.map((mark) => `  ${mark.ok ? 'ok  ' : 'MISS'} ${mark.name}: ${mark.value}`).join('\n')}`);
    let profile = null;
    if (PROFILE) {
      const before = new Set(readdirSync(profileDir));
      // Not stopChild's 5 s: the profiler writes its file at exit, which takes a while after a load.
      const exited = new Promise((resolve) => app.process.once('exit', resolve));
      app.process.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000))]);
      const written = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile') && !before.has(name));
      if (written.length === 0) fail('the server wrote no CPU profile');
      profile = summarize(path.join(profileDir, written[0]!));
      console.log(`\nCPU profile (${profileDir}/${written[0]}): ${profile.busyMs} ms busy, ${profile.idleMs} ms idle\nself time by package or file:\n${profile.packages.join('\n')}\nself time by function:\n${profile.functions.join('\n')}`);
    }
    writeFileSync(path.join(ROOT, 'bench', 'results', 'catalog-page-latest.json'), `${JSON.stringify({ date: new Date().toISOString(), locale: LOCALE, products: PRODUCTS, weight, measured, marks, profile }, null, 2)}\n`);
    if (marks.some((mark) => !mark.ok)) process.exitCode = 1;
  } finally {
    killChildren('SIGKILL');
  }
}

main().catch((error: unknown) => fail(String((error as Error)?.stack ?? error)));

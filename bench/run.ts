// Benchmark: `npm run build && npm run bench`. See bench/README.md for what it measures and why.
//
// 1. starts the built app (server/main.ts) and a bare Fastify route (bench/bare-server.ts), each in
//    its own child process on the same Node, on free ports, with a throw-away DATA_DIR;
// 2. loads each with autocannon (warm-up, then a fixed window) while sampling the app's memory;
// 3. sums the gzipped JavaScript the login page loads;
// 4. prints a table, writes bench/results/latest.json and exits 1 when a mark is missed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon, { type Result } from 'autocannon';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const DURATION = envNumber('BENCH_DURATION', 10); // seconds measured per target
const WARMUP = envNumber('BENCH_WARMUP', 2); // seconds of discarded load before each window
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
// Production is what the marks are about (React's production build, React Router production mode).
const NODE_ENV = process.env.BENCH_NODE_ENV ?? 'production';
const SAMPLE_MS = 100;
// Other processes using more than this many cores during a window make the run "noisy".
const NOISE_CORES = 0.2;
const CLOCK_TICKS = 100; // USER_HZ: the unit of /proc/*/stat times on Linux

/** The marks of the issue: beat them or the run fails. */
const MARKS = {
  loginShareOfCeiling: 0.1, // /user/login req/s ≥ 10 % of the bare route's
  loginJsGzipKb: 200, // JavaScript the login page loads, gzipped, < 200 kB (1 kB = 1000 B)
  peakRssMiB: 250, // app server's peak resident memory under the load, < 250 MiB
};

// Not redirected (a stored language, a browser's Accept) and the real page: 200 text/html. A
// browser's user agent, so the page is streamed as browsers get it (isbot() sends bots the whole
// document at once; "tiendabox-bench" would count as a bot).
const PAGE_HEADERS = {
  cookie: 'lang=es',
  accept: 'text/html',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
};

// ---------------------------------------------------------------------------------------------
// processes

const children = new Set<ChildProcess>();

function killChildren(signal: NodeJS.Signals = 'SIGTERM') {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

let dataDir: string | undefined; // the app's throw-away DATA_DIR, removed however the run ends

process.on('exit', () => {
  killChildren('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killChildren('SIGKILL');
    process.exit(130);
  });
}

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  killChildren('SIGKILL');
  process.exit(2);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

type Child = { process: ChildProcess; output: () => string; name: string };

/**
 * The app server's command line as production runs it: package.json's `serve` script
 * (`exec node <flags> server/main.ts`), so the flags measured are the flags deployed.
 */
function serveArguments(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts;
  // `exec` lets npm's signals reach Node (graceful shutdown); it changes nothing else.
  const [command, ...args] = (scripts?.serve ?? '').trim().replace(/^exec\s+/, '').split(/\s+/);
  if (command !== 'node' || args.length === 0 || args.some((arg) => /[\s"'$&|;<>]/.test(arg))) {
    fail(`package.json's "serve" script must be a plain \`[exec] node [flags] server/main.ts\`, found: ${scripts?.serve}`);
  }
  return args;
}

function startChild(name: string, args: string[], env: Record<string, string>): Child {
  // process.execPath: the same Node 24 that runs this file (npm puts node_modules/.bin first).
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => children.delete(child));
  return { process: child, output: () => output, name };
}

async function stopChild(child: Child) {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function waitUntilReady(child: Child, url: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      fail(`${child.name} exited with code ${child.process.exitCode} before answering:\n${child.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}

// ---------------------------------------------------------------------------------------------
// memory: /proc/<pid>/status — VmHWM is the kernel's own peak, so no spike between samples is lost

type Memory = { rssKiB: number; hwmKiB: number; anonKiB: number };

function readMemory(pid: number): Memory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM'), anonKiB: field('RssAnon') };
  } catch {
    return null;
  }
}

class MemorySampler {
  private timer: NodeJS.Timeout | undefined;
  private phase: string | null = null;
  readonly peakRssKiBByPhase: Record<string, number> = {};
  peakAnonKiB = 0;
  samples = 0;
  last: Memory | null = null;
  private readonly pid: number;

  constructor(pid: number) {
    this.pid = pid;
  }

  start() {
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
  }

  setPhase(phase: string | null) {
    this.sample();
    this.phase = phase;
  }

  sample() {
    const memory = readMemory(this.pid);
    if (!memory) return;
    this.last = memory;
    this.samples += 1;
    this.peakAnonKiB = Math.max(this.peakAnonKiB, memory.anonKiB);
    if (this.phase) {
      this.peakRssKiBByPhase[this.phase] = Math.max(this.peakRssKiBByPhase[this.phase] ?? 0, memory.rssKiB);
    }
  }

  stop() {
    this.sample();
    clearInterval(this.timer);
  }
}

// ---------------------------------------------------------------------------------------------
// CPU: who used the 2 cores during a window — the server, this process (autocannon), or others.
// Others (a test run, a build) make the figures unreliable; the run says so instead of hiding it.

function machineJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

function processJiffies(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

type CpuMark = { machine: { busy: number; total: number }; server: number; self: number; others: number };

function cpuMark(serverPid: number, otherOwnPids: number[]): CpuMark {
  return {
    machine: machineJiffies(),
    server: processJiffies(serverPid),
    self: processJiffies('self'),
    others: otherOwnPids.reduce((sum, pid) => sum + processJiffies(pid), 0),
  };
}

/** Cores used on average between two marks: by the target, by the load generator, by everything else. */
function cpuUse(before: CpuMark, after: CpuMark, requests: number) {
  const cores = os.availableParallelism();
  const elapsed = (after.machine.total - before.machine.total) / cores; // jiffies of wall time
  const per = (jiffies: number) => round(Math.max(0, jiffies) / (elapsed || 1), 2);
  const server = after.server - before.server;
  const self = after.self - before.self;
  const ours = server + self + (after.others - before.others);
  return {
    serverCores: per(server),
    loadGeneratorCores: per(self),
    otherCores: per(after.machine.busy - before.machine.busy - ours),
    // CPU the target spent per answer: the figure least disturbed by other work on the machine.
    serverCpuMsPerRequest: requests ? round((server * (1000 / CLOCK_TICKS)) / requests, 3) : NaN,
  };
}

// ---------------------------------------------------------------------------------------------
// load

/** Latencies of the 200 answers at hrtime resolution (autocannon's own histogram rounds to 1 ms). */
class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(ms: number) {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = ms;
  }

  summary() {
    const sorted = this.values.slice(0, this.count).sort();
    const at = (quantile: number) => sorted[Math.min(this.count - 1, Math.max(0, Math.ceil(quantile * this.count) - 1))] ?? NaN;
    const mean = sorted.reduce((sum, value) => sum + value, 0) / (this.count || 1);
    const ms = (value: number) => round(value, 2);
    return { p50: ms(at(0.5)), p99: ms(at(0.99)), average: ms(mean), max: ms(at(1)) };
  }
}

type LoadResult = {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; average: number; max: number };
  autocannonLatencyMs: { p50: number; p99: number; average: number; max: number };
  requests: number;
  errors: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
  cpu: ReturnType<typeof cpuUse>;
};

async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  pids: { server: number; others: number[] },
  sampler?: MemorySampler,
  /** Give every request its own query string, so no two share a URL (nor a page-cache entry). */
  uniqueUrls = false,
): Promise<LoadResult> {
  let sequence = 0;
  const unique = [{ setupRequest: (request: { path: string }) => ({ ...request, path: `${new URL(url).pathname}?bench=${(sequence += 1)}` }) }];
  const options = { url, connections: CONNECTIONS, headers, timeout: 10, ...(uniqueUrls ? { requests: unique } : {}) };
  process.stdout.write(`  ${name.padEnd(22)} warm-up ${WARMUP} s, measure ${DURATION} s … `);
  await autocannon({ ...options, duration: WARMUP });
  sampler?.setPhase(name);
  const latencies = new Latencies();
  const before = cpuMark(pids.server, pids.others);
  const result: Result = await autocannon({ ...options, duration: DURATION }).on('response', (_client, status, _bytes, ms) => {
    if (status === 200) latencies.add(ms);
  });
  const after = cpuMark(pids.server, pids.others);
  sampler?.setPhase(null);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]));
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  const cpu = cpuUse(before, after, answered);
  // Anything but a 200 is an error here (a redirect would mean the page was not rendered).
  const notOk = answered - (statusCodes['200'] ?? 0);
  const errors = result.errors + result.timeouts + notOk;
  const requestsPerSecond = result.requests.average;
  process.stdout.write(
    `${Math.round(requestsPerSecond)} req/s${errors ? `, ${errors} errors` : ''} ` +
      `(CPU cores: target ${cpu.serverCores}, autocannon ${cpu.loadGeneratorCores}, others ${cpu.otherCores})\n`,
  );
  return {
    name,
    url: new URL(url).pathname,
    requestsPerSecond,
    latencyMs: latencies.summary(),
    autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average, max: result.latency.max },
    requests: answered,
    errors,
    statusCodes,
    bytesPerResponse: answered ? Math.round((result.throughput.total ?? 0) / answered) : 0,
    cpu,
  };
}

// ---------------------------------------------------------------------------------------------
// the JavaScript the login page loads

type Script = { url: string; via: string; bytes: number; gzipBytes: number; servedBytes: number; servedEncoding: string };

const SCRIPT_SRC = /<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi;
const LINK_TAG = /<link\b[^>]*>/gi;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// Static imports only (`import … from "x"`, `import "x"`, `export … from "x"`): what loads with the
// page. Dynamic `import("x")` loads later, on demand, and is not counted.
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["']([^"']+)["']/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}=["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

async function loginJavaScript(base: string) {
  const response = await fetch(`${base}/user/login`, { headers: PAGE_HEADERS, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200 || !String(response.headers.get('content-type')).startsWith('text/html')) {
    fail(`/user/login answered ${response.status} ${response.headers.get('content-type')}, expected 200 text/html`);
  }

  const found = new Map<string, string>(); // absolute url → how it was found
  /** Records a script once; returns its absolute url when it is new. */
  const add = (specifier: string, via: string, from: string): string | undefined => {
    const url = new URL(specifier, from);
    if (url.origin !== new URL(base).origin) return undefined; // third-party scripts: none today
    if (found.has(url.href)) return undefined;
    found.set(url.href, via);
    return url.href;
  };
  const page = `${base}/user/login`;
  for (const match of html.matchAll(SCRIPT_SRC)) add(match[1] ?? '', 'script src', page);
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel')?.toLowerCase() === 'modulepreload') add(href, 'modulepreload', page);
  }
  let inlineBytes = 0;
  let inlineGzipBytes = 0;
  let inlineCount = 0;
  for (const [, attributes = '', code = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/i.test(attributes) || !code.trim()) continue;
    if (/type=["']application\/(ld\+)?json["']/i.test(attributes)) continue;
    inlineCount += 1;
    inlineBytes += Buffer.byteLength(code);
    inlineGzipBytes += gzipSync(code, { level: 9 }).length;
    if (/type=["']module["']/i.test(attributes)) {
      for (const match of code.matchAll(STATIC_IMPORT)) add(match[1] ?? '', 'inline import', page);
    }
  }

  // Follow every static import of every file: the closure is what the browser must load.
  const scripts: Script[] = [];
  const queue = [...found.keys()];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    const raw = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await raw.arrayBuffer());
    if (raw.status !== 200) fail(`${url} (found by ${found.get(url)}) answered ${raw.status}`);
    // What a browser actually receives (brotli or gzip, pre-compressed at build when present).
    const served = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'br, gzip' } });
    const servedEncoding = served.headers.get('content-encoding') ?? 'identity';
    const servedBytes = Number(served.headers.get('content-length') ?? body.length);
    scripts.push({
      url: new URL(url).pathname,
      via: found.get(url) ?? '',
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      servedBytes: Number.isFinite(servedBytes) ? servedBytes : body.length,
      servedEncoding,
    });
    for (const match of body.toString('utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? '';
      if (!/\.m?js(\?|$)/.test(specifier)) continue;
      const added = add(specifier, 'static import', url);
      if (added) queue.push(added);
    }
  }

  const sum = (pick: (script: Script) => number) => scripts.reduce((total, script) => total + pick(script), 0);
  return {
    files: scripts.length,
    bytes: sum((script) => script.bytes),
    gzipBytes: sum((script) => script.gzipBytes),
    servedBytes: sum((script) => script.servedBytes),
    notPreloaded: scripts.filter((script) => script.via === 'static import').map((script) => script.url),
    inline: { scripts: inlineCount, bytes: inlineBytes, gzipBytes: inlineGzipBytes },
    html: { bytes: Buffer.byteLength(html), gzipBytes: gzipSync(html, { level: 9 }).length },
    scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}

// ---------------------------------------------------------------------------------------------
// report

function gitDescribe(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return `${commit}${dirty ? '+dirty' : ''}`;
  } catch {
    return 'unknown';
  }
}

function table(rows: (string | number)[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length))) ?? [];
  return rows
    .map((row) => row.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column] ?? 0) : String(cell).padStart(widths[column] ?? 0))).join('  '))
    .join('\n');
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(path.join(ROOT, 'build/server/index.js'))) fail('no build found: run `npm run build` first');
  const started = Date.now();
  const loadAverageAtStart = os.loadavg().map((value) => round(value, 2));
  // A hard stop so the benchmark always ends by itself.
  const budgetMs = (4 * (WARMUP + DURATION) + 90) * 1000;
  setTimeout(() => fail(`gave up after ${budgetMs / 1000} s`), budgetMs).unref();

  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-'));
  try {
    const [appPort, barePort] = [await freePort(), await freePort()];
    const app = startChild('app server', serveArguments(), {
      NODE_ENV,
      APP_SECRET: randomBytes(32).toString('base64url'),
      HOST: '127.0.0.1',
      PORT: String(appPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      MAINTENANCE_MODE: '0',
    });
    const bare = startChild('bare fastify', ['bench/bare-server.ts'], { PORT: String(barePort), NODE_ENV });
    const appBase = `http://127.0.0.1:${appPort}`;
    const bareBase = `http://127.0.0.1:${barePort}`;
    await Promise.all([waitUntilReady(app, `${appBase}/healthz`), waitUntilReady(bare, `${bareBase}/`)]);
    const appPid = app.process.pid as number;
    const idle = readMemory(appPid);

    const javascript = await loginJavaScript(appBase);

    console.log(
      `\nTiendabox bench — ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target, NODE_ENV=${NODE_ENV}, ` +
        `${os.availableParallelism()} CPUs, load average ${loadAverageAtStart.join(' ')}`,
    );
    const sampler = new MemorySampler(appPid);
    sampler.start();
    const barePid = bare.process.pid as number;
    const ceiling = await load('bare route', `${bareBase}/`, {}, { server: barePid, others: [appPid] });
    const bareMemory = readMemory(barePid);
    await stopChild(bare);
    const health = await load('/healthz', `${appBase}/healthz`, {}, { server: appPid, others: [] }, sampler);
    const login = await load('/user/login', `${appBase}/user/login`, PAGE_HEADERS, { server: appPid, others: [] }, sampler);
    // The marks' peak: the load above (the page as visitors get it, from the page cache when it can).
    const peakKiB = readMemory(appPid)?.hwmKiB ?? NaN;
    // Not a mark, shown beside it: the same page rendered by React on every request (a new URL
    // each time, so the page cache never answers), the cost of every page of a logged-in user.
    const rendered = await load('/user/login (rendered)', `${appBase}/user/login`, PAGE_HEADERS, { server: appPid, others: [] }, sampler, true);
    sampler.stop();
    if (app.process.exitCode !== null) fail(`app server exited during the load:\n${app.output()}`);
    await stopChild(app);

    const memory = {
      idleRssMiB: round((idle?.rssKiB ?? NaN) / 1024),
      peakRssMiB: round(peakKiB / 1024),
      // Including the rendered target, which comes last.
      peakRssMiBWithRendered: round((sampler.last?.hwmKiB ?? NaN) / 1024),
      // The part of the peak that is the process's own memory (heap etc.), not the mapped Node binary.
      peakSampledAnonMiB: round(sampler.peakAnonKiB / 1024),
      peakSampledRssMiBByTarget: Object.fromEntries(
        Object.entries(sampler.peakRssKiBByPhase).map(([phase, kib]) => [phase, round(kib / 1024)]),
      ),
      samples: sampler.samples,
      bareServerPeakRssMiB: round((bareMemory?.hwmKiB ?? NaN) / 1024),
    };
    const ratio = login.requestsPerSecond / ceiling.requestsPerSecond;
    const jsGzipKb = javascript.gzipBytes / 1000;

    const marks = [
      {
        name: '/user/login req/s ≥ 10 % of the bare route',
        value: `${round(ratio * 100)} %`,
        ok: ratio >= MARKS.loginShareOfCeiling,
      },
      { name: 'login page JavaScript < 200 kB gzipped', value: `${round(jsGzipKb)} kB`, ok: jsGzipKb < MARKS.loginJsGzipKb },
      { name: 'app server peak RSS < 250 MiB', value: `${memory.peakRssMiB} MiB`, ok: memory.peakRssMiB < MARKS.peakRssMiB },
      {
        name: 'no errors (every answer a 200)',
        value: `${ceiling.errors + health.errors + login.errors + rendered.errors} errors`,
        ok: ceiling.errors + health.errors + login.errors + rendered.errors === 0,
      },
    ];

    console.log(`\n${table([
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'bytes/resp', 'CPU ms/req', 'others (cores)'],
      ...[ceiling, health, login, rendered].map((r) => [
        `${r.name}${r === ceiling ? ' (ceiling)' : ''}`,
        Math.round(r.requestsPerSecond),
        r.latencyMs.p50,
        r.latencyMs.p99,
        r.requests,
        r.errors,
        r.bytesPerResponse,
        r.cpu.serverCpuMsPerRequest,
        r.cpu.otherCores,
      ]),
    ])}`);
    console.log(
      `\n/user/login vs ceiling: ${round(ratio * 100)} %   /healthz vs ceiling: ${round((health.requestsPerSecond / ceiling.requestsPerSecond) * 100)} %` +
        `   rendered login vs ceiling: ${round((rendered.requestsPerSecond / ceiling.requestsPerSecond) * 100)} %`,
    );
    console.log(
      `login page JavaScript: ${javascript.files} files, ${round(javascript.bytes / 1000)} kB raw, ` +
        `${round(jsGzipKb)} kB gzip -9, ${round(javascript.servedBytes / 1000)} kB as served` +
        ` (+ ${javascript.inline.scripts} inline scripts, ${round(javascript.inline.gzipBytes / 1000)} kB gzip)`,
    );
    if (javascript.notPreloaded.length) console.log(`  imported but not modulepreloaded: ${javascript.notPreloaded.join(', ')}`);
    console.log(`  largest: ${javascript.scripts.slice(0, 4).map((s) => `${s.url} ${round(s.gzipBytes / 1000)} kB`).join(', ')}`);
    console.log(
      `app server memory: idle ${memory.idleRssMiB} MiB, peak (VmHWM) ${memory.peakRssMiB} MiB ` +
        `(whole run: ${memory.peakRssMiBWithRendered} MiB after the rendered target, anonymous ≈ ${memory.peakSampledAnonMiB} MiB); ` +
        `bare server peak ${memory.bareServerPeakRssMiB} MiB`,
    );
    const busiest = Math.max(ceiling.cpu.otherCores, health.cpu.otherCores, login.cpu.otherCores, rendered.cpu.otherCores);
    const noisy = busiest > NOISE_CORES;
    if (noisy) {
      console.log(
        `\nWARNING: other processes used up to ${busiest} of ${os.availableParallelism()} cores during the load; ` +
          'these figures understate the app — rerun on a quiet machine.',
      );
    }
    console.log(`\nmarks:\n${marks.map((mark) => `  ${mark.ok ? 'ok  ' : 'MISS'} ${mark.name}: ${mark.value}`).join('\n')}`);

    const cpus = os.cpus();
    const result = {
      date: new Date().toISOString(),
      commit: gitDescribe(),
      build: (() => {
        try {
          return JSON.parse(readFileSync(path.join(ROOT, 'build/build-info.json'), 'utf8')) as unknown;
        } catch {
          return null;
        }
      })(),
      machine: {
        cpus: os.availableParallelism(),
        cpuModel: cpus[0]?.model ?? 'unknown',
        memoryGiB: round(os.totalmem() / 2 ** 30),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        // Other work on the machine skews the figures: the load average before the run says how much.
        loadAverageAtStart,
      },
      settings: { connections: CONNECTIONS, warmupSeconds: WARMUP, durationSeconds: DURATION, nodeEnv: NODE_ENV, database: 'sqlite (node:sqlite)' },
      targets: { ceiling, healthz: health, login, rendered },
      loginShareOfCeiling: round(ratio, 4),
      noisy,
      javascript,
      memory,
      marks,
      seconds: round((Date.now() - started) / 1000),
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const json = `${JSON.stringify(result, null, 2)}\n`;
    writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
    writeFileSync(path.join(RESULTS_DIR, `${result.date.replace(/[:.]/g, '-')}.json`), json);
    console.log(`\nwrote bench/results/latest.json (${result.seconds} s)`);

    const missed = marks.filter((mark) => !mark.ok);
    if (missed.length > 0) {
      console.error(`\nmissed: ${missed.map((mark) => `${mark.name} (${mark.value})`).join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    killChildren('SIGKILL');
  }
}

main().catch((error: unknown) => fail(String((error as Error)?.stack ?? error)));

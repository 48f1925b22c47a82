// Benchmark: `npm run build && npm run bench`. See bench/README.md for what it measures and why.
//
// 1. starts the built app (server/main.ts) and a bare Fastify route (bench/bare-server.ts), each in
//    its own child process on the same Node, on free ports, with a throw-away DATA_DIR;
// 2. loads each with autocannon (warm-up, then a fixed window) while sampling the app's memory;
// 3. sums the gzipped JavaScript the login page loads;
// 4. prints a table, writes bench/results/latest.json and exits 1 when a mark is missed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginJavaScript } from './lib/javascript.ts';
import { load } from './lib/load.ts';
import { fail, killChildren, removeOnExit, startAppAndBare, stopChild } from './lib/processes.ts';
import { CONNECTIONS, DURATION, NODE_ENV, PAGE_HEADERS, ROOT, round, WARMUP } from './lib/settings.ts';
import { MemorySampler, readMemory } from './lib/usage.ts';

const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
// Other processes using more than this many cores during a window make the run "noisy".
const NOISE_CORES = 0.2;

/** The marks of the issue: beat them or the run fails. */
const MARKS = {
  loginShareOfCeiling: 0.1, // /user/login req/s ≥ 10 % of the bare route's
  loginJsGzipKb: 200, // JavaScript the login page loads, gzipped, < 200 kB (1 kB = 1000 B)
  peakRssMiB: 250, // app server's peak resident memory under the load, < 250 MiB
};

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


// ---------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(path.join(ROOT, 'build/server/index.js'))) fail('no build found: run `npm run build` first');
  const started = Date.now();
  const loadAverageAtStart = os.loadavg().map((value) => round(value, 2));
  // A hard stop so the benchmark always ends by itself.
  const budgetMs = (4 * (WARMUP + DURATION) + 90) * 1000;
  setTimeout(() => fail(`gave up after ${budgetMs / 1000} s`), budgetMs).unref();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-'));
  removeOnExit(dataDir);
  try {
    // One server process, as the bare route is one: the marks are a process's cost (throughput
    // beside the ceiling, peak memory); `npm start` runs one per core (decision 040).
    const { app, bare, appBase, bareBase } = await startAppAndBare(dataDir, { WEB_CONCURRENCY: '1' });
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
    const health = await load('/healthz', `${appBase}/healthz`, {}, { server: appPid, others: [] }, { sampler });
    const login = await load('/user/login', `${appBase}/user/login`, PAGE_HEADERS, { server: appPid, others: [] }, { sampler });
    // The marks' peak: the load above (the page as visitors get it, from the page cache when it can).
    const peakKiB = readMemory(appPid)?.hwmKiB ?? NaN;
    // Not a mark, shown beside it: the same page rendered by React on every request (a new URL
    // each time, so the page cache never answers), the cost of every page of a logged-in user.
    const rendered = await load('/user/login (rendered)', `${appBase}/user/login`, PAGE_HEADERS, { server: appPid, others: [] }, { sampler, uniqueUrls: true });
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

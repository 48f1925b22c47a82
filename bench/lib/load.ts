// Load with autocannon: warm-up, then a measured window, with latencies at hrtime resolution.
import autocannon, { type Client, type Options, type Result } from 'autocannon';
import { CONNECTIONS, DURATION, WARMUP } from './settings.ts';
import { latencyFigures } from './quantiles.ts';
import { addSpan, cpuMark, cpuUse, type MemorySampler, NO_CPU } from './usage.ts';

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
    return latencyFigures(this.values.subarray(0, this.count));
  }
}

export type LoadResult = {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; average: number; max: number };
  /** autocannon's own histogram (1 ms steps) of one window; none for windows taken in turns (`loadInTurns`). */
  autocannonLatencyMs?: { p50: number; p99: number; average: number; max: number };
  requests: number;
  errors: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
  cpu: ReturnType<typeof cpuUse>;
};

/**
 * Every connection drops its answers' bodies unread. autocannon appends each body to a string
 * (`req.body += chunk`) for options the bench does not use; a brotli body is not UTF-8, and
 * decoding it was 70 % of the load generator's CPU on the cached product page (8 kB answers): the
 * closed loop measured autocannon at ~8,000 req/s, not the server, which sat a third idle.
 */
const dropBodies = (client: Client) => {
  client.pipelinedRequests.addBody = () => {};
};

/**
 * Load a target without measuring it. A freshly started server is slower for its first seconds
 * (the JIT compiling its hot paths, the heap growing) — with one worker per core each sees half
 * the warm-up's requests: the first target measured after a start paid for it, every time.
 */
export async function warm(url: string, headers: Record<string, string>, extra: object = {}, seconds = WARMUP): Promise<void> {
  await autocannon({ url, connections: CONNECTIONS, headers, timeout: 10, setupClient: dropBodies, ...extra, duration: seconds });
}

export type LoadOptions = {
  sampler?: MemorySampler;
  /** Give every request its own query string, so no two share a URL (nor a page-cache entry). */
  uniqueUrls?: boolean;
  /** Seconds of unmeasured load first (WARMUP unless told). */
  warmupSeconds?: number;
  /** Each request's path and query string by its number (bench:search: every search a page-cache miss, as distinct searches are). */
  pathOf?: (sequence: number) => string;
};

/** One measured window: its 200s' latencies added to `latencies`, its answers counted; anything but a 200 is an error (a redirect would mean the page was not rendered). */
async function measure(options: Options, latencies: Latencies) {
  const result: Result = await autocannon(options).on('response', (_client, status, _bytes, ms) => {
    if (status === 200) latencies.add(ms);
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]));
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  const errors = result.errors + result.timeouts + answered - (statusCodes['200'] ?? 0);
  return { result, statusCodes, answered, errors, bytes: result.throughput.total ?? 0 };
}

/** The request options of a target: every request its own address when asked (`pathOf`, `uniqueUrls`). */
function requestOptions(url: string, headers: Record<string, string>, uniqueUrls: boolean, pathOf?: (sequence: number) => string) {
  let sequence = 0;
  const next = pathOf ?? ((n: number) => `${new URL(url).pathname}?bench=${n}`);
  const unique = [{ setupRequest: (request: { path: string }) => ({ ...request, path: next((sequence += 1)) }) }];
  const requests = uniqueUrls || pathOf ? { requests: unique } : {};
  return { requests, options: { url, connections: CONNECTIONS, headers, timeout: 10, setupClient: dropBodies, ...requests } };
}

const coresLine = (cpu: ReturnType<typeof cpuUse>) => `(CPU cores: target ${cpu.serverCores}, autocannon ${cpu.loadGeneratorCores}, others ${cpu.otherCores})`;

export async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  pids: { server: number; others: number[] },
  { sampler, uniqueUrls = false, warmupSeconds = WARMUP, pathOf }: LoadOptions = {},
): Promise<LoadResult> {
  const { requests, options } = requestOptions(url, headers, uniqueUrls, pathOf);
  process.stdout.write(`  ${name.padEnd(22)} warm-up ${warmupSeconds} s, measure ${DURATION} s … `);
  await warm(url, headers, requests, warmupSeconds);
  sampler?.setPhase(name);
  const latencies = new Latencies();
  const before = cpuMark(pids.server, pids.others);
  const window = await measure({ ...options, duration: DURATION }, latencies);
  const after = cpuMark(pids.server, pids.others);
  sampler?.setPhase(null);
  const { result, statusCodes, answered, errors } = window;
  const cpu = cpuUse(before, after, answered);
  const requestsPerSecond = result.requests.average;
  process.stdout.write(`${Math.round(requestsPerSecond)} req/s${errors ? `, ${errors} errors` : ''} ${coresLine(cpu)}\n`);
  return {
    name,
    url: new URL(url).pathname,
    requestsPerSecond,
    latencyMs: latencies.summary(),
    autocannonLatencyMs: { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average, max: result.latency.max },
    requests: answered,
    errors,
    statusCodes,
    bytesPerResponse: answered ? Math.round(window.bytes / answered) : 0,
    cpu,
  };
}

export type Target = { name: string; url: string; headers: Record<string, string>; pathOf?: (sequence: number) => string };

/**
 * Targets measured in turns: `turns` windows of DURATION / `turns` seconds each, every target once a
 * turn, each target's figures those of its windows together. A disturbance of the machine (another
 * process, a slow minute) then falls on every target alike, where whole windows one after the other
 * gave it to one target alone: bench:search's ratios to its yardstick are read within a round
 * (decision 095's fifth amendment). Each target is warmed once, before the first turn.
 */
export async function loadInTurns(targets: readonly Target[], pids: { server: number; others: number[] }, { turns, warmupSeconds = WARMUP }: { turns: number; warmupSeconds?: number }): Promise<LoadResult[]> {
  const seconds = DURATION / turns;
  const each = targets.map((target) => ({ target, ...requestOptions(target.url, target.headers, false, target.pathOf), latencies: new Latencies(), cpu: NO_CPU, answered: 0, errors: 0, bytes: 0, statusCodes: {} as Record<string, number> }));
  process.stdout.write(`  ${targets.length} targets in ${turns} turns of ${seconds} s each, warm-up ${warmupSeconds} s each … `);
  for (const one of each) await warm(one.target.url, one.target.headers, one.requests, warmupSeconds);
  for (let turn = 0; turn < turns; turn++) {
    for (const one of each) {
      const before = cpuMark(pids.server, pids.others);
      const window = await measure({ ...one.options, duration: seconds }, one.latencies);
      one.cpu = addSpan(one.cpu, before, cpuMark(pids.server, pids.others));
      one.answered += window.answered;
      one.errors += window.errors;
      one.bytes += window.bytes;
      for (const [code, count] of Object.entries(window.statusCodes)) one.statusCodes[code] = (one.statusCodes[code] ?? 0) + count;
    }
  }
  process.stdout.write('done\n');
  return each.map((one) => {
    const cpu = cpuUse(NO_CPU, one.cpu, one.answered);
    const requestsPerSecond = one.answered / DURATION;
    console.log(`    ${one.target.name.padEnd(28)} ${Math.round(requestsPerSecond)} req/s${one.errors ? `, ${one.errors} errors` : ''} ${coresLine(cpu)}`);
    return {
      name: one.target.name,
      url: new URL(one.target.url).pathname,
      requestsPerSecond,
      latencyMs: one.latencies.summary(),
      requests: one.answered,
      errors: one.errors,
      statusCodes: one.statusCodes,
      bytesPerResponse: one.answered ? Math.round(one.bytes / one.answered) : 0,
      cpu,
    };
  });
}

// Load with autocannon: warm-up, then a measured window, with latencies at hrtime resolution.
import autocannon, { type Client, type Result } from 'autocannon';
import { CONNECTIONS, DURATION, WARMUP } from './settings.ts';
import { latencyFigures } from './quantiles.ts';
import { cpuMark, cpuUse, type MemorySampler } from './usage.ts';

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
  autocannonLatencyMs: { p50: number; p99: number; average: number; max: number };
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

export async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  pids: { server: number; others: number[] },
  { sampler, uniqueUrls = false, warmupSeconds = WARMUP, pathOf }: LoadOptions = {},
): Promise<LoadResult> {
  let sequence = 0;
  const next = pathOf ?? ((n: number) => `${new URL(url).pathname}?bench=${n}`);
  const unique = [{ setupRequest: (request: { path: string }) => ({ ...request, path: next((sequence += 1)) }) }];
  const requests = uniqueUrls || pathOf ? { requests: unique } : {};
  const options = { url, connections: CONNECTIONS, headers, timeout: 10, setupClient: dropBodies, ...requests };
  process.stdout.write(`  ${name.padEnd(22)} warm-up ${warmupSeconds} s, measure ${DURATION} s … `);
  await warm(url, headers, requests, warmupSeconds);
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


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

/**
 * What a target's measured windows add up to: one window (`load`) or several taken in turns
 * (`loadInTurns`). Anything but a 200 is an error (a redirect would mean the page was not rendered).
 */
class Tally {
  readonly latencies = new Latencies();
  private cpu = NO_CPU;
  private answered = 0;
  private errors = 0;
  private bytes = 0;
  private readonly statusCodes: Record<string, number> = {};
  /** autocannon's own figures of the last window (its histogram and its req/s). */
  last: Result | undefined;

  private readonly pids: { server: number; others: number[] };

  constructor(pids: { server: number; others: number[] }) {
    this.pids = pids;
  }

  async measure(options: Options) {
    const before = cpuMark(this.pids.server, this.pids.others);
    const result: Result = await autocannon(options).on('response', (_client, status, _bytes, ms) => {
      if (status === 200) this.latencies.add(ms);
    });
    this.cpu = addSpan(this.cpu, before, cpuMark(this.pids.server, this.pids.others));
    for (const [code, stat] of Object.entries(result.statusCodeStats)) {
      this.statusCodes[code] = (this.statusCodes[code] ?? 0) + stat.count;
      this.answered += stat.count;
      if (code !== '200') this.errors += stat.count;
    }
    this.errors += result.errors + result.timeouts;
    this.bytes += result.throughput.total ?? 0;
    this.last = result;
  }

  /** The windows' figures (req/s: the answers over `seconds`, unless given), printed on one line after `prefix`. */
  result(name: string, url: string, prefix: string, rate: { seconds: number } | { requestsPerSecond: number }): LoadResult {
    const cpu = cpuUse(NO_CPU, this.cpu, this.answered);
    const requestsPerSecond = 'seconds' in rate ? this.answered / rate.seconds : rate.requestsPerSecond;
    process.stdout.write(`${prefix}${Math.round(requestsPerSecond)} req/s${this.errors ? `, ${this.errors} errors` : ''} (CPU cores: target ${cpu.serverCores}, autocannon ${cpu.loadGeneratorCores}, others ${cpu.otherCores})\n`);
    return { name, url: new URL(url).pathname, requestsPerSecond, latencyMs: this.latencies.summary(), requests: this.answered, errors: this.errors, statusCodes: this.statusCodes, bytesPerResponse: this.answered ? Math.round(this.bytes / this.answered) : 0, cpu };
  }
}

/** The request options of a target: every request its own address when asked (`pathOf`, `uniqueUrls`). */
function requestOptions(url: string, headers: Record<string, string>, uniqueUrls: boolean, pathOf?: (sequence: number) => string) {
  let sequence = 0;
  const next = pathOf ?? ((n: number) => `${new URL(url).pathname}?bench=${n}`);
  const unique = [{ setupRequest: (request: { path: string }) => ({ ...request, path: next((sequence += 1)) }) }];
  const requests = uniqueUrls || pathOf ? { requests: unique } : {};
  return { requests, options: { url, connections: CONNECTIONS, headers, timeout: 10, setupClient: dropBodies, ...requests } };
}

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
  const tally = new Tally(pids);
  await tally.measure({ ...options, duration: DURATION });
  sampler?.setPhase(null);
  const { latency, requests: rate } = tally.last!;
  return { ...tally.result(name, url, '', { requestsPerSecond: rate.average }), autocannonLatencyMs: { p50: latency.p50, p99: latency.p99, average: latency.average, max: latency.max } };
}

export type Target = { name: string; url: string; headers: Record<string, string>; pathOf?: (sequence: number) => string };

/**
 * Targets measured in turns: `turns` windows of DURATION / `turns` seconds each, every target once a
 * turn, each target's figures those of its windows together. A disturbance of the machine (another
 * process, a slow minute) then falls on every target alike, where whole windows one after the other
 * gave it to one target alone: bench:search reads its targets' CPU against its yardstick's within a
 * round (decision 095's fifth amendment). Each target is warmed once, before the first turn.
 */
export async function loadInTurns(targets: readonly Target[], pids: { server: number; others: number[] }, { turns, warmupSeconds = WARMUP }: { turns: number; warmupSeconds?: number }): Promise<LoadResult[]> {
  const seconds = DURATION / turns;
  const each = targets.map((target) => ({ target, ...requestOptions(target.url, target.headers, false, target.pathOf), tally: new Tally(pids) }));
  process.stdout.write(`  ${targets.length} targets in ${turns} turns of ${seconds} s each, warm-up ${warmupSeconds} s each … `);
  for (const one of each) await warm(one.target.url, one.target.headers, one.requests, warmupSeconds);
  for (let turn = 0; turn < turns; turn++) for (const one of each) await one.tally.measure({ ...one.options, duration: seconds });
  process.stdout.write('done\n');
  return each.map((one) => one.tally.result(one.target.name, one.target.url, `    ${one.target.name.padEnd(28)} `, { seconds: DURATION }));
}

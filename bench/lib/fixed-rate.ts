// An open-loop load at a fixed rate, for "p99 at a fixed N req/s" marks.
//
// Why not autocannon's `overallRate`: it is a per-second budget per connection (its client resets
// a counter every 1,000 ms and pauses when the counter is spent), so each connection fires its
// share of the second back to back and then waits: the server sees a burst at the top of every
// second, not a steady rate, and a closed loop inside the burst. This sends request i at
// start + i / rate (a 1 ms timer sends whatever is due), each on a free keep-alive socket (a new
// one when all are busy), whether or not earlier ones were answered: an open loop, so a slow
// answer never delays the next request and the latencies have no coordinated omission. Each is
// timed from when it was written, not from when it was due: the timer's own lateness (1–5 ms on
// a busy 2-core machine) is the load generator's, not the server's.
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';
import { round } from './settings.ts';

export type FixedRateResult = { rate: number; sent: number; answered: number; errors: number; achievedPerSecond: number; p50: number; p99: number; max: number };

/**
 * A full collection of this process's heap, on demand. The load generator shares its process with
 * the bench's earlier phases (the fill, closed loops of 10,000 req/s): their garbage, collected in
 * the middle of a window, stalls the loop that reads the answers and reads as the server's latency.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** `uniqueUrls`: every request its own `?bench=N`, so none is served from the page cache. */
export async function fixedRate(url: string, headers: Record<string, string>, rate: number, seconds: number, { warmupSeconds = 2, uniqueUrls = false } = {}): Promise<FixedRateResult> {
  collectGarbage();
  await run(url, headers, rate, warmupSeconds, uniqueUrls);
  return run(url, headers, rate, seconds, uniqueUrls);
}

let sequence = 0;

async function run(url: string, headers: Record<string, string>, rate: number, seconds: number, uniqueUrls: boolean): Promise<FixedRateResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  let sent = 0;
  let answered = 0;
  let errors = 0;
  const start = performance.now();
  const interval = 1000 / rate;
  try {
    await new Promise<void>((resolve) => {
      const finish = () => {
        if (answered + errors === total) resolve();
      };
      const send = () => {
        const sentAt = performance.now();
        const request = http.get(uniqueUrls ? `${url}?bench=f${(sequence += 1)}` : url, { agent, headers }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies[answered++] = performance.now() - sentAt;
            else errors++;
            finish();
          });
        });
        request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
        request.on('error', () => {
          errors++;
          finish();
        });
      };
      const timer = setInterval(() => {
        const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
        for (; sent < due; sent++) send();
        if (sent === total) clearInterval(timer);
      }, 1);
    });
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - start) / 1000;
  const sorted = latencies.slice(0, answered).sort();
  const at = (quantile: number) => round(sorted[Math.min(answered - 1, Math.max(0, Math.ceil(quantile * answered) - 1))] ?? Number.NaN, 2);
  return { rate, sent, answered, errors, achievedPerSecond: round(answered / elapsed), p50: at(0.5), p99: at(0.99), max: at(1) };
}

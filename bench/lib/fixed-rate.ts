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
//
// The windows run in a process of their own (`fixed-rate-client.ts`), started for them. In the
// bench's process, after the fill and the closed loops of ~10,000 req/s, the cached product page's
// p99 at 1,000 req/s read 5.5–7.9 ms; from a fresh process, against the same server a minute
// later, 1.4–1.6 ms (27 Nov 2026): the stalls were the load generator's, and they decided the marks.
//
// The targets are measured in rounds, each round one window of each in turn, each round starting
// one target further on (so no target always follows the same one). A target's figures are those
// of all its windows' answers together, and beside them the median of its windows' p99s: a few
// seconds in which something else holds the machine can decide the first (one window of four at
// 43 ms against 9–11 ms, 27 Nov 2026), not the second; a pause of the server's own, which comes
// back every few seconds, is in most windows and so in both.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type LatencyFigures, latencyFigures } from './quantiles.ts';
import { round } from './settings.ts';

export type FixedRateTarget = { name: string; url: string; rate: number; /** every request its own `?bench=fN`, so none is served from the page cache */ uniqueUrls?: boolean };

/** The latencies: of every answer of every window together; `windows`: each window's; `windowP99Median`: the median of the windows' p99s. */
export type FixedRateResult = LatencyFigures & { name: string; rate: number; sent: number; answered: number; errors: number; achievedPerSecond: number; windows: LatencyFigures[]; windowP99Median: number };

export type FixedRatePlan = { targets: FixedRateTarget[]; headers: Record<string, string>; rounds: number; seconds: number; warmupSeconds: number };

/** Runs the plan in a new process (see the top of this file) and returns each target's figures, in the plan's order. */
export function fixedRateInFreshProcess(plan: FixedRatePlan): Promise<FixedRateResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', path.join(import.meta.dirname, 'fixed-rate-client.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the fixed-rate client exited with code ${code}`));
      else resolve(JSON.parse(output) as FixedRateResult[]);
    });
    child.stdin.end(JSON.stringify(plan));
  });
}

/** The plan itself: called in the fresh process, which prints each window as it ends. */
export async function runPlan(plan: FixedRatePlan, collectGarbage: () => void): Promise<FixedRateResult[]> {
  const windows = plan.targets.map(() => [] as Window[]);
  for (let roundIndex = 0; roundIndex < plan.rounds; roundIndex++) {
    for (let turn = 0; turn < plan.targets.length; turn++) {
      const index = (roundIndex + turn) % plan.targets.length;
      const target = plan.targets[index]!;
      // This process's garbage from the last window is collected now, not in the middle of the next.
      collectGarbage();
      await run(target, plan.headers, plan.warmupSeconds);
      const window = await run(target, plan.headers, plan.seconds);
      windows[index]!.push(window);
      const { figures } = window;
      process.stderr.write(`  round ${roundIndex + 1}/${plan.rounds}: ${target.name}, at a fixed ${target.rate} req/s … p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms, ${window.errors} errors\n`);
    }
  }
  return plan.targets.map((target, index) => {
    const all = windows[index]!;
    const answered = all.reduce((sum, w) => sum + w.latencies.length, 0);
    const latencies = new Float64Array(answered);
    let offset = 0;
    for (const w of all) {
      latencies.set(w.latencies, offset);
      offset += w.latencies.length;
    }
    const seconds = all.reduce((sum, w) => sum + w.seconds, 0);
    return {
      name: target.name,
      rate: target.rate,
      sent: all.reduce((sum, w) => sum + w.sent, 0),
      answered,
      errors: all.reduce((sum, w) => sum + w.errors, 0),
      achievedPerSecond: round(answered / seconds),
      ...latencyFigures(latencies),
      windows: all.map((w) => w.figures),
      windowP99Median: median(all.map((w) => w.figures.p99)),
    };
  });
}

type Window = { latencies: Float64Array; figures: LatencyFigures; sent: number; errors: number; seconds: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : round((sorted[middle - 1]! + sorted[middle]!) / 2, 2);
}

let sequence = 0;

async function run(target: FixedRateTarget, headers: Record<string, string>, seconds: number): Promise<Window> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(target.rate * seconds);
  const latencies = new Float64Array(total);
  let sent = 0;
  let answered = 0;
  let errors = 0;
  const start = performance.now();
  const interval = 1000 / target.rate;
  try {
    await new Promise<void>((resolve) => {
      const finish = () => {
        if (answered + errors === total) resolve();
      };
      const send = () => {
        const sentAt = performance.now();
        const request = http.get(target.uniqueUrls ? `${target.url}?bench=f${(sequence += 1)}` : target.url, { agent, headers }, (response) => {
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
  const answers = latencies.slice(0, answered);
  return { latencies: answers, figures: latencyFigures(answers), sent, errors, seconds: (performance.now() - start) / 1000 };
}

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
// one target further on (so no target always follows the same one), each after `warmupSeconds` of
// unmeasured load. A target's figures are those of all its windows' answers together.
//
// Targets of one `group` share their windows: their requests are interleaved, each at its own
// rate, so that a spell in which something else holds the machine falls on all of them alike
// (bench:shop's cached pages: measured in turn, one window of four read 4.1 ms against ~1). Not
// for rendered pages (27 Nov 2026): two servers rendering at once slowed each other (p99 ~28 ms
// against ~7 alone), and two lanes on one server split the few answers that a full collection
// slows at random (the same page read 9.2 and 12.3 ms in two stores); those go in turn, with
// enough answers (bench/shop.ts says how many).
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type LatencyFigures, latencyFigures } from './quantiles.ts';
import { round } from './settings.ts';

export type FixedRateTarget = {
  name: string;
  url: string;
  rate: number;
  /** every request its own `?bench=fN`, so none is served from the page cache */
  uniqueUrls?: boolean;
  /** targets of the same group are measured together, their requests interleaved (see above) */
  group?: string;
};

/** The latencies: of every answer of every window together; `windows`: each window's. */
export type FixedRateResult = LatencyFigures & { name: string; rate: number; sent: number; answered: number; errors: number; achievedPerSecond: number; windows: LatencyFigures[] };

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
  // A turn is a group's targets, or a target of no group alone; indexes into plan.targets.
  const turns: number[][] = [];
  const groups = new Map<string, number[]>();
  plan.targets.forEach((target, index) => {
    const group = target.group === undefined ? undefined : groups.get(target.group);
    if (group) group.push(index);
    else {
      turns.push([index]);
      if (target.group !== undefined) groups.set(target.group, turns.at(-1)!);
    }
  });
  const windows = plan.targets.map(() => [] as Window[]);
  for (let roundIndex = 0; roundIndex < plan.rounds; roundIndex++) {
    for (let turn = 0; turn < turns.length; turn++) {
      const indexes = turns[(roundIndex + turn) % turns.length]!;
      const targets = indexes.map((index) => plan.targets[index]!);
      // This process's garbage from the last window is collected now, not in the middle of the next.
      collectGarbage();
      await run(targets, plan.headers, plan.warmupSeconds);
      const measured = await run(targets, plan.headers, plan.seconds);
      measured.forEach((window, k) => {
        windows[indexes[k]!]!.push(window);
        const { figures } = window;
        process.stderr.write(`  round ${roundIndex + 1}/${plan.rounds}: ${targets[k]!.name}, at a fixed ${targets[k]!.rate} req/s${targets.length > 1 ? ` (with ${targets.length - 1} more)` : ''} … p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms, ${window.errors} errors\n`);
      });
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
    };
  });
}

type Window = { latencies: Float64Array; figures: LatencyFigures; sent: number; errors: number; seconds: number };

let sequence = 0;

/** One window: each target's requests at its rate, target k's first 1/(n·rate) × k after the first's, all together. */
async function run(targets: FixedRateTarget[], headers: Record<string, string>, seconds: number): Promise<Window[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const lanes = targets.map((target, k) => {
    const total = Math.round(target.rate * seconds);
    const interval = 1000 / target.rate;
    return { target, total, interval, offset: (interval * k) / targets.length, latencies: new Float64Array(total), sent: 0, answered: 0, errors: 0 };
  });
  const start = performance.now();
  try {
    await new Promise<void>((resolve) => {
      const finish = () => {
        if (lanes.every((lane) => lane.answered + lane.errors === lane.total)) resolve();
      };
      const send = (lane: (typeof lanes)[number]) => {
        const sentAt = performance.now();
        const { target } = lane;
        const request = http.get(target.uniqueUrls ? `${target.url}?bench=f${(sequence += 1)}` : target.url, { agent, headers }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) lane.latencies[lane.answered++] = performance.now() - sentAt;
            else lane.errors++;
            finish();
          });
        });
        request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
        request.on('error', () => {
          lane.errors++;
          finish();
        });
      };
      const timer = setInterval(() => {
        const elapsed = performance.now() - start;
        for (const lane of lanes) {
          const due = Math.min(lane.total, Math.max(0, Math.floor((elapsed - lane.offset) / lane.interval) + 1));
          for (; lane.sent < due; lane.sent++) send(lane);
        }
        if (lanes.every((lane) => lane.sent === lane.total)) clearInterval(timer);
      }, 1);
    });
  } finally {
    agent.destroy();
  }
  const windowSeconds = (performance.now() - start) / 1000;
  return lanes.map((lane) => {
    const answers = lane.latencies.slice(0, lane.answered);
    return { latencies: answers, figures: latencyFigures(answers), sent: lane.sent, errors: lane.errors, seconds: windowSeconds };
  });
}

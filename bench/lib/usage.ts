// What the target used while it was loaded: memory from /proc/<pid>/status, CPU from /proc/stat
// and /proc/<pid>/stat.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { round } from './settings.ts';

const SAMPLE_MS = 100;
const CLOCK_TICKS = 100; // USER_HZ: the unit of /proc/*/stat times on Linux

// memory: /proc/<pid>/status — VmHWM is the kernel's own peak, so no spike between samples is lost

export type Memory = { rssKiB: number; hwmKiB: number; anonKiB: number };

export function readMemory(pid: number): Memory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM'), anonKiB: field('RssAnon') };
  } catch {
    return null;
  }
}

export class MemorySampler {
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

export type CpuMark = { machine: { busy: number; total: number }; server: number; self: number; others: number };

/** Nothing used yet: the start of a sum of spans (`addSpan`). */
export const NO_CPU: CpuMark = { machine: { busy: 0, total: 0 }, server: 0, self: 0, others: 0 };

/** `sum` with the span from `before` to `after` added: windows apart from each other read as one by `cpuUse(NO_CPU, sum, …)`. */
export function addSpan(sum: CpuMark, before: CpuMark, after: CpuMark): CpuMark {
  return {
    machine: { busy: sum.machine.busy + after.machine.busy - before.machine.busy, total: sum.machine.total + after.machine.total - before.machine.total },
    server: sum.server + after.server - before.server,
    self: sum.self + after.self - before.self,
    others: sum.others + after.others - before.others,
  };
}

/** A process and its descendants' ids: the app server's primary and its workers (decision 040). */
export function treePids(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return []; // the process has gone
  }
  return [pid, ...children.flatMap(treePids)];
}

/** A process and its children: the app server is a primary and its workers (decision 040). */
function treeJiffies(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no children file: the process has gone
  }
  return processJiffies(pid) + children.reduce((sum, child) => sum + treeJiffies(child), 0);
}

export function cpuMark(serverPid: number, otherOwnPids: number[]): CpuMark {
  return {
    machine: machineJiffies(),
    server: treeJiffies(serverPid),
    self: processJiffies('self'),
    others: otherOwnPids.reduce((sum, pid) => sum + treeJiffies(pid), 0),
  };
}

/** Cores used on average between two marks: by the target, by the load generator, by everything else. */
export function cpuUse(before: CpuMark, after: CpuMark, requests: number) {
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
    // CPU the whole machine spent per answer but the load generator's: the target's and what it
    // waits on (the database's, on PostgreSQL), with whatever else runs — so read on a quiet machine.
    machineCpuMsPerRequest: requests ? round(((after.machine.busy - before.machine.busy - self) * (1000 / CLOCK_TICKS)) / requests, 3) : NaN,
  };
}


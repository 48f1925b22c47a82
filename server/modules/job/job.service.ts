import { randomUUID } from 'node:crypto';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { JobHandlers, JobKind } from './job-payloads.ts';
import { onEnqueue } from './job-queue.ts';
import { claimJobs, deleteDoneJobs, type JobRow, releaseDoneJobs, releaseJob } from './job.repository.ts';

import { retryDelay } from './job-queue.ts';

export { DEFAULT_MAX_ATTEMPTS, enqueueJob, MAX_RETRY_DELAY_MS, type NewJob, retryDelay, wakeWorkers } from './job-queue.ts';

/** Done jobs are kept a week (their key stays taken meanwhile), then forgotten; the worker prunes hourly. */
export const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export type RunOptions = {
  workerId: string;
  /** How long a claimed job is held before another worker may take it (its worker is presumed dead). */
  lockMs: number;
  /** The wait before the second attempt; each later one waits twice as long. */
  retryMs: number;
  /**
   * What runs each kind: `JOB_HANDLERS` from the composition root (server/composition.ts), so that
   * the queue imports none of the modules whose jobs it runs. Tests give some kinds their own; a
   * kind without one fails its job.
   */
  handlers: Partial<JobHandlers>;
  /** Asked between claims: a stopping worker finishes the jobs it holds (≤ JOBS_PER_CLAIM) and takes no other. */
  shouldStop?: () => boolean;
};

/**
 * Due jobs taken at once by one claim, and marked done together after they ran: two commits for
 * the lot instead of two a job (decision 070). A worker killed meanwhile leaves its batch to be
 * taken over when the lock runs out, as it left its one job before: a job may run twice, never
 * not at all. Small, so that a stopping worker finishes what it holds soon.
 */
export const JOBS_PER_CLAIM = 16;

/** Runs due jobs one after the other until none is due; answers how many it ran. */
export async function runJobs(deps: ServiceDeps, options: RunOptions): Promise<number> {
  let ran = 0;
  while (!options.shouldStop?.()) {
    const now = deps.clock.now();
    const jobs = await claimJobs(deps.db, { workerId: options.workerId, now: now.toISOString(), lockedUntil: new Date(now.getTime() + options.lockMs).toISOString(), limit: JOBS_PER_CLAIM });
    if (jobs.length === 0) break;
    const done: number[] = [];
    for (const job of jobs) {
      if (await runJob(deps, options, job)) done.push(job.id);
      ran += 1;
    }
    await releaseDoneJobs(deps.db, { ids: done, workerId: options.workerId, now: deps.clock.now().toISOString() });
  }
  return ran;
}

/** Runs one claimed job; true when it succeeded and waits to be marked done with its batch. */
async function runJob(deps: ServiceDeps, options: RunOptions, job: JobRow): Promise<boolean> {
  const release = (state: 'failed' | 'queued', extra: { runAt?: string; lastError?: string | null } = {}) =>
    releaseJob(deps.db, { id: job.id, workerId: options.workerId, now: deps.clock.now().toISOString(), state, ...extra });
  // Claiming counts the attempt, so a job that kills its worker every time still runs out of them.
  if (job.attempts > job.maxAttempts) {
    await release('failed', { lastError: 'the worker stopped while running the job' });
    deps.log.error({ jobId: job.id, kind: job.kind, attempts: job.maxAttempts }, 'job failed: its worker stopped on every attempt');
    return false;
  }
  const handler = options.handlers[job.kind as JobKind] as ((deps: ServiceDeps, payload: unknown) => Promise<void>) | undefined;
  try {
    if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
    await handler(deps, JSON.parse(job.payload));
    return true;
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    if (job.attempts >= job.maxAttempts) {
      await release('failed', { lastError });
      deps.log.error({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed for good');
      return false;
    }
    const runAt = new Date(deps.clock.now().getTime() + retryDelay(options.retryMs, job.attempts)).toISOString();
    await release('queued', { runAt, lastError });
    deps.log.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, runAt }, 'job failed; will retry');
    return false;
  }
}

/** Deletes done jobs older than `KEEP_DONE_MS`, so the table holds what is pending and recent. */
export function pruneJobs(deps: Pick<ServiceDeps, 'db' | 'clock'>): Promise<number> {
  return deleteDoneJobs(deps.db, { updatedBefore: new Date(deps.clock.now().getTime() - KEEP_DONE_MS).toISOString() });
}

export type JobWorker = { id: string; stop(): Promise<void> };
/** Work of other modules the worker does hourly and at start-up (`HOURLY_CHORES` at the composition root). */
export type Chore = (deps: ServiceDeps) => Promise<unknown>;

export type WorkerOptions = Omit<RunOptions, 'workerId' | 'shouldStop'> & { pollMs: number; workerId?: string; chores?: readonly Chore[] };

/**
 * Runs the queue in the background: a pass over the due jobs, then a pause of `pollMs` (cut short by
 * an enqueue in this process). `stop()` lets the job in hand finish and resolves when the loop ends.
 */
export function startJobWorker(deps: ServiceDeps, options: WorkerOptions): JobWorker {
  const workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let pending = false;
  let wakeUp: (() => void) | undefined;
  const wake = () => {
    pending = true;
    wakeUp?.();
  };
  const stopListening = onEnqueue(deps.db, wake);

  let prunedAt = 0;
  const loop = async () => {
    while (!stopped) {
      pending = false;
      try {
        await runJobs(deps, { ...options, workerId, shouldStop: () => stopped });
        if (deps.clock.now().getTime() - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = deps.clock.now().getTime();
          await pruneJobs(deps);
          // The same hourly pass (and the first, at start-up) does the other modules' chores.
          for (const chore of options.chores ?? []) await chore(deps);
        }
      } catch (error) {
        // The database may be briefly away; the next pass tries again.
        deps.log.error({ err: error, workerId }, 'job worker pass failed');
      }
      if (stopped || pending) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        timer.unref(); // a worker never keeps the process alive on its own
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  };
  const done = loop();

  return {
    id: workerId,
    async stop() {
      stopped = true;
      stopListening();
      wakeUp?.();
      await done;
    },
  };
}

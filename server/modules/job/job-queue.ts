import type { Db } from '#server/db/database.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { JobKind, JobPayloads } from './job-payloads.ts';
import { deleteQueuedJobs, insertJob, releaseFinishedKey } from './job.repository.ts';

/** The longest wait between two attempts, whatever the backoff says. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/**
 * Exponential backoff: retryMs, 2×, 4×, … after the 1st, 2nd, 3rd failed attempt, capped. Here, not
 * in job.service.ts, so that a job's handler that tells when it runs next (the SRI job) can read it
 * without importing the runner that imports every handler.
 */
export function retryDelay(retryMs: number, attempts: number): number {
  return Math.min(retryMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);
}

// Putting a job in the queue, apart from running it (job.service.ts): a job's handler may enqueue
// (a notification queues its mail) without an import cycle through the handlers.

export type NewJob<K extends JobKind> = {
  kind: K;
  payload: JobPayloads[K];
  /** Not before this time (a scheduled reminder); now when absent. */
  runAt?: Date;
  /** Makes the job unique: a second enqueue with the same key, from any process, adds nothing. */
  key?: string;
  maxAttempts?: number;
};

export const DEFAULT_MAX_ATTEMPTS = 8;

// Workers of this process, by database, so an enqueue wakes them at once instead of at their next
// poll: a mail leaves right after the request that caused it. Other processes find it by polling.
const wakers = new WeakMap<Db, Set<() => void>>();

/** Registers a worker's wake-up call for enqueues on `db`; the answer unregisters it. */
export function onEnqueue(db: Db, wake: () => void): () => void {
  const set = wakers.get(db) ?? new Set();
  wakers.set(db, set.add(wake));
  return () => set.delete(wake);
}

/**
 * Wakes this process's workers on `db`: for jobs enqueued inside a transaction (whose `db` is the
 * transaction, so the enqueue woke no one), once it has committed.
 */
export function wakeWorkers(db: Db): void {
  for (const wake of wakers.get(db) ?? []) wake();
}

/** Puts a job in the queue; the answer is its id, or null when its key was already queued. */
export async function enqueueJob<K extends JobKind>(deps: Pick<ServiceDeps, 'db' | 'clock'>, job: NewJob<K>): Promise<number | null> {
  const now = deps.clock.now();
  const id = await insertJob(deps.db, {
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    key: job.key ?? null,
    maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    runAt: (job.runAt ?? now).toISOString(),
    now: now.toISOString(),
  });
  if (id !== null) wakeWorkers(deps.db);
  return id;
}

/**
 * Queues a keyed job again once its earlier job under that key has ended (done or failed): the key
 * is freed, then taken by the new job. A job still queued or running keeps its key, and the answer
 * is null as for any key already queued: the work is never queued twice.
 */
export async function enqueueAgain<K extends JobKind>(deps: Pick<ServiceDeps, 'db' | 'clock'>, job: NewJob<K> & { key: string }): Promise<number | null> {
  await releaseFinishedKey(deps.db, job.key);
  return enqueueJob(deps, job);
}

/** Drops jobs that still wait, by id: their work was done another way before their time came. */
export async function dropQueuedJobs(deps: Pick<ServiceDeps, 'db'>, ids: readonly number[]): Promise<void> {
  await deleteQueuedJobs(deps.db, ids);
}

import { type ExpressionBuilder, PostgresAdapter, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database, JobState } from '#server/db/schema.ts';

export type JobRow = { id: number; kind: string; payload: string; attempts: number; maxAttempts: number };
export type NewJobRow = { kind: string; payload: string; key: string | null; maxAttempts: number; runAt: string; now: string };

/** Adds a job; with a key already taken nothing is added and the answer is null. */
export async function insertJob(db: Db, job: NewJobRow): Promise<number | null> {
  const row = await db
    .insertInto('job')
    .values({ kind: job.kind, payload: job.payload, key: job.key, state: 'queued', attempts: 0, maxAttempts: job.maxAttempts, runAt: job.runAt, createdAt: job.now, updatedAt: job.now })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

// Due: queued and its time has come, or running under a lock that ran out (its worker died).
const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'job'>) =>
  eb.or([eb.and([eb('state', '=', 'queued'), eb('runAt', '<=', now)]), eb.and([eb('state', '=', 'running'), eb('lockedUntil', '<', now)])]);

/**
 * Takes the next due job for one worker, in one statement, so two workers never get the same job:
 * PostgreSQL locks the chosen row and lets a concurrent claim skip it (`for update skip locked`);
 * SQLite runs one writing statement at a time, and the outer condition checks the row is still due.
 */
export async function claimJob(db: Db, claim: { workerId: string; now: string; lockedUntil: string }): Promise<JobRow | undefined> {
  return (await claimJobs(db, { ...claim, limit: 1 }))[0];
}

/**
 * Takes up to `limit` due jobs for one worker in one statement, as `claimJob` takes one: one commit
 * for the lot (decision 070), since on SQLite every commit waits for the disk and for the one write
 * lock that the placings want too. Answered oldest first.
 */
export async function claimJobs(db: Db, claim: { workerId: string; now: string; lockedUntil: string; limit: number }): Promise<JobRow[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const due = db
    .selectFrom('job')
    .select('id')
    .where(claimable(claim.now))
    .orderBy('runAt')
    .orderBy('id')
    .limit(claim.limit)
    .$if(postgres, (qb) => qb.forUpdate().skipLocked());
  const rows = await db
    .updateTable('job')
    .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), lockedBy: claim.workerId, lockedUntil: claim.lockedUntil, updatedAt: claim.now }))
    // PostgreSQL may run an `in (…)` subquery again for every row it updates, each run locking
    // the next due jobs, so one claim took all 50 of a test's jobs whatever the limit: `any(array(…))`
    // is computed once. SQLite computes an uncorrelated `in (…)` once.
    .where(postgres ? sql<boolean>`${sql.ref('id')} = any(array(${due}))` : sql<boolean>`${sql.ref('id')} in (${due})`)
    .where(claimable(claim.now))
    .returning(['id', 'kind', 'payload', 'attempts', 'maxAttempts', 'runAt'])
    .execute();
  return rows
    .sort((a, b) => (a.runAt < b.runAt ? -1 : a.runAt > b.runAt ? 1 : a.id - b.id))
    .map(({ id, kind, payload, attempts, maxAttempts }) => ({ id, kind, payload, attempts, maxAttempts }));
}

/**
 * Ends a worker's hold on a job: done, failed, or queued again for later. Only the worker that holds
 * the lock may do it, so a worker whose lock ran out cannot undo the work of the one that took over.
 */
export async function releaseJob(
  db: Db,
  release: { id: number; workerId: string; now: string; state: Exclude<JobState, 'running'>; runAt?: string; lastError?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({
      state: release.state,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: release.now,
      ...(release.runAt ? { runAt: release.runAt } : {}),
      ...(release.lastError !== undefined ? { lastError: release.lastError } : {}),
    })
    .where('id', '=', release.id)
    .where('state', '=', 'running')
    .where('lockedBy', '=', release.workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks done, in one statement, the jobs this worker holds and has run (a claimed batch's). */
export async function releaseDoneJobs(db: Db, release: { ids: readonly number[]; workerId: string; now: string }): Promise<number> {
  if (release.ids.length === 0) return 0;
  const result = await db
    .updateTable('job')
    .set({ state: 'done', lockedBy: null, lockedUntil: null, updatedAt: release.now })
    .where('id', 'in', [...release.ids])
    .where('state', '=', 'running')
    .where('lockedBy', '=', release.workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Forgets done jobs last touched before a time; failed ones stay for someone to look at. */
export async function deleteDoneJobs(db: Db, { updatedBefore }: { updatedBefore: string }): Promise<number> {
  const result = await db.deleteFrom('job').where('state', '=', 'done').where('updatedAt', '<', updatedBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One job as it stands (tests, and later a back-office screen). */
export async function findJob(db: Db, id: number) {
  return db
    .selectFrom('job')
    .select(['id', 'kind', 'payload', 'key', 'state', 'attempts', 'maxAttempts', 'runAt', 'lockedUntil', 'lockedBy', 'lastError', 'createdAt', 'updatedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Frees a unique key whose job has ended (done or failed), so that the work it names can be queued
 * again under the same key: an invoice parked for want of a certificate, sent once one is uploaded.
 * A job still queued or running keeps its key: nothing is queued twice.
 */
export async function releaseFinishedKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('job').where('key', '=', key).where('state', 'in', ['done', 'failed']).execute();
}

/** Drops jobs still waiting (queued), by id: work that was done another way before its time came. */
export async function deleteQueuedJobs(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('job').where('id', 'in', ids).where('state', '=', 'queued').execute();
}

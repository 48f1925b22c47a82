import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '#server/mail/mailer.ts';
import { fixedClock } from '#server/service-deps.ts';
import { outboxMailer, recordingLog, testServiceDeps } from '../../../tests/support/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { JOB_HANDLERS } from '#server/composition.ts';
import type { JobHandlers } from './job-payloads.ts';
import { claimJob, claimJobs, findJob, releaseDoneJobs, releaseJob } from './job.repository.ts';
import { enqueueJob, JOBS_PER_CLAIM, KEEP_DONE_MS, pruneJobs, retryDelay, runJobs, startJobWorker } from './job.service.ts';

// The queue on the dialect the suite runs on (SQLite, or PostgreSQL with DATABASE_URL).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});

let counter = 0;
const mail = (subject = `Hola ${++counter}`): Mail => ({ to: `job${counter}@example.com`, subject, text: subject, html: `<p>${subject}</p>` });
const options = { lockMs: 60_000, retryMs: 1000 };

/** Each test drains the queue it filled, so one test's jobs never reach another's handlers. */
async function drain(deps: ReturnType<typeof testServiceDeps>, handlers: Partial<JobHandlers> = JOB_HANDLERS) {
  return runJobs(deps, { ...options, workerId: 'drain', handlers });
}

describe('a queued job', () => {
  it('runs once through its handler and is done', async () => {
    const mailer = outboxMailer();
    const deps = testServiceDeps(t, { mailer });
    const sent = mail();
    const id = (await enqueueJob(deps, { kind: 'mail', payload: sent }))!;
    expect(await findJob(t.db, id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    expect(await drain(deps)).toBe(1);
    expect(mailer.outbox).toEqual([sent]);
    expect(await findJob(t.db, id)).toMatchObject({ state: 'done', attempts: 1, lockedBy: null, lockedUntil: null, lastError: null });
    expect(await drain(deps)).toBe(0);
    expect(mailer.outbox).toHaveLength(1);
  });

  it('waits for its time when scheduled', async () => {
    const clock = fixedClock('2026-11-23T10:00:00.000Z');
    const mailer = outboxMailer();
    const deps = testServiceDeps(t, { mailer, clock });
    const id = (await enqueueJob(deps, { kind: 'mail', payload: mail(), runAt: new Date('2026-11-24T09:00:00.000Z') }))!;
    expect(await drain(deps)).toBe(0);
    clock.set('2026-11-24T08:59:59.999Z');
    expect(await drain(deps)).toBe(0);
    clock.set('2026-11-24T09:00:00.000Z');
    expect(await drain(deps)).toBe(1);
    expect((await findJob(t.db, id))!.state).toBe('done');
  });
});

describe('a failing job', () => {
  it('is retried with exponential backoff, then failed with its last error, logged', async () => {
    const clock = fixedClock('2026-11-23T10:00:00.000Z');
    const log = recordingLog();
    const deps = testServiceDeps(t, { mailer: outboxMailer(), clock, log });
    let calls = 0;
    const handlers: Partial<JobHandlers> = {
      mail: async () => {
        calls += 1;
        throw new Error(`SMTP refused (${calls})`);
      },
    };
    const id = (await enqueueJob(deps, { kind: 'mail', payload: mail(), maxAttempts: 3 }))!;

    expect(await drain(deps, handlers)).toBe(1);
    expect(await findJob(t.db, id)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'SMTP refused (1)', runAt: expect.stringMatching(/^2026-11-23T10:00:01(\.000)?Z$/) });
    clock.advance(999);
    expect(await drain(deps, handlers)).toBe(0); // not before its backoff
    clock.advance(1);
    expect(await drain(deps, handlers)).toBe(1);
    expect(await findJob(t.db, id)).toMatchObject({ state: 'queued', attempts: 2, lastError: 'SMTP refused (2)' });
    clock.advance(1999); // the second wait is twice the first
    expect(await drain(deps, handlers)).toBe(0);
    clock.advance(1);
    expect(await drain(deps, handlers)).toBe(1);

    expect(await findJob(t.db, id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'SMTP refused (3)', lockedBy: null });
    clock.advance(24 * 60 * 60 * 1000);
    expect(await drain(deps, handlers)).toBe(0);
    expect(calls).toBe(3);
    expect(log.entries.filter((entry) => entry.level === 'warn')).toHaveLength(2);
    expect(log.entries.filter((entry) => entry.level === 'error')).toEqual([{ level: 'error', obj: expect.objectContaining({ jobId: id, kind: 'mail', attempts: 3 }), msg: 'job failed for good' }]);
  });

  it('waits at most an hour between attempts', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelay(10_000, attempt))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelay(10_000, 12)).toBe(60 * 60 * 1000);
  });
});

describe('several workers', () => {
  it('racing over 50 jobs run each exactly once', async () => {
    const deps = testServiceDeps(t, { mailer: outboxMailer() });
    const runs = new Map<string, number>();
    const racing: Partial<JobHandlers> = {
      mail: async (_deps, payload) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3)); // let the others claim meanwhile
        runs.set(payload.subject, (runs.get(payload.subject) ?? 0) + 1);
      },
    };
    const subjects = Array.from({ length: 50 }, (_, i) => `race ${i}`);
    for (const subject of subjects) await enqueueJob(deps, { kind: 'mail', payload: mail(subject) });
    // On PostgreSQL each worker claims on its own pooled connection, concurrently. The four are
    // opened first: one worker claims 16 jobs at a time (JOBS_PER_CLAIM) and could otherwise run
    // all 50 before a new connection is up, and the race would not be one.
    await Promise.all(Array.from({ length: 4 }, () => t.db.transaction().execute(() => new Promise((resolve) => setTimeout(resolve, 50)))));
    const counts = await Promise.all(['a', 'b', 'c', 'd'].map((workerId) => runJobs(deps, { ...options, workerId, handlers: racing })));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(50);
    expect(counts.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect([...runs.keys()].sort()).toEqual([...subjects].sort());
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('take over a job whose worker died once its lock runs out, and the dead worker cannot release it', async () => {
    const clock = fixedClock('2026-11-23T12:00:00.000Z');
    const mailer = outboxMailer();
    const deps = testServiceDeps(t, { mailer, clock });
    const id = (await enqueueJob(deps, { kind: 'mail', payload: mail() }))!;
    const lockedUntil = new Date(clock.now().getTime() + options.lockMs).toISOString();
    expect((await claimJob(t.db, { workerId: 'dead', now: clock.now().toISOString(), lockedUntil }))!.id).toBe(id);

    expect(await drain(deps)).toBe(0); // still held
    clock.advance(options.lockMs + 1);
    expect(await drain(deps)).toBe(1);
    expect(mailer.outbox).toHaveLength(1);
    expect(await findJob(t.db, id)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await releaseJob(t.db, { id, workerId: 'dead', now: clock.now().toISOString(), state: 'queued' })).toBe(false);
    expect((await findJob(t.db, id))!.state).toBe('done');
  });

  it('fail a job whose worker dies on every attempt instead of running it forever', async () => {
    const clock = fixedClock('2026-11-23T14:00:00.000Z');
    const log = recordingLog();
    const mailer = outboxMailer();
    const deps = testServiceDeps(t, { mailer, clock, log });
    const id = (await enqueueJob(deps, { kind: 'mail', payload: mail(), maxAttempts: 2 }))!;
    for (const workerId of ['dead-1', 'dead-2']) {
      const now = clock.now();
      expect(await claimJob(t.db, { workerId, now: now.toISOString(), lockedUntil: new Date(now.getTime() + 1000).toISOString() })).toBeDefined();
      clock.advance(1001);
    }
    expect(await drain(deps)).toBe(1);
    expect(mailer.outbox).toEqual([]);
    expect(await findJob(t.db, id)).toMatchObject({ state: 'failed', lastError: 'the worker stopped while running the job' });
    expect(log.entries.map((entry) => entry.msg)).toContain('job failed: its worker stopped on every attempt');
  });
});

describe('a job with a key', () => {
  it('exists once however many times, and from however many places, it is enqueued', async () => {
    const mailer = outboxMailer();
    const deps = testServiceDeps(t, { mailer });
    const reminder = { kind: 'mail' as const, payload: mail('Tu plan vence mañana'), key: `plan-reminder:7:2026-12-01` };
    const first = await enqueueJob(deps, reminder);
    const again = await Promise.all([enqueueJob(deps, reminder), enqueueJob(deps, reminder), enqueueJob(deps, reminder)]);
    expect(first).toEqual(expect.any(Number));
    expect(again).toEqual([null, null, null]);
    expect(await drain(deps)).toBe(1);
    expect(await enqueueJob(deps, reminder)).toBeNull(); // the key stays taken once the job is done
    expect(mailer.outbox.map((sent) => sent.subject)).toEqual(['Tu plan vence mañana']);
  });

  it('does not stop jobs without a key from being queued side by side', async () => {
    const deps = testServiceDeps(t, { mailer: outboxMailer() });
    const same = mail();
    const ids = [await enqueueJob(deps, { kind: 'mail', payload: same }), await enqueueJob(deps, { kind: 'mail', payload: same })];
    expect(ids.every((id) => typeof id === 'number') && ids[0] !== ids[1]).toBe(true);
    expect(await drain(deps)).toBe(2);
  });
});

describe('pruning', () => {
  it('forgets done jobs after a week and keeps recent, pending and failed ones', async () => {
    // Long before the other tests' jobs, so only this test's jobs are old enough to go.
    const clock = fixedClock('2020-01-01T00:00:00.000Z');
    const deps = testServiceDeps(t, { mailer: outboxMailer(), clock });
    const refusing: Partial<JobHandlers> = {
      mail: async (_deps, payload) => {
        if (payload.subject === 'refused') throw new Error('refused');
      },
    };
    const old = (await enqueueJob(deps, { kind: 'mail', payload: mail(), key: 'prune-old' }))!;
    const failed = (await enqueueJob(deps, { kind: 'mail', payload: mail('refused'), maxAttempts: 1 }))!;
    await drain(deps, refusing);
    clock.advance(KEEP_DONE_MS);
    const recent = (await enqueueJob(deps, { kind: 'mail', payload: mail() }))!;
    await drain(deps);
    const pending = (await enqueueJob(deps, { kind: 'mail', payload: mail(), runAt: new Date('2100-01-01T00:00:00.000Z') }))!;
    expect(await pruneJobs(deps)).toBe(0); // exactly a week is not yet older than a week
    clock.advance(1);
    expect(await pruneJobs(deps)).toBe(1);
    expect(await findJob(t.db, old)).toBeUndefined();
    expect((await Promise.all([failed, recent, pending].map((id) => findJob(t.db, id)))).map((job) => job?.state)).toEqual(['failed', 'done', 'queued']);
    expect(await enqueueJob(deps, { kind: 'mail', payload: mail(), key: 'prune-old' })).toEqual(expect.any(Number)); // its key is free again
    expect(await drain(deps)).toBe(1);
  });
});

describe('the background worker', () => {
  it('runs a job as soon as this process enqueues it, and stopping lets the job in hand finish', async () => {
    const mailer = outboxMailer();
    const deps = testServiceDeps(t, { mailer });
    let release!: () => void;
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const handlers: Partial<JobHandlers> = {
      mail: async (_deps, payload) => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        mailer.outbox.push(payload);
      },
    };
    // A poll far longer than the test: only the wake-up on enqueue can start the job in time.
    const worker = startJobWorker(deps, { ...options, pollMs: 60_000, handlers });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the worker's first pass found nothing and sleeps
    const id = (await enqueueJob(deps, { kind: 'mail', payload: mail() }))!;
    await handlerStarted;
    const stopping = worker.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false); // waiting for the job in hand
    release();
    await stopping;
    expect((await findJob(t.db, id))!.state).toBe('done');
    expect(mailer.outbox).toHaveLength(1);

    const later = (await enqueueJob(deps, { kind: 'mail', payload: mail() }))!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await findJob(t.db, later))!.state).toBe('queued'); // a stopped worker takes nothing more
    expect(await drain(deps)).toBe(1);
  });
});

// Last in the file: its jobs, done in 2001, would count in the pruning test above.
describe('a claim', () => {
  it('claims at most JOBS_PER_CLAIM due jobs at a time, the oldest first, and marks those that ran done together', async () => {
    // Due in 2001 only: the other tests' jobs are due later and stay out of this claim.
    const clock = fixedClock('2001-01-01T00:00:00.000Z');
    const deps = testServiceDeps(t, { mailer: outboxMailer(), clock });
    const ids: number[] = [];
    for (let n = 0; n < JOBS_PER_CLAIM + 4; n++) {
      ids.push((await enqueueJob(deps, { kind: 'mail', payload: mail() }))!);
      clock.advance(1000);
    }
    const claimed = await claimJobs(t.db, { workerId: 'batch', now: clock.now().toISOString(), lockedUntil: new Date(clock.now().getTime() + options.lockMs).toISOString(), limit: JOBS_PER_CLAIM });
    expect(claimed.map((job) => job.id)).toEqual(ids.slice(0, JOBS_PER_CLAIM));
    expect((await findJob(t.db, ids[JOBS_PER_CLAIM]!))!.state).toBe('queued');
    const runs: string[] = [];
    const counting: Partial<JobHandlers> = { mail: async (_deps, payload) => void runs.push(payload.subject) };
    expect(await runJobs(deps, { ...options, workerId: 'rest', handlers: counting })).toBe(4);
    expect(await Promise.all(ids.slice(JOBS_PER_CLAIM).map(async (id) => (await findJob(t.db, id))!.state))).toEqual(['done', 'done', 'done', 'done']);
    // The first claim's holder marks its lot done in one statement; another worker cannot.
    const lot = { ids: ids.slice(0, JOBS_PER_CLAIM), now: clock.now().toISOString() };
    expect(await releaseDoneJobs(t.db, { ...lot, workerId: 'someone-else' })).toBe(0);
    expect(await releaseDoneJobs(t.db, { ...lot, workerId: 'batch' })).toBe(JOBS_PER_CLAIM);
  });
});

import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from '#server/mail/mailer.ts';
import { runJobs } from '#server/modules/job/job.service.ts';
import { JOB_HANDLERS } from '#server/composition.ts';
import type { Clock, ServiceDeps } from '#server/service-deps.ts';
import type { TestDatabase } from './test-db.ts';

export type LogEntry = { level: string; obj: unknown; msg: unknown };

/** A logger that keeps what it is told, so a test can assert what was logged. */
export function recordingLog(entries: LogEntry[] = []): FastifyBaseLogger & { entries: LogEntry[] } {
  const at =
    (level: string) =>
    (obj: unknown, msg?: unknown) =>
      void entries.push({ level, obj, msg });
  const log = {
    level: 'trace',
    entries,
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => undefined,
    child: () => log,
  };
  return log as FastifyBaseLogger & { entries: LogEntry[] };
}

/** A mailer that keeps every mail it is asked to send. */
export function outboxMailer(outbox: Mail[] = []): Mailer & { outbox: Mail[] } {
  return { outbox, send: async (mail) => void outbox.push(mail) };
}

/** The dependencies a service or worker gets in the app, on a test database. */
export function testServiceDeps(t: Pick<TestDatabase, 'deps'>, parts: { mailer?: Mailer; clock?: Clock; log?: FastifyBaseLogger }): ServiceDeps {
  return { ...t.deps, clock: parts.clock ?? t.deps.clock, log: parts.log ?? recordingLog(), mailer: parts.mailer ?? t.deps.mailer };
}

/** Runs every due job now, inside the test: a service test without the app's worker sees its mail. */
export function runDueJobs(t: TestDatabase, mailer: Mailer) {
  return runJobs(testServiceDeps(t, { mailer }), { workerId: 'test', lockMs: 60_000, retryMs: 1000, handlers: JOB_HANDLERS });
}

import type { Mail } from '#server/mail/mailer.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

/**
 * Every kind of job and its payload, kept as JSON in the job's row. A new kind (an invoice PDF, a
 * scheduled reminder) adds its payload here and its handler below, and the type checker holds
 * every `enqueueJob` call to that payload.
 */
export type JobPayloads = {
  mail: Mail;
};

export type JobKind = keyof JobPayloads;

/** Handlers run at least once per job (see decision 024): a retry after a crash may repeat one. */
export type JobHandlers = { [K in JobKind]: (deps: ServiceDeps, payload: JobPayloads[K]) => Promise<void> };

export const jobHandlers: JobHandlers = {
  mail: (deps, mail) => deps.mailer.send(mail),
};

import { pino } from 'pino';
import type { Subscriber } from '#server/events/events.ts';
import { createMailer } from '#server/mail/mailer.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { systemClock } from '#server/service-deps.ts';
import { createStorage } from '#server/storage/storage.ts';

// The composition root (issue 38 §3, decision 088): the one place that knows every module, and
// wires what one module's events set off in another. Modules import nothing from here.

/** Who hears a store's events, in this order, inside the emitting transaction. */
export const SUBSCRIBERS: readonly Subscriber[] = [];

/**
 * The one way to assemble ServiceDeps: `buildApp`, the scripts and the tests call it once. What is
 * not given comes from the config (logger, mailer, storage), the system (clock) or this root
 * (subscribers).
 */
export function createServiceDeps(parts: Pick<ServiceDeps, 'db' | 'config'> & Partial<Omit<ServiceDeps, 'db' | 'config'>>): ServiceDeps {
  // Outside the app (scripts, tests) the same logger Fastify uses, at the configured level.
  const log = parts.log ?? pino({ level: parts.config.logLevel });
  return {
    db: parts.db,
    config: parts.config,
    log,
    clock: parts.clock ?? systemClock,
    mailer: parts.mailer ?? createMailer(parts.config, log),
    storage: parts.storage ?? createStorage(parts.config),
    subscribers: parts.subscribers ?? SUBSCRIBERS,
  };
}

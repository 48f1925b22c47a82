import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Storage } from '#server/storage/storage.ts';

/** The time as the services see it: the system's in the app, a fixed one where a test wants it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test moves it. */
export function fixedClock(at: string | Date) {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (next: string | Date) => {
      current = new Date(next);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * What every service function takes first. Built once in `buildApp` (and once by a script) by
 * `createServiceDeps` (server/composition.ts), never assembled by a caller: loaders, actions and API routes get the bound services from the request
 * context instead.
 */
export type ServiceDeps = {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Where uploaded files live (local disk today, S3-compatible later). */
  storage: Storage;
  /**
   * Who hears a store's events, in order (issue 38 §3): the `Subscriber`s of server/events/events.ts,
   * registered at the composition root. Seen here only as what `emit` calls of them: events.ts takes
   * ServiceDeps, so naming its type here made an import cycle.
   */
  subscribers: readonly EventSubscriber[];
};

/** A `Subscriber` (server/events/events.ts) as ServiceDeps carries it. */
type EventSubscriber = { name: string; types: readonly string[] | 'all'; handle(tx: ServiceDeps, event: unknown): Promise<void> };

type ServiceFunction = (deps: ServiceDeps, ...args: any[]) => unknown;

/** A service module with its dependencies bound: `alerts.createAlert(owner, input)`. */
export type BoundService<M> = {
  [K in keyof M as M[K] extends ServiceFunction ? K : never]: M[K] extends (deps: ServiceDeps, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/** Binds every function a service module exports to one set of dependencies. */
export function bindService<M extends object>(module: M, deps: ServiceDeps): BoundService<M> {
  const bound: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(module)) {
    if (typeof value === 'function') bound[name] = (...args: unknown[]) => (value as (...all: unknown[]) => unknown)(deps, ...args);
  }
  return bound as BoundService<M>;
}

/**
 * Runs `work` in one database transaction, handing it the same deps with `db` bound to that
 * transaction, so every service and repository it calls writes inside it (decision 029). Inside
 * a caller's transaction it simply joins it: Kysely has no nested transactions. What must wait for
 * the commit (removing files, anything outside the database) goes after this call returns.
 */
export async function inTransaction<T>(deps: ServiceDeps, work: (tx: ServiceDeps) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return work(deps);
  return deps.db.transaction().execute((trx) => work({ ...deps, db: trx }));
}

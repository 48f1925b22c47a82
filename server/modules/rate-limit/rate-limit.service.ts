import { AppError } from '#server/errors.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import * as counters from './rate-limit.repository.ts';

export type Limit = { max: number; windowMs: number };

// Counters live in the database so that every app process sees the same numbers.
export const LIMITS = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
  // Generous: a carrier's NAT puts many people behind one address; the proof of work slows bots.
  registerPerIp: { max: 30, windowMs: 60 * 60_000 },
  resetPerIp: { max: 10, windowMs: 15 * 60_000 },
  resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

async function current(db: ServiceDeps['db'], key: string, now: number) {
  const row = await counters.findCounter(db, key);
  if (!row || Date.parse(row.resetAt) <= now) return { count: 0, resetAt: now };
  return { count: row.count, resetAt: Date.parse(row.resetAt) };
}

function tooMany(resetAt: number, now: number): AppError {
  return new AppError('auth.tooManyAttempts', 429, { retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) });
}

/** Throws 429 when the key has used up its window. */
export async function assertUnderLimit(deps: ServiceDeps, key: string, limit: Limit): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now().getTime();
  const { count, resetAt } = await current(db, key, now);
  if (count >= limit.max) throw tooMany(resetAt, now);
}

/** Counts one attempt (a failure, or any use for registration). */
export async function countAttempt(deps: ServiceDeps, key: string, limit: Limit): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now().getTime();
  const { count, resetAt } = await current(db, key, now);
  const reset = count === 0 ? new Date(now + limit.windowMs).toISOString() : new Date(resetAt).toISOString();
  await counters.putCounter(db, { key, count: count + 1, resetAt: reset });
}

export async function clearAttempts(deps: ServiceDeps, key: string): Promise<void> {
  const { db } = deps;
  await counters.deleteCounter(db, key);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { fixedClock } from '#server/service-deps.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { testServiceDeps } from '../../../tests/support/jobs.ts';
import { clearAttempts, refundAttempt, takeAttempt } from './rate-limit.service.ts';

// The counters on the dialect the suite runs on (PostgreSQL with DATABASE_URL): parallel attempts
// are counted one by one, so no more than the limit ever get through (issue 9).
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const limit = { max: 5, windowMs: 60_000 };
const outcomes = (results: PromiseSettledResult<void>[]) => ({
  passed: results.filter((r) => r.status === 'fulfilled').length,
  refused: results.filter((r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.status === 429).length,
});

describe('takeAttempt', () => {
  it('lets exactly the limit through when 50 attempts arrive at once', async () => {
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => takeAttempt(t.deps, 'test:parallel', limit)));
    expect(outcomes(results)).toEqual({ passed: 5, refused: 45 });
  });

  it('says how long to wait, starts a new window when the old one has passed, and gives back a refund', async () => {
    const clock = fixedClock('2026-11-23T10:00:00.000Z');
    const deps = testServiceDeps(t, { clock });
    for (let i = 0; i < 5; i += 1) await takeAttempt(deps, 'test:window', limit);
    const refused = await takeAttempt(deps, 'test:window', limit).catch((error: AppError) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).retryAfterSeconds).toBe(60);

    clock.set(new Date('2026-11-23T10:01:00.000Z'));
    await takeAttempt(deps, 'test:window', limit); // a new window: 1 of 5
    for (let i = 0; i < 3; i += 1) await takeAttempt(deps, 'test:window', limit);
    await takeAttempt(deps, 'test:window', limit); // 5 of 5
    await refundAttempt(deps, 'test:window'); // 4 of 5
    await takeAttempt(deps, 'test:window', limit);
    await expect(takeAttempt(deps, 'test:window', limit)).rejects.toMatchObject({ status: 429 });
    await clearAttempts(deps, 'test:window');
    await takeAttempt(deps, 'test:window', limit);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobs } from '#server/modules/job/job.service.ts';
import { JOB_HANDLERS } from '#server/composition.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';
import { setStoreExpiry } from './store.service.ts';
import { setEmailNotifications } from '#server/modules/user/user.service.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { fixedClock } from '#server/service-deps.ts';
import { makeStore, makeUser } from '../../../tests/support/factories.ts';
import { recordingLog, testServiceDeps } from '../../../tests/support/jobs.ts';
import { startSmtpServer } from '../../../tests/support/smtp.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { up as addStoreExpiringMail } from '#server/db/migrations/2026-11-23-007-store-expiring-mail.ts';
import { enqueueExpiryReminders } from './store-expiry-reminder.service.ts';

// Expiry reminders (issue 10 §8): 7 days and 1 day before a store's plan ends, once each, whatever
// the number of processes scanning and working at once; in the bell and by real SMTP.
let t: TestDatabase;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const DAY = 24 * 60 * 60 * 1000;
const clock = fixedClock('2026-11-23T12:00:00.000Z');
const at = (ms: number) => new Date(clock.now().getTime() + ms);

/** Two "processes": the same database, each its own deps (mailer, log) and worker id. */
const processes = () => [1, 2].map(() => testServiceDeps(t, { clock, mailer: createMailer(t.config, recordingLog()), log: recordingLog() }));
const work = (all: ReturnType<typeof processes>) => Promise.all(all.map((deps, i) => runJobs(deps, { workerId: `worker-${i}`, lockMs: 60_000, retryMs: 1000, handlers: JOB_HANDLERS })));
const scan = (all: ReturnType<typeof processes>) => Promise.all(all.map((deps) => enqueueExpiryReminders(deps))).then((counts) => counts.reduce((a, b) => a + b, 0));

async function storeExpiringIn(ms: number | null, options: { locale?: 'es' | 'en' } = {}) {
  const owner = await makeUser(t, options);
  const store = await makeStore(t, { owner });
  await setStoreExpiry(t.deps, await staffStoreScope(t.deps, store.id), ms === null ? null : at(ms));
  return store;
}

const notices = async (userId: number) =>
  (await t.db.selectFrom('notification').select(['kind', 'params', 'link']).where('userId', '=', userId).where('kind', '=', 'store_expiring').execute()).map((row) => ({ ...row, params: JSON.parse(row.params) }));
const mailsTo = (address: string) => smtp.inbox.filter((mail) => mail.to.includes(address)).length;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestDatabase({ SMTP_URL: smtp.url }, { clock });
});
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

describe('expiry reminders', () => {
  it('sends each due reminder once, with two processes scanning and working at once, and nothing to stores outside the windows', async () => {
    const week = await storeExpiringIn(5 * DAY, { locale: 'en' });
    const day = await storeExpiringIn(20 * 60 * 60 * 1000);
    const later = await storeExpiringIn(10 * DAY);
    const expired = await storeExpiringIn(-DAY);
    const quiet = await storeExpiringIn(3 * DAY);
    await setEmailNotifications(t.deps, { userId: quiet.owner.id }, ['general']);

    const both = processes();
    expect(await scan(both)).toBe(3);
    await work(both);

    expect(await notices(week.owner.id)).toEqual([{ kind: 'store_expiring', link: '/store', params: { store: week.name, expiresAt: at(5 * DAY).toISOString(), days: 7 } }]);
    expect((await notices(day.owner.id)).map((notice) => notice.params.days)).toEqual([1]);
    expect(await notices(later.owner.id)).toEqual([]);
    expect(await notices(expired.owner.id)).toEqual([]);
    // In the bell, not by mail: that owner unticked the kind.
    expect(await notices(quiet.owner.id)).toHaveLength(1);

    // In the reader's language, the date written their way.
    expect(await smtp.waitForMail(week.owner.email, 'Your plan expires on Nov 28, 2026')).toContain('/en/store');
    expect(await smtp.waitForMail(day.owner.email, 'Tu plan vence el 24 nov 2026')).toContain(day.name);
    expect([mailsTo(week.owner.email), mailsTo(day.owner.email), mailsTo(later.owner.email), mailsTo(quiet.owner.email)]).toEqual([1, 1, 0, 0]);

    // The next scans (any process) add nothing.
    expect(await scan(both)).toBe(0);
    await work(both);
    expect([(await notices(week.owner.id)).length, (await notices(day.owner.id)).length, mailsTo(week.owner.email)]).toEqual([1, 1, 1]);
  });

  it('sends the 1-day reminder when its time comes, and new reminders after a renewal', async () => {
    const store = await storeExpiringIn(6 * DAY);
    const both = processes();
    await scan(both);
    await work(both);
    expect((await notices(store.owner.id)).map((notice) => notice.params.days)).toEqual([7]);

    clock.advance(5.5 * DAY); // (other tests' stores come into their windows too: count this one's notices)
    await scan(both);
    await work(both);
    expect((await notices(store.owner.id)).map((notice) => notice.params.days)).toEqual([7, 1]);

    // Renewed before it ran out: a new period, whose reminders come in their turn (the 7-day one now).
    await setStoreExpiry(t.deps, await staffStoreScope(t.deps, store.id), at(4 * DAY));
    await scan(both);
    await work(both);
    expect((await notices(store.owner.id)).map((notice) => notice.params.days)).toEqual([7, 1, 7]);
  });

  it('drops a queued reminder whose store was renewed or deleted before it ran', async () => {
    const store = await storeExpiringIn(3 * DAY);
    const both = processes();
    expect(await scan(both)).toBeGreaterThanOrEqual(1);
    await setStoreExpiry(t.deps, await staffStoreScope(t.deps, store.id), at(40 * DAY));
    await work(both);
    expect(await notices(store.owner.id)).toEqual([]);
  });
});

describe('accounts made before the reminder existed', () => {
  it('get its e-mail added once (migration 007), and keep every other choice', async () => {
    const before = await makeUser(t);
    const optedOut = await makeUser(t);
    const kinds = (id: number) => t.db.selectFrom('user').select('emailNotifications').where('id', '=', id).executeTakeFirstOrThrow().then((row) => JSON.parse(row.emailNotifications) as string[]);
    await t.db.updateTable('user').set({ emailNotifications: JSON.stringify(['ticket_reply']) }).where('id', '=', before.id).execute();
    await t.db.updateTable('user').set({ emailNotifications: 'not json' }).where('id', '=', optedOut.id).execute();
    await addStoreExpiringMail(t.db);
    await addStoreExpiringMail(t.db);
    expect(await kinds(before.id)).toEqual(['ticket_reply', 'store_expiring']);
    expect((await t.db.selectFrom('user').select('emailNotifications').where('id', '=', optedOut.id).executeTakeFirstOrThrow()).emailNotifications).toBe('not json');
  });
});

import { enqueueJob } from '#server/modules/job/job-queue.ts';
import type { JobPayloads } from '#server/modules/job/job-payloads.ts';
import { emit } from '#server/events/events.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';
import { getStore, storesExpiringBetween } from './store.service.ts';
import { AppError } from '#server/errors.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The expiry reminders (issue 10 §8): 7 days and 1 day before a store's plan period ends. Each is
 * sent when the time left falls in its window — the 7-day one while 1 < days left ≤ 7, the 1-day
 * one while 0 < days left ≤ 1 — so a scan that runs late still sends it, and a store renewed to
 * expire in 12 hours gets only the last one.
 */
export const EXPIRY_REMINDERS = [
  { days: 7, after: 1 * DAY_MS, until: 7 * DAY_MS },
  { days: 1, after: 0, until: 1 * DAY_MS },
] as const;

/** The job key of one reminder: one store, one period (its end), one of the two reminders. */
export function reminderKey(storeId: number, expiresAt: string, days: number): string {
  return `store_expiring:${storeId}:${new Date(expiresAt).toISOString()}:${days}d`;
}

/**
 * Queues the reminders that are due, one job per (store, expiration, reminder) under a unique key:
 * every process's worker runs this scan (hourly, and at start-up), and however many run it at once
 * or again, each reminder is queued once. A renewed store has a new expiration, hence new keys.
 * A done job's key is kept a week (KEEP_DONE_MS) — longer than either window, so a reminder's key
 * outlives the time in which the scan could pick its store again. Answers how many it queued.
 */
export async function enqueueExpiryReminders(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  let queued = 0;
  for (const reminder of EXPIRY_REMINDERS) {
    const stores = await storesExpiringBetween(deps, new Date(now + reminder.after), new Date(now + reminder.until));
    for (const store of stores) {
      if (!store.expiresAt) continue;
      const expiresAt = new Date(store.expiresAt).toISOString();
      const id = await enqueueJob(deps, { kind: 'store_expiring', key: reminderKey(store.id, expiresAt, reminder.days), payload: { storeId: store.id, expiresAt, days: reminder.days } });
      if (id !== null) queued += 1;
    }
  }
  return queued;
}

/**
 * The job: tells the owner in the bell, and by e-mail if they chose this kind (`plan.expiring`). Nothing when
 * the store is gone, was renewed (another expiration: its own reminders follow) or already expired.
 */
export async function sendExpiryReminder(deps: ServiceDeps, { storeId, expiresAt, days }: JobPayloads['store_expiring']): Promise<void> {
  let store;
  try {
    store = await getStore(deps, await staffStoreScope(deps, storeId));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return;
    throw error;
  }
  const end = Date.parse(expiresAt);
  if (!store.expiresAt || Date.parse(store.expiresAt) !== end || end <= deps.clock.now().getTime()) return;
  const owner = store.userId;
  // The owner's bell and e-mail, by the notification's subscriber (server/composition.ts).
  await inTransaction(deps, (tx) => emit(tx, {
    type: 'plan.expiring',
    userId: owner,
    resource: { kind: 'store', id: storeId, label: store.name },
    data: { notice: { params: { store: store.name, expiresAt, days }, link: '/store' } },
  }));
}

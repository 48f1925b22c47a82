import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import { enqueueExpiryReminders, sendExpiryReminder } from './store-expiry-reminder.service.ts';

// The store module's job kind and hourly chore: its plan period's expiry reminders (issue 10 §8),
// wired at the composition root (server/composition.ts): the queue itself knows no module. They
// read the stores, so they sit here rather than in plan/, which the store module imports.
export const storeJobHandlers = {
  store_expiring: sendExpiryReminder,
} satisfies Pick<JobHandlers, 'store_expiring'>;

/** Queues the stores' expiry reminders that are due (each once, by its job key): hourly and at start-up. */
export const storeChores = [enqueueExpiryReminders] as const;

import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import { enqueueExpiryReminders, sendExpiryReminder } from './plan-reminder.service.ts';

// The plan module's job kind and hourly chore (issue 10 §8), wired at the composition root
// (server/composition.ts): the queue itself knows no module.
export const planJobHandlers = {
  store_expiring: sendExpiryReminder,
} satisfies Pick<JobHandlers, 'store_expiring'>;

/** Queues the stores' expiry reminders that are due (each once, by its job key): hourly and at start-up. */
export const planChores = [enqueueExpiryReminders] as const;

import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import type { Chore } from '#server/modules/job/job.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { RETRY_WINDOW_MS, wakeSender } from './webhook-sender.ts';
import * as webhooks from './webhook.repository.ts';

// Webhooks' job kind and chores, wired at the composition root (server/composition.ts).

export const webhookJobHandlers: Pick<JobHandlers, 'webhook.deliver'> = {
  // Wakes the sender and returns: the tries run beside the queue, never in its line (webhook-sender.ts).
  'webhook.deliver': async (deps) => wakeSender(deps),
};

/** Ended deliveries are kept 30 days, for their owner to look at; then forgotten with their attempts. */
export const KEEP_DELIVERIES_MS = 30 * 24 * 60 * 60 * 1000;

export const webhookChores: readonly Chore[] = [
  // At start-up and hourly: what a stopped process left due is sent.
  async (deps: ServiceDeps) => wakeSender(deps),
  (deps: ServiceDeps) => webhooks.deleteEndedDeliveries(deps.db, { createdBefore: new Date(deps.clock.now().getTime() - Math.max(KEEP_DELIVERIES_MS, RETRY_WINDOW_MS)).toISOString() }),
];

import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import type { Chore } from '#server/modules/job/job.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { expireDuePayments } from './payment.service.ts';

// Payments' job kind and chore, wired at the composition root (server/composition.ts): the job a
// placing queues for its deadline, and an hourly sweep for what a gateway that was down left due.

export const paymentJobHandlers: Pick<JobHandlers, 'payment.expire'> = {
  'payment.expire': async (deps) => {
    await expireDuePayments(deps);
  },
};

export const paymentChores: readonly Chore[] = [
  async (deps: ServiceDeps) => {
    await expireDuePayments(deps);
  },
];

import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import { sendShopperMail } from './shopper-mail.service.ts';

// The shopper's e-mails' job kind, wired at the composition root (server/composition.ts).

export const shopperMailJobHandlers: Pick<JobHandlers, 'order.shopperMail'> = {
  'order.shopperMail': sendShopperMail,
};

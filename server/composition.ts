import { pino } from 'pino';
import type { Subscriber } from '#server/events/events.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { activityChores } from '#server/modules/activity/activity-jobs.ts';
import { invoiceJobHandlers } from '#server/modules/sales/invoice/invoice-jobs.ts';
import { creditNoteSriJob, invoiceSriJob } from '#server/modules/sales/invoice/invoice-subscribers.ts';
import type { JobHandlers } from '#server/modules/job/job-payloads.ts';
import type { Chore } from '#server/modules/job/job.service.ts';
import { accountNotices, newOrderNotice } from '#server/modules/notification/notification-subscribers.ts';
import { shopperMailJobHandlers } from '#server/modules/sales/shopper-mail/shopper-mail-jobs.ts';
import { orderConfirmationMail, orderNoteMail, orderStatusMail } from '#server/modules/sales/order/order-subscribers.ts';
import { paymentChores, paymentJobHandlers } from '#server/modules/sales/payment/payment-jobs.ts';
import { paymentFlaggedNotice, receiptRejectedMail, receiptSubmittedNotice } from '#server/modules/sales/payment/receipt-subscribers.ts';
import { orderRefundMail } from '#server/modules/sales/payment/refund-subscribers.ts';
import { storeChores, storeJobHandlers } from '#server/modules/store/store-jobs.ts';
import { uploadChores, uploadJobHandlers } from '#server/modules/upload/upload-jobs.ts';
import { webhookChores, webhookJobHandlers } from '#server/modules/webhook/webhook-jobs.ts';
import { webhookSubscriber } from '#server/modules/webhook/webhook-subscriber.ts';
import { abandonedCartChores, abandonedCartClosed } from '#server/modules/sales/abandoned-cart/abandoned-cart-jobs.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { systemClock } from '#server/service-deps.ts';
import { createStorage } from '#server/storage/storage.ts';

// The composition root (issue 38 §3, decision 088): the one place that knows every module, and
// wires what one module's events set off in another. Modules import nothing from here.

/** Who hears a store's events (and an account's), in this order, inside the emitting transaction. */
export const SUBSCRIBERS: readonly Subscriber[] = [
  // The shopper's e-mails about their order.
  orderConfirmationMail,
  orderStatusMail,
  orderRefundMail,
  orderNoteMail,
  // The bell and its e-mail: the owner's new orders, the casillero's and the plan's notices.
  newOrderNotice,
  accountNotices,
  // Payments: the owner's bell and e-mail when a receipt arrives or a gateway's payment is flagged; the shopper's e-mail when a receipt is rejected.
  receiptSubmittedNotice,
  receiptRejectedMail,
  paymentFlaggedNotice,
  // SRI's jobs of an issued invoice or credit note.
  invoiceSriJob,
  creditNoteSriJob,
  // Webhooks: a delivery per endpoint that wants the event, sent by the webhook sender after the commit.
  webhookSubscriber,
  // Abandoned carts: an order closes its shopper's kept cart, so no reminder follows it (issue 40 §6).
  abandonedCartClosed,
];

/**
 * What the job worker runs for each kind (decision 024): each module's handlers live beside it
 * and are gathered here, so the queue (server/modules/job/) imports no module. A new kind: its
 * payload in job-payloads.ts, its handler in its module, one spread here.
 */
export const JOB_HANDLERS: JobHandlers = {
  mail: (deps, mail) => deps.mailer.send(mail),
  ...uploadJobHandlers,
  ...storeJobHandlers,
  ...invoiceJobHandlers,
  ...webhookJobHandlers,
  ...paymentJobHandlers,
  ...shopperMailJobHandlers,
};

/** What the worker does hourly and at start-up, besides pruning its done jobs. */
export const HOURLY_CHORES: readonly Chore[] = [...uploadChores, ...storeChores, ...activityChores, ...webhookChores, ...paymentChores, ...abandonedCartChores];

/**
 * The one way to assemble ServiceDeps: `buildApp`, the scripts and the tests call it once. What is
 * not given comes from the config (logger, mailer, storage), the system (clock) or this root
 * (subscribers).
 */
export function createServiceDeps(parts: Pick<ServiceDeps, 'db' | 'config'> & Partial<Omit<ServiceDeps, 'db' | 'config'>>): ServiceDeps {
  // Outside the app (scripts, tests) the same logger Fastify uses, at the configured level.
  const log = parts.log ?? pino({ level: parts.config.logLevel });
  return {
    db: parts.db,
    config: parts.config,
    log,
    clock: parts.clock ?? systemClock,
    mailer: parts.mailer ?? createMailer(parts.config, log),
    storage: parts.storage ?? createStorage(parts.config),
    subscribers: parts.subscribers ?? SUBSCRIBERS,
  };
}

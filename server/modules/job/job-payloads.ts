import type { Mail } from '#server/mail/mailer.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

/**
 * Every kind of job and its payload, kept as JSON in the job's row. A new kind adds its payload
 * here and its handler beside its module (e.g. invoice/invoice-jobs.ts), wired into `JOB_HANDLERS`
 * at the composition root (server/composition.ts); the type checker holds every `enqueueJob` call
 * to that payload and the root to a handler per kind. Types only: the queue imports no module.
 */
export type JobPayloads = {
  mail: Mail;
  /** A stored file whose record is gone but whose removal failed (decision 029): tried again. */
  removeFile: { storageKey: string };
  /**
   * A deleted store's or account's files (issue 41 §1), queued with the deletion's commit: its
   * uploads' keys (a share of them per job) and, on the first job, the store whose own prefixes
   * (receipts, kept RIDEs) go too. Done at once after the commit; the job is the net for a crash.
   */
  removeOwnedFiles: { storeId: number | null; storageKeys: string[] };
  /** An expiry reminder for one store's plan period (server/modules/store/store-expiry-reminder.service.ts). */
  store_expiring: { storeId: number; expiresAt: string; days: number };
  /** Signs an issued invoice, sends it to SRI and asks its authorization (invoice-sri.service.ts, issue 37 §6). */
  'invoice.sri': { storeId: number; invoiceId: number };
  /** The same for a credit note (issue 37 §7). */
  'creditNote.sri': { storeId: number; creditNoteId: number };
  /** The buyer's e-mail with an authorized document's XML and RIDE, built when sent (sri-buyer-copy.ts, issue 37 §8). */
  'sri.buyerCopy': { storeId: number; kind: 'invoice' | 'creditNote'; id: number };
  /** Wakes the webhook sender for an endpoint's due deliveries (server/modules/webhook/webhook-sender.ts, issue 38 §5). */
  'webhook.deliver': { storeId: number; endpointId: number };
  /** Asks the gateways about unpaid attempts past their deadline, then expires them (payment.service.ts, issue 39 §2). */
  'payment.expire': { storeId: number };
  /**
   * A shopper's e-mail about their order, drawn from the order when it leaves
   * (server/modules/sales/shopper-mail/, issue 40 §5): why, and what only the event knew.
   */
  'order.shopperMail': {
    storeId: number;
    orderId: number;
    message:
      | { kind: 'confirmation' }
      /** `shipmentId`: the parcel a shipment sent (decision 091), `partial` while units are left to ship. */
      | { kind: 'status'; status: 'paid' | 'shipped' | 'delivered' | 'cancelled'; note: string; shipmentId?: number; partial?: boolean }
      | { kind: 'refund'; amountCents: number; reason: string; via: 'gateway' | 'manual' }
      | { kind: 'receiptRejected'; reason: string }
      /** The owner's note to the shopper (issue 40 §3): an e-mail of its own, not a move. */
      | { kind: 'note'; note: string };
  };
};

export type JobKind = keyof JobPayloads;

/** Handlers run at least once per job (see decision 024): a retry after a crash may repeat one. */
export type JobHandler<K extends JobKind> = (deps: ServiceDeps, payload: JobPayloads[K]) => Promise<void>;

/** One handler per kind: what the worker runs, given to it by the composition root. */
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

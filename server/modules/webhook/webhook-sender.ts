import { Webhook } from 'standardwebhooks';
import type { Db } from '#server/db/database.ts';
import { notify } from '#server/modules/notification/notification.service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { staffStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { postWebhook, type PostResult, WEBHOOK_TIMEOUT_MS } from './webhook-post.ts';
import { openSecret } from './webhook-secret.ts';
import * as webhooks from './webhook.repository.ts';

// The sender of webhook deliveries (issue 38 §5, decision in docs/webhooks.md). The job queue runs
// its jobs one after another, and one try may wait 10 s for a dead endpoint: a queue job that
// POSTed would hold every mail and every other store's delivery behind it. So the delivery rows are
// the queue of deliveries — each with its next try's time and a lease while a try is in flight —
// and this sender, one per process, takes due ones and runs their tries side by side: at most
// SENDER_LIMIT at once, PER_STORE_LIMIT of one store and PER_ENDPOINT_LIMIT of one endpoint, so a
// slow endpoint holds two slots of sixteen and nobody waits behind it. The `webhook.deliver` job
// (queued with each delivery, in the event's transaction) only wakes the sender; a timer wakes it
// for the next retry; the worker's start-up chore wakes it after a restart, and a lease that lapsed
// (its process died mid-try) makes the delivery due again: each one is tried at least once.

export const SENDER_LIMIT = 16;
export const PER_STORE_LIMIT = 4;
export const PER_ENDPOINT_LIMIT = 2;
/** How long a try holds its delivery: the POST's deadline, with room for the writes around it. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS + 50_000;
/** Tries go on for three days from the event; an endpoint failing that long is turned off. */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** The longest wait between two tries. */
const MAX_RETRY_DELAY_MS = 4 * 60 * 60 * 1000;
/** The longest a timer waits: a clock moved meanwhile, or another process's work, is seen within it. */
const IDLE_CHECK_MS = 60_000;

/** Exponential backoff from the queue's first retry delay (JOB_RETRY_MS, 10 s): 10 s, 20 s, 40 s … capped at 4 h. */
export const retryDelayMs = (retryMs: number, attempts: number) => Math.min(retryMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);

type Sender = {
  deps: ServiceDeps;
  stopped: boolean;
  inFlight: Map<number, { storeId: number; endpointId: number }>;
  passing: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  tries: Set<Promise<void>>;
};

const senders = new WeakMap<Db, Sender>();

function senderOf(deps: ServiceDeps): Sender {
  let sender = senders.get(deps.db);
  if (!sender) {
    sender = { deps, stopped: false, inFlight: new Map(), passing: null, again: false, timer: null, tries: new Set() };
    senders.set(deps.db, sender);
  }
  return sender;
}

/** Wakes this process's sender: it takes the due deliveries it has room for, now, without waiting for them. */
export function wakeSender(deps: ServiceDeps): void {
  const sender = senderOf(deps);
  if (sender.stopped) return;
  if (sender.passing) {
    sender.again = true;
    return;
  }
  sender.passing = (async () => {
    do {
      sender.again = false;
      try {
        await pass(sender);
      } catch (error) {
        sender.deps.log.error({ err: error }, 'webhook sender pass failed');
      }
    } while (sender.again);
    sender.passing = null;
  })();
}

/**
 * Stops this process's sender on `deps.db` (the app's close): no new try starts, the timer goes,
 * and the tries in flight end (each within its 10 s deadline) before the database closes. A try cut
 * short by a harder stop leaves its hold to lapse: another process, or this one after its restart,
 * sends it again.
 */
export async function stopSender(deps: ServiceDeps): Promise<void> {
  const sender = senderOf(deps);
  sender.stopped = true;
  if (sender.timer) clearTimeout(sender.timer);
  sender.timer = null;
  await sender.passing;
  await Promise.all([...sender.tries]);
}

/** Wakes the sender and waits until nothing is due or in flight: the tests' and the benchmark's "deliver now". */
export async function sendDueWebhooks(deps: ServiceDeps): Promise<void> {
  const sender = senderOf(deps);
  wakeSender(deps);
  while (sender.passing || sender.tries.size > 0) {
    await sender.passing;
    await Promise.all([...sender.tries]);
  }
}

async function pass(sender: Sender): Promise<void> {
  const { deps } = sender;
  for (;;) {
    if (sender.stopped) return;
    const room = SENDER_LIMIT - sender.inFlight.size;
    if (room <= 0) return;
    const now = deps.clock.now();
    const held = [...sender.inFlight.values()];
    const busy = (key: 'storeId' | 'endpointId', value: number, extra: readonly webhooks.DueDelivery[]) => [...held, ...extra].filter((one) => one[key] === value).length;
    const fullEndpoints = new Set(held.filter((one) => busy('endpointId', one.endpointId, []) >= PER_ENDPOINT_LIMIT).map((one) => one.endpointId));
    const fullStores = new Set(held.filter((one) => busy('storeId', one.storeId, []) >= PER_STORE_LIMIT).map((one) => one.storeId));
    const candidates = await webhooks.dueDeliveries(deps.db, { now: now.toISOString(), limit: room * 4, skipEndpoints: [...fullEndpoints], skipStores: [...fullStores] });
    // Within the limits: per endpoint, per store, and in all.
    const picked: webhooks.DueDelivery[] = [];
    for (const due of candidates) {
      if (picked.length >= room) break;
      if (busy('endpointId', due.endpointId, picked) >= PER_ENDPOINT_LIMIT || busy('storeId', due.storeId, picked) >= PER_STORE_LIMIT) continue;
      picked.push(due);
    }
    const leased = new Set(await webhooks.leaseDeliveries(deps.db, { ids: picked.map((due) => due.id), now: now.toISOString(), leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() }));
    const started = picked.filter((due) => leased.has(due.id));
    for (const due of started) {
      sender.inFlight.set(due.id, due);
      const attempt: Promise<void> = tryDelivery(deps, due)
        .catch((error: unknown) => deps.log.error({ err: error, deliveryId: due.id }, 'webhook delivery try failed to record'))
        .finally(() => {
          sender.inFlight.delete(due.id);
          sender.tries.delete(attempt);
          // A slot is free, and the record's next delivery may be due now.
          wakeSender(deps);
        });
      sender.tries.add(attempt);
    }
    if (started.length === 0 || candidates.length < room * 4) break;
  }
  await scheduleNext(sender);
}

/** A timer for the next retry that falls due, so that nothing waits for an event to be sent. */
async function scheduleNext(sender: Sender): Promise<void> {
  if (sender.timer) clearTimeout(sender.timer);
  sender.timer = null;
  const now = sender.deps.clock.now().getTime();
  const next = await webhooks.nextDueAt(sender.deps.db, new Date(now).toISOString());
  if (next === null || sender.stopped) return;
  sender.timer = setTimeout(() => wakeSender(sender.deps), Math.min(IDLE_CHECK_MS, Math.max(100, Date.parse(next) - now)));
  sender.timer.unref();
}

/** One try of one delivery: signed, POSTed, recorded, and its next try or its end settled in one transaction. */
export async function tryDelivery(deps: ServiceDeps, due: webhooks.DueDelivery): Promise<void> {
  let scope: StoreScope;
  try {
    scope = await staffStoreScope(deps, due.storeId);
  } catch {
    return; // the store is gone, and its deliveries with it
  }
  const delivery = await webhooks.findDelivery(deps.db, scope, due.id);
  const endpoint = await webhooks.findEndpoint(deps.db, scope, due.endpointId);
  const sealed = await webhooks.findSealedSecret(deps.db, scope, due.endpointId);
  if (!delivery || !endpoint || !sealed || delivery.state !== 'pending') return;

  const sentAt = deps.clock.now();
  const messageId = webhookId(delivery.eventId);
  let result: PostResult;
  try {
    const signature = new Webhook(openSecret(deps.config, due.storeId, sealed)).sign(messageId, sentAt, delivery.body);
    const headers = { 'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature };
    result = await postWebhook(new URL(endpoint.url), headers, delivery.body, { allowLoopback: deps.config.webhooks.allowLoopback });
  } catch (error) {
    result = { status: null, snippet: '', error: error instanceof Error ? error.message : String(error), durationMs: 0 };
  }
  const ok = result.status !== null && result.status >= 200 && result.status < 300;

  await inTransaction(deps, async (tx) => {
    const now = tx.clock.now();
    const at = now.toISOString();
    const attempts = delivery.attempts + 1;
    await webhooks.insertAttempt(tx.db, scope, { deliveryId: delivery.id, attemptedAt: sentAt.toISOString(), durationMs: result.durationMs, status: result.status, responseSnippet: result.snippet, error: result.error });
    const settled = { attempts, lastStatus: result.status, lastAttemptAt: sentAt.toISOString(), updatedAt: at };
    if (ok) {
      await webhooks.settleDelivery(tx.db, scope, delivery.id, { ...settled, state: 'delivered', nextAttemptAt: delivery.nextAttemptAt });
      if (endpoint.failingSince !== null) await webhooks.updateEndpoint(tx.db, scope, endpoint.id, { failingSince: null, updatedAt: at });
      return;
    }
    const end = Date.parse(delivery.createdAt) + RETRY_WINDOW_MS;
    if (now.getTime() >= end) await webhooks.settleDelivery(tx.db, scope, delivery.id, { ...settled, state: 'failed', nextAttemptAt: delivery.nextAttemptAt });
    else {
      const next = Math.min(now.getTime() + retryDelayMs(tx.config.jobs.retryMs, attempts), end);
      await webhooks.settleDelivery(tx.db, scope, delivery.id, { ...settled, state: 'pending', nextAttemptAt: new Date(next).toISOString() });
    }
    // The owner's test of a turned-off endpoint says nothing of its health.
    if (endpoint.enabled !== 1) return;
    if (endpoint.failingSince === null) await webhooks.updateEndpoint(tx.db, scope, endpoint.id, { failingSince: sentAt.toISOString(), updatedAt: at });
    else if (now.getTime() - Date.parse(endpoint.failingSince) >= RETRY_WINDOW_MS) await turnOffFailing(tx, scope, endpoint);
  });
}

/** Three days of failures: the endpoint is turned off, what waited for it given up, and the owner told (bell and e-mail). */
async function turnOffFailing(tx: ServiceDeps, scope: StoreScope, endpoint: webhooks.EndpointRow): Promise<void> {
  const at = tx.clock.now().toISOString();
  await webhooks.updateEndpoint(tx.db, scope, endpoint.id, { enabled: 0, disabledReason: 'failing', updatedAt: at });
  await webhooks.failPendingDeliveries(tx.db, scope, endpoint.id, at);
  const store = await webhooks.storeOwner(tx.db, scope);
  if (store) await notify(tx, { userId: store.userId, kind: 'webhook_disabled', params: { store: store.name, url: endpoint.url }, link: `/store/webhooks/show?id=${endpoint.id}` });
  tx.log.warn({ storeId: scope.storeId, endpointId: endpoint.id }, 'webhook endpoint turned off after three days of failures');
}

/** The Standard Webhooks message id of an event: the same on every try and redelivery. */
export const webhookId = (eventId: number) => `evt_${eventId}`;

import { webhookId } from '#server/modules/webhook/webhook-sender.ts';
import { newSecret, sealSecret } from '#server/modules/webhook/webhook-secret.ts';
import * as webhooks from '#server/modules/webhook/webhook.repository.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The demo store's webhooks (issue 38 §8): its ERP's endpoint, which took the last orders, and a
// WhatsApp bot's that stopped answering two days ago, with its failed attempts. Written as their
// history (the URLs were never reachable from a demo), after the month of orders so that the
// seeding itself queues nothing. Once the demo runs, both are tried as any endpoint is: the bot's
// one address is refused or closed, so it is turned off a day later, as any endpoint failing for
// three days is, and stops being tried; its retries meanwhile are hours apart.

const HOUR = 60 * 60 * 1000;

export async function seedDemoWebhooks(deps: ServiceDeps, scope: StoreScope): Promise<void> {
  const now = deps.clock.now().getTime();
  const at = (ms: number) => new Date(ms).toISOString();
  const events = await webhooks.latestEvents(deps.db, scope, { type: 'order.created', limit: 6 });
  const body = (event: (typeof events)[number]) => JSON.stringify({ type: event.type, timestamp: event.createdAt, data: { object: event.resourceKind, id: event.resourceId, ...(JSON.parse(event.data) as object) } });
  const endpoint = async (url: string, types: string[], since: number, failingSince: number | null) => {
    const id = await webhooks.insertEndpoint(deps.db, scope, { url, eventTypes: JSON.stringify(types), secretSealed: sealSecret(deps.config, scope.storeId, newSecret()), enabled: 1, now: at(since) });
    if (failingSince !== null) await webhooks.updateEndpoint(deps.db, scope, id, { failingSince: at(failingSince), updatedAt: at(failingSince) });
    return id;
  };

  // The ERP: every order, taken at the first try.
  const erp = await endpoint('https://erp.tiendademaria.example/webhooks/tiendabox', ['order.created', 'order.paid', 'order.cancelled', 'customer.created'], now - 20 * 24 * HOUR, null);
  for (const event of events.slice(0, 4).reverse()) {
    const sent = Date.parse(event.createdAt) + 400;
    const id = await webhooks.insertDelivery(deps.db, scope, { endpointId: erp, eventId: event.id, eventType: event.type, resourceKey: `${event.resourceKind}:${event.resourceId}`, body: body(event), manual: false, now: event.createdAt });
    await webhooks.insertAttempt(deps.db, scope, { deliveryId: id, attemptedAt: at(sent), durationMs: 180, status: 200, responseSnippet: `{"ok":true,"received":"${webhookId(event.id)}"}`, error: null });
    await webhooks.settleDelivery(deps.db, scope, id, { state: 'delivered', attempts: 1, nextAttemptAt: event.createdAt, lastStatus: 200, lastAttemptAt: at(sent), updatedAt: at(sent) });
  }

  // The bot: down for two days; its last order still waits for its next try, hours from now.
  const failingSince = now - 2 * 24 * HOUR;
  const bot = await endpoint('https://127.0.0.1:9/whatsapp-bot/tiendabox', ['order.created'], now - 10 * 24 * HOUR, failingSince);
  const waiting = events[0];
  if (!waiting) return;
  const id = await webhooks.insertDelivery(deps.db, scope, { endpointId: bot, eventId: waiting.id, eventType: waiting.type, resourceKey: `${waiting.resourceKind}:${waiting.resourceId}`, body: body(waiting), manual: false, now: at(failingSince) });
  const tries = [0, 10_000, 30_000, 70_000, 2 * HOUR, 6 * HOUR, 10 * HOUR, 14 * HOUR];
  for (const offset of tries) {
    await webhooks.insertAttempt(deps.db, scope, { deliveryId: id, attemptedAt: at(failingSince + offset), durationMs: 2, status: null, responseSnippet: '', error: 'connect ECONNREFUSED 127.0.0.1:9' });
  }
  const last = failingSince + tries.at(-1)!;
  await webhooks.settleDelivery(deps.db, scope, id, { state: 'pending', attempts: tries.length, nextAttemptAt: at(now + 4 * HOUR), lastStatus: null, lastAttemptAt: at(last), updatedAt: at(last) });
}

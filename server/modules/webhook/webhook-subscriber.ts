import type { StoredEvent, Subscriber } from '#server/events/events.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';
import * as webhooks from './webhook.repository.ts';

/** The body every try of a delivery sends (Standard Webhooks: `type`, `timestamp`, `data`). */
export function webhookBody(event: StoredEvent): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt, data: { object: event.resource.kind, id: event.resource.id, ...event.data } });
}

/**
 * Webhooks hear every event (issue 38 §5): inside the emitting transaction, one delivery for each
 * endpoint of the store that is on and wants the event's type, and a job that wakes the sender
 * once it commits. A rolled-back change leaves no delivery; a committed one never loses it. A
 * `webhook.test` goes to the endpoint it names alone, on or off.
 */
export const webhookSubscriber: Subscriber = {
  name: 'webhooks',
  types: 'all',
  async handle(tx: ServiceDeps, event) {
    // 'all' is every store event; an account's never reaches here, but it would have no store.
    if (!('storeId' in event)) return;
    const scope = await staffStoreScope(tx, event.storeId);
    const endpoints =
      event.type === 'webhook.test'
        ? (await webhooks.findEndpoint(tx.db, scope, event.resource.id ?? 0).then((endpoint) => (endpoint ? [endpoint] : [])))
        : await webhooks.endpointsWanting(tx.db, scope, event.type);
    if (endpoints.length === 0) return;
    const body = webhookBody(event);
    const now = tx.clock.now().toISOString();
    for (const endpoint of endpoints) {
      await webhooks.insertDelivery(tx.db, scope, { endpointId: endpoint.id, eventId: event.id, eventType: event.type, resourceKey: `${event.resource.kind}:${event.resource.id ?? ''}`, body, manual: event.type === 'webhook.test', now });
      await enqueueJob(tx, { kind: 'webhook.deliver', payload: { storeId: event.storeId, endpointId: endpoint.id } });
    }
  },
};

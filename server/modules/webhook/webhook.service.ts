import dns from 'node:dns';
import net from 'node:net';
import { WEBHOOK_ENDPOINT_MAX, type WebhookEndpointInput, type WebhookEndpointState } from '#common/webhook.ts';
import { AppError, notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { addressAllowed, hostOf, isLoopbackName, refusedAddress } from './webhook-address.ts';
import { newSecret, sealSecret } from './webhook-secret.ts';
import * as webhooks from './webhook.repository.ts';

// A store's webhook endpoints (issue 38 §5): added, changed, tested and removed by its owners and
// administrators (the `webhooks` area of the permission matrix, checked before these are called).
// What is sent, and when, is webhook-sender.ts's; what an event queues, webhook-subscriber.ts's.

export type EndpointView = {
  id: number;
  url: string;
  events: string[];
  enabled: boolean;
  state: WebhookEndpointState;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
};

function view(row: webhooks.EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.eventTypes) as string[],
    enabled: row.enabled === 1,
    state: row.enabled === 1 ? 'enabled' : row.disabledReason === 'failing' ? 'failing' : 'disabled',
    failingSince: row.failingSince,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The URL as it will be called, or the reason it is refused: https (http only to this machine where
 * WEBHOOKS_ALLOW_LOOPBACK allows it), no credentials, and a host whose every address is public.
 * Checked again, after a fresh resolution, on every delivery.
 */
export async function checkEndpointUrl(deps: Pick<ServiceDeps, 'config'>, text: string): Promise<string> {
  const field = { field: 'url' };
  if (!URL.canParse(text)) throw new AppError('webhook.urlInvalid', 400, field);
  const url = new URL(text);
  const host = hostOf(url);
  const allowLoopback = deps.config.webhooks.allowLoopback;
  const loopback = isLoopbackName(host) || refusedAddress(host) === 'loopback';
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && allowLoopback && loopback))) throw new AppError('webhook.urlHttps', 400, field);
  if (url.username || url.password) throw new AppError('webhook.urlCredentials', 400, field);
  if (host === '') throw new AppError('webhook.urlInvalid', 400, field);
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      throw new AppError('webhook.hostNotFound', 400, { ...field, vars: { host } });
    }
  }
  for (const address of addresses) {
    if (!addressAllowed(address, allowLoopback)) throw new AppError('webhook.urlRefused', 400, { ...field, vars: { reason: refusedAddress(address)! } });
  }
  url.hash = '';
  return url.href;
}

export async function listEndpoints(deps: ServiceDeps, scope: StoreScope) {
  const rows = await webhooks.listEndpoints(deps.db, scope);
  return rows.map((row) => ({ ...view(row), lastAttemptAt: (row.lastAttemptAt as string | null) ?? null, lastStatus: (row.lastStatus as number | null) ?? null, lastState: (row.lastState as string | null) ?? null }));
}

export async function getEndpoint(deps: ServiceDeps, scope: StoreScope, id: number): Promise<EndpointView> {
  const row = await webhooks.findEndpoint(deps.db, scope, id);
  if (!row) throw notFound();
  return view(row);
}

/** Adds an endpoint and answers it with its secret: the only time the secret leaves the server. */
export async function createEndpoint(deps: ServiceDeps, scope: StoreScope, input: WebhookEndpointInput): Promise<{ endpoint: EndpointView; secret: string }> {
  const url = await checkEndpointUrl(deps, input.url);
  const secret = newSecret();
  return inTransaction(deps, async (tx) => {
    if ((await webhooks.countEndpoints(tx.db, scope)) >= WEBHOOK_ENDPOINT_MAX) throw new AppError('webhook.tooMany', 409, { vars: { limit: WEBHOOK_ENDPOINT_MAX } });
    const now = tx.clock.now().toISOString();
    const id = await webhooks.insertEndpoint(tx.db, scope, { url, eventTypes: JSON.stringify(input.events), secretSealed: sealSecret(tx.config, scope.storeId, secret), enabled: input.enabled ? 1 : 0, now });
    return { endpoint: await getEndpoint(tx, scope, id), secret };
  });
}

/** Changes an endpoint's URL, events or state; turning it on again forgets its failures and sends what waited. */
export async function updateEndpoint(deps: ServiceDeps, scope: StoreScope, id: number, input: WebhookEndpointInput): Promise<EndpointView> {
  const url = await checkEndpointUrl(deps, input.url);
  return inTransaction(deps, async (tx) => {
    const before = await webhooks.findEndpoint(tx.db, scope, id);
    if (!before) throw notFound();
    const turnedOn = input.enabled && before.enabled !== 1;
    await webhooks.updateEndpoint(tx.db, scope, id, {
      url,
      eventTypes: JSON.stringify(input.events),
      enabled: input.enabled ? 1 : 0,
      ...(input.enabled ? { disabledReason: null } : {}),
      ...(turnedOn ? { failingSince: null } : {}),
      updatedAt: tx.clock.now().toISOString(),
    });
    if (turnedOn) await enqueueJob(tx, { kind: 'webhook.deliver', payload: { storeId: scope.storeId, endpointId: id } });
    return getEndpoint(tx, scope, id);
  });
}

/** A new secret for the endpoint, answered once; the old one stops signing at once. */
export async function rotateSecret(deps: ServiceDeps, scope: StoreScope, id: number): Promise<{ secret: string }> {
  const secret = newSecret();
  const changed = await webhooks.updateEndpoint(deps.db, scope, id, { secretSealed: sealSecret(deps.config, scope.storeId, secret), updatedAt: deps.clock.now().toISOString() });
  if (!changed) throw notFound();
  return { secret };
}

/** Removes the endpoint with its deliveries and their attempts. */
export async function deleteEndpoint(deps: ServiceDeps, scope: StoreScope, id: number): Promise<void> {
  if (!(await webhooks.deleteEndpoint(deps.db, scope, id))) throw notFound();
}

/**
 * Sends the endpoint a `webhook.test` event, on or off: the event is recorded as any other (the
 * activity log shows who sent it) and reaches this endpoint alone.
 */
export async function sendTestEvent(deps: ServiceDeps, scope: StoreScope, id: number): Promise<{ eventId: number }> {
  return inTransaction(deps, async (tx) => {
    const endpoint = await webhooks.findEndpoint(tx.db, scope, id);
    if (!endpoint) throw notFound();
    const event = await emit(tx, {
      type: 'webhook.test',
      storeId: scope.storeId,
      resource: { kind: 'webhook_endpoint', id, label: endpoint.url },
      data: { endpointId: id, message: 'A test event from Tiendabox: your endpoint receives and verifies our webhooks.' },
    });
    return { eventId: event.id };
  });
}

/** Sends a delivery again as a new delivery of the same event: the same body under the same `webhook-id`. */
export async function redeliver(deps: ServiceDeps, scope: StoreScope, endpointId: number, deliveryId: number): Promise<{ deliveryId: number }> {
  return inTransaction(deps, async (tx) => {
    const delivery = await webhooks.findDelivery(tx.db, scope, deliveryId);
    if (!delivery || delivery.endpointId !== endpointId) throw notFound();
    const id = await webhooks.insertDelivery(tx.db, scope, { endpointId: delivery.endpointId, eventId: delivery.eventId, eventType: delivery.eventType, resourceKey: delivery.resourceKey, body: delivery.body, manual: true, now: tx.clock.now().toISOString() });
    await enqueueJob(tx, { kind: 'webhook.deliver', payload: { storeId: scope.storeId, endpointId: delivery.endpointId } });
    return { deliveryId: id };
  });
}

export const DELIVERIES_PER_PAGE = 50;

/** An endpoint's deliveries, newest first, each with its attempts. */
export async function listDeliveries(deps: ServiceDeps, scope: StoreScope, endpointId: number, options: { beforeId?: number } = {}) {
  if (!(await webhooks.findEndpoint(deps.db, scope, endpointId))) throw notFound();
  const deliveries = await webhooks.listDeliveries(deps.db, scope, endpointId, { limit: DELIVERIES_PER_PAGE, beforeId: options.beforeId });
  const attempts = await webhooks.listAttempts(deps.db, scope, deliveries.map((delivery) => delivery.id));
  return deliveries.map((delivery) => ({
    ...delivery,
    manual: delivery.manual === 1,
    attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id).map(({ deliveryId: _, ...attempt }) => attempt),
  }));
}

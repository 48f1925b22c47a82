import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { WebhookDeliveryState } from '#server/db/schema.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A store's webhook endpoints, their deliveries and attempts (issue 38 §5). Everything is read and
// written under the store's scope, but for the sender's claim of due deliveries, which serves every
// store at once and answers each delivery's store with it.

const ENDPOINT_COLUMNS = ['id', 'url', 'eventTypes', 'enabled', 'disabledReason', 'failingSince', 'createdAt', 'updatedAt'] as const;

export type EndpointRow = { id: number; url: string; eventTypes: string; enabled: number; disabledReason: 'failing' | null; failingSince: string | null; createdAt: string; updatedAt: string };

export async function countEndpoints(db: Db, scope: StoreScope): Promise<number> {
  const row = await db.selectFrom('webhookEndpoint').select((eb) => eb.fn.countAll<number>().as('n')).where('storeId', '=', scope.storeId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(db: Db, scope: StoreScope, values: { url: string; eventTypes: string; secretSealed: Uint8Array; enabled: number; now: string }): Promise<number> {
  const row = await db
    .insertInto('webhookEndpoint')
    .values({ storeId: scope.storeId, url: values.url, eventTypes: values.eventTypes, secretSealed: values.secretSealed, enabled: values.enabled, disabledReason: null, failingSince: null, createdAt: values.now, updatedAt: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEndpoint(
  db: Db,
  scope: StoreScope,
  id: number,
  values: Partial<{ url: string; eventTypes: string; secretSealed: Uint8Array; enabled: number; disabledReason: 'failing' | null; failingSince: string | null }> & { updatedAt: string },
): Promise<boolean> {
  const result = await db.updateTable('webhookEndpoint').set(values).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteEndpoint(db: Db, scope: StoreScope, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhookEndpoint').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function findEndpoint(db: Db, scope: StoreScope, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhookEndpoint').select(ENDPOINT_COLUMNS).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
}

/** The sealed secret, read only to sign a delivery. */
export async function findSealedSecret(db: Db, scope: StoreScope, id: number): Promise<Uint8Array | undefined> {
  return (await db.selectFrom('webhookEndpoint').select('secretSealed').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst())?.secretSealed;
}

/** The store's endpoints, with when each was last tried and how that went. */
export function listEndpoints(db: Db, scope: StoreScope) {
  return db
    .selectFrom('webhookEndpoint as e')
    .select(['e.id', 'e.url', 'e.eventTypes', 'e.enabled', 'e.disabledReason', 'e.failingSince', 'e.createdAt', 'e.updatedAt'])
    .select((eb) => [
      eb.selectFrom('webhookDelivery as d').select('d.lastAttemptAt').where('d.storeId', '=', scope.storeId).whereRef('d.endpointId', '=', 'e.id').where('d.lastAttemptAt', 'is not', null).orderBy('d.lastAttemptAt', 'desc').limit(1).as('lastAttemptAt'),
      eb.selectFrom('webhookDelivery as d').select('d.lastStatus').where('d.storeId', '=', scope.storeId).whereRef('d.endpointId', '=', 'e.id').where('d.lastAttemptAt', 'is not', null).orderBy('d.lastAttemptAt', 'desc').limit(1).as('lastStatus'),
      eb.selectFrom('webhookDelivery as d').select('d.state').where('d.storeId', '=', scope.storeId).whereRef('d.endpointId', '=', 'e.id').where('d.lastAttemptAt', 'is not', null).orderBy('d.lastAttemptAt', 'desc').limit(1).as('lastState'),
    ])
    .where('e.storeId', '=', scope.storeId)
    .orderBy('e.id')
    .execute();
}

/** The endpoints of the store an event goes to: on, and wanting its type (a test goes to its one endpoint). */
export async function endpointsWanting(db: Db, scope: StoreScope, type: string): Promise<{ id: number; eventTypes: string }[]> {
  return db.selectFrom('webhookEndpoint').select(['id', 'eventTypes']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).execute().then((rows) => rows.filter((row) => (JSON.parse(row.eventTypes) as string[]).includes(type)));
}

export type NewDelivery = { endpointId: number; eventId: number; eventType: string; resourceKey: string; body: string; manual: boolean; now: string };

export async function insertDelivery(db: Db, scope: StoreScope, delivery: NewDelivery): Promise<number> {
  const row = await db
    .insertInto('webhookDelivery')
    .values({
      storeId: scope.storeId,
      endpointId: delivery.endpointId,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      resourceKey: delivery.resourceKey.slice(0, 60),
      body: delivery.body,
      manual: delivery.manual ? 1 : 0,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: delivery.now,
      leaseUntil: null,
      lastStatus: null,
      lastAttemptAt: null,
      createdAt: delivery.now,
      updatedAt: delivery.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const DELIVERY_COLUMNS = ['id', 'endpointId', 'eventId', 'eventType', 'resourceKey', 'body', 'manual', 'state', 'attempts', 'nextAttemptAt', 'leaseUntil', 'lastStatus', 'lastAttemptAt', 'createdAt', 'updatedAt'] as const;

export function findDelivery(db: Db, scope: StoreScope, id: number) {
  return db.selectFrom('webhookDelivery').select(DELIVERY_COLUMNS).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
}

/** An endpoint's deliveries, newest first, a page at a time. */
export function listDeliveries(db: Db, scope: StoreScope, endpointId: number, { limit, beforeId }: { limit: number; beforeId?: number }) {
  return db
    .selectFrom('webhookDelivery')
    .select(['id', 'eventId', 'eventType', 'resourceKey', 'manual', 'state', 'attempts', 'nextAttemptAt', 'lastStatus', 'lastAttemptAt', 'createdAt'])
    .where('storeId', '=', scope.storeId)
    .where('endpointId', '=', endpointId)
    .$if(beforeId !== undefined, (qb) => qb.where('id', '<', beforeId!))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The attempts of some of the store's deliveries, oldest first. */
export function listAttempts(db: Db, scope: StoreScope, deliveryIds: readonly number[]) {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhookAttempt')
    .select(['id', 'deliveryId', 'attemptedAt', 'durationMs', 'status', 'responseSnippet', 'error'])
    .where('storeId', '=', scope.storeId)
    .where('deliveryId', 'in', [...deliveryIds])
    .orderBy('id')
    .execute();
}

export type DueDelivery = { id: number; storeId: number; endpointId: number };

// The sender serves every store at once, so its four statements below name no store: they are
// written in SQL, which the store guard does not read (decision 042), and touch only the
// deliveries' own bookkeeping. Every read or write of a delivery's content goes through a scope.

/**
 * Due deliveries, oldest due first: pending, their time come, not held by a sender, their endpoint
 * on (or asked for by the owner: a test, a redelivery), and no earlier delivery of the same record
 * to the same endpoint still pending — the deliveries of one record reach an endpoint in the order
 * their events happened. The endpoints and stores at their limit of tries in flight are skipped,
 * so that their backlog does not fill the answer and hide everyone else's.
 */
export async function dueDeliveries(db: Db, due: { now: string; limit: number; skipEndpoints: readonly number[]; skipStores: readonly number[] }): Promise<DueDelivery[]> {
  const skip = sql`${due.skipEndpoints.length > 0 ? sql`and d.endpoint_id not in (${sql.join([...due.skipEndpoints])})` : sql``} ${due.skipStores.length > 0 ? sql`and d.store_id not in (${sql.join([...due.skipStores])})` : sql``}`;
  const { rows } = await sql<{ id: number; storeId: number; endpointId: number }>`
    select d.id, d.store_id, d.endpoint_id
    from webhook_delivery d
    join webhook_endpoint e on e.id = d.endpoint_id and e.store_id = d.store_id
    where d.state = 'pending' and d.next_attempt_at <= ${due.now}
      and (d.lease_until is null or d.lease_until < ${due.now})
      and (e.enabled = 1 or d.manual = 1)
      ${skip}
      and not exists (
        select 1 from webhook_delivery earlier
        where earlier.store_id = d.store_id and earlier.endpoint_id = d.endpoint_id
          and earlier.resource_key = d.resource_key and earlier.state = 'pending' and earlier.id < d.id
      )
    order by d.next_attempt_at, d.id
    limit ${due.limit}`.execute(db);
  return rows.map((row) => ({ id: Number(row.id), storeId: Number(row.storeId), endpointId: Number(row.endpointId) }));
}

/**
 * Holds the given deliveries for one sender until `leaseUntil`, in one statement, and answers those
 * it got: one another process took meanwhile (held, or no longer pending) is not answered. A sender
 * that dies lets its hold lapse, and the delivery is due again.
 */
export async function leaseDeliveries(db: Db, lease: { ids: readonly number[]; now: string; leaseUntil: string }): Promise<number[]> {
  if (lease.ids.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    update webhook_delivery set lease_until = ${lease.leaseUntil}
    where id in (${sql.join([...lease.ids])}) and state = 'pending' and (lease_until is null or lease_until < ${lease.now})
    returning id`.execute(db);
  return rows.map((row) => Number(row.id));
}

/**
 * When the sender must look again: the next retry that falls due, or the next hold that lapses
 * (a sender that died mid-try), after `now`. What is due already but waits — behind an earlier
 * delivery of its record, or for its endpoint to be turned on — is woken by that, not by a timer.
 */
export async function nextDueAt(db: Db, now: string): Promise<string | null> {
  const { rows } = await sql<{ retry: string | Date | null; lapse: string | Date | null }>`
    select min(case when next_attempt_at > ${now} then next_attempt_at end) as retry,
           min(case when lease_until > ${now} then lease_until end) as lapse
    from webhook_delivery where state = 'pending'`.execute(db);
  const times = [rows[0]?.retry, rows[0]?.lapse].filter((at): at is string | Date => at !== null && at !== undefined).map((at) => new Date(at).getTime());
  return times.length > 0 ? new Date(Math.min(...times)).toISOString() : null;
}

/** Forgets ended deliveries (and, by their foreign key, their attempts) created before a time. */
export async function deleteEndedDeliveries(db: Db, { createdBefore }: { createdBefore: string }): Promise<number> {
  const result = await sql`delete from webhook_delivery where state in ('delivered', 'failed') and created_at < ${createdBefore}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function insertAttempt(db: Db, scope: StoreScope, attempt: { deliveryId: number; attemptedAt: string; durationMs: number; status: number | null; responseSnippet: string; error: string | null }) {
  await db.insertInto('webhookAttempt').values({ storeId: scope.storeId, ...attempt }).execute();
}

/** Ends a held delivery's try: delivered, failed for good, or pending again until `nextAttemptAt`. */
export async function settleDelivery(
  db: Db,
  scope: StoreScope,
  id: number,
  values: { state: WebhookDeliveryState; attempts: number; nextAttemptAt: string; lastStatus: number | null; lastAttemptAt: string; updatedAt: string },
) {
  await db.updateTable('webhookDelivery').set({ ...values, leaseUntil: null }).where('storeId', '=', scope.storeId).where('id', '=', id).execute();
}

/** Gives up on an endpoint's pending deliveries (it was turned off after failing for days); the owner's own tests and redeliveries stay. */
export async function failPendingDeliveries(db: Db, scope: StoreScope, endpointId: number, now: string) {
  await db.updateTable('webhookDelivery').set({ state: 'failed', updatedAt: now }).where('storeId', '=', scope.storeId).where('endpointId', '=', endpointId).where('state', '=', 'pending').where('manual', '=', 0).execute();
}




/** Who is told when an endpoint is turned off: the store's owner, and the store's name. */
export function storeOwner(db: Db, scope: StoreScope) {
  return db.selectFrom('store').select(['userId', 'name']).where('id', '=', scope.storeId).executeTakeFirst();
}

/** The store's latest events of a type (the demo's deliveries are made of them). */
export function latestEvents(db: Db, scope: StoreScope, { type, limit }: { type: string; limit: number }) {
  return db.selectFrom('storeEvent').select(['id', 'type', 'resourceKind', 'resourceId', 'data', 'createdAt']).where('storeId', '=', scope.storeId).where('type', '=', type).orderBy('id', 'desc').limit(limit).execute();
}

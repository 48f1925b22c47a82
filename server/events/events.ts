import type { StoreEventType } from '#common/store-events.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type Actor, currentActor } from '#server/tenancy/actor.ts';
import * as events from './events.repository.ts';

// The events layer (issue 38 §3, decision 088). A command that changes a store emits what happened
// with `emit(tx, event)`, inside its own transaction: the event's row (which is the audit log) and
// whatever each subscriber writes for it (a bell notification, a queued e-mail, a webhook delivery)
// commit with the change or not at all. Subscribers are registered once, at the composition root
// (server/composition.ts), and reach emit through the deps; no module calls another's side effects.

/** The before and after of each field that changed: prices, stock, status, settings, members. */
export type FieldChanges = Record<string, readonly [before: unknown, after: unknown]>;

export type NewStoreEvent = {
  type: StoreEventType;
  storeId: number;
  /** The record it happened to; `label` is kept as it was, for the log's line after the record is gone. */
  resource: { kind: string; id: number | null; label: string };
  /** What webhooks deliver as the event's `data` (the record as an integrator reads it). */
  data?: Record<string, unknown>;
  changes?: FieldChanges;
  /** Who did it: the current request's actor unless the command knows better. */
  actor?: Actor;
};

export type StoredEvent = Required<Omit<NewStoreEvent, 'actor'>> & { id: number; actor: Actor; createdAt: string };

/**
 * A subscriber runs inside the emitting transaction, in registration order: whatever it writes
 * commits with the change. It must not call out of the process (deliveries go through the job
 * queue) and a failure rolls the whole change back, as a failed write of the change itself would.
 */
export type Subscriber = {
  name: string;
  types: readonly StoreEventType[] | 'all';
  handle(tx: ServiceDeps, event: StoredEvent): Promise<void>;
};

function actorColumns(actor: Actor) {
  switch (actor.kind) {
    case 'member':
    case 'staff':
      return { actorKind: actor.kind, actorUserId: actor.userId, actorTokenId: null, actorName: actor.name };
    case 'token':
      return { actorKind: actor.kind, actorUserId: actor.userId, actorTokenId: actor.tokenId, actorName: `${actor.name} · ${actor.tokenName}` };
    default:
      return { actorKind: actor.kind, actorUserId: null, actorTokenId: null, actorName: '' };
  }
}

/** Records `event` in the caller's transaction and hands it to every subscriber of its type. */
export async function emit(tx: ServiceDeps, event: NewStoreEvent): Promise<StoredEvent> {
  if (!tx.db.isTransaction) throw new Error(`emit(${event.type}) must run inside the transaction of the change it records`);
  const actor = event.actor ?? currentActor();
  const createdAt = tx.clock.now().toISOString();
  const data = event.data ?? {};
  const changes = event.changes ?? {};
  const id = await events.insertEvent(tx.db, {
    storeId: event.storeId,
    type: event.type,
    resourceKind: event.resource.kind,
    resourceId: event.resource.id,
    resourceLabel: event.resource.label.slice(0, 200),
    ...actorColumns(actor),
    data: JSON.stringify(data),
    changes: JSON.stringify(changes),
    createdAt,
  });
  const stored: StoredEvent = { id, type: event.type, storeId: event.storeId, resource: event.resource, data, changes, actor, createdAt };
  for (const subscriber of tx.subscribers) {
    if (subscriber.types === 'all' || subscriber.types.includes(event.type)) await subscriber.handle(tx, stored);
  }
  return stored;
}

/** The fields of `after` whose value differs from `before`'s, as `FieldChanges`; only `fields` are looked at. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>, fields: readonly (keyof T & string)[]): FieldChanges {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const field of fields) {
    if (field in after && after[field] !== before[field]) changes[field] = [before[field] ?? null, after[field] ?? null];
  }
  return changes;
}

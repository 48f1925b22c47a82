import type { StoreEventType } from '#common/store-events.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type Actor, currentActor } from '#server/tenancy/actor.ts';
import * as events from './events.repository.ts';

// The events layer (issue 38 §3, decision 088). A command that changes a store emits what happened
// with `emit(tx, event)`, inside its own transaction: the event's row (which is the audit log) and
// whatever each subscriber writes for it (a bell notification, a queued e-mail, a webhook delivery)
// commit with the change or not at all. Subscribers are registered once, at the composition root
// (server/composition.ts), and reach emit through the deps; no module calls another's side effects.

/**
 * Events of one account, not of a store: the casillero's (a package received, a consolidation's
 * move, a ticket's message) and a plan's reminder. They go through `emit` and the same subscribers
 * (the bell and its e-mail), but write no store_event row: no store's log or webhook hears them.
 */
export const ACCOUNT_EVENT_TYPES = [
  'package.received',
  'consolidation.requested',
  'consolidation.updated',
  'ticket.opened',
  'ticket.replied',
  'plan.expiring',
  'plan.renewal_requested',
] as const;
export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number];
export type EventType = StoreEventType | AccountEventType;

const isAccountEvent = (event: NewStoreEvent | NewAccountEvent): event is NewAccountEvent => (ACCOUNT_EVENT_TYPES as readonly string[]).includes(event.type);

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

export type NewAccountEvent = {
  type: AccountEventType;
  /** The account it concerns; null when it is for the back office's staff as a whole (a new ticket). */
  userId: number | null;
  resource: { kind: string; id: number | null; label: string };
  /** What a subscriber needs to tell of it (a notification's parameters). */
  data?: Record<string, unknown>;
  actor?: Actor;
};

export type AccountEvent = Required<Omit<NewAccountEvent, 'actor'>> & { actor: Actor; createdAt: string };

/** The event a subscriber of `T` is handed: a stored store event, or an account event. */
export type EventOf<T extends EventType> = T extends StoreEventType ? StoredEvent & { type: T } : AccountEvent & { type: T };

/**
 * A subscriber runs inside the emitting transaction, in registration order: whatever it writes
 * commits with the change. It must not call out of the process (deliveries go through the job
 * queue) and a failure rolls the whole change back, as a failed write of the change itself would.
 */
export type Subscriber = {
  name: string;
  /** The types it hears; `'all'` is every store event (account events only reach those that name them). */
  types: readonly EventType[] | 'all';
  handle(tx: ServiceDeps, event: StoredEvent | AccountEvent): Promise<void>;
};

/** A subscriber whose handler is typed by the events it names. */
export function subscriber<const T extends EventType>(name: string, types: readonly T[], handle: (tx: ServiceDeps, event: EventOf<T>) => Promise<void>): Subscriber {
  return { name, types, handle: (tx, event) => handle(tx, event as EventOf<T>) };
}

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

/**
 * Records `event` in the caller's transaction and hands it to every subscriber of its type. An
 * account event is handed on the same way, unrecorded.
 */
export async function emit(tx: ServiceDeps, event: NewStoreEvent): Promise<StoredEvent>;
export async function emit(tx: ServiceDeps, event: NewAccountEvent): Promise<AccountEvent>;
export async function emit(tx: ServiceDeps, event: NewStoreEvent | NewAccountEvent): Promise<StoredEvent | AccountEvent> {
  if (!tx.db.isTransaction) throw new Error(`emit(${event.type}) must run inside the transaction of the change it records`);
  const actor = event.actor ?? currentActor();
  const createdAt = tx.clock.now().toISOString();
  if (isAccountEvent(event)) {
    const told: AccountEvent = { type: event.type, userId: event.userId, resource: event.resource, data: event.data ?? {}, actor, createdAt };
    for (const subscriber of tx.subscribers) {
      if (subscriber.types !== 'all' && subscriber.types.includes(event.type)) await subscriber.handle(tx, told);
    }
    return told;
  }
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

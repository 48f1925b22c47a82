import type { ActivityWho } from '#common/activity.ts';
import type { StoreEventType } from '#common/store-events.ts';
import type { Db } from '#server/db/database.ts';
import { paginateIds } from '#server/db/paginate.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The store's log as the audit screen reads it (issue 38 §4): store_event rows, written only by
// `emit` (server/events/) and deleted only by the retention prune. Nothing here updates a row.

/** The log's filter in the database's terms: instants (ISO) for the day bounds. */
export type EventFilter = { who?: ActivityWho; types?: readonly StoreEventType[]; since?: string; until?: string };

const EVENT_COLUMNS = ['id', 'type', 'resourceKind', 'resourceId', 'resourceLabel', 'actorKind', 'actorUserId', 'actorTokenId', 'actorName', 'data', 'changes', 'createdAt'] as const;

function filtered(db: Db, scope: StoreScope, filter: EventFilter) {
  let query = db.selectFrom('storeEvent').where('storeEvent.storeId', '=', scope.storeId);
  const who = filter.who;
  if (who && 'userId' in who) query = query.where('storeEvent.actorUserId', '=', who.userId).where('storeEvent.actorKind', 'in', ['member', 'token', 'staff']);
  else if (who) query = query.where('storeEvent.actorKind', '=', who.kind);
  if (filter.types) query = filter.types.length === 0 ? query.where('storeEvent.id', '<', 0) : query.where('storeEvent.type', 'in', [...filter.types]);
  if (filter.since) query = query.where('storeEvent.createdAt', '>=', filter.since);
  if (filter.until) query = query.where('storeEvent.createdAt', '<', filter.until);
  return query;
}

/** One page of the store's events, newest first; the count stops at the list's cap (decision 036). */
export function listEvents(db: Db, scope: StoreScope, filter: EventFilter, page: number, pageSize?: number) {
  const ids = filtered(db, scope, filter).select('storeEvent.id').orderBy('storeEvent.createdAt', 'desc').orderBy('storeEvent.id', 'desc');
  const fetch = (keys: number[]) => db.selectFrom('storeEvent').select(EVENT_COLUMNS).where('storeId', '=', scope.storeId).where('id', 'in', keys).execute();
  return paginateIds(db, ids, fetch, page, { seekable: false, ...(pageSize ? { pageSize } : {}) });
}

/** The events of a filter in order, a batch at a time after `afterId` walking back (the CSV export). */
export function eventBatch(db: Db, scope: StoreScope, filter: EventFilter, before: { createdAt: string; id: number } | null, limit: number) {
  let query = filtered(db, scope, filter).select(EVENT_COLUMNS.map((column) => `storeEvent.${column}` as const));
  if (before) {
    query = query.where((eb) => eb.or([eb('storeEvent.createdAt', '<', before.createdAt), eb.and([eb('storeEvent.createdAt', '=', before.createdAt), eb('storeEvent.id', '<', before.id)])]));
  }
  return query.orderBy('storeEvent.createdAt', 'desc').orderBy('storeEvent.id', 'desc').limit(limit).execute();
}

/** Which of `ids` of a kind of record are still in the store, for the log's links. */
export async function existingRecords(db: Db, scope: StoreScope, kind: 'order' | 'product' | 'customer' | 'invoice', ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = ({ order: 'storeOrder', product: 'product', customer: 'customer', invoice: 'invoice' } as const)[kind];
  const rows = await db.selectFrom(table).select('id').where('storeId', '=', scope.storeId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * The people who appear in the store's log (members, their tokens, back-office staff), each once,
 * with their account's name today, or the log's when the account is gone.
 */
export async function peopleInLog(db: Db, scope: StoreScope) {
  return db
    .selectFrom('storeEvent')
    .leftJoin('user', 'user.id', 'storeEvent.actorUserId')
    .select(['storeEvent.actorUserId', 'storeEvent.actorKind', 'user.name', 'user.lastname'])
    .select((eb) => eb.fn.max('storeEvent.actorName').as('loggedName'))
    .where('storeEvent.storeId', '=', scope.storeId)
    .where('storeEvent.actorUserId', 'is not', null)
    .groupBy(['storeEvent.actorUserId', 'storeEvent.actorKind', 'user.name', 'user.lastname'])
    .limit(500)
    .execute();
}

/** How many events the prune deletes per statement: a short hold of the database each. */
export const PRUNE_BATCH = 1000;

/**
 * Deletes every store's events older than `before`, a store and a batch at a time through the
 * (store_id, created_at) index; the app's retention job, never a route. Answers how many went.
 */
export async function deleteEventsBefore(db: Db, before: string): Promise<number> {
  const stores = await db.selectFrom('store').select('id').orderBy('id').execute();
  let deleted = 0;
  for (const { id } of stores) {
    for (;;) {
      const old = db.selectFrom('storeEvent').select('id').where('storeId', '=', id).where('createdAt', '<', before).limit(PRUNE_BATCH);
      const result = await db.deleteFrom('storeEvent').where('storeId', '=', id).where('id', 'in', old).executeTakeFirst();
      const count = Number(result.numDeletedRows);
      deleted += count;
      if (count < PRUNE_BATCH) break;
    }
  }
  return deleted;
}

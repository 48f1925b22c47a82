import type { StoreEventType } from '#common/store-events.ts';
import { emit, type FieldChanges } from '#server/events/events.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { Actor } from '#server/tenancy/actor.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// Entries of a store's activity log for the tests, written as a change writes them: through
// `emit`, in a transaction, at the moment given. No subscriber hears them: what the log shows is
// the row, and the bell's, mail's and webhooks' tests emit their own.

export type LoggedEvent = {
  type: StoreEventType;
  resource: { kind: string; id: number | null; label: string };
  changes?: FieldChanges;
  /** The event's payload, as webhooks deliver it (a variant's names its product). */
  data?: Record<string, unknown>;
  actor: Actor;
  /** When it happened (ISO); now when absent. */
  at?: string;
};

export async function logEvent(deps: ServiceDeps, scope: StoreScope, event: LoggedEvent): Promise<number> {
  const at = event.at ? new Date(event.at) : deps.clock.now();
  const quiet: ServiceDeps = { ...deps, clock: { now: () => new Date(at) }, subscribers: [] };
  const stored = await inTransaction(quiet, (tx) => emit(tx, { type: event.type, storeId: scope.storeId, resource: event.resource, data: event.data ?? {}, changes: event.changes ?? {}, actor: event.actor }));
  return stored.id;
}

import type { Generated } from 'kysely';

// Issue 38 §5 (migration 2026-12-06-094): a store's webhook endpoints, their deliveries and each attempt.

export interface WebhookEndpointTable {
  id: Generated<number>;
  storeId: number;
  url: string;
  /** JSON text: the event types it wants. */
  eventTypes: string;
  secretSealed: Uint8Array;
  enabled: number;
  disabledReason: 'failing' | null;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryTable {
  id: Generated<number>;
  storeId: number;
  endpointId: number;
  eventId: number;
  eventType: string;
  resourceKey: string;
  body: string;
  manual: number;
  state: WebhookDeliveryState;
  attempts: number;
  nextAttemptAt: string;
  leaseUntil: string | null;
  lastStatus: number | null;
  lastAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  storeId: number;
  deliveryId: number;
  attemptedAt: string;
  durationMs: number;
  status: number | null;
  responseSnippet: string;
  error: string | null;
}

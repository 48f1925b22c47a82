// Every event a store's change emits (issue 38 §3, decision 088): what webhooks subscribe to and the
// audit log's kinds. A new one is one line here; its labels live in common/i18n/*/activity.ts.
export const STORE_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'order.note_sent',
  'payment.failed',
  'payment.flagged',
  'payment.receipt_submitted',
  'payment.receipt_rejected',
  'product.created',
  'product.updated',
  'product.deleted',
  'inventory.changed',
  'invoice.issued',
  'invoice.authorized',
  'credit_note.issued',
  'customer.created',
  'customer.updated',
  'store.updated',
  'member.invited',
  'member.joined',
  'member.updated',
  'member.removed',
  'store.ownership_transferred',
  'webhook.test',
] as const;
export type StoreEventType = (typeof STORE_EVENT_TYPES)[number];

export const isStoreEventType = (value: unknown): value is StoreEventType => typeof value === 'string' && (STORE_EVENT_TYPES as readonly string[]).includes(value);

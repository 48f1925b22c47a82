import { defineEnum } from './define-enum.ts';

export const role = defineEnum('role', ['client', 'staff', 'admin'], {
  labels: 'admin.roles',
  colors: { client: 'gray', staff: 'brand', admin: 'indigo' },
});

export const documentType = defineEnum('documentType', ['cedula', 'passport'], { labels: 'auth' });

// A kind's texts are `notification.<kind>.title` and `.body`, with parameters: no single label.
export const NOTIFICATION_KINDS = ['package_received', 'consolidation_update', 'ticket_reply', 'order_received', 'store_expiring', 'webhook_disabled', 'general', 'staff_ticket', 'staff_consolidation', 'staff_store_renewal'] as const;
/** What only staff are told of (the back office's queues): the e-mail preferences offer them to staff alone. */
export const STAFF_NOTIFICATION_KINDS: readonly NotificationKind[] = ['staff_ticket', 'staff_consolidation', 'staff_store_renewal'];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export function isNotificationKind(value: unknown): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly unknown[]).includes(value);
}

export const CLIENT_SORTS = ['created', 'name'] as const;

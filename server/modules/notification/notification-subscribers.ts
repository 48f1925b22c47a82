import type { NotificationKind } from '#common/enums/accounts.ts';
import { type AccountEventType, subscriber } from '#server/events/events.ts';
import { getStore } from '#server/modules/store/store.service.ts';
import { staffStoreScope } from '#server/tenancy/store-scope.ts';
import { type NotificationParams, notify, notifyStaff } from './notification.service.ts';

// The bell, and its e-mail for those who chose it (decision 024), as subscribers of events
// (issue 38 §3), registered at the composition root: no module calls `notify` itself. Each runs in
// the emitting transaction, so a notice exists exactly when its change committed.

/** The store's owner hears of each new order: the bell, and an e-mail if they chose `order_received`. */
export const newOrderNotice = subscriber('new-order-notice', ['order.created'], async (tx, event) => {
  const store = await getStore(tx, await staffStoreScope(tx, event.storeId));
  await notify(tx, { userId: store.userId, kind: 'order_received', params: { number: Number(event.data.number) }, link: `/sales/order/show?id=${event.resource.id}` });
});

/**
 * What an account event's `data` holds for the bell: the notice of the account it concerns
 * (`notice`, to the event's `userId`) and the back office's (`staffNotice`, to every staff member),
 * each with its parameters and the page it links to. The kinds are this table's.
 */
export type AccountNotice = { params: NotificationParams; link: string };
export type AccountNotices = { notice?: AccountNotice; staffNotice?: AccountNotice };

const KINDS: Record<AccountEventType, { kind?: NotificationKind; staffKind?: NotificationKind }> = {
  'package.received': { kind: 'package_received' },
  'consolidation.requested': { kind: 'consolidation_update', staffKind: 'staff_consolidation' },
  'consolidation.updated': { kind: 'consolidation_update' },
  'ticket.opened': { staffKind: 'staff_ticket' },
  'ticket.replied': { kind: 'ticket_reply' },
  'plan.expiring': { kind: 'store_expiring' },
  'plan.renewal_requested': { staffKind: 'staff_store_renewal' },
};

/** The casillero's and the plan's notices: to the account, to the staff, or both. */
export const accountNotices = subscriber('account-notices', Object.keys(KINDS) as AccountEventType[], async (tx, event) => {
  const { kind, staffKind } = KINDS[event.type];
  const { notice, staffNotice } = event.data as AccountNotices;
  if (kind && notice && event.userId !== null) await notify(tx, { userId: event.userId, kind, ...notice });
  if (staffKind && staffNotice) await notifyStaff(tx, { kind: staffKind, ...staffNotice });
});

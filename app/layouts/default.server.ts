import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { services } from '#app/lib/services.server.ts';

/** The header's user and bell, on every dashboard screen. */
export async function defaultLayoutLoader({ context }: LoaderFunctionArgs) {
  const { user } = context.get(appContext);
  if (!user) return { user: null, unread: 0, latest: [], hasStore: false, queues: null };
  const owner = { userId: user.id };
  const staff = user.role === 'staff' || user.role === 'admin';
  const [unread, latest, store, queues] = await Promise.all([
    services(context).notifications.countUnread(owner),
    services(context).notifications.listNotifications(owner, 5),
    services(context).storeScopes.ownStoreScope(owner),
    // The back office's menu badges: counted only for those who see that menu.
    staff ? services(context).desk.backOfficeQueues() : null,
  ]);
  // The menu shows the store's screens only to someone who has a store to act on.
  return { user: { name: user.name, role: user.role }, unread, latest, hasStore: Boolean(store), queues };
}

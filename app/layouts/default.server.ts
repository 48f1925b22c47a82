import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { services } from '#app/lib/services.server.ts';
import { storeHeader } from '#app/lib/store-scope.server.ts';

/** The header's user, bell and store switcher, and the menu's store entries, on every dashboard screen. */
export async function defaultLayoutLoader({ context }: LoaderFunctionArgs) {
  const { user } = context.get(appContext);
  if (!user) return { user: null, unread: 0, latest: [], store: storeHeader(context), queues: null };
  const owner = { userId: user.id };
  const staff = user.role === 'staff' || user.role === 'admin';
  const [unread, latest, queues] = await Promise.all([
    services(context).notifications.countUnread(owner),
    services(context).notifications.listNotifications(owner, 5),
    // The back office's menu badges: counted only for those who see that menu.
    staff ? services(context).desk.backOfficeQueues() : null,
  ]);
  // The menu shows a store's screens only to a member whose role reaches them (decision 088).
  return { user: { name: user.name, role: user.role }, unread, latest, store: storeHeader(context), queues };
}

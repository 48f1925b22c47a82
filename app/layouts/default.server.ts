import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { services } from '#app/lib/services.server.ts';

/** The header's user and bell, on every dashboard screen. */
export async function defaultLayoutLoader({ context }: LoaderFunctionArgs) {
  const { user } = context.get(appContext);
  if (!user) return { user: null, unread: 0, latest: [], hasStore: false };
  const owner = { userId: user.id };
  const [unread, latest, store] = await Promise.all([
    services(context).notifications.countUnread(owner),
    services(context).notifications.listNotifications(owner, 5),
    services(context).storeScopes.ownStoreScope(owner),
  ]);
  // The menu shows the store's screens only to someone who has a store to act on.
  return { user: { name: user.name, role: user.role }, unread, latest, hasStore: Boolean(store) };
}

import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { countUnread, listNotifications } from '#server/modules/notification/notification.service.ts';

/** The header's user and bell, on every dashboard screen. */
export async function defaultLayoutLoader({ context }: LoaderFunctionArgs) {
  const { user, db } = context.get(appContext);
  if (!user) return { user: null, unread: 0, latest: [] };
  const [unread, latest] = await Promise.all([countUnread(db, { userId: user.id }), listNotifications(db, { userId: user.id }, 5)]);
  return { user: { name: user.name, role: user.role }, unread, latest };
}

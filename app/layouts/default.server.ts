import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { services } from '#app/lib/services.server.ts';

/** The header's user and bell, on every dashboard screen. */
export async function defaultLayoutLoader({ context }: LoaderFunctionArgs) {
  const { user } = context.get(appContext);
  if (!user) return { user: null, unread: 0, latest: [] };
  const [unread, latest] = await Promise.all([services(context).notifications.countUnread({ userId: user.id }), services(context).notifications.listNotifications({ userId: user.id }, 5)]);
  return { user: { name: user.name, role: user.role }, unread, latest };
}

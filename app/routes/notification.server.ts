import { type LoaderFunctionArgs, redirect } from 'react-router';
import { appContext } from '#app-context';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { safeRedirect } from '#common/safe-redirect.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { countUnread, listNotifications, markAllRead, openNotification } from '#server/modules/notification/notification.service.ts';

/** `?open=<id>` marks one of the user's notifications read and goes to its record. */
export async function notificationLoader({ request, context }: LoaderFunctionArgs) {
  const { db } = context.get(appContext);
  const userId = currentUser(context).id;
  const url = new URL(request.url);
  const open = Number(url.searchParams.get('open'));
  if (Number.isSafeInteger(open) && open > 0) {
    const link = await openNotification(db, { userId, id: open });
    if (link) throw redirect(localizePath(safeRedirect(link), localeFromPath(url.pathname)));
  }
  const [items, unread] = await Promise.all([listNotifications(db, { userId }, 50), countUnread(db, { userId })]);
  return { items, unread };
}

export async function notificationAction({ context }: LoaderFunctionArgs) {
  await markAllRead(context.get(appContext).db, { userId: currentUser(context).id });
  return { ok: true };
}

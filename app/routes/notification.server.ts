import { type LoaderFunctionArgs, redirect } from 'react-router';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { parseRecordId } from '#common/record-id.ts';
import { safeRedirect } from '#common/safe-redirect.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { services } from '#app/lib/services.server.ts';

/** `?open=<id>` marks one of the user's notifications read and goes to its record. */
export async function notificationLoader({ request, context }: LoaderFunctionArgs) {
  const userId = currentUser(context).id;
  const url = new URL(request.url);
  const open = parseRecordId(url.searchParams.get('open'));
  if (open !== null) {
    const link = await services(context).notifications.openNotification({ userId, id: open });
    if (link) throw redirect(localizePath(safeRedirect(link), localeFromPath(url.pathname)));
  }
  const [items, unread] = await Promise.all([services(context).notifications.listNotifications({ userId }, 50), services(context).notifications.countUnread({ userId })]);
  return { items, unread };
}

export async function notificationAction({ context }: LoaderFunctionArgs) {
  await services(context).notifications.markAllRead({ userId: currentUser(context).id });
  return { ok: true };
}

import { translator } from '#common/i18n/all-languages.ts';
import type { NotificationKind } from '#common/enums/accounts.ts';
import { localizePath } from '#common/locale.ts';
import { localizeNotificationParams } from '#common/notification-params.ts';
import { notificationMail } from '#server/mail/templates.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import { findMailTarget, listStaffIds } from '#server/modules/user/user.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import * as notifications from './notification.repository.ts';

export type NotificationParams = Record<string, string | number>;
export type NewNotification = { userId: number; kind: NotificationKind; params: NotificationParams; link: string };

/**
 * Records a notification for the bell and, when the user wants this kind by e-mail, queues it in
 * their language: a slow or failing mail server neither delays nor undoes the change (decision 024).
 */
export async function notify(deps: ServiceDeps, notice: NewNotification): Promise<void> {
  await notifications.insertNotification(deps.db, {
    userId: notice.userId, kind: notice.kind, params: JSON.stringify(notice.params), link: notice.link, readAt: null, createdAt: deps.clock.now().toISOString(),
  });
  const user = await findMailTarget(deps, { userId: notice.userId });
  if (!user || !user.emailNotifications.includes(notice.kind)) return;
  const t = translator(user.locale);
  const params = localizeNotificationParams(notice.params, user.locale);
  const link = `${deps.config.publicUrl}${localizePath(notice.link, user.locale)}`;
  await enqueueJob(deps, {
    kind: 'mail',
    payload: notificationMail(user.locale, user.email, {
        title: String(t(`notification.${notice.kind}.title`, params as never)),
        body: String(t(`notification.${notice.kind}.body`, params as never)),
        link,
      }),
  });
}

/** Tells every enabled staff member and admin, each in the bell and by e-mail as they chose. */
export async function notifyStaff(deps: ServiceDeps, notice: Omit<NewNotification, 'userId'>): Promise<void> {
  for (const userId of await listStaffIds(deps)) await notify(deps, { ...notice, userId });
}

export const listNotifications = (deps: ServiceDeps, owner: { userId: number }, limit = 10) => notifications.listNotifications(deps.db, owner, limit);

export const countUnread = (deps: ServiceDeps, owner: { userId: number }) => notifications.countUnread(deps.db, owner);

/** Marks one of the user's notifications read and gives its link; another user's id is not found. */
export async function openNotification(deps: ServiceDeps, { userId, id }: { userId: number; id: number }): Promise<string | null> {
  const link = await notifications.findLink(deps.db, { userId, id });
  if (link === undefined) return null;
  await notifications.markRead(deps.db, { userId, id }, deps.clock.now().toISOString());
  return link;
}

export async function markAllRead(deps: ServiceDeps, { userId }: { userId: number }) {
  await notifications.markRead(deps.db, { userId }, deps.clock.now().toISOString());
}

import { translator } from '#common/i18n/all-languages.ts';
import type { NotificationKind } from '#common/schemas/user.ts';
import { localizePath } from '#common/locale.ts';
import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { notificationMail } from '#server/mail/templates.ts';
import { enqueueJob } from '#server/modules/job/job.service.ts';
import { systemClock } from '#server/service-deps.ts';

export type NotificationParams = Record<string, string | number>;
export type NewNotification = { userId: number; kind: NotificationKind; params: NotificationParams; link: string };
export type NotifyDeps = { db: Db; mailer: Mailer; publicUrl: string; log?: { error: (obj: object, msg: string) => void } };

/**
 * Records a notification for the bell and, when the user wants this kind by e-mail, queues it in
 * their language: a slow or failing mail server neither delays nor undoes the change (decision 024).
 */
export async function notify(deps: NotifyDeps, notice: NewNotification): Promise<void> {
  await deps.db
    .insertInto('notification')
    .values({ userId: notice.userId, kind: notice.kind, params: JSON.stringify(notice.params), link: notice.link, readAt: null, createdAt: new Date().toISOString() })
    .execute();
  const user = await deps.db.selectFrom('user').select(['email', 'locale', 'emailNotifications']).where('id', '=', notice.userId).executeTakeFirst();
  if (!user || !(JSON.parse(user.emailNotifications) as string[]).includes(notice.kind)) return;
  const t = translator(user.locale);
  const link = `${deps.publicUrl}${localizePath(notice.link, user.locale)}`;
  await enqueueJob(
    { db: deps.db, clock: systemClock },
    {
      kind: 'mail',
      payload: notificationMail(user.locale, user.email, {
        title: String(t(`notification.${notice.kind}.title`, notice.params as never)),
        body: String(t(`notification.${notice.kind}.body`, notice.params as never)),
        link,
      }),
    },
  );
}

export async function listNotifications(db: Db, { userId }: { userId: number }, limit = 10) {
  return db
    .selectFrom('notification')
    .select(['id', 'kind', 'params', 'link', 'readAt', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Db, { userId }: { userId: number }): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's notifications read and gives its link; another user's id is not found. */
export async function openNotification(db: Db, { userId, id }: { userId: number; id: number }): Promise<string | null> {
  const row = await db.selectFrom('notification').select(['link']).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  if (!row) return null;
  await db.updateTable('notification').set({ readAt: new Date().toISOString() }).where('id', '=', id).where('userId', '=', userId).where('readAt', 'is', null).execute();
  return row.link;
}

export async function markAllRead(db: Db, { userId }: { userId: number }) {
  await db.updateTable('notification').set({ readAt: new Date().toISOString() }).where('userId', '=', userId).where('readAt', 'is', null).execute();
}

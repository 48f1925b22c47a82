import { translator } from '#common/i18n/all-languages.ts';
import type { NotificationKind } from '#common/schemas/user.ts';
import { localizePath } from '#common/locale.ts';
import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { notificationMail } from '#server/mail/templates.ts';

export type NotificationParams = Record<string, string | number>;
export type NewNotification = { userId: number; kind: NotificationKind; params: NotificationParams; link: string };
export type NotifyDeps = { db: Db; mailer: Mailer; publicUrl: string; log?: { error: (obj: object, msg: string) => void } };

/**
 * Records a notification for the bell and, when the user wants this kind by e-mail, sends it
 * in their language. A failing mail server never undoes the change that caused the notice.
 */
export async function notify(deps: NotifyDeps, notice: NewNotification): Promise<void> {
  await deps.db
    .insertInto('notification')
    .values({ user_id: notice.userId, kind: notice.kind, params: JSON.stringify(notice.params), link: notice.link, read_at: null, created_at: new Date().toISOString() })
    .execute();
  const user = await deps.db.selectFrom('user').select(['email', 'locale', 'email_notifications']).where('id', '=', notice.userId).executeTakeFirst();
  if (!user || !(JSON.parse(user.email_notifications) as string[]).includes(notice.kind)) return;
  const t = translator(user.locale);
  const link = `${deps.publicUrl}${localizePath(notice.link, user.locale)}`;
  try {
    await deps.mailer.send(
      notificationMail(user.locale, user.email, {
        title: String(t(`notification.${notice.kind}.title`, notice.params as never)),
        body: String(t(`notification.${notice.kind}.body`, notice.params as never)),
        link,
      }),
    );
  } catch (error) {
    deps.log?.error({ err: error, kind: notice.kind }, 'notification e-mail failed');
  }
}

export async function listNotifications(db: Db, { userId }: { userId: number }, limit = 10) {
  return db
    .selectFrom('notification')
    .select(['id', 'kind', 'params', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnread(db: Db, { userId }: { userId: number }): Promise<number> {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's notifications read and gives its link; another user's id is not found. */
export async function openNotification(db: Db, { userId, id }: { userId: number; id: number }): Promise<string | null> {
  const row = await db.selectFrom('notification').select(['link']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  await db.updateTable('notification').set({ read_at: new Date().toISOString() }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute();
  return row.link;
}

export async function markAllRead(db: Db, { userId }: { userId: number }) {
  await db.updateTable('notification').set({ read_at: new Date().toISOString() }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}

import type { Db } from '#server/db/database.ts';
import type { NotificationTable } from '#server/db/schema.ts';

type Owner = { userId: number };

export async function insertNotification(db: Db, row: Omit<NotificationTable, 'id'>) {
  await db.insertInto('notification').values(row).execute();
}

export async function listNotifications(db: Db, { userId }: Owner, limit: number) {
  return db.selectFrom('notification').select(['id', 'kind', 'params', 'link', 'readAt', 'createdAt']).where('userId', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

export async function countUnread(db: Db, { userId }: Owner): Promise<number> {
  const row = await db.selectFrom('notification').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).where('readAt', 'is', null).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findLink(db: Db, { userId, id }: Owner & { id: number }) {
  return (await db.selectFrom('notification').select(['link']).where('id', '=', id).where('userId', '=', userId).executeTakeFirst())?.link;
}

/** Marks one notification read, or all of the user's when no id is given. */
export async function markRead(db: Db, { userId, id }: Owner & { id?: number }, at: string) {
  let update = db.updateTable('notification').set({ readAt: at }).where('userId', '=', userId).where('readAt', 'is', null);
  if (id !== undefined) update = update.where('id', '=', id);
  await update.execute();
}

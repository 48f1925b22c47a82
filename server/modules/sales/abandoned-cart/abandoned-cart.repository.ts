import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// Abandoned carts' rows (issue 40 §6, decision 094): the store's switch, and one open row per
// shopper's e-mail and store (a partial unique index on `closed = 0`).

export const findSetting = (db: Db, scope: StoreScope) =>
  db.selectFrom('abandonedCartSetting').select(['enabled']).where('storeId', '=', scope.storeId).executeTakeFirst();

export async function upsertSetting(db: Db, scope: StoreScope, enabled: boolean, now: string): Promise<void> {
  const values = { enabled: enabled ? 1 : 0, updatedAt: now };
  await db.insertInto('abandonedCartSetting').values({ ...values, storeId: scope.storeId, createdAt: now })
    .onConflict((conflict) => conflict.column('storeId').doUpdateSet(values)).execute();
}

type Capture = { email: string; locale: string; lines: string; now: string };

/**
 * The shopper's open cart in this store, made or brought up to date. A cart already reminded keeps
 * its reminder (one a cart, decision 094): its lines follow, its clock for the reminder does not matter.
 */
export async function upsertOpenCart(db: Db, scope: StoreScope, { email, locale, lines, now }: Capture): Promise<void> {
  await db.insertInto('abandonedCart')
    .values({ storeId: scope.storeId, email, locale, lines, tokenHash: null, createdAt: now, updatedAt: now, remindedAt: null, recoveredAt: null, orderId: null, closed: 0 })
    // The partial index's predicate, written out: PostgreSQL and SQLite both need it to pick that index.
    .onConflict((conflict) => conflict.columns(['storeId', 'email']).where(sql<boolean>`closed = 0`).doUpdateSet({ locale, lines, updatedAt: now }))
    .execute();
}

/** The shopper took their consent back: the open cart goes (a closed one is only counted). */
export async function deleteOpenCart(db: Db, scope: StoreScope, email: string): Promise<void> {
  await db.deleteFrom('abandonedCart').where('storeId', '=', scope.storeId).where('email', '=', email).where('closed', '=', 0).execute();
}

/**
 * An order with this e-mail closes its open cart; after the reminder it counts as recovered. Read
 * first: on the placing's path, most orders have no cart kept and cost one indexed read.
 */
export async function closeOpenCart(db: Db, scope: StoreScope, { email, orderId, now }: { email: string; orderId: number; now: string }): Promise<boolean> {
  const open = await db.selectFrom('abandonedCart').select(['id', 'remindedAt']).where('storeId', '=', scope.storeId).where('email', '=', email).where('closed', '=', 0).executeTakeFirst();
  if (!open) return false;
  const result = await db.updateTable('abandonedCart')
    .set({ closed: 1, orderId, updatedAt: now, ...(open.remindedAt ? { recoveredAt: now } : {}) })
    .where('storeId', '=', scope.storeId).where('id', '=', open.id).where('closed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The reminded, open cart whose link holds this token (by its hash), sent at or after `since`. */
export const findCartByToken = (db: Db, scope: StoreScope, tokenHash: string, since: string) =>
  db.selectFrom('abandonedCart').select(['id', 'lines'])
    .where('storeId', '=', scope.storeId).where('tokenHash', '=', tokenHash).where('closed', '=', 0).where('remindedAt', '>=', since)
    .executeTakeFirst();

/**
 * Open, never reminded carts left since `leftBefore` but not before `leftAfter`, of every store
 * (the hourly chore's scan; raw SQL, as reads across stores are). Each is then taken by
 * `markReminded`, which only one worker wins.
 */
export const dueCarts = async (db: Db, { leftBefore, leftAfter, limit }: { leftBefore: string; leftAfter: string; limit: number }) =>
  (await sql<{ id: number; storeId: number }>`
    select c.id, c.store_id from abandoned_cart c
    join abandoned_cart_setting s on s.store_id = c.store_id and s.enabled = 1
    where c.closed = 0 and c.reminded_at is null and c.updated_at <= ${leftBefore} and c.updated_at > ${leftAfter}
    order by c.updated_at, c.id limit ${limit}`.execute(db)).rows;

/**
 * Takes the reminder of one cart: sets its time and token if it is still open, unreminded and left
 * since `leftBefore`. Conditional, so that of several workers scanning at once one alone sends it.
 */
export async function markReminded(db: Db, scope: StoreScope, id: number, { tokenHash, now, leftBefore }: { tokenHash: string; now: string; leftBefore: string }) {
  return db.updateTable('abandonedCart').set({ remindedAt: now, tokenHash, updatedAt: now })
    .where('storeId', '=', scope.storeId).where('id', '=', id).where('closed', '=', 0).where('remindedAt', 'is', null).where('updatedAt', '<=', leftBefore)
    .returning(['email', 'locale', 'lines'])
    .executeTakeFirst();
}

/** How many carts of the store were reminded since `since`, and how many of those were recovered. */
export async function reminderCounts(db: Db, scope: StoreScope, since: string): Promise<{ reminded: number; recovered: number }> {
  const row = await db.selectFrom('abandonedCart')
    .select((eb) => [eb.fn.countAll<number | string>().as('reminded'), eb.fn.count<number | string>('recoveredAt').as('recovered')])
    .where('storeId', '=', scope.storeId).where('remindedAt', '>=', since)
    .executeTakeFirstOrThrow();
  return { reminded: Number(row.reminded), recovered: Number(row.recovered) };
}

/** Forgets carts untouched since `before`, of every store (personal data kept no longer than it serves). */
export async function deleteStaleCarts(db: Db, before: string): Promise<number> {
  const result = await sql`delete from abandoned_cart where updated_at < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

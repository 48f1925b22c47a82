import { type Insertable, PostgresAdapter, type Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { PlanTable } from '#server/db/schema.ts';

export const PLAN_COLUMNS = ['id', 'name', 'nameEn', 'priceCents', 'maxProducts', 'maxBanners', 'maxPages', 'features', 'featuresEn', 'isDefault', 'createdAt', 'updatedAt'] as const;

export function listPlans(db: Db) {
  return db.selectFrom('plan').select(PLAN_COLUMNS).orderBy('priceCents').orderBy('id').execute();
}

export function findPlan(db: Db, id: number) {
  return db.selectFrom('plan').select(PLAN_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findDefaultPlan(db: Db) {
  return db.selectFrom('plan').select(PLAN_COLUMNS).where('isDefault', '=', 1).orderBy('id').executeTakeFirst();
}

export async function insertPlan(db: Db, plan: Insertable<PlanTable>): Promise<number> {
  const row = await db.insertInto('plan').values(plan).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePlan(db: Db, id: number, changes: Updateable<PlanTable>): Promise<boolean> {
  const result = await db.updateTable('plan').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

// ── Back office (issue 10 §8): counts, delete and the one default ──

/** How many stores each plan has, by plan id (plans without stores are absent). */
export async function countStoresByPlan(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('store')
    .select(['planId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('planId', 'is not', null)
    .groupBy('planId')
    .execute();
  return new Map(rows.map((row) => [Number(row.planId), Number(row.count)]));
}

export async function countStoresOnPlan(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('store').select((eb) => eb.fn.countAll<number>().as('count')).where('planId', '=', id).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findPlanByName(db: Db, name: string) {
  return db.selectFrom('plan').select(['id']).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase())).executeTakeFirst();
}

/**
 * Locks every plan row, in id order, for the rest of the transaction on PostgreSQL (SQLite serialises
 * writers): two admins moving the default mark at once would otherwise each hold their own row and
 * wait for the other's — a deadlock — since marking touches every row.
 */
export async function lockPlans(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await db.selectFrom('plan').select('id').orderBy('id').forUpdate().execute();
}

/** Marks one plan the default and every other one not, in one statement: never none, never two. */
export async function markDefaultPlan(db: Db, id: number, now: string) {
  await db
    .updateTable('plan')
    .set((eb) => ({ isDefault: eb.case().when('id', '=', id).then(1).else(0).end(), updatedAt: eb.case().when('id', '=', id).then(now).else(eb.ref('updatedAt')).end() }))
    .execute();
}

/** Deletes a plan no store uses and that is not the default; the answer says whether it did. */
export async function deletePlan(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('plan')
    .where('id', '=', id)
    .where('isDefault', '=', 0)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('store').select('store.id').whereRef('store.planId', '=', 'plan.id'))))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

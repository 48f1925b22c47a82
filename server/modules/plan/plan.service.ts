import type { PlanInput } from '#common/schemas/plan.ts';
import { AppError } from '#server/errors.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import * as plans from './plan.repository.ts';

/** How long a new store's default plan runs before its first renewal. */
export const NEW_STORE_PLAN_DAYS = 30;

export type Plan = Omit<plans.PlanRow, 'features' | 'featuresEn' | 'isDefault'> & { features: string[]; featuresEn: string[]; isDefault: boolean };

/** A JSON list of texts as stored; anything else reads as no features. */
function textList(json: string): string[] {
  let items: unknown;
  try {
    items = JSON.parse(json);
  } catch {
    items = [];
  }
  return Array.isArray(items) ? items.filter((item): item is string => typeof item === 'string') : [];
}

function toPlan(row: plans.PlanRow): Plan {
  return { ...row, features: textList(row.features), featuresEn: textList(row.featuresEn), isDefault: row.isDefault === 1 };
}

export async function listPlans(deps: ServiceDeps): Promise<Plan[]> {
  return (await plans.listPlans(deps.db)).map(toPlan);
}

export async function getPlan(deps: ServiceDeps, id: number): Promise<Plan> {
  const row = Number.isSafeInteger(id) && id > 0 ? await plans.findPlan(deps.db, id) : undefined;
  if (!row) throw new AppError('error.generic', 404);
  return toPlan(row);
}

/** The plan a new store gets; the migration creates one and the back office always keeps one marked. */
export async function defaultPlan(deps: ServiceDeps): Promise<Plan> {
  const row = await plans.findDefaultPlan(deps.db);
  if (!row) throw new AppError('error.generic', 500);
  return toPlan(row);
}

// ── Back office (issue 10 §8): /admin/plan and /api/v1/admin/plans. Admin only: the routes check
// the role (the admin-only layout, requireAdmin), these functions keep the plans' rules. ──

export type PlanWithUsage = Plan & { stores: number };

/** Every plan with how many stores are on it, cheapest first. */
export async function listPlansWithUsage(deps: ServiceDeps): Promise<PlanWithUsage[]> {
  const [rows, counts] = await Promise.all([plans.listPlans(deps.db), plans.countStoresByPlan(deps.db)]);
  return rows.map((row) => ({ ...toPlan(row), stores: counts.get(row.id) ?? 0 }));
}

function planColumns(input: PlanInput) {
  return {
    name: input.name,
    nameEn: input.nameEn,
    priceCents: input.price,
    maxProducts: input.maxProducts,
    maxBanners: input.maxBanners,
    maxPages: input.maxPages,
    features: JSON.stringify(input.features),
    featuresEn: JSON.stringify(input.featuresEn),
  };
}

async function refuseTakenName(db: ServiceDeps['db'], name: string, id?: number) {
  const other = await plans.findPlanByName(db, name);
  if (other && other.id !== id) throw new AppError('plan.nameTaken', 409, { field: 'name' });
}

/** A new plan; marked default, it takes the mark from the one that had it (same transaction). */
export async function createPlan(deps: ServiceDeps, input: PlanInput): Promise<number> {
  const now = deps.clock.now().toISOString();
  await refuseTakenName(deps.db, input.name);
  try {
    return await inTransaction(deps, async (tx) => {
      if (input.isDefault) await plans.lockPlans(tx.db);
      const id = await plans.insertPlan(tx.db, { ...planColumns(input), isDefault: 0, createdAt: now, updatedAt: now });
      if (input.isDefault) await plans.markDefaultPlan(tx.db, id, now);
      return id;
    });
  } catch (error) {
    // Two admins naming two plans alike at once: the unique index decides.
    await refuseTakenName(deps.db, input.name);
    throw error;
  }
}

/**
 * Changes a plan. The default stays one plan at all times: marking this one unmarks the other;
 * unmarking the default is refused — the admin marks another plan instead.
 */
export async function updatePlan(deps: ServiceDeps, id: number, input: PlanInput): Promise<void> {
  const current = await getPlan(deps, id);
  if (current.isDefault && !input.isDefault) throw new AppError('plan.defaultRequired', 409, { field: 'isDefault' });
  await refuseTakenName(deps.db, input.name, id);
  const now = deps.clock.now().toISOString();
  try {
    await inTransaction(deps, async (tx) => {
      if (input.isDefault) await plans.lockPlans(tx.db);
      if (!(await plans.updatePlan(tx.db, id, { ...planColumns(input), updatedAt: now }))) throw new AppError('error.generic', 404);
      if (input.isDefault && !current.isDefault) await plans.markDefaultPlan(tx.db, id, now);
    });
  } catch (error) {
    if (!(error instanceof AppError)) await refuseTakenName(deps.db, input.name, id);
    throw error;
  }
}

/** Deletes a plan no store uses; the default plan and a plan in use are refused with the reason. */
export async function deletePlan(deps: ServiceDeps, id: number): Promise<void> {
  const plan = await getPlan(deps, id);
  if (plan.isDefault) throw new AppError('plan.defaultNotDeletable', 409);
  if ((await plans.countStoresOnPlan(deps.db, id)) > 0) throw new AppError('plan.inUse', 409);
  // The statement checks both again (a store moved onto it meanwhile); the foreign key is the last word.
  let deleted = false;
  try {
    deleted = await plans.deletePlan(deps.db, id);
  } catch (error) {
    if ((await plans.countStoresOnPlan(deps.db, id)) === 0) throw error;
  }
  if (!deleted) throw new AppError('plan.inUse', 409);
}

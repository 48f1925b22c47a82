import { estimate } from '#common/consolidation-estimate.ts';
import type { ConsolidationInput, ConsolidationListQuery, ConsolidationStatusInput } from '#common/schemas/consolidation.ts';
import type { ConsolidationStatus, PackageStatus } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/errors.ts';
import { notify } from '#server/modules/notification/notification.service.ts';
import { listOwnPackages } from '#server/modules/package/package.service.ts';
import { getSetting } from '#server/modules/setting/setting.service.ts';
import { getProfile } from '#server/modules/user/user.service.ts';
import * as consolidations from './consolidation.repository.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

type Owner = { userId: number };

/**
 * The way a consolidation moves (PRODUCT §6). The client may cancel only while `requested`; staff
 * may also cancel while `processing`, before anything has left the warehouse.
 */
const NEXT: Record<ConsolidationStatus, ConsolidationStatus[]> = {
  requested: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['in_customs'],
  in_customs: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** What the packages of a consolidation become with it; `cancelled` frees them instead. */
const PACKAGE_STATUS: Record<Exclude<ConsolidationStatus, 'cancelled'>, PackageStatus> = {
  requested: 'consolidating',
  processing: 'consolidating',
  shipped: 'shipped',
  in_customs: 'in_customs',
  delivered: 'delivered',
};

export const nextStatuses = (status: ConsolidationStatus): ConsolidationStatus[] => NEXT[status];

const linkTo = (id: number) => `/consolidate/show?id=${id}`;

export const listConsolidations = (deps: ServiceDeps, owner: Owner, query: ConsolidationListQuery) => consolidations.listConsolidations(deps.db, owner, query);

export const listAllConsolidations = (deps: ServiceDeps, query: ConsolidationListQuery) => consolidations.listAllConsolidations(deps.db, query);

/** What the new-consolidation screen needs: the packages to choose from, the profile's address, the rate. */
export async function consolidationDraft(deps: ServiceDeps, { userId }: Owner) {
  const [packages, profile, ratePerLbCents] = await Promise.all([
    listOwnPackages(deps, { userId }, 'in_warehouse'),
    getProfile(deps, { userId }),
    getSetting(deps, 'rate_per_lb_cents'),
  ]);
  const deliveryAddress = [profile.address, profile.city, profile.state, profile.country].map((part) => part.trim()).filter(Boolean).join(', ');
  return { packages, deliveryAddress, ratePerLbCents };
}

/** One of the client's consolidations with its packages and events; another client's is not found. */
export async function getConsolidation(deps: ServiceDeps, { userId, id }: Owner & { id: number }) {
  const { db } = deps;
  const consolidation = await consolidations.findConsolidation(db, { userId, id });
  if (!consolidation) throw notFound();
  const [packages, events] = await Promise.all([
    consolidations.consolidationPackages(db, { userId, consolidationId: id }),
    consolidations.consolidationEvents(db, { consolidationId: id }),
  ]);
  return { consolidation, packages, events };
}

/** Back office: any consolidation, its client, and the states it may move to. */
export async function getConsolidationForStaff(deps: ServiceDeps, { id }: { id: number }) {
  const { db } = deps;
  const consolidation = await consolidations.findConsolidationForStaff(db, { id });
  if (!consolidation) throw notFound();
  const [packages, events] = await Promise.all([
    consolidations.consolidationPackages(db, { userId: consolidation.userId, consolidationId: id }),
    consolidations.consolidationEvents(db, { consolidationId: id }),
  ]);
  return { consolidation, packages, events, next: nextStatuses(consolidation.status) };
}

/**
 * The client asks to ship two or more of their warehouse packages together. Weight, value and cost
 * are computed here from the packages as stored and the current rate, never taken from the form.
 * An id that is not the client's is not found (404), so it tells nothing about other clients.
 */
export async function createConsolidation(deps: ServiceDeps, { userId }: Owner, input: ConsolidationInput) {
  const { db } = deps;
  const chosen = await consolidations.ownPackagesByIds(db, { userId }, input.packageIds);
  if (chosen.length !== input.packageIds.length) throw notFound();
  if (chosen.some((pkg) => pkg.status !== 'in_warehouse' || pkg.consolidationId !== null)) {
    throw new AppError('consolidation.packageUnavailable', 409, { field: 'packageIds' });
  }
  const rate = await getSetting(deps, 'rate_per_lb_cents');
  const figures = estimate(
    chosen.map((pkg) => ({ weightLb: pkg.weightLb, lengthCm: pkg.lengthCm, widthCm: pkg.widthCm, heightCm: pkg.heightCm, declaredValueCents: pkg.declaredValueCents })),
    rate,
  );
  const now = deps.clock.now().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const id = await consolidations.insertConsolidation(trx, {
      userId: userId,
      deliveryAddress: input.deliveryAddress,
      notes: input.notes,
      status: 'requested',
      totalWeightLb: figures.actualLb,
      billableWeightLb: figures.billableLb,
      declaredValueCents: figures.declaredValueCents,
      costCents: figures.costCents,
      createdAt: now,
      updatedAt: now,
    });
    // Another request took one of them meanwhile: undo everything rather than ship fewer packages.
    if ((await consolidations.attachPackages(trx, { userId, consolidationId: id }, input.packageIds, now)) !== input.packageIds.length) {
      throw new AppError('consolidation.packageUnavailable', 409, { field: 'packageIds' });
    }
    await consolidations.insertEvent(trx, { consolidationId: id, status: 'requested', note: '', at: now });
    return id;
  });
  await notify(deps, { userId, kind: 'consolidation_update', params: { number: id, status: 'requested' }, link: linkTo(id) });
  return id;
}

/** One change of state: the consolidation, its packages and an event together, then the client's notice. */
async function moveTo(deps: ServiceDeps, current: { id: number; userId: number; status: ConsolidationStatus }, to: ConsolidationStatus, note: string) {
  if (!NEXT[current.status].includes(to)) throw new AppError('consolidation.invalidTransition', 409);
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await consolidations.updateStatus(trx, { id: current.id, from: current.status }, to, now))) {
      throw new AppError('consolidation.invalidTransition', 409);
    }
    if (to === 'cancelled') await consolidations.releasePackages(trx, { consolidationId: current.id }, now);
    else await consolidations.setPackagesStatus(trx, { consolidationId: current.id }, PACKAGE_STATUS[to], now);
    await consolidations.insertEvent(trx, { consolidationId: current.id, status: to, note, at: now });
  });
  await notify(deps, { userId: current.userId, kind: 'consolidation_update', params: { number: current.id, status: to }, link: linkTo(current.id) });
}

/** The client cancels their own consolidation while it is still `requested`. */
export async function cancelConsolidation(deps: ServiceDeps, { userId, id }: Owner & { id: number }) {
  const current = await consolidations.findConsolidation(deps.db, { userId, id });
  if (!current) throw notFound();
  if (current.status !== 'requested') throw new AppError('consolidation.notCancellable', 409);
  await moveTo(deps, current, 'cancelled', '');
}

/** Back office: moves a consolidation to its next state (or cancels it) with an optional note. */
export async function changeConsolidationStatus(deps: ServiceDeps, { id }: { id: number }, input: ConsolidationStatusInput) {
  const current = await consolidations.findConsolidationForStaff(deps.db, { id });
  if (!current) throw notFound();
  await moveTo(deps, current, input.status, input.note);
}

/** On its way: requested and not yet delivered or cancelled (the desk's count). */
export const countInProgress = (deps: ServiceDeps, owner: Owner) => consolidations.countConsolidations(deps.db, owner, ['requested', 'processing', 'shipped', 'in_customs']);

/** Shipments asked for (any not cancelled) and those that have left the warehouse (the desk's first steps). */
export async function countShipments(deps: ServiceDeps, owner: Owner) {
  const [requested, shipped] = await Promise.all([
    consolidations.countConsolidations(deps.db, owner, ['requested', 'processing', 'shipped', 'in_customs', 'delivered']),
    consolidations.countConsolidations(deps.db, owner, ['shipped', 'in_customs', 'delivered']),
  ]);
  return { requested, shipped };
}

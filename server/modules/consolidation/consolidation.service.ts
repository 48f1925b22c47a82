import { estimate } from '#common/consolidation-estimate.ts';
import { CHOICE_PAGE_SIZE, type ConsolidationChoiceQuery, type ConsolidationInput, type ConsolidationListQuery, type ConsolidationStatusInput } from '#common/schemas/consolidation.ts';
import type { ConsolidationStatus, PackageStatus } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { warehouseChoice } from '#server/modules/package/package.service.ts';
import { getSetting } from '#server/modules/setting/setting.service.ts';
import { getProfile } from '#server/modules/user/user.service.ts';
import * as consolidations from './consolidation.repository.ts';
import type { FinalFigures } from './consolidation.repository.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';

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
const staffLinkTo = (id: number) => `/admin/consolidate/show?id=${id}`;

export const listConsolidations = (deps: ServiceDeps, owner: Owner, query: ConsolidationListQuery) => consolidations.listConsolidations(deps.db, owner, query);

export const listAllConsolidations = (deps: ServiceDeps, query: ConsolidationListQuery) => consolidations.listAllConsolidations(deps.db, query);

/**
 * What the new-consolidation screen needs: one page of the warehouse packages to choose from (never
 * all of them: a client with 300 waiting got a slow page), those chosen on other pages, the
 * profile's address and the rate.
 */
export async function consolidationDraft(deps: ServiceDeps, { userId }: Owner, query: ConsolidationChoiceQuery = { q: '', page: 1, chosen: [] }) {
  const [choice, profile, ratePerLbCents] = await Promise.all([
    warehouseChoice(deps, { userId }, query, CHOICE_PAGE_SIZE),
    getProfile(deps, { userId }),
    getSetting(deps, 'rate_per_lb_cents'),
  ]);
  const deliveryAddress = [profile.address, profile.city, profile.state, profile.country].map((part) => part.trim()).filter(Boolean).join(', ');
  const { page, chosen } = choice;
  return { packages: page.rows, total: page.total, page: page.page, pages: page.pages, chosen, deliveryAddress, ratePerLbCents };
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
 * The client asks to ship one or more of their warehouse packages (a single one ships on its own). Weight, value and cost
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
  return inTransaction(deps, async (tx) => {
    const trx = tx.db;
    const id = await consolidations.insertConsolidation(trx, {
      userId: userId,
      deliveryAddress: input.deliveryAddress,
      notes: input.notes,
      status: 'requested',
      totalWeightLb: figures.actualLb,
      billableWeightLb: figures.billableLb,
      declaredValueCents: figures.declaredValueCents,
      costCents: figures.costCents,
      finalWeightLb: null,
      finalCostCents: null,
      outboundTracking: null,
      createdAt: now,
      updatedAt: now,
    });
    // Another request took one of them meanwhile: undo everything rather than ship fewer packages.
    if ((await consolidations.attachPackages(trx, { userId, consolidationId: id }, input.packageIds, now)) !== input.packageIds.length) {
      throw new AppError('consolidation.packageUnavailable', 409, { field: 'packageIds' });
    }
    await consolidations.insertEvent(trx, { consolidationId: id, status: 'requested', note: '', at: now });
    // The client's and the staff's bells (notification-subscribers.ts), in this commit.
    const { lockerCode } = await getProfile(tx, { userId });
    await emit(tx, {
      type: 'consolidation.requested',
      userId,
      resource: { kind: 'consolidation', id, label: `#${id}` },
      data: {
        notice: { params: { number: id, status: 'requested' }, link: linkTo(id) },
        staffNotice: { params: { number: id, locker: lockerCode ?? '' }, link: staffLinkTo(id) },
      },
    });
    return id;
  });
}

type Current = { id: number; userId: number; status: ConsolidationStatus } & Required<FinalFigures>;

/**
 * The figures a move writes: those given, and to ship all three must be known (given now or stored
 * before), since the client is told the cost is confirmed at weighing.
 */
function finalFigures(current: Current, to: ConsolidationStatus, input: Partial<ConsolidationStatusInput>): FinalFigures {
  if (to === 'cancelled') return {};
  const given: FinalFigures = {
    ...(input.finalWeightLb !== undefined ? { finalWeightLb: input.finalWeightLb } : {}),
    ...(input.finalCost !== undefined ? { finalCostCents: input.finalCost } : {}),
    ...(input.outboundTracking !== undefined ? { outboundTracking: input.outboundTracking } : {}),
  };
  if (to === 'shipped') {
    const after = { ...current, ...given };
    const missing = ([['finalWeightLb', after.finalWeightLb], ['finalCost', after.finalCostCents], ['outboundTracking', after.outboundTracking]] as const).find(([, value]) => value === null);
    if (missing) throw new AppError('consolidation.finalRequired', 400, { field: missing[0] });
  }
  return given;
}

/** The client's notice: once the box is weighed and on its way, it says the final weight, cost and tracking. */
function statusParams(id: number, to: ConsolidationStatus, figures: Required<FinalFigures>) {
  const base = { number: id, status: to };
  if (to === 'cancelled' || figures.finalWeightLb === null || figures.finalCostCents === null || figures.outboundTracking === null) return base;
  return { ...base, context: 'final', weightLb: figures.finalWeightLb, costCents: figures.finalCostCents, tracking: figures.outboundTracking };
}

/** One change of state: the consolidation, its packages and an event together, then the client's notice. */
async function moveTo(deps: ServiceDeps, current: Current, to: ConsolidationStatus, note: string, input: Partial<ConsolidationStatusInput> = {}) {
  if (!NEXT[current.status].includes(to)) throw new AppError('consolidation.invalidTransition', 409);
  const figures = finalFigures(current, to, input);
  const now = deps.clock.now().toISOString();
  await inTransaction(deps, async (tx) => {
    const trx = tx.db;
    if (!(await consolidations.updateStatus(trx, { id: current.id, from: current.status }, to, now, figures))) {
      throw new AppError('consolidation.invalidTransition', 409);
    }
    if (to === 'cancelled') await consolidations.releasePackages(trx, { consolidationId: current.id }, now);
    else await consolidations.setPackagesStatus(trx, { consolidationId: current.id }, PACKAGE_STATUS[to], now);
    await consolidations.insertEvent(trx, { consolidationId: current.id, status: to, note, at: now });
    const after = { finalWeightLb: current.finalWeightLb, finalCostCents: current.finalCostCents, outboundTracking: current.outboundTracking, ...figures };
    await emit(tx, {
      type: 'consolidation.updated',
      userId: current.userId,
      resource: { kind: 'consolidation', id: current.id, label: `#${current.id}` },
      data: { notice: { params: statusParams(current.id, to, after), link: linkTo(current.id) } },
    });
  });
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
  await moveTo(deps, current, input.status, input.note, input);
}

/** On its way: requested and not yet delivered or cancelled (the desk's count). */
export const countInProgress = (deps: ServiceDeps, owner: Owner) => consolidations.countConsolidations(deps.db, owner, ['requested', 'processing', 'shipped', 'in_customs']);

/** Back office: every client's consolidations waiting for the warehouse to start on them. */
export const countAllRequested = (deps: ServiceDeps) => consolidations.countConsolidations(deps.db, 'all', ['requested']);

/** Shipments asked for (any not cancelled) and those that have left the warehouse (the desk's first steps). */
export async function countShipments(deps: ServiceDeps, owner: Owner) {
  const [requested, shipped] = await Promise.all([
    consolidations.countConsolidations(deps.db, owner, ['requested', 'processing', 'shipped', 'in_customs', 'delivered']),
    consolidations.countConsolidations(deps.db, owner, ['shipped', 'in_customs', 'delivered']),
  ]);
  return { requested, shipped };
}

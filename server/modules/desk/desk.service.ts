import { AppError } from '#server/errors.ts';
import { countAllAlerts, countAllPendingAlerts, countPendingAlerts, listAlerts } from '#server/modules/alert/alert.service.ts';
import { countAllRequested, countInProgress, countShipments, listConsolidations } from '#server/modules/consolidation/consolidation.service.ts';
import { countAllPackages, countInWarehouse, listOwnPackages } from '#server/modules/package/package.service.ts';
import { getSetting } from '#server/modules/setting/setting.service.ts';
import { storeCard } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { catalogSetup, lowStock } from '#server/modules/product/catalog-setup.service.ts';
import { certificateWarning } from '#server/modules/sales/sri-certificate/sri-certificate.service.ts';
import type { StoreSetup } from '#common/store-setup.ts';
import { lastDays } from '#common/sales-days.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as deskQueries from './desk.repository.ts';
import { countAllWaitingTickets, countOpenTickets, listTickets } from '#server/modules/ticket/ticket.service.ts';
import { getProfile } from '#server/modules/user/user.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

/**
 * A new client's guide (issue 9 §16): address → alert a purchase → we receive it → ship it, each
 * done once it has happened. `null` once something has shipped: the guide has done its work.
 */
async function firstStepsOf(deps: ServiceDeps, owner: { userId: number }) {
  const [alerts, packages, shipments] = await Promise.all([countAllAlerts(deps, owner), countAllPackages(deps, owner), countShipments(deps, owner)]);
  if (shipments.shipped > 0) return null;
  // The address is "used" once a purchase was alerted or a package arrived with it.
  return { address: alerts > 0 || packages > 0, alert: alerts > 0, received: packages > 0, ship: shipments.requested > 0 };
}

/**
 * The store's orders and sales of the last 30 days, day by day on Ecuador's calendar (issue 23 §7),
 * today's apart and the month's sums. Cancelled orders are left out of both: they sold nothing.
 * Beside them, the money of the same days' orders: paid, still to be paid, refunded (issue 39 §9).
 */
export async function salesFigures(deps: ServiceDeps, scope: StoreScope) {
  const { days, bounds } = lastDays(deps.clock.now());
  const [figures, payments] = await Promise.all([deskQueries.ordersByPeriod(deps.db, scope, bounds), deskQueries.paymentsInPeriod(deps.db, scope, bounds[0]!, bounds.at(-1)!)]);
  const series = days.map((day, index) => ({ day, ...figures[index]! }));
  const total = series.reduce((sum, { orders, salesCents }) => ({ orders: sum.orders + orders, salesCents: sum.salesCents + salesCents }), { orders: 0, salesCents: 0 });
  return { days: series, today: series.at(-1)!, total, payments };
}

/**
 * A store owner's set-up checklist (issue 20 §23) — logo, style, a category, a product with an
 * image, contact data, how to be paid, published — and the products running out and the month's
 * sales beside it. `null` without a store (the store card invites to open one). The checklist is
 * `null` once every step is done.
 */
async function storeSetupOf(deps: ServiceDeps, owner: { userId: number }, store: Awaited<ReturnType<typeof storeCard>>) {
  if (!store) return null;
  const scope = await ownStoreScope(deps, owner);
  if (!scope) return null;
  const [catalog, low, payment, sales, certificate] = await Promise.all([catalogSetup(deps, scope), lowStock(deps, scope), deskQueries.hasSalesSettings(deps.db, scope), salesFigures(deps, scope), certificateWarning(deps, scope)]);
  const steps: StoreSetup = {
    logo: store.setup.logo,
    style: store.setup.style,
    category: catalog.category,
    product: catalog.product,
    contact: store.setup.contact,
    payment,
    published: store.setup.published,
  };
  // `certificate`: the signing certificate expires within 30 days, or has (issue 37 §5); else null.
  return { steps: Object.values(steps).every(Boolean) ? null : steps, lowStock: low, sales, certificate };
}

/**
 * What the desk shows besides the notifications (the layout around it has loaded those for the
 * bell: the desk shows the same), each count asked of the module that owns it, scoped to the user.
 */
export async function deskSummary(deps: ServiceDeps, owner: { userId: number }) {
  const [user, warehouse, pendingAlerts, inWarehouse, consolidations, openTickets, firstSteps, store] = await Promise.all([
    getProfile(deps, owner),
    getSetting(deps, 'warehouse_address'),
    countPendingAlerts(deps, owner),
    countInWarehouse(deps, owner),
    countInProgress(deps, owner),
    countOpenTickets(deps, owner),
    firstStepsOf(deps, owner),
    // the store card: one query (issue 10 §9)
    storeCard(deps, owner),
  ]);
  const storeSetup = await storeSetupOf(deps, owner, store);
  return {
    lockerCode: user.lockerCode ?? '',
    fullName: `${user.name} ${user.lastname}`.trim(),
    warehouse,
    counts: { pendingAlerts, inWarehouse, consolidations, openTickets },
    firstSteps,
    store,
    storeSetup,
  };
}

/**
 * The back office's queues (its menu's badges and its hub): what waits for staff, one count query
 * each, asked of the module that owns it. Only ever called for staff and admins.
 */
export async function backOfficeQueues(deps: ServiceDeps) {
  const [requestedConsolidations, waitingTickets, pendingAlerts] = await Promise.all([countAllRequested(deps), countAllWaitingTickets(deps), countAllPendingAlerts(deps)]);
  return { requestedConsolidations, waitingTickets, pendingAlerts };
}

/** The newest records of a client on their back-office screen: the first page of each list. */
const newest = <S extends string>(sort: S) => ({ q: '', page: 1, sort, dir: 'desc' as const, filters: {} });

/**
 * Back office: one client with everything of theirs staff work with. Only clients: staff and
 * admins are not in the clients list either, so their id is not found here.
 */
export async function clientOverview(deps: ServiceDeps, { id }: { id: number }) {
  const owner = { userId: id };
  const profile = await getProfile(deps, owner);
  if (profile.role !== 'client') throw new AppError('error.generic', 404);
  const [alerts, packages, consolidations, tickets] = await Promise.all([
    listAlerts(deps, owner, newest('created')),
    listOwnPackages(deps, owner),
    listConsolidations(deps, owner, newest('created')),
    listTickets(deps, owner, newest('created')),
  ]);
  const { emailNotifications: _kinds, ...client } = profile;
  // The newest 20 of each, like the other lists' first page; "see all" opens the searchable list.
  return { client, alerts, packages: { rows: packages.slice(0, 20), total: packages.length }, consolidations, tickets };
}

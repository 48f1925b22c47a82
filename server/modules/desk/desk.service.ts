import { countAllAlerts, countPendingAlerts } from '#server/modules/alert/alert.service.ts';
import { countInProgress, countShipments } from '#server/modules/consolidation/consolidation.service.ts';
import { countAllPackages, countInWarehouse } from '#server/modules/package/package.service.ts';
import { getSetting } from '#server/modules/setting/setting.service.ts';
import { countOpenTickets } from '#server/modules/ticket/ticket.service.ts';
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
 * What the desk shows besides the notifications (the layout around it has loaded those for the
 * bell: the desk shows the same), each count asked of the module that owns it, scoped to the user.
 */
export async function deskSummary(deps: ServiceDeps, owner: { userId: number }) {
  const [user, warehouse, pendingAlerts, inWarehouse, consolidations, openTickets, firstSteps] = await Promise.all([
    getProfile(deps, owner),
    getSetting(deps, 'warehouse_address'),
    countPendingAlerts(deps, owner),
    countInWarehouse(deps, owner),
    countInProgress(deps, owner),
    countOpenTickets(deps, owner),
    firstStepsOf(deps, owner),
  ]);
  return {
    lockerCode: user.lockerCode ?? '',
    fullName: `${user.name} ${user.lastname}`.trim(),
    warehouse,
    counts: { pendingAlerts, inWarehouse, consolidations, openTickets },
    firstSteps,
  };
}

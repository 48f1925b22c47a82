import { countPendingAlerts } from '#server/modules/alert/alert.service.ts';
import { countInProgress } from '#server/modules/consolidation/consolidation.service.ts';
import { countInWarehouse } from '#server/modules/package/package.service.ts';
import { getSetting } from '#server/modules/setting/setting.service.ts';
import { countOpenTickets } from '#server/modules/ticket/ticket.service.ts';
import { getProfile } from '#server/modules/user/user.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

/**
 * What the desk shows besides the notifications (the layout around it has loaded those for the
 * bell: the desk shows the same), each count asked of the module that owns it, scoped to the user.
 */
export async function deskSummary(deps: ServiceDeps, owner: { userId: number }) {
  const [user, warehouse, pendingAlerts, inWarehouse, consolidations, openTickets] = await Promise.all([
    getProfile(deps, owner),
    getSetting(deps, 'warehouse_address'),
    countPendingAlerts(deps, owner),
    countInWarehouse(deps, owner),
    countInProgress(deps, owner),
    countOpenTickets(deps, owner),
  ]);
  return {
    lockerCode: user.lockerCode ?? '',
    fullName: `${user.name} ${user.lastname}`.trim(),
    warehouse,
    counts: { pendingAlerts, inWarehouse, consolidations, openTickets },
  };
}

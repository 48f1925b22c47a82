import { getSetting } from '#server/modules/setting/setting.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

const IN_PROGRESS = ['requested', 'processing', 'shipped', 'in_customs'] as const;

async function count(query: { executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }> }) {
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/**
 * What the desk shows besides the notifications (the layout around it has loaded those for the
 * bell: the desk shows the same), each count scoped to the user.
 */
export async function deskSummary(deps: ServiceDeps, { userId }: { userId: number }) {
  const { db } = deps;
  const [user, warehouse, pendingAlerts, inWarehouse, consolidations, openTickets] = await Promise.all([
    db.selectFrom('user').select(['name', 'lastname', 'lockerCode']).where('id', '=', userId).executeTakeFirstOrThrow(),
    getSetting(deps, 'warehouse_address'),
    count(db.selectFrom('alert').select((eb) => eb.fn.countAll().as('count')).where('userId', '=', userId).where('status', '=', 'pending')),
    count(db.selectFrom('package').select((eb) => eb.fn.countAll().as('count')).where('userId', '=', userId).where('status', '=', 'in_warehouse')),
    count(db.selectFrom('consolidation').select((eb) => eb.fn.countAll().as('count')).where('userId', '=', userId).where('status', 'in', IN_PROGRESS)),
    count(db.selectFrom('ticket').select((eb) => eb.fn.countAll().as('count')).where('userId', '=', userId).where('status', '!=', 'closed')),
  ]);
  return {
    lockerCode: user.lockerCode ?? '',
    fullName: `${user.name} ${user.lastname}`.trim(),
    warehouse,
    counts: { pendingAlerts, inWarehouse, consolidations, openTickets },
  };
}

import type { ExpressionBuilder } from 'kysely';
import type { ConsolidationListQuery } from '#common/schemas/consolidation.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { ConsolidationStatus, ConsolidationTable, Database, PackageStatus } from '#server/db/schema.ts';

type Owner = { userId: number };

export const CONSOLIDATION_COLUMNS = [
  'consolidation.id', 'consolidation.user_id', 'consolidation.delivery_address', 'consolidation.notes', 'consolidation.status',
  'consolidation.total_weight_lb', 'consolidation.billable_weight_lb', 'consolidation.declared_value_cents', 'consolidation.cost_cents',
  'consolidation.created_at', 'consolidation.updated_at',
] as const;

const PACKAGE_COLUMNS = [
  'package.id', 'package.tracking_number', 'package.carrier', 'package.store', 'package.description', 'package.weight_lb',
  'package.length_cm', 'package.width_cm', 'package.height_cm', 'package.declared_value_cents', 'package.status', 'package.received_at',
] as const;

const SORT = { created: 'consolidation.id', weight: 'consolidation.billable_weight_lb', cost: 'consolidation.cost_cents' } as const;

const packageCount = (eb: ExpressionBuilder<Database, 'consolidation'>) =>
  eb.selectFrom('package').select((sub) => sub.fn.countAll<number>().as('n')).whereRef('package.consolidation_id', '=', 'consolidation.id').as('package_count');

/** "#12" or "12" searches the number too. */
const numberIn = (q: string) => (/^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null);

export async function listConsolidations(db: Db, { userId }: Owner, query: ConsolidationListQuery) {
  let select = db.selectFrom('consolidation').select([...CONSOLIDATION_COLUMNS, packageCount]).where('consolidation.user_id', '=', userId);
  if (query.q) {
    const number = numberIn(query.q);
    select = select.where((eb) =>
      eb.or([
        matchesText(['consolidation.delivery_address', 'consolidation.notes'], query.q),
        eb.exists(eb.selectFrom('package').select('package.id').whereRef('package.consolidation_id', '=', 'consolidation.id').where(matchesText(['package.tracking_number'], query.q))),
        ...(number ? [eb('consolidation.id', '=', number)] : []),
      ]),
    );
  }
  if (query.filters.status) select = select.where('consolidation.status', '=', query.filters.status as ConsolidationStatus);
  return paginate(select.orderBy(SORT[query.sort], query.dir).orderBy('consolidation.id', 'desc'), query.page);
}

/** Back office: every client's consolidations, searchable by number, locker code and client name. */
export async function listAllConsolidations(db: Db, query: ConsolidationListQuery) {
  let select = db
    .selectFrom('consolidation')
    .innerJoin('user', 'user.id', 'consolidation.user_id')
    .select([...CONSOLIDATION_COLUMNS, packageCount, 'user.locker_code', 'user.name', 'user.lastname']);
  if (query.q) {
    const number = numberIn(query.q);
    select = select.where((eb) =>
      eb.or([matchesText(['user.locker_code', 'user.name', 'user.lastname', 'user.email'], query.q), ...(number ? [eb('consolidation.id', '=', number)] : [])]),
    );
  }
  if (query.filters.status) select = select.where('consolidation.status', '=', query.filters.status as ConsolidationStatus);
  return paginate(select.orderBy(SORT[query.sort], query.dir).orderBy('consolidation.id', 'desc'), query.page);
}

export async function findConsolidation(db: Db, { userId, id }: Owner & { id: number }) {
  return db.selectFrom('consolidation').select(CONSOLIDATION_COLUMNS).where('consolidation.id', '=', id).where('consolidation.user_id', '=', userId).executeTakeFirst();
}

/** Back office only: any client's consolidation, with who it belongs to. */
export async function findConsolidationForStaff(db: Db, { id }: { id: number }) {
  return db
    .selectFrom('consolidation')
    .innerJoin('user', 'user.id', 'consolidation.user_id')
    .select([...CONSOLIDATION_COLUMNS, 'user.locker_code', 'user.name', 'user.lastname', 'user.email'])
    .where('consolidation.id', '=', id)
    .executeTakeFirst();
}

export async function consolidationPackages(db: Db, { userId, consolidationId }: Owner & { consolidationId: number }) {
  return db
    .selectFrom('package')
    .select(PACKAGE_COLUMNS)
    .where('package.consolidation_id', '=', consolidationId)
    .where('package.user_id', '=', userId)
    .orderBy('package.id', 'asc')
    .execute();
}

export async function consolidationEvents(db: Db, { consolidationId }: { consolidationId: number }) {
  return db
    .selectFrom('consolidation_event')
    .select(['consolidation_event.id', 'consolidation_event.status', 'consolidation_event.note', 'consolidation_event.created_at'])
    .where('consolidation_event.consolidation_id', '=', consolidationId)
    .orderBy('consolidation_event.id', 'asc')
    .execute();
}

/** The client's own packages among these ids (any status); another client's never come back. */
export async function ownPackagesByIds(db: Db, { userId }: Owner, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('package')
    .select([...PACKAGE_COLUMNS, 'package.consolidation_id'])
    .where('package.user_id', '=', userId)
    .where('package.id', 'in', ids)
    .execute();
}

export async function insertConsolidation(db: Db, row: Omit<ConsolidationTable, 'id'>) {
  return (await db.insertInto('consolidation').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertEvent(db: Db, event: { consolidationId: number; status: ConsolidationStatus; note: string; at: string }) {
  await db.insertInto('consolidation_event').values({ consolidation_id: event.consolidationId, status: event.status, note: event.note, created_at: event.at }).execute();
}

/** Moves only from the status the caller saw: a concurrent change makes this answer false. */
export async function updateStatus(db: Db, { id, from }: { id: number; from: ConsolidationStatus }, to: ConsolidationStatus, at: string) {
  const result = await db.updateTable('consolidation').set({ status: to, updated_at: at }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts warehouse packages into a consolidation; the count tells whether all of them were still free. */
export async function attachPackages(db: Db, { userId, consolidationId }: Owner & { consolidationId: number }, ids: number[], at: string) {
  const result = await db
    .updateTable('package')
    .set({ consolidation_id: consolidationId, status: 'consolidating', updated_at: at })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('status', '=', 'in_warehouse')
    .where('consolidation_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setPackagesStatus(db: Db, { consolidationId }: { consolidationId: number }, status: PackageStatus, at: string) {
  await db.updateTable('package').set({ status, updated_at: at }).where('consolidation_id', '=', consolidationId).execute();
}

/** A cancelled consolidation gives its packages back to the warehouse, free to consolidate again. */
export async function releasePackages(db: Db, { consolidationId }: { consolidationId: number }, at: string) {
  await db.updateTable('package').set({ status: 'in_warehouse', consolidation_id: null, updated_at: at }).where('consolidation_id', '=', consolidationId).execute();
}

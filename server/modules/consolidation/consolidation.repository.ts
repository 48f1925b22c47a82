import type { ExpressionBuilder } from 'kysely';
import type { ConsolidationListQuery } from '#common/schemas/consolidation.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { ConsolidationStatus, ConsolidationTable, Database, PackageStatus } from '#server/db/schema.ts';

type Owner = { userId: number };

/** The warehouse's measurements; only those given are written. */
export type FinalFigures = Partial<Pick<ConsolidationTable, 'finalWeightLb' | 'finalCostCents' | 'outboundTracking'>>;

export const CONSOLIDATION_COLUMNS = [
  'consolidation.id', 'consolidation.userId', 'consolidation.deliveryAddress', 'consolidation.notes', 'consolidation.status',
  'consolidation.totalWeightLb', 'consolidation.billableWeightLb', 'consolidation.declaredValueCents', 'consolidation.costCents',
  'consolidation.finalWeightLb', 'consolidation.finalCostCents', 'consolidation.outboundTracking',
  'consolidation.createdAt', 'consolidation.updatedAt',
] as const;

const PACKAGE_COLUMNS = [
  'package.id', 'package.trackingNumber', 'package.carrier', 'package.store', 'package.description', 'package.weightLb',
  'package.lengthCm', 'package.widthCm', 'package.heightCm', 'package.declaredValueCents', 'package.status', 'package.receivedAt',
] as const;

const SORT = { created: 'consolidation.id', weight: 'consolidation.billableWeightLb', cost: 'consolidation.costCents' } as const;

const packageCount = (eb: ExpressionBuilder<Database, 'consolidation'>) =>
  eb.selectFrom('package').select((sub) => sub.fn.countAll<number>().as('n')).whereRef('package.consolidationId', '=', 'consolidation.id').as('packageCount');

/** "#12" or "12" searches the number too. */
const numberIn = (q: string) => (/^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null);

export async function listConsolidations(db: Db, { userId }: Owner, query: ConsolidationListQuery) {
  let select = db.selectFrom('consolidation').select([...CONSOLIDATION_COLUMNS, packageCount]).where('consolidation.userId', '=', userId);
  if (query.q) {
    const number = numberIn(query.q);
    select = select.where((eb) =>
      eb.or([
        matchesText(['consolidation.deliveryAddress', 'consolidation.notes'], query.q),
        eb.exists(eb.selectFrom('package').select('package.id').whereRef('package.consolidationId', '=', 'consolidation.id').where(matchesText(['package.trackingNumber'], query.q))),
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
    .innerJoin('user', 'user.id', 'consolidation.userId')
    .select([...CONSOLIDATION_COLUMNS, packageCount, 'user.lockerCode', 'user.name', 'user.lastname']);
  if (query.q) {
    const number = numberIn(query.q);
    select = select.where((eb) =>
      eb.or([matchesText(['user.lockerCode', 'user.name', 'user.lastname', 'user.email'], query.q), ...(number ? [eb('consolidation.id', '=', number)] : [])]),
    );
  }
  if (query.filters.status) select = select.where('consolidation.status', '=', query.filters.status as ConsolidationStatus);
  return paginate(select.orderBy(SORT[query.sort], query.dir).orderBy('consolidation.id', 'desc'), query.page);
}

export async function findConsolidation(db: Db, { userId, id }: Owner & { id: number }) {
  return db.selectFrom('consolidation').select(CONSOLIDATION_COLUMNS).where('consolidation.id', '=', id).where('consolidation.userId', '=', userId).executeTakeFirst();
}

/** Back office only: any client's consolidation, with who it belongs to. */
export async function findConsolidationForStaff(db: Db, { id }: { id: number }) {
  return db
    .selectFrom('consolidation')
    .innerJoin('user', 'user.id', 'consolidation.userId')
    .select([...CONSOLIDATION_COLUMNS, 'user.lockerCode', 'user.name', 'user.lastname', 'user.email'])
    .where('consolidation.id', '=', id)
    .executeTakeFirst();
}

export async function consolidationPackages(db: Db, { userId, consolidationId }: Owner & { consolidationId: number }) {
  return db
    .selectFrom('package')
    .select(PACKAGE_COLUMNS)
    .where('package.consolidationId', '=', consolidationId)
    .where('package.userId', '=', userId)
    .orderBy('package.id', 'asc')
    .execute();
}

export async function consolidationEvents(db: Db, { consolidationId }: { consolidationId: number }) {
  return db
    .selectFrom('consolidationEvent')
    .select(['consolidationEvent.id', 'consolidationEvent.status', 'consolidationEvent.note', 'consolidationEvent.createdAt'])
    .where('consolidationEvent.consolidationId', '=', consolidationId)
    .orderBy('consolidationEvent.id', 'asc')
    .execute();
}

/** The client's own packages among these ids (any status); another client's never come back. */
export async function ownPackagesByIds(db: Db, { userId }: Owner, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('package')
    .select([...PACKAGE_COLUMNS, 'package.consolidationId'])
    .where('package.userId', '=', userId)
    .where('package.id', 'in', ids)
    .execute();
}

export async function insertConsolidation(db: Db, row: Omit<ConsolidationTable, 'id'>) {
  return (await db.insertInto('consolidation').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertEvent(db: Db, event: { consolidationId: number; status: ConsolidationStatus; note: string; at: string }) {
  await db.insertInto('consolidationEvent').values({ consolidationId: event.consolidationId, status: event.status, note: event.note, createdAt: event.at }).execute();
}

/** Moves only from the status the caller saw: a concurrent change makes this answer false. */
export async function updateStatus(db: Db, { id, from }: { id: number; from: ConsolidationStatus }, to: ConsolidationStatus, at: string, final: FinalFigures = {}) {
  const result = await db.updateTable('consolidation').set({ ...final, status: to, updatedAt: at }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts warehouse packages into a consolidation; the count tells whether all of them were still free. */
export async function attachPackages(db: Db, { userId, consolidationId }: Owner & { consolidationId: number }, ids: number[], at: string) {
  const result = await db
    .updateTable('package')
    .set({ consolidationId: consolidationId, status: 'consolidating', updatedAt: at })
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .where('status', '=', 'in_warehouse')
    .where('consolidationId', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setPackagesStatus(db: Db, { consolidationId }: { consolidationId: number }, status: PackageStatus, at: string) {
  await db.updateTable('package').set({ status, updatedAt: at }).where('consolidationId', '=', consolidationId).execute();
}

/** A cancelled consolidation gives its packages back to the warehouse, free to consolidate again. */
export async function releasePackages(db: Db, { consolidationId }: { consolidationId: number }, at: string) {
  await db.updateTable('package').set({ status: 'in_warehouse', consolidationId: null, updatedAt: at }).where('consolidationId', '=', consolidationId).execute();
}

/** One client's consolidations in these states, or every client's for the back office's queues (`'all'`). */
export async function countConsolidations(db: Db, scope: Owner | 'all', statuses: readonly ConsolidationStatus[]): Promise<number> {
  let select = db.selectFrom('consolidation').select((eb) => eb.fn.countAll<number>().as('count')).where('status', 'in', statuses);
  if (scope !== 'all') select = select.where('userId', '=', scope.userId);
  const row = await select.executeTakeFirstOrThrow();
  return Number(row.count);
}

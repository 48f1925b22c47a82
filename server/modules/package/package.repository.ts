import type { ListQuery } from '#common/list-query.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { PackageStatus, PackageTable } from '#server/db/schema.ts';

type Owner = { userId: number };

export const PACKAGE_COLUMNS = [
  'package.id', 'package.userId', 'package.consolidationId', 'package.trackingNumber', 'package.carrier', 'package.store',
  'package.description', 'package.weightLb', 'package.lengthCm', 'package.widthCm', 'package.heightCm',
  'package.declaredValueCents', 'package.photoUploadId', 'package.status', 'package.receivedAt',
] as const;

export async function insertPackage(db: Db, row: Omit<PackageTable, 'id'>): Promise<number> {
  return (await db.insertInto('package').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function listOwnPackages(db: Db, { userId }: Owner, status?: PackageStatus) {
  let select = db.selectFrom('package').select(PACKAGE_COLUMNS).where('package.userId', '=', userId);
  if (status) select = select.where('package.status', '=', status);
  return select.orderBy('package.id', 'desc').execute();
}

export async function countOwnPackages(db: Db, { userId }: Owner, status: PackageStatus): Promise<number> {
  const row = await db.selectFrom('package').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).where('status', '=', status).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countOwnPackagesIn(db: Db, { userId }: Owner, statuses: readonly PackageStatus[]): Promise<number> {
  const row = await db.selectFrom('package').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).where('status', 'in', statuses).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listAllPackages(db: Db, query: { q: string; page: number; status?: PackageStatus }) {
  let select = db
    .selectFrom('package')
    .innerJoin('user', 'user.id', 'package.userId')
    .select([...PACKAGE_COLUMNS, 'user.lockerCode', 'user.name', 'user.lastname']);
  if (query.q) select = select.where(matchesText(['package.trackingNumber', 'user.lockerCode', 'user.name', 'user.lastname', 'user.email'], query.q));
  if (query.status) select = select.where('package.status', '=', query.status);
  return paginate(select.orderBy('package.id', 'desc'), query.page);
}

/**
 * Back office only: any client's package with whose it is, the alert it closed and the
 * consolidation that ships it (one query; left joins, both may be missing).
 */
export async function findPackageForStaff(db: Db, { id }: { id: number }) {
  return db
    .selectFrom('package')
    .innerJoin('user', 'user.id', 'package.userId')
    .leftJoin('alert', 'alert.packageId', 'package.id')
    .leftJoin('consolidation', 'consolidation.id', 'package.consolidationId')
    .select([
      ...PACKAGE_COLUMNS,
      'user.lockerCode', 'user.name', 'user.lastname', 'user.email',
      'alert.id as alertId', 'alert.status as alertStatus',
      'consolidation.status as consolidationStatus',
    ])
    .where('package.id', '=', id)
    .executeTakeFirst();
}

/** "My packages": the client's own, newest first, searchable, with the alert they arrived for. */
export async function listOwnPackagesPage(db: Db, { userId }: Owner, query: ListQuery<'received', 'status'>) {
  let select = db
    .selectFrom('package')
    .leftJoin('alert', (join) => join.onRef('alert.packageId', '=', 'package.id').on('alert.userId', '=', userId))
    .select([...PACKAGE_COLUMNS, 'alert.id as alertId'])
    .where('package.userId', '=', userId);
  if (query.q) select = select.where(matchesText(['package.trackingNumber', 'package.store', 'package.description'], query.q));
  if (query.filters.status) select = select.where('package.status', '=', query.filters.status as PackageStatus);
  return paginate(select.orderBy('package.id', query.dir), query.page);
}

/** One of the client's packages with its alert; another client's is not there. */
export async function findOwnPackage(db: Db, { userId, id }: Owner & { id: number }) {
  return db
    .selectFrom('package')
    .leftJoin('alert', (join) => join.onRef('alert.packageId', '=', 'package.id').on('alert.userId', '=', userId))
    .select([...PACKAGE_COLUMNS, 'alert.id as alertId'])
    .where('package.userId', '=', userId)
    .where('package.id', '=', id)
    .executeTakeFirst();
}

export async function updatePackage(db: Db, { id }: { id: number }, changes: Partial<Omit<PackageTable, 'id' | 'userId'>>) {
  const result = await db.updateTable('package').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The consolidation screen's choice: warehouse packages a page at a time, searchable. */
export async function listWarehousePage(db: Db, { userId }: Owner, query: { q: string; page: number }, pageSize: number) {
  let select = db.selectFrom('package').select(PACKAGE_COLUMNS).where('package.userId', '=', userId).where('package.status', '=', 'in_warehouse');
  if (query.q) select = select.where(matchesText(['package.trackingNumber', 'package.store', 'package.description'], query.q));
  return paginate(select.orderBy('package.id', 'desc'), query.page, pageSize);
}

/** The client's warehouse packages among these ids (the ones chosen on other pages). */
export async function warehousePackagesByIds(db: Db, { userId }: Owner, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('package').select(PACKAGE_COLUMNS).where('package.userId', '=', userId).where('package.status', '=', 'in_warehouse').where('package.id', 'in', ids).orderBy('package.id', 'desc').execute();
}

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

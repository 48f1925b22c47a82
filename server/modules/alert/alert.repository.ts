import type { ListQuery } from '#common/list-query.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { AlertTable } from '#server/db/schema.ts';

type Owner = { userId: number };

export const ALERT_COLUMNS = [
  'alert.id', 'alert.trackingNumber', 'alert.carrier', 'alert.store', 'alert.content', 'alert.declaredValueCents',
  'alert.expectedDate', 'alert.status', 'alert.packageId', 'alert.invoiceUploadId', 'alert.createdAt', 'alert.updatedAt',
] as const;

const SORT = { created: 'alert.id', expected: 'alert.expectedDate', value: 'alert.declaredValueCents', tracking: 'alert.trackingNumber' } as const;

export async function listAlerts(db: Db, { userId }: Owner, query: ListQuery<keyof typeof SORT, 'status'>) {
  let select = db.selectFrom('alert').select(ALERT_COLUMNS).where('alert.userId', '=', userId);
  if (query.q) select = select.where(matchesText(['alert.trackingNumber', 'alert.store', 'alert.content'], query.q));
  if (query.filters.status) select = select.where('alert.status', '=', query.filters.status as AlertTable['status']);
  return paginate(select.orderBy(SORT[query.sort], query.dir).orderBy('alert.id', 'desc'), query.page);
}

/** Back office: every client's alerts, newest first, with whose they are. */
export async function listAllAlerts(db: Db, query: ListQuery<'created', 'status'>) {
  let select = db
    .selectFrom('alert')
    .innerJoin('user', 'user.id', 'alert.userId')
    .select(['alert.id', 'alert.trackingNumber', 'alert.carrier', 'alert.store', 'alert.content', 'alert.declaredValueCents', 'alert.expectedDate', 'alert.status', 'alert.createdAt', 'user.lockerCode', 'user.name', 'user.lastname']);
  if (query.q) select = select.where(matchesText(['alert.trackingNumber', 'alert.store', 'user.lockerCode', 'user.name', 'user.lastname'], query.q));
  if (query.filters.status) select = select.where('alert.status', '=', query.filters.status as AlertTable['status']);
  return paginate(select.orderBy('alert.id', query.dir), query.page);
}

export async function findAlert(db: Db, { userId, id }: Owner & { id: number }) {
  return db.selectFrom('alert').select(ALERT_COLUMNS).where('alert.id', '=', id).where('alert.userId', '=', userId).executeTakeFirst();
}

export async function trackingAlerted(db: Db, { userId }: Owner, trackingNumber: string, exceptId?: number) {
  let select = db.selectFrom('alert').select('id').where('userId', '=', userId).where('trackingNumber', '=', trackingNumber);
  if (exceptId) select = select.where('id', '!=', exceptId);
  return Boolean(await select.executeTakeFirst());
}

export async function insertAlert(db: Db, row: Omit<AlertTable, 'id'>) {
  return (await db.insertInto('alert').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateAlert(db: Db, { userId, id }: Owner & { id: number }, changes: Partial<Omit<AlertTable, 'id' | 'userId'>>) {
  const result = await db.updateTable('alert').set(changes).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAlert(db: Db, { userId, id }: Owner & { id: number }) {
  const result = await db.deleteFrom('alert').where('id', '=', id).where('userId', '=', userId).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The pending alert of this client with this tracking number, if any (package registration). */
export async function pendingAlertFor(db: Db, { userId }: Owner, trackingNumber: string) {
  return db
    .selectFrom('alert')
    .select(['id'])
    .where('userId', '=', userId)
    .where('trackingNumber', '=', trackingNumber)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** One client's alerts with a status, or every client's for the back office's queues (`'all'`). */
export async function countAlerts(db: Db, scope: Owner | 'all', status: AlertTable['status']): Promise<number> {
  let select = db.selectFrom('alert').select((eb) => eb.fn.countAll<number>().as('count')).where('status', '=', status);
  if (scope !== 'all') select = select.where('userId', '=', scope.userId);
  const row = await select.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Back office only: any client's alert, with whose it is and the package it became. */
export async function findAlertForStaff(db: Db, { id }: { id: number }) {
  return db
    .selectFrom('alert')
    .innerJoin('user', 'user.id', 'alert.userId')
    .leftJoin('package', 'package.id', 'alert.packageId')
    .select([...ALERT_COLUMNS, 'alert.userId', 'user.lockerCode', 'user.name', 'user.lastname', 'user.email', 'package.status as packageStatus', 'package.weightLb', 'package.receivedAt'])
    .where('alert.id', '=', id)
    .executeTakeFirst();
}

// The alert's page follows its package to the consolidation that ships it: read here, by the
// alert's owner, because the package and consolidation services already depend on this module.
export async function findAlertPackage(db: Db, { userId, packageId }: Owner & { packageId: number }) {
  return db
    .selectFrom('package')
    .select(['id', 'status', 'weightLb', 'lengthCm', 'widthCm', 'heightCm', 'receivedAt', 'consolidationId'])
    .where('id', '=', packageId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function packageEvents(db: Db, { consolidationId }: { consolidationId: number }) {
  return db.selectFrom('consolidationEvent').select(['status', 'note', 'createdAt']).where('consolidationId', '=', consolidationId).orderBy('id', 'asc').execute();
}

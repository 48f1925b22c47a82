import type { PackageInput } from '#common/schemas/casillero.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { PackageStatus } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { pendingAlertFor } from '#server/modules/alert/alert.repository.ts';
import { notify } from '#server/modules/notification/notification.service.ts';
import { claimUpload } from '#server/modules/upload/upload.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

export const PACKAGE_COLUMNS = [
  'package.id', 'package.userId', 'package.consolidationId', 'package.trackingNumber', 'package.carrier', 'package.store',
  'package.description', 'package.weightLb', 'package.lengthCm', 'package.widthCm', 'package.heightCm',
  'package.declaredValueCents', 'package.photoUploadId', 'package.status', 'package.receivedAt',
] as const;

/**
 * Staff register a package that arrived at the warehouse, by the client's locker code. A pending
 * alert of that client with the tracking number is linked and becomes `received`; the client is
 * notified either way (PRODUCT §6).
 */
export async function registerPackage(deps: ServiceDeps, staff: { userId: number }, input: PackageInput) {
  const { db } = deps;
  const owner = await db.selectFrom('user').select(['id']).where('lockerCode', '=', input.lockerCode).executeTakeFirst();
  if (!owner) throw new AppError('casillero.package.lockerUnknown', 400, { field: 'lockerCode' });
  if (input.photoUpload) await claimUpload(deps, { userId: staff.userId, uploadId: input.photoUpload });
  const now = deps.clock.now().toISOString();
  const { packageId, alertId } = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('package')
      .values({
        userId: owner.id,
        consolidationId: null,
        trackingNumber: input.trackingNumber,
        carrier: input.carrier,
        store: input.store,
        description: input.description,
        weightLb: input.weightLb,
        lengthCm: input.lengthCm,
        widthCm: input.widthCm,
        heightCm: input.heightCm,
        declaredValueCents: input.declaredValue,
        photoUploadId: input.photoUpload,
        status: 'in_warehouse',
        receivedAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const alert = await pendingAlertFor(trx, { userId: owner.id }, input.trackingNumber);
    if (alert) {
      await trx.updateTable('alert').set({ status: 'received', packageId: id, updatedAt: now }).where('id', '=', alert.id).where('userId', '=', owner.id).execute();
    }
    return { packageId: id, alertId: alert?.id ?? null };
  });
  await notify(deps, {
    userId: owner.id,
    kind: 'package_received',
    params: { tracking: input.trackingNumber, weight: input.weightLb },
    link: alertId ? `/alert/show?id=${alertId}` : '/consolidate/new',
  });
  return { packageId, alertId, userId: owner.id };
}

/** The client's packages, optionally only those with one status (e.g. ready to consolidate). */
export async function listOwnPackages(deps: ServiceDeps, { userId }: { userId: number }, status?: PackageStatus) {
  const { db } = deps;
  let select = db.selectFrom('package').select(PACKAGE_COLUMNS).where('package.userId', '=', userId);
  if (status) select = select.where('package.status', '=', status);
  return select.orderBy('package.id', 'desc').execute();
}

/** Back office: every package, newest first, searchable by tracking number, locker code or client. */
export async function listAllPackages(deps: ServiceDeps, query: { q: string; page: number; status?: PackageStatus }) {
  const { db } = deps;
  let select = db
    .selectFrom('package')
    .innerJoin('user', 'user.id', 'package.userId')
    .select([...PACKAGE_COLUMNS, 'user.lockerCode', 'user.name', 'user.lastname']);
  if (query.q) select = select.where(matchesText(['package.trackingNumber', 'user.lockerCode', 'user.name', 'user.lastname', 'user.email'], query.q));
  if (query.status) select = select.where('package.status', '=', query.status);
  return paginate(select.orderBy('package.id', 'desc'), query.page);
}

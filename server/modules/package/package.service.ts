import type { PackageInput } from '#common/schemas/casillero.ts';
import type { PackageStatus } from '#server/db/schema.ts';
import { packageStatus } from '#common/enums/casillero.ts';
import { AppError } from '#server/errors.ts';
import { receivePendingAlert } from '#server/modules/alert/alert.service.ts';
import { notify } from '#server/modules/notification/notification.service.ts';
import { claimUpload } from '#server/modules/upload/upload.service.ts';
import { findIdByLockerCode } from '#server/modules/user/user.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import * as packages from './package.repository.ts';

/**
 * Staff register a package that arrived at the warehouse, by the client's locker code. A pending
 * alert of that client with the tracking number is linked and becomes `received`; the client is
 * notified either way (PRODUCT §6).
 */
export async function registerPackage(deps: ServiceDeps, staff: { userId: number }, input: PackageInput) {
  const ownerId = await findIdByLockerCode(deps, input.lockerCode);
  if (ownerId === undefined) throw new AppError('casillero.package.lockerUnknown', 400, { field: 'lockerCode' });
  if (input.photoUpload) await claimUpload(deps, { userId: staff.userId, uploadId: input.photoUpload });
  const now = deps.clock.now().toISOString();
  const { packageId, alertId } = await deps.db.transaction().execute(async (trx) => {
    const id = await packages.insertPackage(trx, {
        userId: ownerId,
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
      });
    const alertId = await receivePendingAlert({ ...deps, db: trx }, { userId: ownerId }, { trackingNumber: input.trackingNumber, packageId: id });
    return { packageId: id, alertId };
  });
  await notify(deps, {
    userId: ownerId,
    kind: 'package_received',
    params: { tracking: input.trackingNumber, weight: input.weightLb },
    link: alertId ? `/alert/show?id=${alertId}` : '/consolidate/new',
  });
  return { packageId, alertId, userId: ownerId };
}

/** The client's packages, optionally only those with one status (e.g. ready to consolidate). */
export const listOwnPackages = (deps: ServiceDeps, owner: { userId: number }, status?: PackageStatus) => packages.listOwnPackages(deps.db, owner, status);

export const countInWarehouse = (deps: ServiceDeps, owner: { userId: number }) => packages.countOwnPackages(deps.db, owner, 'in_warehouse');

/** Every package that ever reached the user's locker, whatever its state (the desk's first steps). */
export const countAllPackages = (deps: ServiceDeps, owner: { userId: number }) => packages.countOwnPackagesIn(deps.db, owner, packageStatus.values);

/** Back office: every package, newest first, searchable by tracking number, locker code or client. */
export const listAllPackages = (deps: ServiceDeps, query: { q: string; page: number; status?: PackageStatus }) => packages.listAllPackages(deps.db, query);

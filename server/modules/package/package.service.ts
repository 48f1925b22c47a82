import type { PackageEditInput, PackageInput } from '#common/schemas/casillero.ts';
import type { PackageStatus } from '#server/db/schema.ts';
import { packageStatus } from '#common/enums/casillero.ts';
import type { ListQuery } from '#common/list-query.ts';
import { AppError, notFound } from '#server/errors.ts';
import { receivePendingAlert } from '#server/modules/alert/alert.service.ts';
import { emit } from '#server/events/events.ts';
import { claimUpload } from '#server/modules/upload/upload.service.ts';
import { findIdByLockerCode } from '#server/modules/user/user.service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import * as packages from './package.repository.ts';

/** What the warehouse measures of a package, as its columns (registering and correcting it alike). */
function measured(input: PackageEditInput) {
  return {
    description: input.description,
    weightLb: input.weightLb,
    lengthCm: input.lengthCm,
    widthCm: input.widthCm,
    heightCm: input.heightCm,
    declaredValueCents: input.declaredValue,
  };
}
export const packageLink = (id: number) => `/package/show?id=${id}`;

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
  return inTransaction(deps, async (tx) => {
    const id = await packages.insertPackage(tx.db, {
        userId: ownerId,
        consolidationId: null,
        trackingNumber: input.trackingNumber,
        carrier: input.carrier,
        store: input.store,
        ...measured(input),
        photoUploadId: input.photoUpload,
        status: 'in_warehouse',
        receivedAt: now,
        updatedAt: now,
      });
    const alertId = await receivePendingAlert(tx, { userId: ownerId }, { trackingNumber: input.trackingNumber, packageId: id });
    // The client's bell and e-mail, by the notification's subscriber (server/composition.ts).
    await emit(tx, {
      type: 'package.received',
      userId: ownerId,
      resource: { kind: 'package', id, label: input.trackingNumber },
      data: {
        notice: {
          params: { tracking: input.trackingNumber, weightLb: input.weightLb },
          // The alert the client wrote (it shows its package), else the package itself — never the desk.
          link: alertId ? `/alert/show?id=${alertId}` : packageLink(id),
        },
      },
    });
    return { packageId: id, alertId, userId: ownerId };
  });
}

/** The client's packages, optionally only those with one status (e.g. ready to consolidate). */
export const listOwnPackages = (deps: ServiceDeps, owner: { userId: number }, status?: PackageStatus) => packages.listOwnPackages(deps.db, owner, status);

export const countInWarehouse = (deps: ServiceDeps, owner: { userId: number }) => packages.countOwnPackages(deps.db, owner, 'in_warehouse');

/** Every package that ever reached the user's locker, whatever its state (the desk's first steps). */
export const countAllPackages = (deps: ServiceDeps, owner: { userId: number }) => packages.countOwnPackagesIn(deps.db, owner, packageStatus.values);

/** Back office: every package, newest first, searchable by tracking number, locker code or client. */
export const listAllPackages = (deps: ServiceDeps, query: { q: string; page: number; status?: PackageStatus }) => packages.listAllPackages(deps.db, query);

/** A package's measures change only while it waits in the warehouse: after that they were shipped. */
const EDITABLE: readonly PackageStatus[] = ['in_warehouse', 'consolidating'];

/**
 * Back office: one package with its client, alert and consolidation, and whether staff may still
 * correct it; an unknown id is not found.
 */
export async function getPackageForStaff(deps: ServiceDeps, { id }: { id: number }) {
  const found = await packages.findPackageForStaff(deps.db, { id });
  if (!found) throw notFound();
  return { ...found, editable: EDITABLE.includes(found.status) };
}

/**
 * Staff correct what was measured at the warehouse (weight, measures, value, description, photo).
 * A new photo is the editor's own fresh upload (its content was checked when it was uploaded);
 * keeping the same photo does not claim it again.
 */
export async function updatePackageForStaff(deps: ServiceDeps, { id, staffId }: { id: number; staffId: number }, input: PackageEditInput) {
  const current = await packages.findPackageForStaff(deps.db, { id });
  if (!current) throw notFound();
  if (!EDITABLE.includes(current.status)) throw new AppError('backOffice.package.notEditable', 409);
  const photoUploadId = input.photoUpload ?? current.photoUploadId;
  await inTransaction(deps, async (tx) => {
    if (input.photoUpload && input.photoUpload !== current.photoUploadId) {
      const photo = await claimUpload(tx, { userId: staffId, uploadId: input.photoUpload }).catch(() => null);
      // A photo is an image by its content (the upload module sniffed and re-encoded it), not a PDF
      // uploaded for something else; a failure here rolls the claim back.
      if (!photo?.type.startsWith('image/')) throw new AppError('backOffice.package.photoUnknown', 400, { field: 'photoUpload' });
    }
    await packages.updatePackage(tx.db, { id }, {
      ...measured(input),
      photoUploadId,
      updatedAt: deps.clock.now().toISOString(),
    });
  });
}

/** "My packages": the client's own, a page at a time, each with its alert. */
export const listMyPackages = (deps: ServiceDeps, owner: { userId: number }, query: ListQuery<'received', 'status'>) => packages.listOwnPackagesPage(deps.db, owner, query);

/** One of the client's packages; another client's is not found (404). */
export async function getMyPackage(deps: ServiceDeps, { userId, id }: { userId: number; id: number }) {
  const pkg = await packages.findOwnPackage(deps.db, { userId, id });
  if (!pkg) throw notFound();
  return pkg;
}

/** A page of the client's warehouse packages to choose from, and those chosen on other pages. */
export async function warehouseChoice(deps: ServiceDeps, owner: { userId: number }, query: { q: string; page: number; chosen: number[] }, pageSize: number) {
  const [page, chosen] = await Promise.all([packages.listWarehousePage(deps.db, owner, query, pageSize), packages.warehousePackagesByIds(deps.db, owner, query.chosen)]);
  return { page, chosen };
}

import { alertStatus } from '#common/enums/casillero.ts';
import type { ListQuery } from '#common/list-query.ts';
import type { AlertInput } from '#common/schemas/casillero.ts';
import { AppError } from '#server/errors.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { claimUpload } from '#server/modules/upload/upload.service.ts';
import * as alerts from './alert.repository.ts';

type Owner = { userId: number };
const notFound = () => new AppError('error.generic', 404);

export const listAlerts = (deps: ServiceDeps, owner: Owner, query: ListQuery<'created' | 'expected' | 'value' | 'tracking', 'status'>) =>
  alerts.listAlerts(deps.db, owner, query);

export const listAllAlerts = (deps: ServiceDeps, query: ListQuery<'created', 'status'>) => alerts.listAllAlerts(deps.db, query);

/** One alert with its package and the package's way so far; another client's alert is not found. */
export async function getAlert({ db }: ServiceDeps, { userId, id }: Owner & { id: number }) {
  const alert = await alerts.findAlert(db, { userId, id });
  if (!alert) throw notFound();
  const pkg = alert.packageId ? await alerts.findAlertPackage(db, { userId, packageId: alert.packageId }) : undefined;
  const events = pkg?.consolidationId ? await alerts.packageEvents(db, { consolidationId: pkg.consolidationId }) : [];
  const history = [
    { status: 'alerted', at: alert.createdAt },
    ...(pkg ? [{ status: 'received', at: pkg.receivedAt }] : []),
    ...events.map((event) => ({ status: event.status, at: event.createdAt })),
  ];
  return { alert, package: pkg ?? null, history };
}

async function assertNewTracking(db: ServiceDeps['db'], owner: Owner, trackingNumber: string, exceptId?: number) {
  if (await alerts.trackingAlerted(db, owner, trackingNumber, exceptId)) {
    throw new AppError('casillero.alert.duplicateTracking', 409, { field: 'trackingNumber' });
  }
}

export async function createAlert(deps: ServiceDeps, owner: Owner, input: AlertInput) {
  const { db } = deps;
  await assertNewTracking(db, owner, input.trackingNumber);
  if (input.invoiceUpload) await claimUpload(deps, { userId: owner.userId, uploadId: input.invoiceUpload });
  const now = deps.clock.now().toISOString();
  return alerts.insertAlert(db, {
    userId: owner.userId,
    packageId: null,
    trackingNumber: input.trackingNumber,
    carrier: input.carrier,
    store: input.store,
    content: input.content,
    declaredValueCents: input.declaredValue,
    expectedDate: input.expectedDate,
    invoiceUploadId: input.invoiceUpload,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
}

/** Only a pending alert can change (PRODUCT §6); a received one belongs to its package now. */
export async function updateAlert(deps: ServiceDeps, { userId, id }: Owner & { id: number }, input: AlertInput) {
  const { db } = deps;
  const current = await alerts.findAlert(db, { userId, id });
  if (!current) throw notFound();
  if (current.status !== 'pending') throw new AppError('casillero.alert.notPending', 409);
  await assertNewTracking(db, { userId }, input.trackingNumber, id);
  const invoice = input.invoiceUpload && input.invoiceUpload !== current.invoiceUploadId ? input.invoiceUpload : null;
  if (invoice) await claimUpload(deps, { userId, uploadId: invoice });
  await alerts.updateAlert(db, { userId, id }, {
    trackingNumber: input.trackingNumber,
    carrier: input.carrier,
    store: input.store,
    content: input.content,
    declaredValueCents: input.declaredValue,
    expectedDate: input.expectedDate,
    invoiceUploadId: input.invoiceUpload ?? current.invoiceUploadId,
    updatedAt: deps.clock.now().toISOString(),
  });
}

export async function deleteAlert({ db }: ServiceDeps, { userId, id }: Owner & { id: number }) {
  const current = await alerts.findAlert(db, { userId, id });
  if (!current) throw notFound();
  if (current.status !== 'pending' || !(await alerts.deleteAlert(db, { userId, id }))) throw new AppError('casillero.alert.notPending', 409);
}

/**
 * A package arrived with the tracking number of the client's pending alert: the alert becomes
 * `received` and points at it. Run in the caller's transaction; gives the alert's id, or null.
 */
export async function receivePendingAlert({ db, clock }: ServiceDeps, owner: Owner, arrival: { trackingNumber: string; packageId: number }) {
  const alert = await alerts.pendingAlertFor(db, owner, arrival.trackingNumber);
  if (!alert) return null;
  await alerts.updateAlert(db, { userId: owner.userId, id: alert.id }, { status: 'received', packageId: arrival.packageId, updatedAt: clock.now().toISOString() });
  return alert.id;
}

export async function countPendingAlerts({ db }: ServiceDeps, owner: Owner) {
  return alerts.countAlerts(db, owner, 'pending');
}

/** Back office: every client's alerts still waiting for their package (the hub's and menu's count). */
export const countAllPendingAlerts = ({ db }: ServiceDeps) => alerts.countAlerts(db, 'all', 'pending');

/** Back office: any client's alert with whose it is and its package; an unknown id is not found. */
export async function getAlertForStaff({ db }: ServiceDeps, { id }: { id: number }) {
  const alert = await alerts.findAlertForStaff(db, { id });
  if (!alert) throw notFound();
  return alert;
}

/** Every alert the user ever made, whatever its state (the desk's first steps). */
export async function countAllAlerts({ db }: ServiceDeps, owner: Owner) {
  const counts = await Promise.all(alertStatus.values.map((status) => alerts.countAlerts(db, owner, status)));
  return counts.reduce((sum, count) => sum + count, 0);
}

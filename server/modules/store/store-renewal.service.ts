import type { RenewalRequest } from '#common/schemas/store.ts';
import { AppError } from '#server/errors.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { emit } from '#server/events/events.ts';
import { getPlan } from '#server/modules/plan/plan.service.ts';
import { takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import { getProfile } from '#server/modules/user/user.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as stores from './store.repository.ts';

// An owner asks staff to renew the store's plan or to change it (issue 20 §12). Nothing changes on
// the store here: staff are told (the bell, and e-mail through the job queue as they chose, by the
// `plan.renewal_requested` account event's subscriber) and set
// the new plan and expiry in the back office's store screen, which the notification links to.

/** A few requests a day are plenty; more would only fill the staff's bell. */
const RENEWAL_REQUESTS = { max: 3, windowMs: 24 * 60 * 60_000 };

export async function requestRenewal(deps: ServiceDeps, scope: StoreScope, input: RenewalRequest): Promise<void> {
  if (scope.via !== 'owner') throw new AppError('error.generic', 404);
  const store = await stores.findStoreById(deps.db, scope.storeId);
  if (!store) throw new AppError('error.generic', 404);
  const current = store.planId ? await getPlan(deps, store.planId).catch(() => null) : null;
  // Another plan must exist; none named means the same plan again.
  const wanted = input.planId === null ? current : await getPlan(deps, input.planId).catch(() => {
    throw new AppError('store.renewal.planUnknown', 400, { field: 'planId' });
  });
  await takeAttempt(deps, `renewal:store:${store.id}`, RENEWAL_REQUESTS);
  const { lockerCode } = await getProfile(deps, { userId: store.userId });
  const upgrade = wanted !== null && current !== null && wanted.id !== current.id;
  // The texts' variants (i18next's context): a change of plan or the same again, with a note or not.
  const context = [upgrade ? 'upgrade' : 'renew', input.note ? 'note' : ''].filter(Boolean).join('_');
  // The staff's bells (notification-subscribers.ts): the request changes nothing on the store.
  await inTransaction(deps, (tx) => emit(tx, {
    type: 'plan.renewal_requested',
    userId: store.userId,
    resource: { kind: 'store', id: store.id, label: store.name },
    data: {
      staffNotice: {
        params: { context, store: store.name, slug: store.slug, locker: lockerCode ?? '', plan: wanted?.name ?? '—', current: current?.name ?? '—', note: input.note },
        link: `/admin/store/show?id=${store.id}`,
      },
    },
  }));
}

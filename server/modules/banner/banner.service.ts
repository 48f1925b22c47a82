import { bannerResource } from '#common/resources/banner.ts';
import { BANNER_SIZE } from '#common/upload-limits.ts';
import { AppError, notFound } from '#server/errors.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { assertUnderPlanLimit } from '#server/modules/store/store.service.ts';
import { removeFiles } from '#server/modules/upload/file-removal.ts';
import { takeStoreFile } from '#server/modules/upload/upload.service.ts';
import { claimStoreImage } from '#server/resources/resource-images.ts';
import { banners, nextSortOrder, orderedIds, ownIds, setSortOrder } from './banner.repository.ts';

// Banners use the kit's list and read; writing one also claims its image (checked by content,
// fitted to 1920×768, given its WebP variants: decision 031) and removes the image it replaces,
// which the kit's plain service cannot do.

type BannerInput = { imageId: string; buttonName: string; link: string; sortOrder?: number; enabled: boolean };

// The kit deletes a banner with its image (taken in the delete's transaction, removed from disk
// after it), one at a time or from the list's bulk delete.
// A delete closes its gap: the banners are always numbered 1, 2, 3… (issue 20 §13).
const kit = storeResourceService(banners, bannerResource, { images: { columns: ['imageId'], box: BANNER_SIZE }, afterRemove: (tx, scope) => renumber(tx, scope, []) });
export const { list, get, cascade, cascadeMany, bulk, remove } = kit;


/** Claims a new image of the store's owner for a banner (another user's or a used id is a field error). */
const claimImage = (deps: ServiceDeps, scope: StoreScope, uploadId: string) => claimStoreImage(deps, scope, uploadId, { field: 'imageId', box: BANNER_SIZE });

/**
 * One order for the form, the list, the API and the storefront (issue 20 §13): positions 1, 2, 3…
 * with no gaps and no two banners sharing one. `first` names banners to put first, in that order;
 * the others follow in their order.
 */
async function renumber(deps: ServiceDeps, scope: StoreScope, first: readonly number[]): Promise<void> {
  const named = new Set(first);
  const order = [...first, ...(await orderedIds(deps.db, scope)).filter((id) => !named.has(id))];
  const now = deps.clock.now().toISOString();
  for (const [index, id] of order.entries()) await setSortOrder(deps.db, scope, id, index + 1, now);
}

/** Puts one banner at a position (1 is first; past the end is last) and numbers the rest around it. */
async function place(deps: ServiceDeps, scope: StoreScope, id: number, position: number): Promise<void> {
  const order = (await orderedIds(deps.db, scope)).filter((other) => other !== id);
  order.splice(Math.min(Math.max(position, 1), order.length + 1) - 1, 0, id);
  await renumber(deps, scope, order);
}

export async function create(deps: ServiceDeps, scope: StoreScope, input: BannerInput): Promise<number> {
  await assertUnderPlanLimit(deps, scope, 'banners');
  return inTransaction(deps, async (tx) => {
    await claimImage(tx, scope, input.imageId);
    const now = deps.clock.now().toISOString();
    // After the last one; at the position typed, when one was.
    const id = await banners.insert(tx.db, scope, { ...input, sortOrder: await nextSortOrder(tx.db, scope), enabled: Number(input.enabled), createdAt: now, updatedAt: now });
    if (input.sortOrder !== undefined) await place(tx, scope, id, input.sortOrder);
    return id;
  });
}

export async function update(deps: ServiceDeps, scope: StoreScope, id: number, input: BannerInput): Promise<void> {
  const replaced = await inTransaction(deps, async (tx) => {
    const current = await banners.find(tx.db, scope, id);
    if (!current) throw notFound();
    const changed = input.imageId !== current.imageId;
    if (changed) await claimImage(tx, scope, input.imageId);
    const values = { ...input, sortOrder: current.sortOrder, enabled: Number(input.enabled), updatedAt: deps.clock.now().toISOString() };
    if (!(await banners.update(tx.db, scope, id, values))) throw notFound();
    // A new position moves it there, the others around it: never two banners on one number.
    if (input.sortOrder !== undefined && input.sortOrder !== current.sortOrder) await place(tx, scope, id, input.sortOrder);
    return changed && current.imageId ? takeStoreFile(tx, scope, current.imageId) : null;
  });
  // After the commit (decision 029): a rolled-back save must not have lost the old image.
  if (replaced) await removeFiles(deps, [replaced]);
}

/**
 * Puts the store's banners in the order given (the list's drag and drop, or its move buttons): the
 * first id is shown first. An id that is not one of the store's banners is "not found", and nothing
 * changes; banners left out keep their place after the ones named.
 */
export async function reorder(deps: ServiceDeps, scope: StoreScope, ids: readonly number[]): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new AppError('error.generic', 400);
  await inTransaction(deps, async (tx) => {
    if ((await ownIds(tx.db, scope, ids)).length !== ids.length) throw notFound();
    await renumber(tx, scope, ids);
  });
}

/**
 * The list's one-banner moves: a step up or down (the move buttons, the keyboard's way) or to just
 * before another banner (a row dropped on another). Ends beyond the list leave it as it is.
 */
export async function move(deps: ServiceDeps, scope: StoreScope, id: number, to: { direction: 'up' | 'down' } | { before: number }): Promise<void> {
  const order = await orderedIds(deps.db, scope);
  const at = order.indexOf(id);
  if (at < 0) throw notFound();
  order.splice(at, 1);
  let index: number;
  if ('before' in to) {
    index = order.indexOf(to.before);
    if (index < 0) throw notFound();
  } else {
    index = to.direction === 'up' ? Math.max(0, at - 1) : Math.min(order.length, at + 1);
  }
  order.splice(index, 0, id);
  await reorder(deps, scope, order);
}

import type { NewStore } from '#common/schemas/store.ts';
import { AppError } from '#server/errors.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from './store-scope.ts';
import * as stores from './store.repository.ts';

/** Opens the owner's one store (PRODUCT §5); the slug is checked by `NewStoreSchema` and is unique. */
export async function createStore(deps: ServiceDeps, owner: { userId: number }, input: NewStore): Promise<number> {
  const refuse = async () => {
    if (await stores.findStoreByOwner(deps.db, owner)) return new AppError('store.alreadyHasStore', 409);
    if (await stores.slugTaken(deps.db, input.slug)) return new AppError('store.slugTaken', 409, { field: 'slug' });
    return undefined;
  };
  const early = await refuse();
  if (early) throw early;
  const time = deps.clock.now().toISOString();
  try {
    return await stores.insertStore(deps.db, {
      userId: owner.userId,
      slug: input.slug,
      name: input.name,
      section: input.section,
      description: input.description,
      published: 0,
      expiresAt: null,
      createdAt: time,
      updatedAt: time,
    });
  } catch (error) {
    // Two requests racing for one owner or one slug: the unique indexes decide, we name the loser's reason.
    throw (await refuse()) ?? error;
  }
}

/** The store a scope points at, as its owner sees it. */
export async function getStore(deps: ServiceDeps, scope: StoreScope) {
  const store = await stores.findStoreById(deps.db, scope.storeId);
  if (!store) throw new AppError('error.generic', 404);
  return { ...store, published: store.published === 1 };
}

/** The owner's publish toggle: a published store is shown to shoppers while it has not expired. */
export async function publishStore(deps: ServiceDeps, scope: StoreScope, published: boolean) {
  await stores.updateStore(deps.db, scope, { published: published ? 1 : 0, updatedAt: deps.clock.now().toISOString() });
}

/** The plan's expiration is the platform's to set (PRODUCT §2): only a back-office scope may. */
export async function setStoreExpiry(deps: ServiceDeps, scope: StoreScope, expiresAt: Date | null) {
  if (scope.via !== 'staff') throw new AppError('error.generic', 404);
  await stores.updateStore(deps.db, scope, { expiresAt: expiresAt?.toISOString() ?? null, updatedAt: deps.clock.now().toISOString() });
}

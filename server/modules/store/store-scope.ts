import type { ServiceDeps } from '#server/service-deps.ts';
import { runInStore } from './active-store.ts';
import { AppError } from '#server/errors.ts';
import type { StoreScope } from './store-scope-type.ts';
import * as stores from './store.repository.ts';

export type { StoreScope } from './store-scope-type.ts';

function scopeOf(store: { id: number; slug: string }, via: StoreScope['via']): StoreScope {
  return Object.freeze({ storeId: store.id, slug: store.slug, via }) as StoreScope;
}

/** The owner's own store, for the dashboard; null while they have none (a normal state, not an error). */
export async function ownStoreScope(deps: ServiceDeps, { userId }: { userId: number }): Promise<StoreScope | null> {
  const store = await stores.findStoreByOwner(deps.db, { userId });
  return store ? scopeOf(store, 'owner') : null;
}

/** A store shoppers may see, for the storefront: published and not expired, or "not found". */
export async function shopStoreScope(deps: ServiceDeps, slug: string): Promise<StoreScope> {
  const store = slug.length <= 40 ? await stores.findStoreBySlug(deps.db, slug) : undefined;
  const expired = store?.expiresAt != null && Date.parse(store.expiresAt) <= deps.clock.now().getTime();
  if (!store || store.published !== 1 || expired) throw new AppError('error.generic', 404);
  return scopeOf(store, 'shop');
}

async function storeById(deps: ServiceDeps, storeId: number) {
  const store = Number.isSafeInteger(storeId) && storeId > 0 ? await stores.findStoreById(deps.db, storeId) : undefined;
  if (!store) throw new AppError('error.generic', 404);
  return store;
}

/** Any store by id, for the back office: the caller has already checked the staff role. */
export async function staffStoreScope(deps: ServiceDeps, storeId: number): Promise<StoreScope> {
  return scopeOf(await storeById(deps, storeId), 'staff');
}

/** Who asks for a store's image: the signed-in user, looked up only when the store is not public. */
export type MediaViewer = () => Promise<{ id: number; role: string } | null>;

/**
 * A store by id, for its images (`/media/{storeId}/…`, decision 031). A store shoppers may see
 * (published, not expired) shows them to anyone, `shown: 'public'`; any other store only to its
 * owner (the dashboard) and to staff, `shown: 'private'` — an anonymous visitor who knew an
 * unpublished store's upload id saw its images (issue 21). Anyone else: "not found".
 */
export async function mediaStoreScope(deps: ServiceDeps, storeId: number, viewer: MediaViewer): Promise<{ scope: StoreScope; shown: 'public' | 'private' }> {
  const store = await storeById(deps, storeId);
  const expired = store.expiresAt != null && Date.parse(store.expiresAt) <= deps.clock.now().getTime();
  if (store.published === 1 && !expired) return { scope: scopeOf(store, 'media'), shown: 'public' };
  const user = await viewer();
  if (user && (user.id === store.userId || user.role === 'staff' || user.role === 'admin')) return { scope: scopeOf(store, 'media'), shown: 'private' };
  throw new AppError('error.generic', 404);
}

/**
 * Runs the rest of a page request (`next`, below the store layout's middleware) in its scope
 * (decision 042): until it ends, the store guard refuses a query that names another store's id.
 * Pages reach it through the bound services, so that they share the guard's instance rather than a
 * bundled copy; the API's `requireStore` calls `runInStore` itself.
 */
export function runInScope(_deps: ServiceDeps, scope: StoreScope, next: () => Promise<Response>): Promise<Response> {
  return runInStore(scope.storeId, next);
}

import type { ServiceDeps } from '#server/service-deps.ts';
import { AppError } from '#server/errors.ts';
import * as stores from './store.repository.ts';

declare const scopeBrand: unique symbol;

/**
 * The store a request acts on (decision 025). Only the three functions below make one, each after
 * its own check, so a repository that takes a `StoreScope` cannot be handed a `{ storeId }` built
 * from a query string or a form. Resolved once per request: the page middleware and the API's
 * `requireStore` put it where loaders, actions and routes read it.
 */
export type StoreScope = {
  readonly storeId: number;
  readonly slug: string;
  /** How it was resolved: the owner's dashboard, a shopper's storefront, or the back office. */
  readonly via: 'owner' | 'shop' | 'staff';
  readonly [scopeBrand]: true;
};

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

/** Any store by id, for the back office: the caller has already checked the staff role. */
export async function staffStoreScope(deps: ServiceDeps, storeId: number): Promise<StoreScope> {
  const store = Number.isSafeInteger(storeId) && storeId > 0 ? await stores.findStoreById(deps.db, storeId) : undefined;
  if (!store) throw new AppError('error.generic', 404);
  return scopeOf(store, 'staff');
}

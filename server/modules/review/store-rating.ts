import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { refreshStoreRating } from './review.repository.ts';

// The store's rating on its own, apart from the review service: the product and category services
// call it after a delete (their reviews go through the foreign keys), and the review service takes
// its product choices from the product service, so importing that service here would be a cycle.

/**
 * Recomputes the store's rating from its approved reviews: a product or category deleted with its
 * reviews (the foreign keys take them) calls this in its own transaction.
 */
export const refreshRating = (deps: ServiceDeps, scope: StoreScope) => refreshStoreRating(deps.db, scope);

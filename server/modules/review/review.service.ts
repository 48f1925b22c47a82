import type { z } from 'zod';
import type { FormOptions } from '#common/resource.ts';
import { reviewResource } from '#common/resources/review.ts';
import { productChoices } from '#server/modules/product/product.service.ts';
import { checkOwnReferences } from '#server/modules/product/references.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { storeResourceService } from '#server/resources/store-resource-service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { refreshRating } from '#server/modules/store/store.service.ts';
import { reviews } from './review.repository.ts';

type ReviewInput = z.output<typeof reviewResource.input>;

// Moderating is changing a review's status; every write and delete recomputes the store's rating
// in the same transaction, so the rating always matches the approved reviews.
export const { list, get, create, update, remove, cascade, cascadeMany, bulk } = storeResourceService(reviews, reviewResource, {
  check: (deps, scope, values) => checkOwnReferences(deps, scope, values),
  afterWrite: async (deps, scope) => {
    await refreshRating(deps, scope);
  },
  afterRemove: async (deps, scope) => {
    await refreshRating(deps, scope);
  },
  // Approving or rejecting many (or one, from its row) is a bulk action: one recount for them all.
  afterBulk: async (deps, scope) => {
    await refreshRating(deps, scope);
  },
});

/** A shopper's review from the storefront: it waits, pending, for the owner. */
export const submitReview = (deps: ServiceDeps, scope: StoreScope, input: Omit<ReviewInput, 'status'>) => create(deps, scope, { ...input, status: 'pending' });

/** The review form's product select: its first choices and the chosen product (the field searches the rest). */
export async function formOptions(deps: ServiceDeps, scope: StoreScope, values: Record<string, unknown> = {}): Promise<FormOptions> {
  return { productId: await productChoices(deps, scope, values.productId) };
}

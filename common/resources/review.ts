import { z } from '#common/zod.ts';
import { reviewStatus } from '../enums/catalog.ts';
import { defineResource } from '../resource.ts';
import { numberInput } from '../schemas/number.ts';
import { EmailSchema } from '../schemas/user.ts';
import { requiredRef } from '../schemas/reference.ts';

// A review of a product (PRODUCT §5): shoppers write them from the storefront (pending); the owner
// approves or rejects them here, and may also record one. The store's rating is the average of
// its approved reviews.
export const reviewResource = defineResource({
  key: 'review',
  path: '/catalog/review',
  apiPath: '/reviews',
  texts: 'catalog.review',
  titleField: 'authorName',
  input: z.object({
    productId: requiredRef,
    authorName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(80, { error: 'validation.tooLong' }),
    email: EmailSchema,
    rating: numberInput((n) => n.int({ error: 'catalog.review.ratingRange' }).min(1, { error: 'catalog.review.ratingRange' }).max(5, { error: 'catalog.review.ratingRange' })),
    comment: z.string({ error: 'validation.invalid' }).trim().max(2000, { error: 'validation.tooLong' }).default(''),
    status: z.preprocess((value) => (value === '' || value === undefined ? 'pending' : value), reviewStatus.schema()),
  }),
  output: z.object({ id: z.number(), productId: z.number(), authorName: z.string(), email: z.string(), rating: z.number(), comment: z.string(), status: z.string(), updatedAt: z.string() }),
  list: { sort: ['updated', 'rating'], defaultSort: 'updated', defaultDir: 'desc', filters: { status: reviewStatus.values } },
  // Moderation: each recomputes the store's rating (review.service.ts).
  bulk: { approve: { status: 'approved' }, reject: { status: 'rejected' } },
});

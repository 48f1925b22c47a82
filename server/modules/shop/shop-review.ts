import { reviewResource } from '#common/resources/review.ts';
import type { submitReview } from '#server/modules/review/review.service.ts';
import type { ReviewValues } from './shop-review-form.ts';
import type { ShopTexts } from './shop-text.ts';

// A shopper's review: checked by the catalogue's own review schema (the owner's form uses the
// same), stored as pending through the review service, which the owner's screens moderate.

export function reviewValuesOf(body: URLSearchParams): ReviewValues {
  const value = (name: string) => (body.get(name) ?? '').slice(0, 4000);
  return { authorName: value('authorName'), email: value('email'), rating: value('rating'), comment: value('comment') };
}

type ReviewInput = Parameters<typeof submitReview>[2];

/** The field errors in the page's language, or the review as the review service takes it. */
export function parseShopReview(productId: number, values: ReviewValues, texts: ShopTexts): { errors: Record<string, string> } | { input: ReviewInput } {
  const parsed = reviewResource.input.safeParse({ productId, ...values, status: 'pending' });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (errors[field]) continue;
      const message = issue.message;
      errors[field] =
        field === 'rating' ? texts.ratingInvalid
        : message === 'validation.required' ? texts.required
        : message === 'validation.tooLong' && issue.code === 'too_big' ? texts.tooLong.replace('{max}', String(issue.maximum))
        : field === 'email' ? texts.emailInvalid
        : texts.required;
    }
    return { errors };
  }
  const { status: _status, ...input } = parsed.data;
  return { input };
}

import { html, type SafeHtml } from './shop-html.ts';
import type { ShopRequest } from './shop-layout.ts';
import type { loadProduct, ShopFrame } from './shop.service.ts';
import { shopPath } from './shop-url.ts';

// The product page's reviews: the approved ones with their rating, and the shopper's form (a plain
// POST that works without JavaScript; with it, the ALTCHA widget adds its proof — decision 048).

export type ReviewValues = { authorName: string; email: string; rating: string; comment: string };
export type ReviewForm = {
  values: ReviewValues;
  /** Field → message, in the page's language; null before a submission. */
  errors: Record<string, string> | null;
  /** A message about the whole form (the bot check, too many reviews). */
  formError: string | null;
  sent: boolean;
  /** The signed form token of the no-JavaScript bot check. */
  token: string;
};

export const emptyReview = (token: string): ReviewForm => ({ values: { authorName: '', email: '', rating: '', comment: '' }, errors: null, formError: null, sent: false, token });

function fieldError(form: ReviewForm, name: string): SafeHtml | '' {
  const message = form.errors?.[name];
  return message ? html`<p class="field-error" id="review-${name}-error">${message}</p>` : '';
}
const invalid = (form: ReviewForm, name: string) => (form.errors?.[name] ? html` aria-invalid="true" aria-describedby="review-${name}-error"` : '');

export function reviewSection(frame: ShopFrame, request: ShopRequest, data: NonNullable<Awaited<ReturnType<typeof loadProduct>>>, form: ReviewForm): SafeHtml {
  const { tr } = request;
  const action = shopPath(request.locale, frame.store.slug, `/product/${data.product.slug}/review`);
  const { values } = form;
  const hasErrors = Boolean(form.formError || (form.errors && Object.keys(form.errors).length));
  const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);
  return html`<section class="reviews" id="reviews" aria-labelledby="reviews-title">
<h2 id="reviews-title">${tr.texts.reviews}</h2>
${data.rating ? html`<p class="rating-summary"><span class="rating-big">${tr.number(data.rating.average)}</span> <span class="stars" aria-hidden="true">${stars(Math.round(data.rating.average))}</span> <span>${tr.t(tr.texts.ratingOutOf, { rating: data.rating.average })} · ${tr.plural(tr.texts.reviewCount, data.rating.count)}</span></p>` : html`<p class="muted">${tr.texts.noReviews}</p>`}
<div class="reviews-layout">
${data.reviews.length ? html`<ul class="review-list">${data.reviews.map((review) => html`<li class="review"><p class="review-head"><span class="stars" role="img" aria-label="${tr.t(tr.texts.ratingStars, { rating: review.rating })}">${stars(review.rating)}</span> <strong>${review.authorName}</strong> <span class="muted small">${tr.date(review.createdAt)}</span></p>${review.comment ? html`<p>${review.comment}</p>` : ''}</li>`)}</ul>` : ''}
<div class="review-form-box">
<h3 id="review-form-title">${tr.texts.writeReview}</h3>
${form.sent ? html`<p class="notice success" role="status">${tr.texts.reviewSent}</p>` : ''}
${hasErrors ? html`<p class="notice error" role="alert">${form.formError ?? tr.texts.reviewErrors}</p>` : ''}
<form class="review-form" method="post" action="${action}#reviews" aria-labelledby="review-form-title" novalidate>
<input type="hidden" name="token" value="${form.token}">
<div class="hp" aria-hidden="true"><label for="review-website">Website</label><input id="review-website" name="website" tabindex="-1" autocomplete="off"></div>
<div class="field"><label for="review-authorName">${tr.texts.reviewName}</label><input id="review-authorName" name="authorName" value="${values.authorName}" maxlength="80" autocomplete="name" required${invalid(form, 'authorName')}>${fieldError(form, 'authorName')}</div>
<div class="field"><label for="review-email">${tr.texts.reviewEmail}</label><input id="review-email" name="email" type="email" value="${values.email}" maxlength="254" autocomplete="email" required aria-describedby="review-email-hint${form.errors?.email ? ' review-email-error' : ''}"${form.errors?.email ? html` aria-invalid="true"` : ''}><p class="hint" id="review-email-hint">${tr.texts.reviewEmailHint}</p>${fieldError(form, 'email')}</div>
<fieldset class="field rating-input"${invalid(form, 'rating')}><legend>${tr.texts.reviewRating}</legend><div class="rating-options">
${[5, 4, 3, 2, 1].map((n) => html`<input type="radio" id="review-rating-${n}" name="rating" value="${n}"${values.rating === String(n) ? ' checked' : ''}><label for="review-rating-${n}"><span aria-hidden="true">${stars(n)}</span><span class="sr-only">${tr.plural(tr.texts.reviewStars, n)}</span></label>`)}
</div>${fieldError(form, 'rating')}</fieldset>
<div class="field"><label for="review-comment">${tr.texts.reviewComment}</label><textarea id="review-comment" name="comment" rows="4" maxlength="2000"${invalid(form, 'comment')}>${values.comment}</textarea>${fieldError(form, 'comment')}</div>
${request.altcha ? html`<altcha-widget challenge="/api/v1/bot-check/challenge" name="altcha" auto="onsubmit" display="invisible" language="${request.locale}"></altcha-widget>` : ''}
<button type="submit" class="button">${tr.texts.reviewSubmit}</button>
</form>
</div>
</div>
</section>`;
}

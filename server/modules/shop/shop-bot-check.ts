import { createHmac, timingSafeEqual } from 'node:crypto';

// The review form's bot check without JavaScript (decision 048). ALTCHA's proof of work needs
// JavaScript; a shopper without it still gets a working form: the page signs the moment it was
// drawn, and a post is accepted only between MIN_AGE_MS and MAX_AGE_MS after it, with the hidden
// honeypot field empty, within the per-address rate limit. The review is pending anyway: the
// owner approves it before anyone sees it.

export const MIN_AGE_MS = 3_000;
export const MAX_AGE_MS = 2 * 60 * 60_000;

const sign = (secret: string, storeId: number, productId: number, issuedAt: number) =>
  createHmac('sha256', secret).update(`review-form:${storeId}:${productId}:${issuedAt}`).digest('base64url');

export function reviewFormToken(secret: string, storeId: number, productId: number, now: number): string {
  return `${now}.${sign(secret, storeId, productId, now)}`;
}

/**
 * What the posted token says: `ok`; `tooSoon`, sent within MIN_AGE_MS of the form's drawing (as a
 * script would); `expired`, open longer than MAX_AGE_MS; `invalid`, not one this server signed for
 * this product.
 */
export type ReviewTokenState = 'ok' | 'tooSoon' | 'expired' | 'invalid';

export function reviewTokenState(secret: string, storeId: number, productId: number, token: unknown, now: number): ReviewTokenState {
  if (typeof token !== 'string' || token.length > 100) return 'invalid';
  const [issued, mac] = token.split('.');
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt) || !mac) return 'invalid';
  const expected = Buffer.from(sign(secret, storeId, productId, issuedAt));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = now - issuedAt;
  if (age < MIN_AGE_MS) return 'tooSoon';
  return age <= MAX_AGE_MS ? 'ok' : 'expired';
}

export const checkReviewFormToken = (secret: string, storeId: number, productId: number, token: unknown, now: number): boolean =>
  reviewTokenState(secret, storeId, productId, token, now) === 'ok';

/**
 * The token the form is drawn again with (a field to mend, a bot check to pass): the posted one
 * while it is genuine and not expired, so the time the shopper already spent counts and sending
 * again at once passes (issue 40, defect 8: a fresh token after every refusal made a quick second
 * send fail as "too soon" again); a fresh one otherwise.
 */
export function reviewTokenAgain(secret: string, storeId: number, productId: number, posted: unknown, now: number): string {
  const state = reviewTokenState(secret, storeId, productId, posted, now);
  return (state === 'ok' || state === 'tooSoon') && typeof posted === 'string' ? posted : reviewFormToken(secret, storeId, productId, now);
}

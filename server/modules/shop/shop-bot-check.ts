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

export function checkReviewFormToken(secret: string, storeId: number, productId: number, token: unknown, now: number): boolean {
  if (typeof token !== 'string' || token.length > 100) return false;
  const [issued, mac] = token.split('.');
  const issuedAt = Number(issued);
  if (!Number.isSafeInteger(issuedAt) || !mac) return false;
  const expected = Buffer.from(sign(secret, storeId, productId, issuedAt));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const age = now - issuedAt;
  return age >= MIN_AGE_MS && age <= MAX_AGE_MS;
}

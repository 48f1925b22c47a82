import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: what the user holds (cookie or e-mailed link). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database holds: a stolen table gives no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

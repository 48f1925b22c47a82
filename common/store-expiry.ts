// Where a store's plan period stands, for the owner's screens, the back office and the API alike:
// one rule for "days left" everywhere (started days count).

/** The days before expiry from which the owner is warned. */
export const EXPIRY_WARNING_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `soon` within EXPIRY_WARNING_DAYS, `expired` once the instant has passed. */
export type Expiry = { expiresAt: string | null; daysLeft: number | null; status: 'none' | 'ok' | 'soon' | 'expired' };

export function expiryOf(expiresAt: string | null, now: Date): Expiry {
  if (!expiresAt) return { expiresAt: null, daysLeft: null, status: 'none' };
  const left = Date.parse(expiresAt) - now.getTime();
  if (left <= 0) return { expiresAt, daysLeft: 0, status: 'expired' };
  // Started days count: 30 days minus a second is still "30 days left"; under a day is 1.
  const daysLeft = Math.ceil(left / DAY_MS);
  return { expiresAt, daysLeft, status: daysLeft <= EXPIRY_WARNING_DAYS ? 'soon' : 'ok' };
}

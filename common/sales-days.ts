// The desk's sales chart (issue 23 §7) counts by Ecuador's calendar day: a 23:30 order in Quito
// belongs to that day, not to the next one UTC has already started. Ecuador keeps UTC−5 all year
// (no daylight saving), so a day's bounds are plain arithmetic, the same on server and browser.

/** How many days the desk's chart shows, today included. */
export const SALES_DAYS = 30;

const ECUADOR_OFFSET_MS = 5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date in Ecuador, `yyyy-mm-dd`. */
export function ecuadorDay(now: Date): string {
  return new Date(now.getTime() - ECUADOR_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a day of Ecuador's starts (05:00 UTC), as the app stores instants. */
export function ecuadorDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + ECUADOR_OFFSET_MS).toISOString();
}

/**
 * The last `count` days of Ecuador's calendar up to today, oldest first, and their bounds (one
 * more than the days: the last is tomorrow's start, so an order placed now is counted today).
 */
export function lastDays(now: Date, count = SALES_DAYS): { days: string[]; bounds: string[] } {
  const today = Date.parse(`${ecuadorDay(now)}T00:00:00.000Z`);
  const days = Array.from({ length: count }, (_, index) => new Date(today - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10));
  const tomorrow = new Date(today + DAY_MS).toISOString().slice(0, 10);
  return { days, bounds: [...days, tomorrow].map(ecuadorDayStart) };
}

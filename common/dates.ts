import { dateTimeFormat } from './intl-formats.ts';
import type { Locale } from './locale.ts';

/** The Intl locale each page language formats dates with (Ecuador's Spanish, US English). */
export const DATE_LOCALES = { es: 'es-EC', en: 'en-US' } as const;

/**
 * A date (`2026-11-23`) or an instant in the page's language, on Ecuador's clock: a bare date is
 * read at noon UTC so no time zone moves it to the day before.
 */
export function formatDate(iso: string, locale: Locale, withTime = false): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  return dateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'America/Guayaquil',
  }).format(date);
}

// A typed date follows the same order formatDate shows: day first in Spanish (es-EC, 23/11/2026),
// month first in English (en-US, 11/23/2026). dates.test.ts holds these to Intl's own order.
const DAY_FIRST: Record<Locale, boolean> = { es: true, en: false };

const pad = (value: number) => String(value).padStart(2, '0');

/** `2030-08-15` as it is typed on the page: "15/08/2030" in Spanish, "08/15/2030" in English. */
export function formatTypedDate(iso: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return DAY_FIRST[locale] ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/**
 * A date typed in the page's order (separated by "/", "-", "." or spaces, with or without leading
 * zeros, a four-digit year) or pasted as `YYYY-MM-DD`, as `YYYY-MM-DD`; null when it is not a real
 * day (31/02/2026) or not a date at all. Two-digit years are refused rather than guessed.
 */
export function parseTypedDate(text: string, locale: Locale): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const typed = /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})$/.exec(trimmed);
  let year: number, month: number, day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (typed) {
    const [first, second] = [Number(typed[1]), Number(typed[2])];
    [year, month, day] = DAY_FIRST[locale] ? [Number(typed[3]), second, first] : [Number(typed[3]), first, second];
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

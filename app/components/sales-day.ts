import { DATE_LOCALES } from '#common/dates.ts';
import { dateTimeFormat } from '#common/intl-formats.ts';
import type { Locale } from '#common/locale.ts';

// One day of the desk's sales, shared by its table (desk-sales.tsx) and its chart
// (desk-sales-chart.tsx): in either of them it made the two import each other.

export type SalesDay = { day: string; orders: number; salesCents: number };

/** A calendar day (`2026-11-26`) as the page's language writes it short: "26 nov" / "Nov 26". */
export function shortDay(day: string, locale: Locale): string {
  // Noon UTC of a bare date is that same day everywhere: no time zone moves it.
  return dateTimeFormat(DATE_LOCALES[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

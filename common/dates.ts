/**
 * A date (`2026-11-23`) or an instant in the page's language, on Ecuador's clock: a bare date is
 * read at noon UTC so no time zone moves it to the day before.
 */
export function formatDate(iso: string, locale: 'es' | 'en', withTime = false): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-EC' : 'en-US', {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'America/Guayaquil',
  }).format(date);
}

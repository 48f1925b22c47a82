// Money travels in integer cents (no float rounding); forms and screens use dollars.
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatMoney(cents: number, locale: 'es' | 'en'): string {
  return new Intl.NumberFormat(locale === 'es' ? 'es-EC' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export function formatDate(iso: string, locale: 'es' | 'en', withTime = false): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-EC' : 'en-US', {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'America/Guayaquil',
  }).format(date);
}

/** A weight in the locale's number format: `2,5 lb` in Spanish, `2.5 lb` in English. */
export function formatWeight(value: number, locale: 'es' | 'en', unit: 'lb' | 'kg' = 'lb'): string {
  const number = new Intl.NumberFormat(locale === 'es' ? 'es-EC' : 'en-US', { maximumFractionDigits: 2 }).format(value);
  return `${number} ${unit}`;
}

/** A file's size in the page's language: `5 B`, `1,5 kB`, `2.5 MB`. */
export function formatFileSize(bytes: number, locale: 'es' | 'en'): string {
  const [value, unit] = bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / (1024 * 1024), 'megabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

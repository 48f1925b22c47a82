import { numberFormat } from './intl-formats.ts';

/** A file's size in the page's language: `5 B`, `1,5 kB`, `2.5 MB`. */
export function formatFileSize(bytes: number, locale: 'es' | 'en'): string {
  const [value, unit] = bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / (1024 * 1024), 'megabyte'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

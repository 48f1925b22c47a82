import { numberFormat } from './intl-formats.ts';
import type { Locale } from './locale.ts';

/** The Intl locale each page language formats and reads numbers with (its CLDR symbols). */
export const INTL_LOCALE: Record<Locale, string> = { es: 'es-EC', en: 'en-US' };

/**
 * A plain number as the page's language writes it: "2,9" and "1.234,5" in Spanish, "2.9" and
 * "1,234.5" in English (at most `maxDigits` decimals). Every number shown goes through this (or
 * formatWeight/formatMoney, built on the same rule), never through String() or toFixed().
 */
export function formatNumber(value: number, locale: Locale, maxDigits = 2): string {
  return numberFormat(INTL_LOCALE[locale], { maximumFractionDigits: maxDigits }).format(value);
}

/** Message parameters that name a record or a year ("Ticket #{{number}}", "© {{year}}"): never grouped. */
const IDENTIFIER_KEYS = new Set(['id', 'number', 'year']);

/**
 * A number put into a message (`{{kg}}`, `{{count}}`, `{{max}}`), written the message language's
 * way: "2,9" and "1.000 productos creados" in Spanish, "1,000 products created" in English (issue
 * 20 §10). An identifier (`{{id}}`, `{{number}}`, `{{year}}`) is left as it is: "#10234", "2026".
 */
export function formatMessageValue(value: unknown, locale: Locale, key?: string): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return key !== undefined && IDENTIFIER_KEYS.has(key) ? value : formatNumber(value, locale);
}

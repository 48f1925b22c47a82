import { numberFormat } from './intl-formats.ts';
import type { Locale } from './locale.ts';

const INTL_LOCALE: Record<Locale, string> = { es: 'es-EC', en: 'en-US' };

/**
 * A plain number as the page's language writes it: "2,9" and "1.234,5" in Spanish, "2.9" and
 * "1,234.5" in English (at most `maxDigits` decimals). Every number shown goes through this (or
 * formatWeight/formatMoney, built on the same rule), never through String() or toFixed().
 */
export function formatNumber(value: number, locale: Locale, maxDigits = 2): string {
  return numberFormat(INTL_LOCALE[locale], { maximumFractionDigits: maxDigits }).format(value);
}

/**
 * A number put into a message (`{{kg}}`, `{{weight}}`): one with decimals in the message's
 * language; whole numbers (counts, years, ids) are left as they are, ungrouped.
 */
export function formatMessageValue(value: unknown, locale: Locale): unknown {
  return typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value) ? formatNumber(value, locale) : value;
}

import { numberFormat } from './intl-formats.ts';

// Money travels in integer cents (no float rounding); forms and screens use dollars.
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatMoney(cents: number, locale: 'es' | 'en'): string {
  return numberFormat(locale === 'es' ? 'es-EC' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

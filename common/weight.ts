/** A weight in the locale's number format: `2,5 lb` in Spanish, `2.5 lb` in English. */
export function formatWeight(value: number, locale: 'es' | 'en', unit: 'lb' | 'kg' = 'lb'): string {
  const number = new Intl.NumberFormat(locale === 'es' ? 'es-EC' : 'en-US', { maximumFractionDigits: 2 }).format(value);
  return `${number} ${unit}`;
}

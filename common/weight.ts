import { formatNumber } from './number-format.ts';

/** A weight in the locale's number format: `2,5 lb` in Spanish, `2.5 lb` in English. */
export function formatWeight(value: number, locale: 'es' | 'en', unit: 'lb' | 'kg' = 'lb'): string {
  return `${formatNumber(value, locale)} ${unit}`;
}

/** Dimensions in centimetres: `30,5 × 20 × 10 cm` in Spanish. */
export function formatDimensions(size: { lengthCm: number; widthCm: number; heightCm: number }, locale: 'es' | 'en'): string {
  return `${[size.lengthCm, size.widthCm, size.heightCm].map((value) => formatNumber(value, locale)).join(' × ')} cm`;
}

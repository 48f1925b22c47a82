import type { Locale } from './locale.ts';

// A plan's name and features are kept in both languages (issue 20 §11). An English page shows the
// English ones; a plan the admin has not translated yet shows its Spanish words rather than none.

export function planName(plan: { name: string; nameEn?: string | null }, locale: Locale): string {
  return locale === 'en' && plan.nameEn ? plan.nameEn : plan.name;
}

export function planFeatures(plan: { features: string[]; featuresEn?: string[] }, locale: Locale): string[] {
  return locale === 'en' && plan.featuresEn && plan.featuresEn.length > 0 ? plan.featuresEn : plan.features;
}

import type { Locale } from '#common/locale.ts';
import { addCatalogue, hasCatalogue } from './i18n.ts';

/**
 * Loads the messages of one language in the browser (a chunk of its own per language, which the
 * page also preloads: see the root route) before anything renders in it: before hydration
 * (entry.client.tsx) and before a navigation into the other language (root clientMiddleware).
 */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (hasCatalogue(locale)) return;
  addCatalogue(locale, locale === 'en' ? (await import('./en.ts')).en : (await import('./es.ts')).es);
}

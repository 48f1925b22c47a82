import type { Locale } from '#common/locale.ts';
import { addCatalog, hasCatalog } from './i18n.ts';
import type { MessagePart } from './messages.ts';

// One dynamic import per language and part: each is a chunk of its own (vite.config.ts checks it),
// which the page also preloads (see the root route).
const PARTS: Record<Locale, Record<MessagePart, () => Promise<object>>> = {
  es: { base: async () => (await import('./es.ts')).es, dashboard: async () => (await import('./es-dashboard.ts')).esDashboard },
  en: { base: async () => (await import('./en.ts')).en, dashboard: async () => (await import('./en-dashboard.ts')).enDashboard },
};

/**
 * Loads messages of one language in the browser before anything renders with them: the base part
 * before hydration (entry.client.tsx) and before a navigation into the other language (root
 * clientMiddleware); the dashboard part before a logged-in screen renders (the dashboard layout's
 * clientMiddleware, or entry.client.tsx when the page arrived as one).
 */
export async function loadCatalog(locale: Locale, parts: readonly MessagePart[] = ['base']): Promise<void> {
  await Promise.all(parts.filter((part) => !hasCatalog(locale, part)).map(async (part) => addCatalog(locale, part, await PARTS[locale][part]())));
}

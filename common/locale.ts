// Locale rules shared by the server (redirects, cookie) and the app (links, switch).
export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';
export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60; // seconds, seed §9
/** Query parameter the language switch uses so that the server can store the choice. */
export const LOCALE_SWITCH_PARAM = 'lang';

export function isLocale(value: unknown): value is Locale {
  return value === 'es' || value === 'en';
}

/** A stored language (an order's, a user's) as a Locale; anything else is the default. */
export const asLocale = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'es';
}

/** The path without its language prefix: `/en/alert` → `/alert`, `/en` → `/`. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'es') return pathname || '/';
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/** The same path in another language: `/alert` → `/en/alert`. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? '/en' : `/en${bare}`;
}

/** Picks es or en from an Accept-Language header by quality; Spanish when neither is asked for. */
export function preferredLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  let best: { locale: Locale; quality: number } | undefined;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const language = tag.split('-')[0];
    if (!isLocale(language)) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number.parseFloat(q.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { locale: language, quality };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

import type { MetaDescriptor } from 'react-router';
import { translator } from '#common/i18n/i18n.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { type Locale, localeFromPath } from '#common/locale.ts';


function t(pathname: string) {
  return translator(localeFromPath(pathname));
}

/** Title and description of an ordinary screen, in the language of its path. */
export function pageMeta(pathname: string, titleKey: MessageKey): MetaDescriptor[] {
  const tr = t(pathname);
  return [{ title: `${tr(titleKey)} · ${tr('app.name')}` }, { name: 'description', content: tr('app.tagline') }];
}

const OG_LOCALE: Record<Locale, string> = { es: 'es_EC', en: 'en_US' };

/** The public address the root loader reads from PUBLIC_URL (absolute links in share tags). */
type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
function originOf(matches: Matches): string {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? '';
}

/**
 * The share tags (Open Graph, Twitter) and the canonical link of a page: one helper for the public
 * pages and the error screen. The hreflang alternates are drawn by the root for every page.
 */
function shareMeta(origin: string, pathname: string, title: string, description: string): MetaDescriptor[] {
  const locale = localeFromPath(pathname);
  const url = `${origin}${pathname}`;
  const image = `${origin}/og-image.png`;
  const other: Locale = locale === 'es' ? 'en' : 'es';
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Tiendabox' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: OG_LOCALE[locale] },
    { property: 'og:locale:alternate', content: OG_LOCALE[other] },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:url', content: url },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}

/** A public page (terms, login, registration…): title, description, share tags, canonical link. */
export function publicPageMeta({ location, matches }: { location: { pathname: string }; matches: Matches }, titleKey: MessageKey): MetaDescriptor[] {
  const tr = t(location.pathname);
  const title = `${tr(titleKey)} · ${tr('app.name')}`;
  return [...pageMeta(location.pathname, titleKey), ...shareMeta(originOf(matches), location.pathname, title, tr('app.tagline'))];
}

/** seed §2.2: title "¡Ups!", empty description and keywords, social-share tags. */
export function errorMeta(pathname: string, origin: string): MetaDescriptor[] {
  const title = t(pathname)('error.pageTitle');
  return [{ title }, { name: 'description', content: '' }, { name: 'keywords', content: '' }, ...shareMeta(origin, pathname, title, '')];
}

import type { MetaDescriptor } from 'react-router';
import { translator } from '#common/i18n/i18n.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath } from '#common/locale.ts';


function t(pathname: string) {
  return translator(localeFromPath(pathname));
}

/** Title and description of an ordinary screen, in the language of its path. */
export function pageMeta(pathname: string, titleKey: MessageKey): MetaDescriptor[] {
  const tr = t(pathname);
  return [{ title: `${tr(titleKey)} · ${tr('app.name')}` }, { name: 'description', content: tr('app.tagline') }];
}

/** seed §2.2: title "¡Ups!", empty description and keywords, social-share tags. */
export function errorMeta(pathname: string, origin: string): MetaDescriptor[] {
  const title = t(pathname)('error.pageTitle');
  const url = `${origin}${pathname}`;
  const image = `${origin}/og-image.png`;
  return [
    { title },
    { name: 'description', content: '' },
    { name: 'keywords', content: '' },
    { property: 'og:title', content: title },
    { property: 'og:url', content: url },
    { property: 'og:description', content: '' },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:url', content: url },
    { name: 'twitter:description', content: '' },
    { name: 'twitter:image', content: image },
  ];
}

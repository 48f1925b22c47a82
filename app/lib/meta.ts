import type { MetaDescriptor } from 'react-router';
import { translator } from '#common/i18n/i18n.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath } from '#common/locale.ts';
import { resourceText } from '#common/resource.ts';
import { resourceAt } from '#common/resources/index.ts';


function t(pathname: string) {
  return translator(localeFromPath(pathname));
}

/** Title and description of an ordinary screen, in the language of its path. */
export function pageMeta(pathname: string, titleKey: MessageKey): MetaDescriptor[] {
  const tr = t(pathname);
  return [{ title: `${tr(titleKey)} · ${tr('app.name')}` }, { name: 'description', content: tr('app.tagline') }];
}

/** A kit resource's screen, titled by the resource its path belongs to. */
export function resourceMeta(pathname: string, text: 'title' | 'new' | 'edit'): MetaDescriptor[] {
  const resource = resourceAt(pathname);
  return pageMeta(pathname, resource ? resourceText(resource, text) : 'error.pageTitle');
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

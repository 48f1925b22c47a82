import { Anchor, Box, VisuallyHidden } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { useLocation } from 'react-router';
import { LOCALE_SWITCH_PARAM, type Locale, localeFromPath, localizePath } from '#common/locale.ts';

/** Same path and query in the other language; `?lang=` lets the server store the choice. */
export function switchHref(pathname: string, search: string, to: Locale): string {
  const query = new URLSearchParams(search);
  query.delete(LOCALE_SWITCH_PARAM);
  query.append(LOCALE_SWITCH_PARAM, to);
  return `${localizePath(pathname, to)}?${query.toString()}`;
}

/** `compact`: below the xs breakpoint only the code ("EN"), for a crowded header on a phone. */
export function LanguageSwitch({ c, compact = false }: { c?: string; compact?: boolean }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const other: Locale = localeFromPath(pathname) === 'es' ? 'en' : 'es';
  const name = t(`language.${other}`);
  // The name comes from the content (no aria-label), so it always holds the visible text
  // (WCAG 2.5.3, label in name); the hidden words say what the link does.
  return (
    <Anchor
      href={switchHref(pathname, search, other)}
      hrefLang={other}
      data-testid="language-switch"
      fw={600}
      fz="sm"
      c={c}
      style={{ whiteSpace: 'nowrap' }}
    >
      <span lang={other}>
        {other.toUpperCase()}
        <Box component="span" visibleFrom={compact ? 'xs' : undefined}>
          {' · '}
          {name}
        </Box>
      </span>
      <VisuallyHidden> ({t('language.switchTo', { language: name })})</VisuallyHidden>
    </Anchor>
  );
}

import type { TFunction } from 'i18next';
import { useLocation } from 'react-router';
import { translator } from '#common/i18n/i18n.ts';
import { localeFromPath } from '#common/locale.ts';

/**
 * The translate function of the page's language, which comes from its path (decision 007). The
 * language's i18next instance is made once and never changes language (decision 020), so a
 * component needs no subscription to it: a change of language is a navigation, which re-renders.
 */
export function useT(): TFunction {
  return translator(localeFromPath(useLocation().pathname));
}

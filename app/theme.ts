import {
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  mergeMantineTheme,
  PasswordInput,
} from '@mantine/core';
import { translator } from '#common/i18n/i18n.ts';
import type { Locale } from '#common/locale.ts';

// Brand: deep teal (trust, logistics) with a warm orange accent for calls to action.
const brand: MantineColorsTuple = [
  '#e6fbf8', '#d5f2ee', '#aee3dc', '#83d4c9', '#60c7b9', '#49bfae', '#3bbba9', '#2aa493', '#1c9283', '#007f71',
];
const accent: MantineColorsTuple = [
  '#fff1e2', '#ffe2cc', '#ffc49b', '#ffa464', '#fe8937', '#fe781a', '#ff6f09', '#e45e00', '#cb5200', '#b14500',
];

const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand, accent },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
});

export type ThemeSetup = {
  /** The theme, with the labels Mantine draws itself in the page's language. */
  theme: MantineThemeOverride;
  /** The theme's CSS variables, as Mantine's provider would print them on every render. */
  css: string;
};

/**
 * What `MantineCssVariables` prints (the variables of the theme that differ from Mantine's
 * defaults, for `:root` and `:host`), worked out once per language instead of on every render:
 * the provider recomputed all of them for each page, a few hundred microseconds each time.
 * theme.test.ts checks it against Mantine's own output.
 */
function cssVariables(theme: MantineThemeOverride): string {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const changed = (group: 'variables' | 'light' | 'dark') => {
    const base: Record<string, string | undefined> = defaults[group];
    return Object.fromEntries(Object.entries(ours[group]).filter(([name, value]) => base[name] !== value));
  };
  return convertCssVariables({ variables: changed('variables'), light: changed('light'), dark: changed('dark') });
}

const setups = new Map<Locale, ThemeSetup>();

export function themeFor(locale: Locale): ThemeSetup {
  let setup = setups.get(locale);
  if (!setup) {
    const localized = createTheme({
      ...theme,
      components: {
        PasswordInput: PasswordInput.extend({
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': translator(locale)('auth.togglePassword') } },
        }),
      },
    });
    setup = { theme: localized, css: cssVariables(localized) };
    setups.set(locale, setup);
  }
  return setup;
}

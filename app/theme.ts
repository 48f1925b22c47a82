import { createTheme, DEFAULT_THEME, type MantineColorsTuple, type MantineThemeOverride, PasswordInput } from '@mantine/core';
import { translator } from '#common/i18n/i18n.ts';
import type { Locale } from '#common/locale.ts';

// Brand: deep teal (trust, logistics) with a warm orange accent for calls to action. The shades
// that carry text (8: links, filled buttons under white text; 9: badge and logo text; accent 7: the
// logo's "box", the bell's count) are dark enough for WCAG AA on white and on gray.0 (4.5:1);
// theme.test.tsx computes every pair, so a lighter shade fails there.
const brand: MantineColorsTuple = [
  '#e6fbf8', '#d5f2ee', '#aee3dc', '#83d4c9', '#60c7b9', '#49bfae', '#2aa493', '#1c9283', '#0f7a6d', '#0a6358',
];
const accent: MantineColorsTuple = [
  '#fff1e2', '#ffe2cc', '#ffc49b', '#ffa464', '#fe8937', '#fe781a', '#ff6f09', '#c24e00', '#a94400', '#8f3900',
];

// Mantine's own tuples, with the shades that carry text darkened: gray.6 is the dimmed text, red.6
// the error text, teal.8 the success text, and shade 9 of every badge colour is a light badge's
// text on its shade 1 (Mantine's yellow.9 on yellow.1 was 2.7:1, the "Pendiente" badge).
const darker = (name: keyof typeof DEFAULT_THEME.colors, shades: Record<number, string>): MantineColorsTuple =>
  (DEFAULT_THEME.colors[name] ?? []).map((shade, index) => shades[index] ?? shade) as unknown as MantineColorsTuple;
const textSafe = {
  gray: darker('gray', { 6: '#676e75' }),
  red: darker('red', { 6: '#d92b2b', 7: '#c92a2a', 8: '#b52424', 9: '#a51f1f' }),
  teal: darker('teal', { 8: '#087f5b', 9: '#06694b' }),
  yellow: darker('yellow', { 9: '#a34e00' }),
  orange: darker('orange', { 9: '#b33f0c' }),
  green: darker('green', { 9: '#237032' }),
};

const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand, accent, ...textSafe },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // A visitor whose system asks for less motion gets Mantine's transitions (dialogs, menus, the
  // burger) without their animation; the app shell's slide is app/reduced-motion.css's.
  respectReducedMotion: true,
});

// Its CSS variables are a stylesheet of their own, theme-variables.css (decision 072), which
// theme.test.tsx keeps equal to what Mantine's provider prints for this theme.
const themes = new Map<Locale, MantineThemeOverride>();

/** The theme, with the labels Mantine draws itself in the page's language; made once per language. */
export function themeFor(locale: Locale): MantineThemeOverride {
  let localized = themes.get(locale);
  if (!localized) {
    localized = createTheme({
      ...theme,
      components: {
        PasswordInput: PasswordInput.extend({
          defaultProps: { visibilityToggleButtonProps: { 'aria-label': translator(locale)('auth.togglePassword') } },
        }),
        // Every dialog's × button is an icon alone: it needs a name (axe button-name, critical). A
        // plain object, not Modal.extend(): importing Modal here put it on every page, login's too.
        // Its title bar is a <header>, which outside a sectioning element is a second banner
        // landmark beside the page's (axe landmark-no-duplicate-banner, issue 20 §16): no role.
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': translator(locale)('list.closeDialog') }, attributes: { header: { role: 'none' } } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': translator(locale)('list.closeDialog') }, attributes: { header: { role: 'none' } } } },
        // The same for a toast's × (a record toast checked by axe while it is still up).
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': translator(locale)('list.closeDialog') } } },
      },
    });
    themes.set(locale, localized);
  }
  return localized;
}

import { DEFAULT_THEME, defaultCssVariablesResolver, MantineProvider, mergeMantineTheme } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '#common/i18n/all-languages.ts';
import type { BadgeColor } from '#common/enums/define-enum.ts';
import { LOGO_TEXT_COLORS } from './components/logo.tsx';
import type { Locale } from '#common/locale.ts';
import { themeFor } from './theme.ts';
import { contrastRatio } from '#common/color-contrast.ts';

// The pages load the theme's CSS variables as a stylesheet (theme-variables.css, decision 072)
// instead of the provider printing them on every render: the file must be exactly what Mantine's
// provider prints for the theme, in both languages, or the page would look different after a
// change to the theme or an upgrade. `npx vitest run app/theme.test.tsx -u` writes it anew.
describe('theme CSS variables', () => {
  const printedFor = (locale: Locale) => /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(renderToString(<MantineProvider theme={themeFor(locale)}>{null}</MantineProvider>))?.[1];

  it.each(['es', 'en'] as const)('are the stylesheet the pages load: what MantineProvider prints for the %s theme', async (locale) => {
    const printed = printedFor(locale);
    expect(printed).toBeTruthy();
    expect(printed).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled);');
    await expect(printed).toMatchFileSnapshot('./theme-variables.css');
  });

  it('are the same in both languages', () => {
    expect(printedFor('en')).toBe(printedFor('es'));
  });

  it('is made once per language', () => {
    expect(themeFor('es')).toBe(themeFor('es'));
    expect(themeFor('en')).not.toBe(themeFor('es'));
  });
});

// WCAG 2.x contrast of every pair of colours the theme draws text with, in light mode, computed
// from the CSS variables the page prints (so a darker or lighter shade in theme.ts is what is
// checked). Normal text needs 4.5:1 (1.4.3); a badge's 11 px capitals are normal text.
const esTheme = themeFor('es');
const merged = mergeMantineTheme(DEFAULT_THEME, esTheme);
const resolved = defaultCssVariablesResolver(merged);
const variables: Record<string, string> = { ...resolved.variables, ...resolved.light };

function resolve(value: string): string {
  const name = /^var\((--[\w-]+)\)$/.exec(value.trim())?.[1];
  if (!name) return value;
  const next = variables[name];
  if (next === undefined) throw new Error(`unknown CSS variable ${name}`);
  return resolve(next);
}

/** A theme colour as Mantine names it ("brand.9", "dimmed", "white") or a CSS variable, as hex. */
function colour(name: string): string {
  if (name.startsWith('--')) return resolve(`var(${name})`);
  if (name === 'white' || name === 'black') return resolve(`var(--mantine-color-${name})`);
  const shade = /^(\w+)\.(\d)$/.exec(name);
  if (shade) return resolve(`var(--mantine-color-${shade[1]}-${shade[2]})`);
  return resolve(`var(--mantine-color-${name})`);
}

// Every colour a badge may take (the type's union): a colour added to BadgeColor without a line
// here fails the type check, so it cannot escape this test.
const BADGE_COLORS = { brand: true, gray: true, yellow: true, orange: true, green: true, blue: true, indigo: true, red: true, teal: true, violet: true } satisfies Record<BadgeColor, true>;

// The backgrounds text sits on: cards and inputs (white), the page and striped rows (gray.0).
const SURFACES = ['white', 'gray.0'];

const pairs: [what: string, foreground: string, background: string][] = [
  ...SURFACES.flatMap((surface): [string, string, string][] => [
    [`body text on ${surface}`, '--mantine-color-text', surface],
    [`dimmed text on ${surface}`, 'dimmed', surface],
    [`links on ${surface}`, '--mantine-color-anchor', surface],
    [`error text on ${surface}`, 'error', surface],
    [`success text on ${surface}`, 'success', surface],
    [`logo "Tienda" on ${surface}`, LOGO_TEXT_COLORS.tienda, surface],
    [`logo "box" on ${surface}`, LOGO_TEXT_COLORS.box, surface],
  ]),
  ['dimmed text on a light badge row (gray.1)', 'dimmed', 'gray.1'],
  ['primary filled button text', '--mantine-primary-color-contrast', '--mantine-primary-color-filled'],
  ['primary filled button text, hovered', '--mantine-primary-color-contrast', '--mantine-primary-color-filled-hover'],
  ['primary light button text', '--mantine-primary-color-light-color', '--mantine-primary-color-light'],
  ['red filled button (delete) text', 'white', '--mantine-color-red-filled'],
  ['accent filled button (error screen) and bell count', 'white', 'accent.7'],
  ['white text on the login brand panel', 'white', 'brand.8'],
  ...Object.keys(BADGE_COLORS).map((name): [string, string, string] => [`${name} light badge`, `--mantine-color-${name}-light-color`, `--mantine-color-${name}-light`]),
  ...Object.keys(BADGE_COLORS).map((name): [string, string, string] => [`${name} subtle button on white`, `--mantine-color-${name}-light-color`, 'white']),
];

describe('theme colour contrast (WCAG AA, light mode)', () => {
  it.each(pairs)('%s reaches 4.5:1', (_what, foreground, background) => {
    const ratio = contrastRatio(colour(foreground), colour(background));
    expect(ratio, `${colour(foreground)} on ${colour(background)}`).toBeGreaterThanOrEqual(4.5);
  });

  it('computes the WCAG ratio (the examples of the issue)', () => {
    // Mantine's teal #1c9283 on white was 3.82:1, its yellow.9 on yellow.1 2.68:1.
    expect(contrastRatio('#1c9283', '#ffffff')).toBeCloseTo(3.83, 1);
    expect(contrastRatio('#e67700', '#fff3bf')).toBeCloseTo(2.69, 1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});

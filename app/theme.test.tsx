import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '#common/i18n/all-languages.ts';
import { themeFor } from './theme.ts';

// The page prints the theme's CSS variables itself, worked out once per language; they must be
// exactly what Mantine's provider prints, or the page would look different after an upgrade.
describe('theme CSS variables', () => {
  it.each(['es', 'en'] as const)('are what MantineProvider prints for the %s theme', (locale) => {
    const { theme, css } = themeFor(locale);
    const html = renderToString(<MantineProvider theme={theme}>{null}</MantineProvider>);
    const printed = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(printed).toBeTruthy();
    expect(css).toBe(printed);
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-brand-filled);');
  });

  it('is made once per language', () => {
    expect(themeFor('es')).toBe(themeFor('es'));
    expect(themeFor('en').theme).not.toBe(themeFor('es').theme);
  });
});

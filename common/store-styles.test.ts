import { describe, expect, it } from 'vitest';
import { contrastRatio } from './color-contrast.ts';
import { STORE_STYLES } from './enums/store.ts';
import { STORE_STYLE_TOKENS, storeStyleTokens, storeStyleVariables } from './store-styles.ts';

const AA = 4.5;

describe('store styles', () => {
  it('has one set of tokens per style, in the order of the stored numbers 1–6', () => {
    expect(Object.keys(STORE_STYLE_TOKENS)).toEqual([...STORE_STYLES]);
    STORE_STYLES.forEach((name, index) => expect(storeStyleTokens(index + 1).name).toBe(name));
    expect(storeStyleTokens(0).name).toBe('warm');
    expect(storeStyleTokens(99).name).toBe('warm');
  });

  it.each(STORE_STYLES)('%s: every text and button pair meets WCAG AA (4.5:1)', (name) => {
    const { colors } = STORE_STYLE_TOKENS[name];
    const pairs: [string, string, string][] = [
      ['text on background', colors.text, colors.background],
      ['text on surface', colors.text, colors.surface],
      ['muted on background', colors.muted, colors.background],
      ['muted on surface', colors.muted, colors.surface],
      ['header text', colors.onHeader, colors.header],
      ['button text', colors.onPrimary, colors.primary],
      ['link on background', colors.link, colors.background],
      ['link on surface', colors.link, colors.surface],
    ];
    const failing = pairs.filter(([, fg, bg]) => contrastRatio(fg, bg) < AA).map(([label, fg, bg]) => `${label} ${fg}/${bg} ${contrastRatio(fg, bg).toFixed(2)}`);
    expect(failing).toEqual([]);
  });

  it('uses system font stacks only: nothing to download', () => {
    for (const { fonts } of Object.values(STORE_STYLE_TOKENS)) {
      for (const stack of [fonts.heading, fonts.body]) {
        expect(stack).not.toMatch(/url\(|@import|https?:/);
        expect(stack).toMatch(/(sans-serif|serif)$/);
      }
    }
  });

  it('gives CSS variables for a storefront root', () => {
    expect(storeStyleVariables(STORE_STYLE_TOKENS.dark)).toMatchObject({ '--store-background': '#121417', '--store-on-primary': '#141414', '--store-radius': '8px' });
  });

  it('computes contrast like WCAG', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

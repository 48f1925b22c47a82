import { describe, expect, it } from 'vitest';
import './all-languages.ts';
import { translator } from './i18n.ts';
import { localizeNotificationParams } from '../notification-params.ts';
import { formatNumber } from '../number-format.ts';
import { formatDimensions, formatWeight } from '../weight.ts';

describe('numbers in the page language (issue 9 §10)', () => {
  it('writes a number with decimals inside a message the language’s way', () => {
    expect(translator('es')('consolidation.overWeight4x4', { kg: 4.35 })).toContain('(4,35 kg)');
    expect(translator('en')('consolidation.overWeight4x4', { kg: 4.35 })).toContain('(4.35 kg)');
    // the package-received notification's e-mail said "(2.9 lb)" on Spanish
    const params = { tracking: 'X', weightLb: 2.9 };
    expect(translator('es')('notification.package_received.body', localizeNotificationParams(params, 'es') as typeof params)).toContain('(2,9 lb)');
    // whole numbers stay as they are: counts, years and ids are not grouped
    expect(translator('es')('footer.rights', { year: 2026 })).toContain('2026');
    expect(translator('en')('footer.rights', { year: 2026 })).toContain('2026');
  });

  it('formats plain numbers, weights and dimensions per locale', () => {
    expect(formatNumber(2.9, 'es')).toBe('2,9');
    expect(formatNumber(12345.5, 'es')).toBe('12.345,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(4.5, 'es')).toBe('4,5');
    expect(formatWeight(2.9, 'es')).toBe('2,9 lb');
    expect(formatWeight(2.9, 'en', 'kg')).toBe('2.9 kg');
    expect(formatDimensions({ lengthCm: 30.5, widthCm: 20, heightCm: 10.25 }, 'es')).toBe('30,5 × 20 × 10,25 cm');
    expect(formatDimensions({ lengthCm: 30.5, widthCm: 20, heightCm: 10.25 }, 'en')).toBe('30.5 × 20 × 10.25 cm');
  });
});

import { describe, expect, it } from 'vitest';
import { DATE_LOCALES, formatDate, formatTypedDate, parseTypedDate } from './dates.ts';

describe('a date typed in the page language', () => {
  it('is written in the order the app shows dates in (Intl for es-EC and en-US)', () => {
    for (const locale of ['es', 'en'] as const) {
      const intl = new Intl.DateTimeFormat(DATE_LOCALES[locale], { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date('2030-08-05T12:00:00Z'));
      expect(formatTypedDate('2030-08-05', locale)).toBe(intl);
    }
    expect(formatTypedDate('2030-08-05', 'es')).toBe('05/08/2030');
    expect(formatTypedDate('2030-08-05', 'en')).toBe('08/05/2030');
    expect(formatDate('2030-08-05', 'es')).toMatch(/^5 ago/);
  });

  it('is read day first in Spanish and month first in English', () => {
    expect(parseTypedDate('05/08/2030', 'es')).toBe('2030-08-05');
    expect(parseTypedDate('05/08/2030', 'en')).toBe('2030-05-08');
    expect(parseTypedDate('15/8/2030', 'es')).toBe('2030-08-15');
    expect(parseTypedDate('8/15/2030', 'en')).toBe('2030-08-15');
    expect(parseTypedDate(' 15-08-2030 ', 'es')).toBe('2030-08-15');
    expect(parseTypedDate('15.08.2030', 'es')).toBe('2030-08-15');
  });

  it('takes a pasted YYYY-MM-DD in both languages', () => {
    expect(parseTypedDate('2030-08-15', 'es')).toBe('2030-08-15');
    expect(parseTypedDate('2030-8-5', 'en')).toBe('2030-08-05');
  });

  it('refuses what is not a real day, a guessed century or not a date', () => {
    expect(parseTypedDate('31/02/2026', 'es')).toBeNull();
    expect(parseTypedDate('02/31/2026', 'en')).toBeNull();
    expect(parseTypedDate('15/08/2030', 'en')).toBeNull();
    expect(parseTypedDate('29/02/2028', 'es')).toBe('2028-02-29');
    expect(parseTypedDate('29/02/2027', 'es')).toBeNull();
    expect(parseTypedDate('15/08/30', 'es')).toBeNull();
    expect(parseTypedDate('mañana', 'es')).toBeNull();
    expect(parseTypedDate('', 'es')).toBeNull();
    expect(parseTypedDate('00/08/2030', 'es')).toBeNull();
  });

  it('reads back what it writes', () => {
    for (const iso of ['2026-01-01', '2030-12-31', '2028-02-29']) for (const locale of ['es', 'en'] as const) expect(parseTypedDate(formatTypedDate(iso, locale), locale)).toBe(iso);
  });
});

import { describe, expect, it } from 'vitest';
import { ecuadorDay, ecuadorDayStart, lastDays } from './sales-days.ts';

describe("the desk's days (Ecuador, UTC−5 all year)", () => {
  it('keeps a late evening order in Quito on its own day', () => {
    expect(ecuadorDay(new Date('2026-11-27T04:59:59.999Z'))).toBe('2026-11-26');
    expect(ecuadorDay(new Date('2026-11-27T05:00:00.000Z'))).toBe('2026-11-27');
    expect(ecuadorDayStart('2026-11-26')).toBe('2026-11-26T05:00:00.000Z');
  });

  it('gives thirty days up to today, oldest first, bounded by tomorrow’s start, across a month', () => {
    const { days, bounds } = lastDays(new Date('2026-11-26T18:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-10-28');
    expect(days.at(-1)).toBe('2026-11-26');
    expect(bounds).toHaveLength(31);
    expect(bounds[0]).toBe('2026-10-28T05:00:00.000Z');
    expect(bounds.at(-1)).toBe('2026-11-27T05:00:00.000Z');
  });
});

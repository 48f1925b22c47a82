import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditOf, shareOf } from './credit-note-amounts.ts';

describe('credit note amounts', () => {
  it('credits a line in whole cents, half up', () => {
    expect(shareOf(1000, 1, 3)).toBe(333);
    expect(shareOf(1000, 2, 3)).toBe(667);
    expect(shareOf(1000, 3, 3)).toBe(1000);
    expect(creditOf({ quantity: 3, discountCents: 0, baseCents: 6522, taxCents: 978, creditedQuantity: 0 }, 1)).toEqual({ discountCents: 0, baseCents: 2174, taxCents: 326 });
  });

  it('never credits more than the invoice charged, and exactly that once every unit is credited', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 15_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (quantity, baseCents, taxCents, steps) => {
          let credited = 0;
          let base = 0;
          let tax = 0;
          for (const step of steps) {
            const take = Math.min(step, quantity - credited);
            if (take <= 0) break;
            const credit = creditOf({ quantity, discountCents: 0, baseCents, taxCents, creditedQuantity: credited }, take);
            expect(credit.baseCents).toBeGreaterThanOrEqual(0);
            base += credit.baseCents;
            tax += credit.taxCents;
            credited += take;
            expect(base).toBeLessThanOrEqual(baseCents);
            expect(tax).toBeLessThanOrEqual(taxCents);
          }
          const rest = creditOf({ quantity, discountCents: 0, baseCents, taxCents, creditedQuantity: credited }, quantity - credited);
          expect(base + rest.baseCents).toBe(baseCents);
          expect(tax + rest.taxCents).toBe(taxCents);
        },
      ),
    );
  });
});

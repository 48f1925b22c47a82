import { describe, expect, it } from 'vitest';
import { shopperPrice } from './shopper-price.ts';

// The price the product form previews (issue 20 §20): a table of cases, in cents.
describe('shopperPrice', () => {
  it.each([
    // price, discount, tax, compare-at → final, struck through, IVA, saving
    [{ priceCents: 1000, discountBp: 0, taxBp: 1500, compareAtCents: null }, { finalCents: 1150, beforeCents: null, taxCents: 150, savingPercent: 0 }],
    [{ priceCents: 1000, discountBp: 1000, taxBp: 1500, compareAtCents: null }, { finalCents: 1035, beforeCents: 1150, taxCents: 135, savingPercent: 10 }],
    [{ priceCents: 3990, discountBp: 0, taxBp: 1500, compareAtCents: 4990 }, { finalCents: 4589, beforeCents: 5739, taxCents: 599, savingPercent: 20 }],
    [{ priceCents: 1999, discountBp: 1250, taxBp: 0, compareAtCents: null }, { finalCents: 1749, beforeCents: 1999, taxCents: 0, savingPercent: 13 }],
    [{ priceCents: 0, discountBp: 0, taxBp: 1500, compareAtCents: null }, { finalCents: 0, beforeCents: null, taxCents: 0, savingPercent: 0 }],
    // a compare-at under the price shows no saving
    [{ priceCents: 1000, discountBp: 0, taxBp: 0, compareAtCents: 900 }, { finalCents: 1000, beforeCents: null, taxCents: 0, savingPercent: 0 }],
  ])('%o → %o', (input, expected) => {
    expect(shopperPrice(input)).toEqual(expected);
  });
});

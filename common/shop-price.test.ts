import { describe, expect, it } from 'vitest';
import { orderTotals } from './order-totals.ts';
import { shopPrice } from './shop-price.ts';

// The one price a shopper is shown (the storefront, the product form's preview), checked by hand,
// in cents: the discount rounded half away from zero, then the tax on what is left, as an order line.
describe('shopPrice', () => {
  it.each([
    // price, discount, tax, compare-at → paid, IVA in it, struck through, saving
    [{ priceCents: 1000, discountBp: 0, ivaCode: '4', compareAtCents: null }, { paidCents: 1150, taxCents: 150, oldCents: null, savingPercent: 0 }],
    // 10 % of 1000 = 100; 900 + 15 % (135) = 1035; before: 1000 + 150 = 1150; 115 / 1150 = 10 %
    [{ priceCents: 1000, discountBp: 1000, ivaCode: '4', compareAtCents: null }, { paidCents: 1035, taxCents: 135, oldCents: 1150, savingPercent: 10 }],
    // 15 % of 3990 = 598.5 → 599; compare-at 4990 + 748.5 → 749 = 5739; 1150 / 5739 = 20.04 %
    [{ priceCents: 3990, discountBp: 0, ivaCode: '4', compareAtCents: 4990 }, { paidCents: 4589, taxCents: 599, oldCents: 5739, savingPercent: 20 }],
    // 12.5 % of 1999 = 249.875 → 250; 250 / 1999 = 12.51 %
    [{ priceCents: 1999, discountBp: 1250, ivaCode: '0', compareAtCents: null }, { paidCents: 1749, taxCents: 0, oldCents: 1999, savingPercent: 13 }],
    [{ priceCents: 0, discountBp: 0, ivaCode: '4', compareAtCents: null }, { paidCents: 0, taxCents: 0, oldCents: null, savingPercent: 0 }],
    // a compare-at under the price shows no saving
    [{ priceCents: 1000, discountBp: 0, ivaCode: '0', compareAtCents: 900 }, { paidCents: 1000, taxCents: 0, oldCents: null, savingPercent: 0 }],
    // where the two helpers this one replaces disagreed (578 each, by other roads): 50 % of 1005 =
    // 502.5 → 503 off; 502 + 75.3 → 75 = 577; before: 1005 + 150.75 → 151 = 1156; 579 / 1156 = 50.09 %
    [{ priceCents: 1005, discountBp: 5000, ivaCode: '4', compareAtCents: null }, { paidCents: 577, taxCents: 75, oldCents: 1156, savingPercent: 50 }],
    // a compare-at and a discount: 2000 − 200 = 1800 + 270 = 2070; before 2500 + 375 = 2875; 805 / 2875 = 28 %
    [{ priceCents: 2000, discountBp: 1000, ivaCode: '4', compareAtCents: 2500 }, { paidCents: 2070, taxCents: 270, oldCents: 2875, savingPercent: 28 }],
    // a product at 5 %: 19.99 + 0.9995 → 1.00 = 20.99; exempt and not subject add nothing
    [{ priceCents: 1999, discountBp: 0, ivaCode: '5', compareAtCents: null }, { paidCents: 2099, taxCents: 100, oldCents: null, savingPercent: 0 }],
    [{ priceCents: 1999, discountBp: 0, ivaCode: '7', compareAtCents: null }, { paidCents: 1999, taxCents: 0, oldCents: null, savingPercent: 0 }],
    [{ priceCents: 1999, discountBp: 0, ivaCode: '6', compareAtCents: null }, { paidCents: 1999, taxCents: 0, oldCents: null, savingPercent: 0 }],
  ] as const)('%o → %o', (input, expected) => {
    expect(shopPrice(input)).toEqual(expected);
  });

  it('is what an order of one unit charges', () => {
    for (const [priceCents, discountBp, ivaCode] of [[1005, 5000, '4'], [3990, 0, '4'], [1999, 1250, '0'], [12_345, 333, '4'], [1, 5000, '4'], [1999, 0, '5'], [1999, 0, '7']] as const) {
      const order = orderTotals([{ unitPriceCents: priceCents, quantity: 1, discountBp, ivaCode }], null, { feeCents: 0, freeFromCents: null, ivaCode: '0' });
      expect(shopPrice({ priceCents, discountBp, ivaCode, compareAtCents: null }).paidCents).toBe(order.totalCents);
    }
  });
});

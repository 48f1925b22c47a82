import { describe, expect, it } from 'vitest';
import type { IvaCode } from './iva.ts';
import { orderTotals, roundHalfUp, splitByWeight } from './order-totals.ts';

// Every figure here was worked out by hand, in cents; the comments show the working.
// Shipping untaxed ('0') unless a test says otherwise, so the goods' figures stand alone.
const line = (unitPriceCents: number, quantity: number, discountBp = 0, ivaCode: IvaCode = '4') => ({ unitPriceCents, quantity, discountBp, ivaCode });
const NO_SHIPPING = { feeCents: 0, freeFromCents: null, ivaCode: '0' } as const;

describe('order totals', () => {
  it('a line with IVA and a flat shipping fee', () => {
    // 10.00 × 3 = 30.00; IVA 15 % = 4.50; shipping 3.00; total 37.50
    const totals = orderTotals([line(1000, 3)], null, { feeCents: 300, freeFromCents: null, ivaCode: '0' });
    expect(totals).toMatchObject({ subtotalCents: 3000, discountCents: 0, taxCents: 450, shippingCents: 300, totalCents: 3750 });
  });

  it("the product's own discount, rounded once on its line, and shipping made free", () => {
    // 19.99 × 2 = 39.98; 10 % = 3.998 → 4.00; base 35.98; IVA 5.397 → 5.40; free from 30.00
    const totals = orderTotals([line(1999, 2, 1000)], null, { feeCents: 350, freeFromCents: 3000, ivaCode: '0' });
    expect(totals.lines).toEqual([{ grossCents: 3998, discountCents: 400, baseCents: 3598, taxCents: 540 }]);
    expect(totals).toMatchObject({ subtotalCents: 3998, discountCents: 400, taxCents: 540, shippingCents: 0, totalCents: 4138 });
  });

  it('a percentage coupon over a line with IVA and one without', () => {
    // A: 12.50, coupon 15 % = 1.875 → 1.88, base 10.62, IVA 1.593 → 1.59
    // B: 3.33 × 3 = 9.99, coupon 1.4985 → 1.50, base 8.49, IVA 0 %
    // shipping 2.50 (free only from 50.00); total 10.62 + 8.49 + 1.59 + 2.50 = 23.20
    const totals = orderTotals([line(1250, 1), line(333, 3, 0, '0')], { type: 'percentage', bp: 1500 }, { feeCents: 250, freeFromCents: 5000, ivaCode: '0' });
    expect(totals.lines.map((l) => [l.discountCents, l.baseCents, l.taxCents])).toEqual([
      [188, 1062, 159],
      [150, 849, 0],
    ]);
    expect(totals.bases).toEqual([
      { ivaCode: '4', taxBp: 1500, baseCents: 1062, taxCents: 159 },
      { ivaCode: '0', taxBp: 0, baseCents: 849 + 250, taxCents: 0 },
    ]);
    expect(totals).toMatchObject({ subtotalCents: 2249, couponDiscountCents: 338, discountCents: 338, taxCents: 159, shippingCents: 250, totalCents: 2320 });
  });

  it('a fixed coupon split over the lines by their amounts, to the cent', () => {
    // 5.00 over 10.00 and 20.00: 1.6667 and 3.3333 → 1.66 + 3.33 = 4.99, the cent left to the
    // larger remainder (A): 1.67 and 3.33. Bases 8.33 and 16.67; IVA 1.2495 → 1.25 and 2.5005 → 2.50.
    // The goods come to 25.00, exactly the free-shipping threshold. Total 25.00 + 3.75 = 28.75.
    const totals = orderTotals([line(1000, 1), line(1000, 2)], { type: 'fixed', cents: 500 }, { feeCents: 400, freeFromCents: 2500, ivaCode: '0' });
    expect(totals.lines.map((l) => [l.discountCents, l.baseCents, l.taxCents])).toEqual([
      [167, 833, 125],
      [333, 1667, 250],
    ]);
    expect(totals).toMatchObject({ couponDiscountCents: 500, taxCents: 375, shippingCents: 0, totalCents: 2875 });
  });

  it('a fixed coupon larger than the goods takes them to zero, not below; shipping is still paid', () => {
    const totals = orderTotals([line(1500, 1)], { type: 'fixed', cents: 10_000 }, { feeCents: 300, freeFromCents: null, ivaCode: '0' });
    expect(totals).toMatchObject({ couponDiscountCents: 1500, taxCents: 0, shippingCents: 300, totalCents: 300 });
  });

  it('the coupon minimum is checked on the goods after their own discounts', () => {
    // 20.00 less 25 % = 15.00
    expect(orderTotals([line(2000, 1, 2500)], null, NO_SHIPPING).couponBaseCents).toBe(1500);
  });

  it('half a cent rounds up', () => {
    // 0.05 less 10 % = 0.045… the discount 0.5 ¢ → 1 ¢; base 4 ¢; IVA 0.6 ¢ → 1 ¢
    expect(orderTotals([line(5, 1, 1000)], null, NO_SHIPPING)).toMatchObject({ discountCents: 1, taxCents: 1, totalCents: 5 });
  });

  it('each line at its own IVA code: 15 %, 5 %, 0 %, exempt and not subject apart, in the RIDE order', () => {
    // 10.00 at 15 % = 1.50; 20.00 at 5 % = 1.00; 3.00 at 0 %; 4.00 exempt; 5.00 not subject
    const totals = orderTotals([line(1000, 1, 0, '7'), line(500, 1, 0, '6'), line(2000, 1, 0, '5'), line(300, 1, 0, '0'), line(1000, 1)], null, NO_SHIPPING);
    expect(totals.bases).toEqual([
      { ivaCode: '4', taxBp: 1500, baseCents: 1000, taxCents: 150 },
      { ivaCode: '5', taxBp: 500, baseCents: 2000, taxCents: 100 },
      { ivaCode: '0', taxBp: 0, baseCents: 300, taxCents: 0 },
      { ivaCode: '6', taxBp: 0, baseCents: 500, taxCents: 0 },
      { ivaCode: '7', taxBp: 0, baseCents: 1000, taxCents: 0 },
    ]);
    expect(totals).toMatchObject({ taxCents: 250, totalCents: 4800 + 250 });
  });

  it('shipping taxed at the rate the store picks, rounded once, and a base of its own', () => {
    // goods 10.00 at 5 % = 0.50; shipping 3.33 at 15 % = 0.4995 → 0.50; total 10.00 + 3.33 + 1.00
    const taxed = orderTotals([line(1000, 1, 0, '5')], null, { feeCents: 333, freeFromCents: null, ivaCode: '4' });
    expect(taxed).toMatchObject({ shippingCents: 333, shippingTaxCents: 50, taxCents: 100, totalCents: 1433 });
    expect(taxed.bases).toEqual([
      { ivaCode: '4', taxBp: 1500, baseCents: 333, taxCents: 50 },
      { ivaCode: '5', taxBp: 500, baseCents: 1000, taxCents: 50 },
    ]);
    // The same at 0 %: its base joins the 0 % goods'.
    const zero = orderTotals([line(1000, 1, 0, '0')], null, { feeCents: 333, freeFromCents: null, ivaCode: '0' });
    expect(zero).toMatchObject({ shippingTaxCents: 0, taxCents: 0, totalCents: 1333 });
    expect(zero.bases).toEqual([{ ivaCode: '0', taxBp: 0, baseCents: 1333, taxCents: 0 }]);
    // Free shipping: no base, no tax.
    expect(orderTotals([line(1000, 1)], null, { feeCents: 333, freeFromCents: 500, ivaCode: '4' })).toMatchObject({ shippingCents: 0, shippingTaxCents: 0, taxCents: 150, totalCents: 1150 });
  });

  it('an empty cart costs nothing, not even shipping', () => {
    expect(orderTotals([], { type: 'fixed', cents: 500 }, { feeCents: 300, freeFromCents: null, ivaCode: '0' })).toMatchObject({ subtotalCents: 0, shippingCents: 0, totalCents: 0 });
  });
});

describe('splitting and rounding', () => {
  it('splits an amount so the shares add up to it', () => {
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeight(1, [0, 0])).toEqual([0, 0]);
    expect(splitByWeight(7, [5, 0, 5])).toEqual([4, 0, 3]);
  });
  it('rounds half away from zero', () => {
    expect([0.5, 1.5, 2.4999, -0.5].map(roundHalfUp)).toEqual([1, 2, 2, -1]);
  });
});

import { describe, expect, it } from 'vitest';
import { estimate, LIMIT_4X4_LB } from './consolidation-estimate.ts';

const box = (weightLb: number, [lengthCm, widthCm, heightCm]: [number, number, number], declaredValueCents = 50_00) => ({ weightLb, lengthCm, widthCm, heightCm, declaredValueCents });

describe('consolidation estimate', () => {
  it('charges the actual weight when it is the greater', () => {
    // 10×10×10 cm = 0.2 kg volumetric = 0.44 lb; 3 lb actual.
    const result = estimate([box(1, [10, 10, 10]), box(2, [10, 10, 10])], 450);
    expect(result.actualLb).toBe(3);
    expect(result.volumetricLb).toBe(0.88);
    expect(result.billableLb).toBe(3);
    expect(result.costCents).toBe(1350);
  });

  it('charges the volumetric weight, L×W×H ÷ 5000 kg in pounds, when it is the greater', () => {
    // 50×40×30 + 10×10×10 = 61 000 cm³ → 12.2 kg → 26.90 lb (12.2 × 2.20462 = 26.896).
    const result = estimate([box(2, [50, 40, 30]), box(1, [10, 10, 10])], 450);
    expect(result.volumetricLb).toBe(26.9);
    expect(result.billableLb).toBe(26.9);
    expect(result.costCents).toBe(Math.round(26.9 * 450));
  });

  it('takes billable weight on the totals, so a dense box covers a bulky light one', () => {
    // Per package: max(10, 0.44) + max(0.5, 13.23) = 23.23 lb. On the totals: max(10.5, 13.67) = 13.67 lb.
    const dense = box(10, [10, 10, 10]);
    const bulky = box(0.5, [50, 30, 20]);
    const result = estimate([dense, bulky], 100);
    expect(result.actualLb).toBe(10.5);
    expect(result.volumetricLb).toBe(13.67);
    expect(result.billableLb).toBe(13.67);
    expect(result.costCents).toBe(1367);
  });

  it('rounds the cost to cents from the weight shown', () => {
    const result = estimate([box(1.111, [1, 1, 1]), box(1.111, [1, 1, 1])], 333);
    expect(result.billableLb).toBe(2.22);
    expect(result.costCents).toBe(739); // 2.22 × 333 = 739.26
  });

  it('adds the declared values', () => {
    expect(estimate([box(1, [1, 1, 1], 123_45), box(1, [1, 1, 1], 1_00)], 450).declaredValueCents).toBe(124_45);
  });

  it('fits 4x4 up to 4 kg of actual weight and USD 400, whatever the volumetric weight', () => {
    expect(LIMIT_4X4_LB).toBe(8.82);
    const bulkyButLight = estimate([box(4.41, [60, 60, 60], 200_00), box(4.41, [10, 10, 10], 200_00)], 450);
    expect(bulkyButLight.billableLb).toBeGreaterThan(LIMIT_4X4_LB);
    expect(bulkyButLight).toMatchObject({ actualLb: 8.82, actualKg: 4, fits4x4: true, overWeight4x4: false, overValue4x4: false });
  });

  it('does not fit 4x4 over 4 kg', () => {
    expect(estimate([box(4.42, [1, 1, 1]), box(4.41, [1, 1, 1])], 450)).toMatchObject({ fits4x4: false, overWeight4x4: true, overValue4x4: false });
  });

  it('does not fit 4x4 over USD 400', () => {
    expect(estimate([box(1, [1, 1, 1], 200_00), box(1, [1, 1, 1], 200_01)], 450)).toMatchObject({ fits4x4: false, overWeight4x4: false, overValue4x4: true });
  });

  it('gives zeros and no 4x4 for no packages', () => {
    expect(estimate([], 450)).toMatchObject({ actualLb: 0, billableLb: 0, costCents: 0, fits4x4: false });
  });
});

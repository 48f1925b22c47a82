// The cost estimate of a consolidation (PRODUCT §6). Shared: the new-consolidation screen recomputes
// it live as boxes are ticked, and the service stores the same numbers when the request is made.
export const LB_PER_KG = 2.20462;
/** cm³ per volumetric kg, the couriers' usual divisor. */
export const VOLUMETRIC_DIVISOR = 5000;
/** Ecuador's 4x4 courier category: at most 4 kg and USD 400. */
export const LIMIT_4X4_KG = 4;
export const LIMIT_4X4_VALUE_CENTS = 400_00;

export type EstimatedPackage = { weightLb: number; lengthCm: number; widthCm: number; heightCm: number; declaredValueCents: number };

export type Estimate = {
  actualLb: number;
  actualKg: number;
  volumetricLb: number;
  billableLb: number;
  declaredValueCents: number;
  costCents: number;
  fits4x4: boolean;
  overWeight4x4: boolean;
  overValue4x4: boolean;
};

const round2 = (value: number) => Math.round(value * 100) / 100;
/** 4 kg in pounds at the precision weights are kept in (8.82 lb), so the limit has no float noise. */
export const LIMIT_4X4_LB = round2(LIMIT_4X4_KG * LB_PER_KG);

/**
 * Billable weight is taken on the totals, max(Σ actual, Σ volumetric), not summed per package:
 * the packages leave as one consolidated box that the courier weighs and measures once, so a dense
 * box's spare weight covers a light bulky one's volume — that saving is why clients consolidate.
 * The sum of the volumes is the floor of that box's volume (staff repack to remove empty space);
 * the figure is an estimate, confirmed when the box is weighed at the warehouse.
 *
 * The 4x4 check uses the actual weight: customs weigh the goods, while volumetric weight is only
 * how couriers price space. Billable pounds are rounded to 2 decimals first, so the cost shown is
 * exactly the weight shown times the rate.
 */
export function estimate(packages: EstimatedPackage[], ratePerLbCents: number): Estimate {
  let actualLb = 0;
  let volumeCm3 = 0;
  let declaredValueCents = 0;
  for (const pkg of packages) {
    actualLb += pkg.weightLb;
    volumeCm3 += pkg.lengthCm * pkg.widthCm * pkg.heightCm;
    declaredValueCents += pkg.declaredValueCents;
  }
  const volumetricLb = round2((volumeCm3 / VOLUMETRIC_DIVISOR) * LB_PER_KG);
  actualLb = round2(actualLb);
  const billableLb = Math.max(actualLb, volumetricLb);
  const actualKg = actualLb / LB_PER_KG;
  const overWeight4x4 = actualLb > LIMIT_4X4_LB;
  const overValue4x4 = declaredValueCents > LIMIT_4X4_VALUE_CENTS;
  return {
    actualLb,
    actualKg: round2(actualKg),
    volumetricLb,
    billableLb,
    declaredValueCents,
    costCents: Math.round(billableLb * ratePerLbCents),
    fits4x4: packages.length > 0 && !overWeight4x4 && !overValue4x4,
    overWeight4x4,
    overValue4x4,
  };
}

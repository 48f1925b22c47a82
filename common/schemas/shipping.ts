import { z } from '#common/zod.ts';
import { toCents } from '../money.ts';
import { isCantonOf, PROVINCE_CODES, provinceByCode } from '../ecuador-places.ts';
import { RATE_KINDS, type RateBracket } from '../shipping-rates.ts';
import { moneyInput, numberInput } from './number.ts';

// Shipping zones, rates and pickup (issue 40 §1, decision 090): the API's input in cents and grams,
// and the dashboard's forms as an owner types them — dollars and kilograms, the page's way. The
// messages are keys of the dashboard's `shipping` catalogue.

export const ZONE_NAME_MAX = 80;
export const RATE_NAME_MAX = 120;
/** Brackets a rate by total or weight may have: enough for any carrier's table. */
export const MAX_BRACKETS = 8;
const MAX_CENTS = 10_000_000;
const MAX_GRAMS = 1_000_000;

const name = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
const cents = z.number({ error: 'validation.number' }).int({ error: 'validation.wholeHundredths' }).min(0, { error: 'shipping.negative' }).max(MAX_CENTS, { error: 'validation.tooLarge' });
const days = z.number({ error: 'validation.number' }).int({ error: 'shipping.wholeDays' }).min(0, { error: 'shipping.negative' }).max(90, { error: 'validation.tooLarge' });

const PlaceSchema = z.object({
  province: z.enum(PROVINCE_CODES as [string, ...string[]], { error: 'shipping.province' }),
  cantons: z.array(z.string().trim()).max(40).default([]),
});

export const ZoneInputSchema = z
  .object({ name: name(ZONE_NAME_MAX), places: z.array(PlaceSchema, { error: 'shipping.placesRequired' }).min(1, { error: 'shipping.placesRequired' }).max(24) })
  .superRefine((zone, ctx) => {
    const seen = new Set<string>();
    zone.places.forEach((place, index) => {
      if (seen.has(place.province)) ctx.addIssue({ code: 'custom', path: ['places', index], message: 'shipping.provinceTwice' });
      seen.add(place.province);
      const province = provinceByCode(place.province);
      if (province && place.cantons.some((canton) => !isCantonOf(province, canton))) ctx.addIssue({ code: 'custom', path: ['places', index], message: 'shipping.canton' });
    });
  });
export type ZoneInput = z.output<typeof ZoneInputSchema>;

const BracketSchema = z.object({ upTo: z.number({ error: 'validation.number' }).int().min(1, { error: 'shipping.negative' }).max(MAX_CENTS).nullable(), priceCents: cents });

/** Said of a rate's brackets: a flat rate has one, with no limit; the others rise, only the last unlimited. */
export function bracketsProblem(kind: string, brackets: readonly RateBracket[]): 'shipping.bracketsRequired' | 'shipping.bracketsOrder' | null {
  if (brackets.length === 0) return 'shipping.bracketsRequired';
  if (kind === 'flat') return brackets.length === 1 && brackets[0]!.upTo === null ? null : 'shipping.bracketsOrder';
  for (let index = 0; index < brackets.length; index += 1) {
    const upTo = brackets[index]!.upTo;
    if (upTo === null && index !== brackets.length - 1) return 'shipping.bracketsOrder';
    const before = index > 0 ? brackets[index - 1]!.upTo : 0;
    if (upTo !== null && before !== null && upTo <= before) return 'shipping.bracketsOrder';
  }
  return null;
}

export const RateInputSchema = z
  .object({
    name: name(RATE_NAME_MAX),
    kind: z.enum(RATE_KINDS, { error: 'shipping.kindInvalid' }),
    brackets: z.array(BracketSchema).max(MAX_BRACKETS, { error: 'shipping.bracketsMax' }),
    daysMin: days,
    daysMax: days,
    freeFromCents: cents.nullable().default(null),
  })
  .superRefine((rate, ctx) => {
    const problem = bracketsProblem(rate.kind, rate.brackets);
    if (problem) ctx.addIssue({ code: 'custom', path: ['brackets'], message: problem });
    if (rate.daysMax < rate.daysMin) ctx.addIssue({ code: 'custom', path: ['daysMax'], message: 'shipping.daysOrder' });
  });
export type RateInput = z.output<typeof RateInputSchema>;

export const PickupInputSchema = z
  .object({
    enabled: z.boolean({ error: 'validation.invalid' }),
    address: z.string({ error: 'validation.invalid' }).trim().max(300, { error: 'validation.tooLong' }).default(''),
    instructions: z.string({ error: 'validation.invalid' }).trim().max(500, { error: 'validation.tooLong' }).default(''),
  })
  .superRefine((pickup, ctx) => {
    if (pickup.enabled && pickup.address === '') ctx.addIssue({ code: 'custom', path: ['address'], message: 'shipping.pickupAddressRequired' });
  });
export type PickupInput = z.output<typeof PickupInputSchema>;

// The dashboard's rate form: a price (a flat rate) or rows of "up to" and "price" (by total in
// dollars, by weight in kilograms); a row left blank is no row.
const dollars = moneyInput((n) => n.min(0, { error: 'shipping.negative' }).max(MAX_CENTS / 100, { error: 'validation.tooLarge' }));
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const optionalDollars = z.preprocess(blankToNull, dollars.nullable());
const optionalNumber = z.preprocess(blankToNull, numberInput((n) => n.positive({ error: 'shipping.negative' }).max(MAX_GRAMS, { error: 'validation.tooLarge' })).nullable());
const wholeDays = numberInput((n) => n.int({ error: 'shipping.wholeDays' }).min(0, { error: 'shipping.negative' }).max(90, { error: 'validation.tooLarge' }));

const rowFields = Object.fromEntries(Array.from({ length: MAX_BRACKETS }, (_, index) => [[`upTo${index}`, optionalNumber], [`price${index}`, optionalDollars]]).flat()) as Record<string, typeof optionalNumber>;

export const RateFormSchema = z
  .object({ name: name(RATE_NAME_MAX), kind: z.enum(RATE_KINDS, { error: 'shipping.kindInvalid' }), price: optionalDollars, daysMin: wholeDays, daysMax: wholeDays, freeFrom: optionalDollars, ...rowFields })
  .superRefine((form, ctx) => {
    if (form.kind === 'flat' && form.price === null) ctx.addIssue({ code: 'custom', path: ['price'], message: 'validation.required' });
    if (form.daysMax < form.daysMin) ctx.addIssue({ code: 'custom', path: ['daysMax'], message: 'shipping.daysOrder' });
    if (form.kind === 'flat') return;
    const problem = bracketsProblem(form.kind, bracketsOfForm(form));
    if (problem) ctx.addIssue({ code: 'custom', path: ['upTo0'], message: problem });
    for (let index = 0; index < MAX_BRACKETS; index += 1) {
      if ((form as Record<string, unknown>)[`upTo${index}`] !== null && (form as Record<string, unknown>)[`price${index}`] === null) ctx.addIssue({ code: 'custom', path: [`price${index}`], message: 'validation.required' });
    }
  });
export type RateForm = z.output<typeof RateFormSchema>;

/** The form's rows with a price, as brackets: "up to" in cents (by total) or grams (by weight). */
function bracketsOfForm(form: RateForm): RateBracket[] {
  const rows: RateBracket[] = [];
  for (let index = 0; index < MAX_BRACKETS; index += 1) {
    const upTo = (form as Record<string, unknown>)[`upTo${index}`] as number | null;
    const price = (form as Record<string, unknown>)[`price${index}`] as number | null;
    if (price === null) continue;
    rows.push({ upTo: upTo === null ? null : form.kind === 'weight' ? Math.round(upTo * 1000) : toCents(upTo), priceCents: toCents(price) });
  }
  return rows;
}

export function rateInputOfForm(form: RateForm): RateInput {
  const brackets = form.kind === 'flat' ? [{ upTo: null, priceCents: toCents(form.price ?? 0) }] : bracketsOfForm(form);
  return { name: form.name, kind: form.kind, brackets, daysMin: form.daysMin, daysMax: form.daysMax, freeFromCents: form.freeFrom === null ? null : toCents(form.freeFrom) };
}

/** A stored rate as its form shows it: dollars and kilograms. */
export function rateFormOf(rate: RateInput): Record<string, unknown> {
  const form: Record<string, unknown> = { name: rate.name, kind: rate.kind, daysMin: rate.daysMin, daysMax: rate.daysMax, freeFrom: rate.freeFromCents === null ? '' : rate.freeFromCents / 100, price: rate.kind === 'flat' ? (rate.brackets[0]?.priceCents ?? 0) / 100 : '' };
  if (rate.kind === 'flat') return form;
  rate.brackets.forEach((bracket, index) => {
    form[`upTo${index}`] = bracket.upTo === null ? '' : rate.kind === 'weight' ? bracket.upTo / 1000 : bracket.upTo / 100;
    form[`price${index}`] = bracket.priceCents / 100;
  });
  return form;
}

// The dashboard's zone form: the ticked provinces' codes and cantons ("P:Quito"), each list one
// comma-separated value (the page joins its checkboxes), as the webhook form's events.
export const ZoneFormSchema = z.object({
  name: name(ZONE_NAME_MAX),
  provinces: z.string({ error: 'shipping.placesRequired' }).trim().min(1, { error: 'shipping.placesRequired' }),
  cantons: z.string().default(''),
});
export type ZoneForm = z.output<typeof ZoneFormSchema>;

export function zoneInputOfForm(form: ZoneForm): ZoneInput {
  const cantons = form.cantons.split(',').filter(Boolean);
  const places = form.provinces.split(',').filter(Boolean).map((province) => ({ province, cantons: cantons.filter((item) => item.startsWith(`${province}:`)).map((item) => item.slice(province.length + 1)) }));
  return { name: form.name, places };
}

const onOff = z.union([z.boolean(), z.string()]).optional().transform((value) => value === true || value === 'on' || value === 'true' || value === '1');

/** The dashboard's pickup form: its switch sends "on" or nothing. */
export const PickupFormSchema = z
  .object({ enabled: onOff, address: z.string().trim().max(300, { error: 'validation.tooLong' }).default(''), instructions: z.string().trim().max(500, { error: 'validation.tooLong' }).default('') })
  .superRefine((pickup, ctx) => {
    if (pickup.enabled && pickup.address === '') ctx.addIssue({ code: 'custom', path: ['address'], message: 'shipping.pickupAddressRequired' });
  });

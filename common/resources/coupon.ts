import { z } from '#common/zod.ts';
import { enabledActions } from '../bulk.ts';
import { couponType, recordState } from '../enums/catalog.ts';
import { defineResource, hundredths, switchValue } from '../resource.ts';
import { moneyInput, numberInput } from '../schemas/number.ts';

// A discount code of the store (PRODUCT §5): a percentage (stored in basis points) or a fixed
// amount (stored in cents), a minimum purchase, an optional expiration day and usage limit.

const orNull = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

export const couponResource = defineResource({
  key: 'coupon',
  path: '/catalog/coupon',
  apiPath: '/coupons',
  texts: 'catalog.coupon',
  titleField: 'code',
  input: z.object({
    code: z
      .string({ error: 'validation.required' })
      .trim()
      .toUpperCase()
      .min(3, { error: 'catalog.coupon.codeFormat' })
      .max(40, { error: 'validation.tooLong' })
      .regex(/^[A-Z0-9_-]+$/, { error: 'catalog.coupon.codeFormat' }),
    discountType: couponType.schema(),
    /** A percentage (0–100) or dollars, by `discountType`; the service checks the percentage's bound. */
    discount: numberInput((n) => n.positive({ error: 'validation.positive' }).max(1_000_000, { error: 'validation.tooLarge' })),
    minimum: z.preprocess((value) => (value === '' || value === undefined ? 0 : value), moneyInput((n) => n.min(0, { error: 'validation.invalid' }).max(1_000_000, { error: 'validation.tooLarge' }))),
    /** The last day it applies, `YYYY-MM-DD`; empty: no end. */
    expiresOn: orNull(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' }).refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: 'validation.date' })),
    usageLimit: orNull(numberInput((n) => n.int({ error: 'validation.invalid' }).positive({ error: 'validation.positive' }).max(1_000_000_000, { error: 'validation.tooLarge' }))),
    enabled: switchValue,
  }),
  output: z.object({
    id: z.number(),
    code: z.string(),
    discountType: z.string(),
    discount: z.number().describe('Basis points for a percentage (1000 = 10 %), cents for a fixed amount'),
    minimumCents: z.number(),
    expiresAt: z.string().nullable().describe('The end of its last day (UTC)'),
    usageLimit: z.number().nullable(),
    timesUsed: z.number(),
    enabled: z.boolean(),
    updatedAt: z.string(),
  }),
  // The API takes the discount and the minimum as it returns them, in hundredths (issue 20 §7).
  apiHundredths: {
    discount: { as: 'discount', body: hundredths(1, 100_000_000).describe('Basis points for a percentage (1000 = 10 %), cents for a fixed amount') },
    minimum: { as: 'minimumCents', body: hundredths(0, 100_000_000, 0).describe('The minimum purchase in cents') },
  },
  list: { sort: ['code', 'updated'], defaultSort: 'code', defaultDir: 'asc', filters: { status: recordState.values } },
  bulk: enabledActions,
});

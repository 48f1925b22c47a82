import { z } from '#common/zod.ts';
import { listQuerySchema } from '../list-query.ts';
import { recordIdSchema } from '../record-id.ts';
import { moneyInput, numberInput } from './number.ts';

// Plans (PRODUCT §5) and the back office's store list: the forms, their actions and the API share
// these schemas. Messages are i18n keys.

const MAX_LIMIT = 1_000_000;
const MAX_FEATURES = 20;

/** The monthly price, typed in dollars ("9,99" on a Spanish page), kept in cents. */
const price = moneyInput((n) => n.min(0, { error: 'validation.positive' }).max(100_000, { error: 'validation.tooLarge' })).transform((dollars) => Math.round(dollars * 100));
const limit = numberInput((n) => n.int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(MAX_LIMIT, { error: 'validation.tooLarge' }));

/**
 * The feature list: one per line in the form's textarea, a list of texts in the API. Blank lines
 * are dropped; each feature at most 120 characters, at most 20 of them.
 */
const features = z.preprocess(
  (value) => {
    const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : value === undefined ? [] : value;
    if (!Array.isArray(items)) return items;
    return items.flatMap((item) => (typeof item === 'string' ? item.split(/\r?\n/) : [item])).map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  },
  z.array(z.string().max(120, { error: 'plan.featureTooLong' }), { error: 'validation.invalid' }).max(MAX_FEATURES, { error: 'plan.tooManyFeatures' }),
);

/** The form switch sends "on" when checked and nothing when not; the API sends a boolean. */
const flag = z.preprocess((value) => value === true || value === 'on' || value === 'true' || value === '1', z.boolean());

const planName = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(60, { error: 'validation.tooLong' });

/** A plan is shown to merchants in both languages (issue 20 §11): its name and features in each. */
export const PlanInputSchema = z.object({
  name: planName,
  nameEn: planName,
  price,
  maxProducts: limit,
  maxBanners: limit,
  maxPages: limit,
  features,
  featuresEn: features,
  isDefault: flag,
});
export type PlanInput = z.infer<typeof PlanInputSchema>;

/** A date typed in the form (`YYYY-MM-DD`), or an ISO time from the API. */
const expiryDate = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(40, { error: 'validation.date', abort: true })
  .refine((text) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && !Number.isNaN(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text)), { error: 'validation.date', abort: true })
  // A bare date runs to the end of that day in Ecuador (UTC−5, the platform's time zone).
  .transform((text) => new Date(text.length === 10 ? `${text}T23:59:59-05:00` : text))
  .refine((date) => date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 2100, { error: 'validation.date' });

/** What the admin sets on a store: its plan and when the plan's period ends. */
export const StorePlanSchema = z.object({
  planId: recordIdSchema('validation.required'),
  expiresAt: expiryDate,
});
export type StorePlanInput = z.infer<typeof StorePlanSchema>;

export const STORE_SORTS = ['created', 'name', 'expires'] as const;
const yesNo = ['yes', 'no'] as const;
export const StoreListQuery = listQuerySchema({ sort: STORE_SORTS, defaultSort: 'created', filters: { published: yesNo, expired: yesNo } });

/** The plan filter: plans are records, not a fixed list, so it is read apart from the enum filters. */
export const PlanFilter = recordIdSchema().optional().catch(undefined);

/** The API's query string for the back office's store list (the page reads the same names from its URL). */
export const StoreListApiQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  sort: z.enum(STORE_SORTS).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  plan: recordIdSchema().optional(),
  published: z.enum(yesNo).optional(),
  expired: z.enum(yesNo).optional(),
});

/** The back office's store list, as the service reads it. */
export type StoreListFilter = { q: string; page: number; sort: (typeof STORE_SORTS)[number]; dir: 'asc' | 'desc'; plan?: number; published?: 'yes' | 'no'; expired?: 'yes' | 'no' };

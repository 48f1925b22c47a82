import { z } from '#common/zod.ts';
import { isRecordId, recordIdSchema } from '../record-id.ts';
import { moneyInput, numberInput } from './number.ts';
import { CONSOLIDATION_SORTS, consolidationStatus } from '../enums/casillero.ts';
import { listApiParameters, listQuerySchema } from '../list-query.ts';

// Shared by the forms, the actions and the JSON API. Messages are i18n keys.

// PRODUCT §6: one or more; a single package ships on its own.
export const MIN_PACKAGES = 1;
const MAX_PACKAGES = 50;

export const ConsolidationInputSchema = z.object({
  // Ticked checkboxes arrive as repeated fields (strings); the API sends numbers. Repeats count once.
  packageIds: z
    .array(recordIdSchema(), { error: 'consolidation.minPackages' })
    .max(MAX_PACKAGES, { error: 'validation.tooLarge' })
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length >= MIN_PACKAGES, { error: 'consolidation.minPackages' }),
  deliveryAddress: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(300, { error: 'validation.tooLong' }),
  notes: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional().default(''),
});
export type ConsolidationInput = z.infer<typeof ConsolidationInputSchema>;

/** How many warehouse packages the new-consolidation screen shows at once (300 in bodega stay fast). */
export const CHOICE_PAGE_SIZE = 20;

/**
 * The new-consolidation screen's URL: a search, a page, and the packages already chosen (kept across
 * pages and searches). Anything unreadable falls back to the first page with nothing chosen.
 */
export const ConsolidationChoiceQuery = z.object({
  q: z.string().trim().max(100).catch(''),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  chosen: z
    .string()
    .catch('')
    .transform((text) => [...new Set(text.split(',').map(Number).filter(isRecordId))].slice(0, MAX_PACKAGES)),
});
export type ConsolidationChoiceQuery = z.infer<typeof ConsolidationChoiceQuery>;

/** The client's list and the back office's list: same sorts and filter, different search columns. */
const CONSOLIDATION_LIST = { sort: CONSOLIDATION_SORTS, defaultSort: 'created', filters: { status: consolidationStatus.values } } as const;
export const ConsolidationListQuery = listQuerySchema(CONSOLIDATION_LIST);
export const ConsolidationListParameters = listApiParameters(CONSOLIDATION_LIST);
export type ConsolidationListQuery = z.infer<typeof ConsolidationListQuery>;

// What the warehouse measures when it packs the box, and the outbound carrier's number.
// numberInput: a blank field is "required", not 0 (issue 9 §7).
const finalWeightLb = numberInput((n) => n.positive({ error: 'validation.positive' }).max(1000, { error: 'validation.tooLarge' }));
/** Dollars typed, cents stored (as every amount). */
const finalCost = moneyInput((n) => n.positive({ error: 'validation.positive' }).max(100_000, { error: 'validation.tooLarge' })).transform((dollars) => Math.round(dollars * 100));
const outboundTracking = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9 -]{3,59}$/, { error: 'consolidation.outboundTrackingInvalid' });

/**
 * Back office: the next state, and a note the client sees on the timeline. `requested` is only ever
 * the first. The final weight, cost and outbound tracking may come with any move and are required
 * to ship (the service checks them against what is already stored).
 */
export const ConsolidationStatusInputSchema = z.object({
  status: z.enum(['processing', 'shipped', 'in_customs', 'delivered', 'cancelled'], { error: 'consolidation.invalidTransition' }),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional().default(''),
  finalWeightLb: finalWeightLb.optional(),
  finalCost: finalCost.optional(),
  outboundTracking: outboundTracking.optional(),
});
export type ConsolidationStatusInput = z.infer<typeof ConsolidationStatusInputSchema>;

/** The staff's "shipped" form: the same input with the final figures required. */
export const ConsolidationShipInputSchema = ConsolidationStatusInputSchema.extend({ finalWeightLb, finalCost, outboundTracking });

import { z } from 'zod';
import { CONSOLIDATION_SORTS, consolidationStatus } from '../enums/casillero.ts';
import { listQuerySchema } from '../list-query.ts';

// Shared by the forms, the actions and the JSON API. Messages are i18n keys.

export const MIN_PACKAGES = 2;
const MAX_PACKAGES = 50;

export const ConsolidationInputSchema = z.object({
  // Ticked checkboxes arrive as repeated fields (strings); the API sends numbers. Repeats count once.
  packageIds: z
    .array(z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }), { error: 'consolidation.minPackages' })
    .max(MAX_PACKAGES, { error: 'validation.tooLarge' })
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length >= MIN_PACKAGES, { error: 'consolidation.minPackages' }),
  deliveryAddress: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(300, { error: 'validation.tooLong' }),
  notes: z.string().trim().max(1000, { error: 'validation.tooLong' }).optional().default(''),
});
export type ConsolidationInput = z.infer<typeof ConsolidationInputSchema>;

/** The client's list and the back office's list: same sorts and filter, different search columns. */
export const ConsolidationListQuery = listQuerySchema({
  sort: CONSOLIDATION_SORTS,
  defaultSort: 'created',
  filters: { status: consolidationStatus.values },
});
export type ConsolidationListQuery = z.infer<typeof ConsolidationListQuery>;

/** Back office: the next state, and a note the client sees on the timeline. `requested` is only ever the first. */
export const ConsolidationStatusInputSchema = z.object({
  status: z.enum(['processing', 'shipped', 'in_customs', 'delivered', 'cancelled'], { error: 'consolidation.invalidTransition' }),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional().default(''),
});
export type ConsolidationStatusInput = z.infer<typeof ConsolidationStatusInputSchema>;

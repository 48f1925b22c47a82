import { z } from '#common/zod.ts';

// The order's papers and notes (issue 40 §3): shared by the screens, their actions and the services.

/** The most orders one print of slips takes: a bulk selection of the list's pages, and still one quick page. */
export const MAX_SLIPS = 100;

/**
 * `?ids=1,2,3` of the slips' address: the ids as numbers, each once, in the order given; or the
 * message that says what is wrong (none, one that is no id, more than MAX_SLIPS).
 */
export function readSlipIds(text: string | null): { ok: true; ids: number[] } | { ok: false; error: 'orderPapers.slip.noIds' | 'orderPapers.slip.tooMany' } {
  const parts = (text ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^\d{1,9}$/.test(part) || Number(part) === 0)) return { ok: false, error: 'orderPapers.slip.noIds' };
  const ids = [...new Set(parts.map(Number))];
  return ids.length > MAX_SLIPS ? { ok: false, error: 'orderPapers.slip.tooMany' } : { ok: true, ids };
}

/** `?kind=summary`: the order summary, with prices and totals; anything else the packing slip. */
export const slipKind = (text: string | null): 'slip' | 'summary' => (text === 'summary' ? 'summary' : 'slip');

/** The owner's note to the shopper (order page's form, its action, the service). */
export const OrderNoteSchema = z.object({
  message: z.string().trim().min(1, { error: 'validation.required' }).max(2000, { error: 'validation.tooLong' }),
});
export type OrderNoteInput = z.infer<typeof OrderNoteSchema>;

import { z } from '#common/zod.ts';
import type { FieldErrors } from '../forms.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { MAX_ID } from '../record-id.ts';
import { isSriLine } from '../sri-issuer.ts';

// A credit note's request (issue 37 §7): which of an invoice's lines, how many units of each, its
// shipping or not, why (SRI's `motivo`), and whether the units come back to stock. Shared by the
// order page's form and the API; messages are i18n keys.

const id = z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' });

/** SRI's `motivo` is one line of at most 300 characters: no control characters, no line breaks. */
export const CREDIT_NOTE_REASON_MAX = 300;

export const CreditNoteInputSchema = z.object({
  invoiceId: id,
  lines: z
    .array(z.object({ orderLineId: id, quantity: z.number({ error: 'validation.number' }).int({ error: 'creditNote.wholeUnits' }).min(1, { error: 'creditNote.wholeUnits' }).max(1_000_000, { error: 'creditNote.tooMany' }) }), { error: 'validation.invalid' })
    .max(1000, { error: 'validation.invalid' })
    .default([]),
  shipping: z.boolean({ error: 'validation.invalid' }).default(false),
  reason: z
    .string({ error: 'validation.invalid' })
    .trim()
    .min(1, { error: 'creditNote.reasonRequired' })
    .max(CREDIT_NOTE_REASON_MAX, { error: 'validation.tooLong' })
    // One line as SRI's texts take it, the same rule as every single-line field (common/sri-issuer.ts).
    .refine(isSriLine, { error: 'creditNote.reasonOneLine' }),
  restock: z.boolean({ error: 'validation.invalid' }).default(true),
});
export type CreditNoteRequest = z.output<typeof CreditNoteInputSchema>;

/** The order page's form field of an order line's units: `quantity.<orderLineId>`. */
export const quantityField = (orderLineId: number) => `quantity.${orderLineId}`;

/**
 * The order page's credit note form as the service's request: each `quantity.<id>` read as a whole
 * number of units (blank or 0: none of that line), the shipping and restock switches, the reason.
 * A quantity that is not a whole number is refused on its own field; never read as 0.
 */
export function readCreditNoteForm(values: Record<string, string>, invoiceId: number): { ok: true; data: CreditNoteRequest } | { ok: false; errors: FieldErrors } {
  const errors: Record<string, MessageKey> = {};
  const lines: { orderLineId: number; quantity: number }[] = [];
  for (const [name, raw] of Object.entries(values)) {
    const match = /^quantity\.(\d{1,10})$/.exec(name);
    if (!match) continue;
    const text = raw.trim();
    if (text === '' || /^0+$/.test(text)) continue;
    if (!/^\d{1,7}$/.test(text)) errors[name] = 'creditNote.wholeUnits' as MessageKey;
    else lines.push({ orderLineId: Number(match[1]), quantity: Number(text) });
  }
  // Nothing to credit is said at once, with the reason's error if any, not after the reason is mended.
  if (lines.length === 0 && values.shipping !== 'on' && Object.keys(errors).length === 0) errors.lines = 'creditNote.empty' as MessageKey;
  const parsed = CreditNoteInputSchema.safeParse({ invoiceId, lines, shipping: values.shipping === 'on', restock: values.restock === 'on', reason: values.reason ?? '' });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] === 'reason' ? 'reason' : 'lines'] ??= issue.message as MessageKey;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}

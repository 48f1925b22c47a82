import { z } from '#common/zod.ts';
import type { FieldErrors } from '../forms.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { Locale } from '../locale.ts';
import { numberSymbols, readLocaleNumber } from '../locale-number.ts';
import { MAX_ORDER_CENTS } from '../order-totals.ts';
import { recordIdNumber } from '../record-id.ts';
import { isSriLine } from '../sri-issuer.ts';

// A refund's request (issue 39 §5): by lines (units of the order's lines, their share of what was
// charged, and whether they go back to stock) or by an amount in cents, with a reason. Shared by
// the order page's form and the API; messages are i18n keys. The reason may become a credit
// note's `motivo`, so it follows SRI's one-line rule like the credit note's.

export const REFUND_REASON_MAX = 300;

const reason = z
  .string({ error: 'validation.invalid' })
  .trim()
  .min(1, { error: 'payment.refund.reasonRequired' })
  .max(REFUND_REASON_MAX, { error: 'validation.tooLong' })
  .refine(isSriLine, { error: 'payment.refund.reasonOneLine' });

const RefundLineSchema = z.object({
  lineId: recordIdNumber().describe('An order line’s id (as GET /orders/{id} and GET /orders/{id}/payments list them)'),
  quantity: z.number({ error: 'validation.number' }).int({ error: 'payment.refund.wholeUnits' }).min(1, { error: 'payment.refund.wholeUnits' }).max(1_000_000, { error: 'payment.refund.tooMany' }),
});

/** The API's body: `lines` (with `restock`) or `amountCents`, never both. */
export const RefundInputSchema = z
  .object({
    lines: z.array(RefundLineSchema, { error: 'validation.invalid' }).min(1, { error: 'payment.refund.empty' }).max(1000, { error: 'validation.invalid' }).optional().describe('Refund these units of the order’s lines: their share of what was charged (base and IVA)'),
    amountCents: z.number({ error: 'validation.number' }).int({ error: 'payment.refund.amountInvalid' }).min(1, { error: 'payment.refund.amountInvalid' }).max(MAX_ORDER_CENTS, { error: 'payment.refund.amountInvalid' }).optional().describe('Refund this amount, in cents (no units go back to stock)'),
    restock: z.boolean({ error: 'validation.invalid' }).default(false).describe('With `lines`: the refunded units go back to stock'),
    reason,
    paymentId: recordIdNumber().optional().describe('Which payment of the order to refund; by default the first one that took money and has some left'),
  })
  .strict()
  .superRefine((value, context) => {
    if ((value.lines === undefined) === (value.amountCents === undefined)) context.addIssue({ code: 'custom', path: ['lines'], message: 'payment.refund.linesOrAmount' });
    else if (value.amountCents !== undefined && value.restock) context.addIssue({ code: 'custom', path: ['restock'], message: 'payment.refund.restockNeedsLines' });
  });

export type RefundLine = z.infer<typeof RefundLineSchema>;

/** What the refund service takes: by lines, or by amount. */
export type RefundRequest =
  | { lines: RefundLine[]; restock: boolean; reason: string; paymentId?: number }
  | { amountCents: number; reason: string; paymentId?: number };

/** The API's parsed body as the service's request. */
export function refundRequestOf(body: z.output<typeof RefundInputSchema>): RefundRequest {
  const common = { reason: body.reason, ...(body.paymentId === undefined ? {} : { paymentId: body.paymentId }) };
  return body.lines ? { ...common, lines: body.lines, restock: body.restock } : { ...common, amountCents: body.amountCents! };
}

/** The order page's form field of an order line's refunded units: `refund.<lineId>`. */
export const refundQuantityField = (lineId: number) => `refund.${lineId}`;

/**
 * Dollars as the page's language writes them ("12,50" in Spanish, "12.50" in English) to cents;
 * null when it cannot be read that way or has more than two decimals (never rounded into another amount).
 */
export function typedCents(text: string, locale: Locale): number | null {
  const dollars = readLocaleNumber(text, locale);
  if (dollars === null || dollars <= 0) return null;
  if ((text.trim().split(numberSymbols(locale).decimal)[1] ?? '').length > 2) return null;
  return Math.round(dollars * 100);
}

/**
 * The order page's refund form as the service's request. `mode` says which half was filled:
 * `lines` reads each `refund.<lineId>` as a whole number of units (blank or 0: none of that line)
 * and the restock switch; `amount` reads the amount in the page's language. A quantity or amount
 * that cannot be read is refused on its own field, never read as 0.
 */
export function readRefundForm(values: Record<string, string>, locale: Locale): { ok: true; data: RefundRequest } | { ok: false; errors: FieldErrors } {
  const errors: Record<string, MessageKey> = {};
  const paymentId = /^\d{1,10}$/.test(values.paymentId ?? '') ? Number(values.paymentId) : undefined;
  let body: Record<string, unknown>;
  if (values.mode === 'amount') {
    const amountCents = typedCents(values.amount ?? '', locale);
    if (amountCents === null) errors.amount = (values.amount ?? '').trim() === '' ? 'payment.refund.amountRequired' : 'payment.refund.amountInvalid';
    body = { amountCents: amountCents ?? 1, reason: values.reason ?? '', paymentId };
  } else {
    const lines: RefundLine[] = [];
    for (const [name, raw] of Object.entries(values)) {
      const match = /^refund\.(\d{1,10})$/.exec(name);
      if (!match) continue;
      const text = raw.trim();
      if (text === '' || /^0+$/.test(text)) continue;
      if (!/^\d{1,7}$/.test(text)) errors[name] = 'payment.refund.wholeUnits';
      else lines.push({ lineId: Number(match[1]), quantity: Number(text) });
    }
    // Nothing to refund is said at once, with the reason's error if any.
    if (lines.length === 0 && Object.keys(errors).length === 0) errors.lines = 'payment.refund.empty';
    body = { lines: lines.length > 0 ? lines : [{ lineId: 1, quantity: 1 }], restock: values.restock === 'on', reason: values.reason ?? '', paymentId };
  }
  const parsed = RefundInputSchema.safeParse(body);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] === 'reason' ? 'reason' : values.mode === 'amount' ? 'amount' : 'lines'] ??= issue.message as MessageKey;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, data: refundRequestOf(parsed.data) };
}

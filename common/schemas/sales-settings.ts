import { z } from '#common/zod.ts';
import { toCents } from '../money.ts';
import { moneyInput } from './number.ts';
import { StoreSalesSchema, type StoreSalesInput, type StoreSalesSettings } from './store-sales.ts';

// The `/store/payments` form (issue 23 §2): the store's sales settings (`StoreSalesSchema`, which
// the API and the service read in cents and basis points, decision 052) as a merchant types them —
// money in dollars, written the page's way. Every other field, and its
// messages, is the shared schema's own.

export const BANK_ACCOUNT_TYPES = ['savings', 'checking'] as const;

/** The most a fee or threshold may be typed as: far above any parcel, well inside the API's cents. */
const MAX_DOLLARS = 100_000;

/** A switch: "on" when ticked, nothing (or "") when not. */
export const onOff = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true' || value === '1');

const dollars = moneyInput((n) => n.min(0, { error: 'storeSales.moneyNegative' }).max(MAX_DOLLARS, { error: 'validation.tooLarge' }));
/** Blank is "never free". */
const optionalDollars = z.preprocess((value) => (value === '' || value === undefined ? null : value), dollars.nullable());

const { shippingFeeCents: _fee, freeShippingFromCents: _free, sriEnvironment: _environment, cashOnDelivery: _cash, bankTransfer: _transfer, ...shared } = StoreSalesSchema.shape;

export const SalesSettingsFormSchema = z
  .object({
    ...shared,
    cashOnDelivery: onOff,
    bankTransfer: onOff,
    shippingFee: dollars,
    freeShippingFrom: optionalDollars,
  })
  // The shared schema's own rules across fields, so the browser says them beside the same fields.
  .superRefine((value, ctx) => {
    if (!value.cashOnDelivery && !value.bankTransfer) ctx.addIssue({ code: 'custom', path: ['cashOnDelivery'], message: 'storeSales.paymentRequired' });
    if (!value.bankTransfer) return;
    for (const field of ['bankName', 'bankAccountType', 'bankAccountNumber', 'bankAccountHolder'] as const) {
      if (value[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: 'storeSales.bankRequired' });
    }
  });
export type SalesSettingsForm = z.infer<typeof SalesSettingsFormSchema>;

/**
 * The form's dollars as the service takes them, cents, rounded once;
 * what the form does not show (SRI's environment) stays as stored.
 */
export function salesSettingsFromForm({ shippingFee, freeShippingFrom, ...rest }: SalesSettingsForm, stored: Pick<StoreSalesSettings, 'sriEnvironment'>): StoreSalesInput {
  return { ...rest, shippingFeeCents: toCents(shippingFee), freeShippingFromCents: freeShippingFrom === null ? null : toCents(freeShippingFrom), sriEnvironment: stored.sriEnvironment };
}

/** Stored settings as the form shows them: dollars, which the page writes its way. */
export function salesSettingsToForm({ shippingFeeCents, freeShippingFromCents, sriEnvironment: _environment, ...rest }: StoreSalesSettings): Record<string, unknown> {
  return { ...rest, shippingFee: shippingFeeCents / 100, freeShippingFrom: freeShippingFromCents === null ? '' : freeShippingFromCents / 100 };
}

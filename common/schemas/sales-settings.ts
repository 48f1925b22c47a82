import { z } from 'zod';
import { toCents } from '../money.ts';
import { isValidRuc, isValidSeriesCode } from '../sri.ts';
import { numberInput } from './number.ts';

// The merchant's payment, shipping and tax settings (issue 23 §2, PRODUCT §5 "store sales
// settings"): the `/store/payments` form types money in dollars and the IVA rate in percent, the
// page's way; `/api/v1/store/sales` takes and gives cents and basis points (decision 052). Both are
// read by these schemas, and the service (`server/modules/store-sales/`) checks again.

export const BANK_ACCOUNT_TYPES = ['savings', 'checking'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** The most a fee or threshold may be: far above any parcel, well inside an integer of cents. */
const MAX_DOLLARS = 100_000;

/** A checkbox or switch: "on" when ticked, nothing when not; the API sends a boolean. */
const onOff = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true' || value === '1');
const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).default('');
const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

const accountType = z
  .string()
  .trim()
  .default('')
  .refine((value) => value === '' || (BANK_ACCOUNT_TYPES as readonly string[]).includes(value), { error: 'validation.invalid' });

const tax = {
  ruc: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).refine(isValidRuc, { error: 'salesSettings.rucInvalid' }),
  businessName: required(300),
  establishment: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).refine(isValidSeriesCode, { error: 'salesSettings.seriesCode' }),
  emissionPoint: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required', abort: true }).refine(isValidSeriesCode, { error: 'salesSettings.seriesCode' }),
};

const bank = { bankName: text(80), bankAccountType: accountType, bankAccountNumber: text(30), bankAccountHolder: text(120) };

type PaymentChoice = { cashOnDelivery: boolean; bankTransfer: boolean; bankName: string; bankAccountType: string; bankAccountNumber: string; bankAccountHolder: string };

/** At least one way to be paid; a transfer needs the account to transfer to. */
function checkPayment(value: PaymentChoice, ctx: z.RefinementCtx) {
  if (!value.cashOnDelivery && !value.bankTransfer) ctx.addIssue({ code: 'custom', path: ['cashOnDelivery'], message: 'salesSettings.noPaymentMethod' });
  if (!value.bankTransfer) return;
  for (const field of ['bankName', 'bankAccountType', 'bankAccountNumber', 'bankAccountHolder'] as const) {
    if (value[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
  }
  if (value.bankAccountNumber !== '' && !/^[0-9-]{5,30}$/.test(value.bankAccountNumber)) ctx.addIssue({ code: 'custom', path: ['bankAccountNumber'], message: 'salesSettings.accountNumber' });
}

const dollars = numberInput((n) => n.min(0, { error: 'validation.invalid' }).max(MAX_DOLLARS, { error: 'validation.tooLarge' }));
/** Blank is "never free". */
const optionalDollars = z.preprocess((value) => (value === '' || value === undefined ? null : value), dollars.nullable());

/** The form, as typed on `/store/payments`: dollars and a percentage, in the page's language. */
export const SalesSettingsFormSchema = z
  .object({
    cashOnDelivery: onOff,
    bankTransfer: onOff,
    ...bank,
    shippingFee: dollars,
    freeShippingFrom: optionalDollars,
    ...tax,
    ivaPercent: numberInput((n) => n.min(0, { error: 'salesSettings.ivaRange' }).max(100, { error: 'salesSettings.ivaRange' })),
  })
  .superRefine(checkPayment);
export type SalesSettingsForm = z.infer<typeof SalesSettingsFormSchema>;

const cents = (describe: string) => z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') }).int({ error: 'validation.wholeHundredths' }).min(0, { error: 'validation.invalid' }).max(MAX_DOLLARS * 100, { error: 'validation.tooLarge' }).describe(describe);

/** The API's body and answer: money in cents, the rate in basis points. A GET's answer can be PUT back. */
export const SalesSettingsSchema = z
  .object({
    cashOnDelivery: z.boolean().describe('Whether shoppers may pay on delivery'),
    bankTransfer: z.boolean().describe('Whether shoppers may pay by bank transfer (then the four bank fields are required)'),
    ...bank,
    shippingFeeCents: cents('The shipping fee added to each order, in cents'),
    freeShippingFromCents: cents('Orders whose goods reach this amount ship free, in cents; null: never free').nullable(),
    ...tax,
    ivaBp: z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') }).int({ error: 'validation.wholeHundredths' }).min(0, { error: 'salesSettings.ivaRange' }).max(10_000, { error: 'salesSettings.ivaRange' }).describe('The IVA rate in basis points: 1500 is 15 %'),
  })
  .superRefine(checkPayment);
export type SalesSettings = z.infer<typeof SalesSettingsSchema>;

/** The form's dollars and percent as the service takes them: cents and basis points, rounded once. */
export function salesSettingsFromForm({ shippingFee, freeShippingFrom, ivaPercent, ...rest }: SalesSettingsForm): SalesSettings {
  return { ...rest, shippingFeeCents: toCents(shippingFee), freeShippingFromCents: freeShippingFrom === null ? null : toCents(freeShippingFrom), ivaBp: Math.round(ivaPercent * 100) };
}

/** Stored settings as the form shows them: dollars and percent, which the page writes its way. */
export function salesSettingsToForm({ shippingFeeCents, freeShippingFromCents, ivaBp, ...rest }: SalesSettings): Record<string, unknown> {
  return { ...rest, shippingFee: shippingFeeCents / 100, freeShippingFrom: freeShippingFromCents === null ? '' : freeShippingFromCents / 100, ivaPercent: ivaBp / 100 };
}

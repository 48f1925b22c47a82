import { z } from 'zod';
import { isValidCedula, isValidPassport } from '#common/document.ts';
import { SRI_MAX, sriAddress } from '#common/sri.ts';

// The checkout form (issue 23 §3): one schema for the page's action and for `placeOrder`. Its
// messages name texts of the storefront's cart catalogue (common/i18n/*/shop-cart.ts), which the
// page shows beside each field in its language.

export const PAYMENT_METHODS = ['cash_on_delivery', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CHECKOUT_FIELDS = ['name', 'email', 'phone', 'documentType', 'documentNumber', 'address', 'city', 'province', 'notes', 'paymentMethod'] as const;
export type CheckoutValues = Record<(typeof CHECKOUT_FIELDS)[number], string>;

/** A message of the form: a text key of the cart catalogue, and the limit for "too long". */
export type CheckoutMessage = 'required' | 'tooLong' | 'addressTooLong' | 'emailInvalid' | 'phoneInvalid' | 'cedulaInvalid' | 'passportInvalid' | 'paymentInvalid';

// One line each: a line break posted by hand (an <input> sends none) becomes a space, as the
// invoice's fields are one line (SRI's `[^\n]*`); the notes alone keep theirs.
const text = (max: number) => z.string({ error: 'required' }).overwrite((value) => value.replace(/\s+/gu, ' ')).trim().min(1, { error: 'required' }).max(max, { error: `tooLong:${max}` });
const LIMITS = { address: 300, city: 80, province: 80 } as const;

export const CheckoutSchema = z
  .object({
    name: text(160),
    email: z.string({ error: 'required' }).trim().toLowerCase().min(1, { error: 'required' }).max(254, { error: 'tooLong:254' }).pipe(z.email({ error: 'emailInvalid' })),
    phone: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'phoneInvalid' }),
    documentType: z.enum(['cedula', 'passport'], { error: 'required' }),
    documentNumber: z.string({ error: 'required' }).trim().toUpperCase().min(1, { error: 'required' }).max(20, { error: 'tooLong:20' }),
    address: text(LIMITS.address),
    city: text(LIMITS.city),
    province: text(LIMITS.province),
    notes: z.string().trim().max(1000, { error: 'tooLong:1000' }).default(''),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentInvalid' }),
  })
  // A cédula is checked as at registration (common/document.ts): ten digits, province, check digit.
  // Run whatever else is wrong (`when`), so the page names every field to mend at once: zod skips an
  // object's refinements after a field such as an unchosen payment fails, and the shopper would
  // learn of a too-long address only on the second try. Each field's own error still comes first.
  .superRefine((value, ctx) => {
    const number = typeof value.documentNumber === 'string' ? value.documentNumber : '';
    if (value.documentType === 'cedula' && !isValidCedula(number)) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'cedulaInvalid' });
    if (value.documentType === 'passport' && !isValidPassport(number)) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'passportInvalid' });
    // The invoice states them as one address of at most 300 characters (`direccionComprador`):
    // refused here, where the shopper can shorten it, rather than cut on the invoice. Said once
    // the three fields are each within their own limits, on the address, with what it may be.
    const { address, city, province } = value;
    const within = (part: unknown, max: number) => typeof part === 'string' && part !== '' && part.length <= max;
    if (!within(address, LIMITS.address) || !within(city, LIMITS.city) || !within(province, LIMITS.province)) return;
    const composed = sriAddress([address, city, province]);
    if (composed.length > SRI_MAX.text) ctx.addIssue({ code: 'custom', path: ['address'], message: `addressTooLong:${SRI_MAX.text - (composed.length - address.length)}` });
  }, { when: () => true });

export type CheckoutInput = z.output<typeof CheckoutSchema>;

/** The typed values as the page shows them again (each cut to a sane length, never lost). */
export function checkoutValuesOf(body: URLSearchParams): CheckoutValues {
  const values = {} as CheckoutValues;
  for (const field of CHECKOUT_FIELDS) values[field] = (body.get(field) ?? '').slice(0, 2000);
  return values;
}

export const emptyCheckout = (): CheckoutValues => Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, ''])) as CheckoutValues;

/** The checked input, or each wrong field's message (`tooLong:160` and `addressTooLong:136` carry their limit). */
export function parseCheckout(values: CheckoutValues): { input: CheckoutInput } | { errors: Record<string, string> } {
  const parsed = CheckoutSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { errors };
}

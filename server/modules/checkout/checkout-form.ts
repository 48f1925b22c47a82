import { z } from 'zod';
import { isValidCedula, isValidPassport } from '#common/document.ts';

// The checkout form (issue 23 §3): one schema for the page's action and for `placeOrder`. Its
// messages name texts of the storefront's cart catalogue (common/i18n/*/shop-cart.ts), which the
// page shows beside each field in its language.

export const PAYMENT_METHODS = ['cash_on_delivery', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CHECKOUT_FIELDS = ['name', 'email', 'phone', 'documentType', 'documentNumber', 'address', 'city', 'province', 'notes', 'paymentMethod'] as const;
export type CheckoutValues = Record<(typeof CHECKOUT_FIELDS)[number], string>;

/** A message of the form: a text key of the cart catalogue, and the limit for "too long". */
export type CheckoutMessage = 'required' | 'tooLong' | 'emailInvalid' | 'phoneInvalid' | 'cedulaInvalid' | 'passportInvalid' | 'paymentInvalid';

const text = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: `tooLong:${max}` });

export const CheckoutSchema = z
  .object({
    name: text(160),
    email: z.string({ error: 'required' }).trim().toLowerCase().min(1, { error: 'required' }).max(254, { error: 'tooLong:254' }).pipe(z.email({ error: 'emailInvalid' })),
    phone: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'phoneInvalid' }),
    documentType: z.enum(['cedula', 'passport'], { error: 'required' }),
    documentNumber: z.string({ error: 'required' }).trim().toUpperCase().min(1, { error: 'required' }).max(20, { error: 'tooLong:20' }),
    address: text(300),
    city: text(80),
    province: text(80),
    notes: z.string().trim().max(1000, { error: 'tooLong:1000' }).default(''),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentInvalid' }),
  })
  // A cédula is checked as at registration (common/document.ts): ten digits, province, check digit.
  .superRefine((value, ctx) => {
    if (value.documentType === 'cedula' && !isValidCedula(value.documentNumber)) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'cedulaInvalid' });
    if (value.documentType === 'passport' && !isValidPassport(value.documentNumber)) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'passportInvalid' });
  });

export type CheckoutInput = z.output<typeof CheckoutSchema>;

/** The typed values as the page shows them again (each cut to a sane length, never lost). */
export function checkoutValuesOf(body: URLSearchParams): CheckoutValues {
  const values = {} as CheckoutValues;
  for (const field of CHECKOUT_FIELDS) values[field] = (body.get(field) ?? '').slice(0, 2000);
  return values;
}

export const emptyCheckout = (): CheckoutValues => Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, ''])) as CheckoutValues;

/** The checked input, or each wrong field's message (`tooLong:160` carries its limit). */
export function parseCheckout(values: CheckoutValues): { input: CheckoutInput } | { errors: Record<string, string> } {
  const parsed = CheckoutSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { errors };
}

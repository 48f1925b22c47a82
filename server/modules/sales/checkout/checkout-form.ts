import { z } from 'zod';
import { identificationType } from '#common/enums/identification.ts';
import { paymentMethod } from '#common/enums/payment.ts';
import { isCantonOf, provinceByName } from '#common/ecuador-places.ts';
import { identificationNumber, isValidIdentification } from '#common/identification.ts';
import { SRI_MAX, sriAddress } from '#common/sri.ts';
import { isSriLine } from '#common/sri-issuer.ts';

// The checkout form (issue 23 §3): one schema for the page's action and for `placeOrder`. Its
// messages name texts of the storefront's cart catalogue (common/i18n/*/shop-cart.ts), which the
// page shows beside each field in its language.

export const PAYMENT_METHODS = paymentMethod.values;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CHECKOUT_FIELDS = ['name', 'email', 'phone', 'documentType', 'documentNumber', 'address', 'city', 'province', 'canton', 'shippingOption', 'notes', 'paymentMethod'] as const;
export type CheckoutValues = Record<(typeof CHECKOUT_FIELDS)[number], string>;

/** A message of the form: a text key of the cart catalogue. */
export type CheckoutMessage = 'required' | 'tooLong' | 'addressTooLong' | 'emailInvalid' | 'phoneInvalid' | 'cedulaInvalid' | 'rucInvalid' | 'passportInvalid' | 'foreignInvalid' | 'finalInvalid' | 'finalOverLimit' | 'paymentInvalid' | 'oneLine' | ShippingMessage;

/** The delivery's messages: texts of the cart catalogue's `shipping` part (issue 40 §1). */
export type ShippingMessage = 'provinceInvalid' | 'cantonInvalid' | 'provinceNotServed' | 'shippingUnavailable' | 'shippingRequired' | 'shippingNone';

/**
 * A wrong field as the house says it (an AppError's code and `vars`): the message's key, and the
 * values its text names beside it — the limit of a "too long" — never packed into the key.
 */
export type CheckoutError = { message: CheckoutMessage; vars?: { max: number } };

// One line each: a line break posted by hand (an <input> sends none) becomes a space, as the
// invoice's fields are one line (SRI's `[^\n]*`); the notes alone keep theirs. Any other control
// character has no place in an invoice (issue 37 §4): refused, so the shopper sees what to mend.
const text = (max: number) => z.string({ error: 'required' }).overwrite((value) => value.replace(/\s+/gu, ' ')).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' }).refine(isSriLine, { error: 'oneLine' });
const LIMITS = { address: 300, city: 80, province: 80 } as const;

export const CheckoutSchema = z
  .object({
    name: text(160),
    email: z.string({ error: 'required' }).trim().toLowerCase().min(1, { error: 'required' }).max(254, { error: 'tooLong' }).pipe(z.email({ error: 'emailInvalid' })),
    phone: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'phoneInvalid' }),
    documentType: z.enum(identificationType.values, { error: 'required' }),
    // Empty only for a consumidor final, whose number is SRI's 9999999999999 (checked below).
    documentNumber: z.string({ error: 'required' }).trim().toUpperCase().max(20, { error: 'tooLong' }),
    address: text(LIMITS.address),
    city: text(LIMITS.city),
    // One of Ecuador's 24 by its name, and a canton of it (common/ecuador-places.ts): the shipping
    // zones are made of them (issue 40 §1).
    province: text(LIMITS.province).refine((name) => provinceByName(name) !== null, { error: 'provinceInvalid' }),
    canton: z.string({ error: 'required' }).trim().max(LIMITS.city, { error: 'tooLong' }).default(''),
    /** The shipping option's key (common/shipping-rates.ts); checked against the address's options when placing. */
    shippingOption: z.string().trim().max(40, { error: 'tooLong' }).default(''),
    notes: z.string().trim().max(1000, { error: 'tooLong' }).default(''),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'paymentInvalid' }),
  })
  // The number is checked for the type the shopper chose, as everywhere (common/identification.ts):
  // a cédula's check digit, a RUC SRI could have issued, a passport's or foreign id's letters.
  // Run whatever else is wrong (`when`), so the page names every field to mend at once: zod skips an
  // object's refinements after a field such as an unchosen payment fails, and the shopper would
  // learn of a too-long address only on the second try. Each field's own error still comes first.
  .superRefine((value, ctx) => {
    const type = value.documentType;
    const number = identificationNumber(type, typeof value.documentNumber === 'string' ? value.documentNumber : '');
    const place = typeof value.province === 'string' ? provinceByName(value.province) : null;
    if (value.canton === '') ctx.addIssue({ code: 'custom', path: ['canton'], message: 'required' });
    else if (place && typeof value.canton === 'string' && !isCantonOf(place, value.canton)) ctx.addIssue({ code: 'custom', path: ['canton'], message: 'cantonInvalid' satisfies CheckoutMessage });
    if (identificationType.is(type) && number === '') ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: 'required' });
    else if (identificationType.is(type) && !isValidIdentification(type, number)) ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: `${type}Invalid` satisfies CheckoutMessage });
    // The invoice states them as one address of at most 300 characters (`direccionComprador`):
    // refused here, where the shopper can shorten it, rather than cut on the invoice. Said once
    // the three fields are each within their own limits, on the address, with what it may be.
    const { address, city, province } = value;
    const within = (part: unknown, max: number) => typeof part === 'string' && part !== '' && part.length <= max;
    if (!within(address, LIMITS.address) || !within(city, LIMITS.city) || !within(province, LIMITS.province)) return;
    const composed = sriAddress([address, city, province]);
    if (composed.length > SRI_MAX.text) ctx.addIssue({ code: 'custom', path: ['address'], message: 'addressTooLong' satisfies CheckoutMessage, params: { max: SRI_MAX.text - (composed.length - address.length) } });
  }, { when: () => true })
  .overwrite((value) => ({ ...value, documentNumber: identificationNumber(value.documentType, value.documentNumber) }));

export type CheckoutInput = z.output<typeof CheckoutSchema>;

/** The typed values as the page shows them again (each cut to a sane length, never lost). */
export function checkoutValuesOf(body: URLSearchParams): CheckoutValues {
  const values = {} as CheckoutValues;
  for (const field of CHECKOUT_FIELDS) values[field] = (body.get(field) ?? '').slice(0, 2000);
  return values;
}

export const emptyCheckout = (): CheckoutValues => Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, ''])) as CheckoutValues;

/** The checked input, or each wrong field's first error; a limit comes from the issue (zod's `maximum`, or the address's own). */
export function parseCheckout(values: CheckoutValues): { input: CheckoutInput } | { errors: Record<string, CheckoutError> } {
  const parsed = CheckoutSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Record<string, CheckoutError> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (errors[field]) continue;
    const max = issue.code === 'too_big' ? Number(issue.maximum) : issue.code === 'custom' ? (issue.params as { max?: number } | undefined)?.max : undefined;
    errors[field] = { message: issue.message as CheckoutMessage, ...(max === undefined ? {} : { vars: { max } }) };
  }
  return { errors };
}

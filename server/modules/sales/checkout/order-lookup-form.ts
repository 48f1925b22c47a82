import { z } from 'zod';

// The order lookup's form (issue 40 §4): one schema for the page's action. Its messages name texts
// of the storefront's shopper catalogue (common/i18n/*/shop-shopper.ts).

export const LookupSchema = z.object({
  // "#1024", "1024" or "Pedido 1024" as printed in the e-mail: the digits are the number.
  number: z.string().trim().min(1, { error: 'lookupRequired' }).transform((value) => value.replace(/^(pedido|order)\s*/i, '').replace(/^#\s*/, ''))
    .pipe(z.string().regex(/^\d{1,9}$/, { error: 'lookupNumberInvalid' }).transform(Number)),
  email: z.string().trim().toLowerCase().min(1, { error: 'lookupRequired' }).max(254, { error: 'lookupEmailInvalid' }).pipe(z.email({ error: 'lookupEmailInvalid' })),
});
export type LookupValues = { number: string; email: string };
export type LookupMessage = 'lookupRequired' | 'lookupNumberInvalid' | 'lookupEmailInvalid';

/** The checked lookup, or each wrong field's message (a text key of the shopper catalogue). */
export function parseLookup(values: LookupValues): { input: { number: number; email: string } } | { errors: Partial<Record<keyof LookupValues, LookupMessage>> } {
  const parsed = LookupSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: Partial<Record<keyof LookupValues, LookupMessage>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LookupValues;
    errors[field] ??= issue.message as LookupMessage;
  }
  return { errors };
}


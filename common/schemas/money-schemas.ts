import type { z } from 'zod';

// The schemas `moneyInput` (number.ts) made: the form kit shows their fields with two decimals.
// Kept apart from number.ts, which builds schemas and so loads zod: form-parse.ts reads this on
// every page with a form, the login page included, and that page has no schema (the login
// JavaScript mark, bench/README.md).
const moneySchemas = new WeakSet<z.ZodType>();

export function markMoneySchema<T extends z.ZodType>(schema: T): T {
  moneySchemas.add(schema);
  return schema;
}

/** Whether `schema` is one `moneyInput` made (not what wraps it: see `isMoneyField`). */
export const isMoneySchema = (schema: z.ZodType): boolean => moneySchemas.has(schema);

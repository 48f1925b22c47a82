import { z } from 'zod';

// `z.coerce.number()` reads an empty field as 0 (`Number('') === 0`), so a required number left
// blank saved as 0 with no error (issue 9 §7). Every numeric form field goes through this one
// helper instead: blank text (or null) is a *missing* value, reported as "required" (or accepted as
// null when the field is optional), and anything else must be a finite number. Text typed the
// Spanish way ("89,99") is turned into "89.99" before this by `parseForm` (common/form-parse.ts),
// which finds these fields through `valueKind`; the JSON API sends real numbers.

function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : Number(text);
}

const finiteNumber = () =>
  z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') });

/** A required number: `numberInput((n) => n.positive({ error: 'validation.positive' }))`. */
export function numberInput<T extends z.ZodType<number, number>>(refine: (base: z.ZodNumber) => T = (base) => base as unknown as T) {
  return z.preprocess(blankToUndefined, refine(finiteNumber()));
}

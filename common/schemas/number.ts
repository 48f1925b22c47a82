import { z } from '#common/zod.ts';
import { markMoneySchema } from './money-schemas.ts';

// `z.coerce.number()` reads an empty field as 0 (`Number('') === 0`), so a required number left
// blank saved as 0 with no error (issue 9 §7). Every numeric form field goes through this one
// helper instead: blank text (or null) is a *missing* value, reported as "required" (or accepted as
// null when the field is optional), and anything else must be a finite number. A form's text is
// read in the page's language by `parseForm` (common/form-parse.ts, through common/locale-number.ts),
// which finds these fields through `valueKind` and hands numbers on; the JSON API sends numbers.
// Text that still reaches here (a script's own input) is read only in the one unambiguous
// machine form, "1234.5": no grouping, a decimal point — never guessed (issue 20 §1).

function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

const finiteNumber = () =>
  z.number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') });

/** A required number: `numberInput((n) => n.positive({ error: 'validation.positive' }))`. */
export function numberInput<T extends z.ZodType<number, number>>(refine: (base: z.ZodNumber) => T = (base) => base as unknown as T) {
  return z.preprocess(blankToUndefined, refine(finiteNumber()));
}

/**
 * An amount of money typed in dollars: a `numberInput` that also declares itself money, so the form
 * kit's NumberField shows it with exactly two decimals in the page's language ("3,50", "3.50") when
 * it loads and when the user leaves it (common/form-parse.ts `isMoneyField`). The schema's reading
 * of it is `numberInput`'s, unchanged.
 */
export function moneyInput<T extends z.ZodType<number, number>>(refine?: (base: z.ZodNumber) => T) {
  return markMoneySchema(numberInput(refine));
}

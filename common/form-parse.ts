import type { z } from 'zod';
import { type FieldErrors, formValues, type ParseResult, parseWith } from './forms.ts';
import type { Locale } from './locale.ts';
import { readLocaleNumber } from './locale-number.ts';
import { isMoneySchema } from './schemas/money-schemas.ts';

// The pure half of the record form kit (decision 027): the browser and the action run the same
// parse of the same schema, so the client's verdict can only differ from the server's where the
// server knows more (a duplicate, a record's state), never in how typed text is read.

export type FormSchema = z.ZodObject;

// zod 4 keeps a schema's definition in `_zod.def`; only the few links we walk are named here.
type Inspectable = { _zod: { def: { type: string; in?: Inspectable; out?: Inspectable; innerType?: Inspectable } } };

/** The type a field's text ends up as, under its pipes (`.transform`), defaults and optionals. */
export function valueKind(schema: z.ZodType): string {
  let def = (schema as unknown as Inspectable)._zod.def;
  for (;;) {
    // `z.preprocess` (common/schemas/number.ts) is a pipe from a transform: its type is the output's
    if (def.type === 'pipe' && def.in?._zod.def.type === 'transform' && def.out) def = def.out._zod.def;
    else if (def.type === 'pipe' && def.in) def = def.in._zod.def;
    else if (def.innerType) def = def.innerType._zod.def;
    else return def.type;
  }
}

/** Names of the fields the schema reads as numbers: their text is read in the page's locale. */
export function numberFields(schema: FormSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => valueKind(field as z.ZodType) === 'number')
    .map(([name]) => name);
}

/**
 * Whether a field of the schema is money (`moneyInput`, common/schemas/number.ts), seen through what
 * wraps it — a default, `nullable`, a preprocess, a transform to cents — as `valueKind` walks them.
 */
export function isMoneyField(schema: FormSchema, name: string): boolean {
  let field = schema.shape[name] as z.ZodType | undefined;
  while (field) {
    if (isMoneySchema(field)) return true;
    const def = (field as unknown as Inspectable)._zod.def;
    field = (def.type === 'pipe' ? (def.in?._zod.def.type === 'transform' ? def.out : def.in) : def.innerType) as z.ZodType | undefined;
  }
  return false;
}

/** A field the schema refuses when it is missing: labelled "required", as the server will say. */
export function isRequired(schema: FormSchema, name: string): boolean {
  const field = schema.shape[name] as z.ZodType | undefined;
  return field ? !field.safeParse(undefined).success : false;
}

/**
 * Parses a submitted form (FormData or its plain values) with the shared schema, numbers read in the
 * locale. A field the schema reads as a list (ticked checkboxes, e.g. `packageIds`) is every value
 * of its name in FormData, not the last one — else the browser's re-check would call a valid choice
 * invalid and keep its old error.
 */
export function parseForm<S extends FormSchema>(schema: S, input: FormData | Record<string, string>, locale: Locale): ParseResult<z.output<S>> {
  const values: Record<string, string | string[] | number> = input instanceof FormData ? formValues(input) : { ...input };
  for (const name of numberFields(schema)) {
    const raw = values[name];
    // Blank stays blank (the schema says "required" or takes its default); text that is not a
    // number written the page's way becomes NaN, which the schema refuses as `validation.number`.
    if (typeof raw === 'string' && raw.trim() !== '') values[name] = readLocaleNumber(raw, locale) ?? Number.NaN;
  }
  if (input instanceof FormData) for (const name of listFields(schema)) values[name] = input.getAll(name).filter((value) => typeof value === 'string');
  return parseWith(schema, values);
}

/** Names of the fields the schema reads as lists (repeated form fields). */
function listFields(schema: FormSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => valueKind(field as z.ZodType) === 'array')
    .map(([name]) => name);
}

/** The errors after one field was checked again: that field's verdict replaced, the others kept. */
export function withFieldChecked(current: FieldErrors, name: string, checked: FieldErrors): FieldErrors {
  const { [name]: _old, ...others } = current;
  const error = checked[name];
  return error ? { ...others, [name]: error } : others;
}


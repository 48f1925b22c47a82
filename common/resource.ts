import { z } from '#common/zod.ts';
import type { MessageKey, SourceMessages } from './i18n/messages.ts';
import { type FilterValues, listApiParameters, type ListOptions, listQuerySchema } from './list-query.ts';
import { type BulkChanges, bulkActionsOf, bulkBody } from './bulk.ts';

// A store-owned resource declared once (decision 028): its paths, the texts its screens use, the
// zod schemas of its input and of the record the API returns, and its list's sorts and filters.
// The server builds its repository, service and API from it; the app its routes and screens.

/** The texts every resource screen shows, under one message prefix (e.g. `catalog.color`). */
type ResourceTexts = { title: string; new: string; edit: string; deleteTitle: string; deleteMessage: string; fields: Record<string, string> };

type PrefixesOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends ResourceTexts ? `${P}${K}` : T[K] extends string ? never : PrefixesOf<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A message prefix whose subtree has every resource text, in both languages (checked by `tsc`). */
export type ResourceTextsPrefix = PrefixesOf<SourceMessages>;

export type ResourceDefinition<
  Key extends string = string,
  Input extends z.ZodObject = z.ZodObject,
  Output extends z.ZodObject = z.ZodObject,
  Sort extends string = string,
  Filters extends FilterValues = FilterValues,
> = {
  /** Registry key and OpenAPI tag: `color`. */
  key: Key;
  /**
   * Dashboard path in its Spanish form; `/new` and `/show?id=` hang below it. It ends with the key
   * (`/catalog/color`): the browser finds a screen's code from its address (app/resources/screens.ts).
   */
  path: `/${string}/${Key}`;
  /** Collection path under `/api/v1`. */
  apiPath: `/${string}`;
  texts: ResourceTextsPrefix;
  /** The body of create and update, shared by the form, the action and the API. */
  input: Input;
  /** One record as the API returns it (its keys are the explicit column list that leaves the server). */
  output: Output;
  /**
   * The field that names a record: its row's checkbox and switches say it, its screen's header
   * shows it (`name`; a review's `authorName`, a coupon's `code`).
   */
  titleField: keyof z.output<Output> & string;
  list: ListOptions<Sort, Filters>;
  /**
   * Money and rates the form types as decimals (dollars, percentages) and the API carries as whole
   * hundredths, the same in a body as in a record (issue 20 §7): `{ price: { as: 'priceCents',
   * body: z.number().int()… } }` makes the API take `priceCents` where the form sends `price`.
   */
  apiHundredths?: { [Field in keyof z.input<Input> & string]?: { as: keyof z.output<Output> & string; body: z.ZodType } };
  /**
   * What the list's bulk actions (and its row switches) write, by action: `{ enable: { enabled:
   * true }, disable: { enabled: false } }`. Delete is always offered.
   */
  bulk?: BulkChanges;
};

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a list without filters
export function defineResource<const Key extends string, Input extends z.ZodObject, Output extends z.ZodObject, Sort extends string, Filters extends FilterValues = {}>(
  definition: ResourceDefinition<Key, Input, Output, Sort, Filters>,
) {
  const bulkActions = bulkActionsOf(definition.bulk ?? {});
  return { ...definition, ...apiShape(definition.input, definition.apiHundredths), listQuery: listQuerySchema(definition.list), listParameters: listApiParameters(definition.list, { seek: true }), bulkActions, bulkBody: bulkBody(bulkActions) };
}

type Hundredths = Record<string, { as: string; body: z.ZodType } | undefined>;

/**
 * The API's body (`apiInput`) and its way back to the form's input (`fromApi`): each field of
 * `hundredths` taken under its API name, in whole hundredths, and divided by 100 for the service.
 */
function apiShape(input: z.ZodObject, hundredths: Hundredths = {}) {
  const mapped = Object.entries(hundredths).filter((entry): entry is [string, { as: string; body: z.ZodType }] => entry[1] !== undefined);
  if (mapped.length === 0) return { apiInput: input, fromApi: (body: Record<string, unknown>) => body };
  const apiInput = input.omit(Object.fromEntries(mapped.map(([field]) => [field, true])) as never).extend(Object.fromEntries(mapped.map(([, { as, body }]) => [as, body])));
  const fromApi = (body: Record<string, unknown>) => {
    const values: Record<string, unknown> = { ...body };
    // A field the body left out stays out (its schema's default, if any, has already filled it):
    // the service sees what the form would send, never a key holding `undefined`.
    for (const [field, { as }] of mapped) {
      if (!(as in body)) continue;
      delete values[as];
      values[field] = typeof body[as] === 'number' ? body[as] / 100 : body[as];
    }
    return values;
  };
  return { apiInput: apiInput as z.ZodObject, fromApi };
}

/** Whole hundredths in an API body (cents, basis points) from `min` to `max`; `fallback` when left out. */
export function hundredths(min: number, max: number, fallback?: number) {
  const whole = z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') })
    .int({ error: 'validation.wholeHundredths' })
    .min(min, { error: 'validation.invalid' })
    .max(max, { error: 'validation.tooLarge' });
  return fallback === undefined ? whole : whole.default(fallback);
}

export type Resource = ReturnType<typeof defineResource<string, z.ZodObject, z.ZodObject, string, FilterValues>>;

/**
 * The choices of a form's selects (a product's categories, say), each a value and its label;
 * `parent`: the value of the choice of another select it belongs to (a subcategory's category),
 * so the form can offer only those of the one chosen.
 */
export type FormOptions = Record<string, { value: string; label: string; parent?: string }[]>;

/** `enabled` as a form switch sends it: "on" (or "true"/"1") when checked, nothing when not. */
// Written as an optional input transformed, not a preprocess: the API's document (zod's input
// schema) then says what the route really takes, a boolean or the form's text, and not required.
export const switchValue = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true' || value === '1');

/** The resource's message key for one of its texts or one of its fields' labels. */
export const resourceText = (resource: Pick<Resource, 'texts'>, text: Exclude<keyof ResourceTexts, 'fields'> | `fields.${string}`) =>
  `${resource.texts}.${text}` as MessageKey;

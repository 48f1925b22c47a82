import { z } from '#common/zod.ts';
import type { MessageKey } from '../i18n/messages.ts';

// One registry for every closed set of values (statuses, categories, roles, sorts): the values, the
// zod enum the schemas use, the message key of each value's label and its badge colour live in one
// place, so a badge, a filter, a form and the API of a new resource take the definition and hard-code
// nothing.

/** The Mantine colours a badge may take; `brand` is the theme's own. */
export type BadgeColor = 'brand' | 'gray' | 'yellow' | 'orange' | 'green' | 'blue' | 'indigo' | 'red' | 'teal' | 'violet';

export type EnumDef<V extends string = string, K extends MessageKey = MessageKey> = {
  readonly name: string;
  readonly values: readonly [V, ...V[]];
  /** The zod enum of the values, for schemas; `error` is the message key of a value outside the set. */
  schema(error?: MessageKey): z.ZodEnum<{ [P in V]: P }>;
  /** The message key of a value's label: a key of the catalog, so `t(label(value))` needs no cast. */
  label(value: V): K;
  color(value: V): BadgeColor;
  is(value: unknown): value is V;
};

/** The value type of an enum: `EnumValue<typeof ticketStatus>` is `'open' | 'answered' | 'closed'`. */
export type EnumValue<E> = E extends { values: readonly (infer V extends string)[] } ? V : never;

// `${Prefix}.${V}` is a union; outside a naked type parameter `extends` checks every member, so one
// value without a Spanish label (English is typed against Spanish) fails `tsc` and names the key.
type LabelPrefix<P extends string, V extends string> = `${P}.${V}` extends MessageKey ? P : { missingLabels: Exclude<`${P}.${V}`, MessageKey> };

/**
 * `defineEnum('ticketStatus', ['open', 'closed'], { labels: 'casillero.ticketStatus', colors: {…} })`:
 * the label of `open` is the message `casillero.ticketStatus.open`.
 */
export function defineEnum<const V extends string, const P extends string>(
  name: string,
  values: readonly [V, ...V[]],
  options: { labels: P & LabelPrefix<P, V>; colors?: Record<V, BadgeColor> },
): EnumDef<V, `${P}.${V}` & MessageKey> {
  const set = new Set<string>(values);
  return {
    name,
    values,
    schema: (error = 'validation.invalid') => z.enum(values, { error }) as z.ZodEnum<{ [K in V]: K }>,
    label: (value) => `${options.labels}.${value}` as `${P}.${V}` & MessageKey,
    color: (value) => options.colors?.[value] ?? 'gray',
    is: (value): value is V => typeof value === 'string' && set.has(value),
  };
}


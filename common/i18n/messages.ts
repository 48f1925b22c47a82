import type { es } from './es.ts';

// Same keys as the Spanish source, any string as value: a key missing in English fails `tsc`.
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof es>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** Every message key, e.g. `error.notFound`: code passes keys, never sentences. */
export type MessageKey = Leaves<typeof es>;

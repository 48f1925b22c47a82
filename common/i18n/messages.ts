import type { es } from './es.ts';

// Same keys as the Spanish source, any string as value: a key missing in English fails `tsc`.
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof es>;

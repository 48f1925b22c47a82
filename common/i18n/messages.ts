import type { esDashboard } from './es-dashboard.ts';
import type { es } from './es.ts';

// Same keys as the Spanish source, any string as value: a key missing in English fails `tsc`.
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** Every message in Spanish, the source: the base part (es.ts) and the dashboard's (es-dashboard.ts). */
export type SourceMessages = typeof es & typeof esDashboard;
export type Messages = Widen<SourceMessages>;
export type BaseMessages = Widen<typeof es>;
export type DashboardMessages = Widen<typeof esDashboard>;
/**
 * The parts a language's messages come in: `base` for every page, `dashboard` for the logged-in
 * screens (decision 020). The browser loads a part when a page needs it; the server has both.
 */
export type MessagePart = 'base' | 'dashboard';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** Every message key, e.g. `error.notFound`: code passes keys, never sentences. */
export type MessageKey = Leaves<SourceMessages>;

import { z } from '#common/zod.ts';

// Ecuador's IVA as SRI codes it: the `codigoPorcentaje` of an invoice's `impuesto` and
// `totalImpuesto` (tax `codigo` 2, IVA), from Tabla 17 of SRI's "Ficha técnica de comprobantes
// electrónicos, esquema offline". The legal basis: Ley de Régimen Tributario Interno, art. 65 as
// reformed in 2024 (Ley Orgánica para Enfrentar el Conflicto Armado Interno, la Crisis Social y
// Económica; Decreto Ejecutivo 198), 15 % the general rate from 1 April 2024; 5 % for construction
// materials by the same 2024 reform (art. 65 last paragraph, list set by Decreto 198); 0 % for the
// goods and services of arts. 55 and 56; "exento" and "no objeto de impuesto" for what the law
// exempts or leaves outside IVA, each its own code because SRI keeps their bases apart. A product
// stores its code (text, as SRI writes it); the rate in basis points comes from this table only.

export type IvaEntry = {
  /** The rate in basis points: 1500 is 15 %. */
  bp: number;
  /** The entry's label key (common/i18n/es/iva.ts and en/iva.ts). */
  label: `iva.codes.${string}`;
};

export const IVA_TABLE = {
  '0': { bp: 0, label: 'iva.codes.c0' },
  '5': { bp: 500, label: 'iva.codes.c5' },
  '4': { bp: 1500, label: 'iva.codes.c4' },
  '7': { bp: 0, label: 'iva.codes.c7' },
  '6': { bp: 0, label: 'iva.codes.c6' },
  // The differentiated 8 % (tourist services on holidays the government names) and the 13 % and
  // 14 % SRI's table also lists (14 % in 2016–2017; 13 % the floor the 2024 reform allows): they
  // print on an invoice that carries them, but a product cannot be set to them here.
  '8': { bp: 800, label: 'iva.codes.c8' },
  '10': { bp: 1300, label: 'iva.codes.c10' },
  '3': { bp: 1400, label: 'iva.codes.c3' },
  // 12 % until 31 March 2024: kept so an invoice issued at 12 % still prints; never offered again.
  '2': { bp: 1200, label: 'iva.codes.c2' },
} as const satisfies Record<string, IvaEntry>;

export type IvaCode = keyof typeof IVA_TABLE;

/**
 * What a product, a variant or the store's shipping may be sold at today, in the order a form
 * offers them: 15 %, 5 %, 0 %, exempt, not subject. Any other code (12 % included) is refused.
 */
export const OFFERED_IVA_CODES = ['4', '5', '0', '7', '6'] as const satisfies readonly IvaCode[];
export type OfferedIvaCode = (typeof OFFERED_IVA_CODES)[number];

/** The general rate (15 %): what a new product and the store's shipping start with. */
export const DEFAULT_IVA_CODE: OfferedIvaCode = '4';

export const isIvaCode = (value: unknown): value is IvaCode => typeof value === 'string' && Object.hasOwn(IVA_TABLE, value);

/** The rate of one of SRI's codes in basis points; a code outside the table is a programming error. */
export function ivaBp(code: string): number {
  return IVA_TABLE[asIvaCode(code)].bp;
}

/** The label key of one of SRI's codes ("IVA 15 %", "Exento de IVA"…). */
export const ivaLabel = (code: IvaCode) => IVA_TABLE[code].label;

/** A code as a form or the API sends it: one of today's choices, or `iva.notOffered`. */
export const ivaCodeSchema = z.enum(OFFERED_IVA_CODES, { error: 'iva.notOffered' });

/**
 * The CSV's `tax` column: a rate as a merchant types it (`15`, `5`, `0`, `15 %`, `15,00`) or the
 * words for the two without a rate (Spanish or English). Answers the code, or null for anything
 * else (12, 7, 14…): the import refuses the row, it never picks a rate for it.
 */
export function ivaCodeFromText(text: string): OfferedIvaCode | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\s*%$/, '');
  const words: Record<string, OfferedIvaCode> = { exento: '7', exempt: '7', 'no objeto': '6', 'no objeto de iva': '6', 'no objeto de impuesto': '6', 'not subject': '6' };
  if (words[value]) return words[value];
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(value)) return null;
  const bp = Math.round(Number(value.replace(',', '.')) * 100);
  const rated: Record<number, OfferedIvaCode> = { 1500: '4', 500: '5', 0: '0' };
  return rated[bp] ?? null;
}

/** The CSV's `tax` cell for a code, which ivaCodeFromText reads back as the same code. */
export function ivaCodeToText(code: IvaCode): string {
  if (code === '7') return 'exento';
  if (code === '6') return 'no objeto';
  return String(IVA_TABLE[code].bp / 100);
}

/**
 * A SQL `case` giving the rate in basis points of the code in `column` (the storefront's price
 * filter and sort reckon the price with IVA in the database): written from the table above, so
 * SQL and TypeScript never disagree.
 */
export const ivaBpCaseSql = (column: string) => `(case ${column} ${Object.entries(IVA_TABLE).map(([code, entry]) => `when '${code}' then ${entry.bp}`).join(' ')} end)`;

/** A code read from the database (text): checked against the table, so a typo never prices a sale. */
export function asIvaCode(value: string): IvaCode {
  if (!isIvaCode(value)) throw new Error(`Unknown IVA code ${JSON.stringify(value)}: not in SRI's Tabla 17 (common/iva.ts)`);
  return value;
}

/**
 * The order SRI's RIDE lists the bases in: by rate, highest first, then the three without IVA as
 * its template does (0 %, not subject, exempt).
 */
const ZERO_ORDER: Record<string, number> = { '0': 0, '6': 1, '7': 2 };
export const byRideOrder = (a: { ivaCode: IvaCode }, b: { ivaCode: IvaCode }) =>
  ivaBp(b.ivaCode) - ivaBp(a.ivaCode) || (ZERO_ORDER[a.ivaCode] ?? 0) - (ZERO_ORDER[b.ivaCode] ?? 0);

type Base = { ivaCode: IvaCode; taxBp: number; baseCents: number; taxCents: number };
const RIDE_ALWAYS: readonly IvaCode[] = ['4', '0', '6', '7'];

/**
 * The totals of SRI's RIDE: a subtotal for each code sold at, and for 15 %, 0 %, not subject and
 * exempt even at 0.00 (as SRI's printed invoice lists them); an IVA row for each rate above 0 %,
 * 15 % at least. Shared by the PDF and the invoice's page so both say the same.
 */
export function rideTotals(bases: readonly Base[]): { subtotals: Base[]; ivas: Base[] } {
  const empty = (ivaCode: IvaCode): Base => ({ ivaCode, taxBp: ivaBp(ivaCode), baseCents: 0, taxCents: 0 });
  const subtotals = [...bases, ...RIDE_ALWAYS.filter((code) => !bases.some((base) => base.ivaCode === code)).map(empty)].sort(byRideOrder);
  const taxed = subtotals.filter((base) => base.taxBp > 0 && (base.baseCents !== 0 || base.ivaCode === '4'));
  return { subtotals, ivas: taxed };
}

/** The label key of a RIDE subtotal row: "SUBTOTAL IVA 15 %" (with its rate), "SUBTOTAL NO OBJETO DE IVA"… */
export const rideSubtotalKey = (code: IvaCode) =>
  code === '0' ? 'invoice.ride.subtotalZero' : code === '6' ? 'invoice.ride.subtotalNotSubject' : code === '7' ? 'invoice.ride.subtotalExempt' : 'invoice.ride.subtotalTaxed';

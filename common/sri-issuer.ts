// What SRI's `factura` says of its issuer beyond the RUC and the name (issue 37 §4), and the rule of
// its one-line texts. Pure: the settings schema checks with these where the owner types, the XML
// and the RIDE print with them.

/** A store's RIMPE regime (Ley Orgánica para el Desarrollo Económico, 2021): none, or one of two. */
export const RIMPE_REGIMES = ['none', 'emprendedor', 'negocio_popular'] as const;
export type RimpeRegime = (typeof RIMPE_REGIMES)[number];

/**
 * The legend SRI's `contribuyenteRimpe` takes for each regime, exactly as its schema's pattern
 * `CONTRIBUYENTE (NEGOCIO POPULAR - )?RÉGIMEN RIMPE` and the ficha técnica (v2.2x) spell it; the
 * RIDE prints the same words. Never translated: they are the legal text.
 */
export const RIMPE_LEGENDS: Record<Exclude<RimpeRegime, 'none'>, string> = {
  emprendedor: 'CONTRIBUYENTE RÉGIMEN RIMPE',
  negocio_popular: 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE',
};

/** Whether the issuer must keep accounts: '' until the owner says (an invoice waits for it). */
export const ACCOUNTING_ANSWERS = ['', 'yes', 'no'] as const;
export type AccountingAnswer = (typeof ACCOUNTING_ANSWERS)[number];

/** SRI's `agenteRetencion`: the resolution's number, one to eight digits (`[0-9]+`, maxLength 8). */
export const WITHHOLDING_AGENT = /^[0-9]{1,8}$/;

/**
 * Characters a one-line SRI text never holds: control characters (line breaks and tabs too; the
 * schema's `[^\n]*`, and XML 1.0 forbids most of the others), lone UTF-16 halves (no character at
 * all) and the two non-characters XML forbids. Refused where typed, so nothing is cut or dropped
 * from what the owner or the shopper wrote.
 */
const NOT_IN_A_LINE = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;

export const isSriLine = (value: string) => !NOT_IN_A_LINE.test(value);

/** The issuer's own RUC: SRI's `numeroRuc` is ten digits and `001`, its main registration. */
export const isIssuerRuc = (ruc: string) => /^[0-9]{10}001$/.test(ruc);

/** The longest SKU an invoice line states whole: SRI's `codigoPrincipal` takes 25 characters. */
export const SKU_MAX = 25;

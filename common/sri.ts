import { isValidCedula } from './document.ts';

// Ecuador's tax authority (SRI): the RUC, an invoice's number and its access key (PRODUCT §5).
// Pure functions: the invoice module numbers and stores; these only spell and check.

/** Modulo 11 as SRI computes it: weights from the right, cycling through `weights`; 11 → 0. */
function modulo11(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[digits.length - 1 - i]) * weights[i % weights.length]!;
  return 11 - (sum % 11);
}

/**
 * A RUC as SRI issues it: refused only when SRI could never have issued it (issue 37 §1). Thirteen
 * digits; a province 01–24, or 30 for Ecuadorians abroad; then by the third digit:
 * - 0–5, a person: their cédula (with its modulo-10 check digit) and a three-digit establishment;
 * - 6, a public body: a four-digit establishment at the end, never `0000` (some people with a
 *   third digit 6 have a RUC too, python-stdnum issue 267: they pass here as well);
 * - 9, a company (and a foreigner without a cédula): a three-digit establishment, never `000`;
 * - 7 and 8 are never issued.
 * The modulo-11 digit of public bodies and companies is never checked: SRI states these numbers are
 * not made by an algorithm, and newer companies, with a seven-digit sequence, fail it (CARNADA
 * S.A.S. `1793213150001`, python-stdnum issue 497). Only a cédula's check digit is reliable.
 */
export function isValidRuc(ruc: string): boolean {
  if (!/^\d{13}$/.test(ruc)) return false;
  const province = Number(ruc.slice(0, 2));
  if (!((province >= 1 && province <= 24) || province === 30)) return false;
  const third = Number(ruc[2]);
  if (third <= 5) return isValidCedula(ruc.slice(0, 10)) && ruc.slice(10) !== '000';
  if (third === 6) return ruc.slice(9) !== '0000';
  if (third === 9) return ruc.slice(10) !== '000';
  return false;
}

/** An establishment or emission point code: three digits, 001–999. */
export function isValidSeriesCode(code: string): boolean {
  return /^\d{3}$/.test(code) && code !== '000';
}

/** The most invoices one emission point can number: the sequence has nine digits. */
export const MAX_INVOICE_SEQUENCE = 999_999_999;

/** `001-001-000000123`: establishment, emission point and the sequence in nine digits. */
export function invoiceNumber(establishment: string, emissionPoint: string, sequence: number): string {
  if (!isValidSeriesCode(establishment) || !isValidSeriesCode(emissionPoint)) throw new RangeError('series codes are three digits, 001–999');
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_INVOICE_SEQUENCE) throw new RangeError('the sequence runs from 1 to 999999999');
  return `${establishment}-${emissionPoint}-${String(sequence).padStart(9, '0')}`;
}

export type AccessKeyParts = {
  /** The issue day, `yyyy-mm-dd`, in Ecuador's time. */
  issuedOn: string;
  /** `01` is an invoice (factura), `04` a credit note (nota de crédito). */
  documentType: '01' | '04';
  ruc: string;
  /** 1 test, 2 production. */
  environment: 1 | 2;
  establishment: string;
  emissionPoint: string;
  sequence: number;
  /** Eight digits the issuer chooses; random, so a key cannot be guessed from the invoice number. */
  numericCode: string;
};

/** The access key's check digit: modulo 11, weights 2–7 from the right; 11 → 0 and 10 → 1. */
export function accessKeyCheckDigit(first48: string): number {
  const check = modulo11(first48, [2, 3, 4, 5, 6, 7]);
  return check === 11 ? 0 : check === 10 ? 1 : check;
}

/** SRI's 49-digit `clave de acceso`: 48 digits of the invoice's facts and a check digit. */
export function accessKey(parts: AccessKeyParts): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(parts.issuedOn);
  if (!day) throw new RangeError('issuedOn is yyyy-mm-dd');
  if (!/^\d{8}$/.test(parts.numericCode)) throw new RangeError('the numeric code has eight digits');
  if (!/^\d{13}$/.test(parts.ruc)) throw new RangeError('a RUC has thirteen digits');
  const series = invoiceNumber(parts.establishment, parts.emissionPoint, parts.sequence).replaceAll('-', '');
  const emissionType = '1'; // normal emission: SRI's only type in use
  const first48 = `${day[3]}${day[2]}${day[1]}${parts.documentType}${parts.ruc}${parts.environment}${series}${parts.numericCode}${emissionType}`;
  return first48 + String(accessKeyCheckDigit(first48));
}

/** Whether a 49-digit key's last digit checks its first 48. */
export function isValidAccessKey(key: string): boolean {
  return /^\d{49}$/.test(key) && accessKeyCheckDigit(key.slice(0, 48)) === Number(key[48]);
}

/**
 * The longest text SRI's `factura` schema (1.1.0) takes in the fields we fill: each is one line
 * (`[^\n]*`) of at most so many characters (the XSD counts characters, i.e. code points).
 */
export const SRI_MAX = { text: 300, code: 25, identification: 20 } as const;

/**
 * `value` as an SRI text field takes it: every run of whitespace (a line break too) one space,
 * trimmed, and at most `max` characters — cut between characters, never inside a surrogate pair,
 * ending in `mark` when cut (an ellipsis for what people read; a code is cut with none).
 */
export function sriText(value: string, max: number, mark = '…'): string {
  const line = value.replace(/\s+/gu, ' ').trim();
  const characters = Array.from(line);
  if (characters.length <= max) return line;
  return `${characters.slice(0, max - Array.from(mark).length).join('').trimEnd()}${mark}`;
}

/** The buyer's address as the invoice states it (`direccionComprador`): street, city, province. */
export function sriAddress(parts: readonly string[]): string {
  return parts.map((part) => part.replace(/\s+/gu, ' ').trim()).filter(Boolean).join(', ');
}

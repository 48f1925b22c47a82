import { isValidCedula, isValidPassport } from './document.ts';
import type { identificationType } from './enums/identification.ts';
import type { EnumValue } from './enums/define-enum.ts';
import { isValidRuc } from './sri.ts';

// One check of an identification number, whatever its type, for registration, checkout, the
// customer form and the API (issue 37 §1, §3). A number is refused only when it could never
// have been issued for that type: SRI's own rules, not a stricter guess.

export type IdentificationType = EnumValue<typeof identificationType>;

/**
 * The buyer SRI does not identify (`consumidor final`): its fixed number and the name SRI requires
 * on the invoice, and the most its invoice may amount to: USD 50 of total, SRI's limit for a sale
 * whose buyer is not identified (PRODUCT §5, issue 37 §3).
 */
export const FINAL_CONSUMER = { number: '9999999999999', name: 'CONSUMIDOR FINAL', maxTotalCents: 5000 } as const;

/** SRI's code of each type (tabla 6 of the Ficha técnica: `tipoIdentificacionComprador`). */
export const SRI_IDENTIFICATION_CODE: Record<IdentificationType, string> = { ruc: '04', cedula: '05', passport: '06', final: '07', foreign: '08' };

/**
 * An identification issued abroad (SRI's 08, e.g. another country's tax number): 3 to 20 letters,
 * digits, dots and hyphens, starting with a letter or digit — `identificacionComprador` takes 20.
 */
export function isValidForeignId(value: string): boolean {
  return /^[A-Z0-9][A-Z0-9.-]{2,19}$/i.test(value);
}

/** Whether `value` is a number SRI could have issued for `type`. */
export function isValidIdentification(type: IdentificationType, value: string): boolean {
  // SRI keeps this number for the consumidor final (07): under another type its invoice is returned.
  if (type !== 'final' && value === FINAL_CONSUMER.number) return false;
  switch (type) {
    case 'cedula': return isValidCedula(value);
    case 'ruc': return isValidRuc(value);
    case 'passport': return isValidPassport(value);
    case 'foreign': return isValidForeignId(value);
    case 'final': return value === FINAL_CONSUMER.number;
  }
}

/**
 * The number a form keeps: as typed, except that a consumidor final's may be left empty and is
 * always SRI's `9999999999999` (it is the type's only number, not a guess).
 */
export const identificationNumber = (type: string, value: string) => (type === 'final' && value === '' ? FINAL_CONSUMER.number : value);

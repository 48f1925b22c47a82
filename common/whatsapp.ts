// WhatsApp links to a person (issue 40 §3): wa.me takes the number in international form, digits
// only. Ecuador's numbers are written by people as 099 887 7665, 99 887 7665 or +593 99 887 7665.

import { internationalPhone } from './phone.ts';

/** A phone as WhatsApp wants it (593998877665), read the Ecuadorian way; null when it cannot be a number. */
export function whatsappNumber(phone: string): string | null {
  // One reading of a typed phone (common/phone.ts); "00" is how some dial the international prefix.
  const international = internationalPhone(phone.trim().replace(/^00/, '+'));
  let digits = international.replace(/\D/g, '');
  // A mobile written without its trunk 0 (nine digits starting with 9).
  if (!international.startsWith('+') && /^9\d{8}$/.test(digits)) digits = `593${digits}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** A wa.me link to the number with a prefilled message; null when the phone cannot be read. */
export function whatsappUrl(phone: string, message: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null;
}

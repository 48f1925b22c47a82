// WhatsApp links to a person (issue 40 §3): wa.me takes the number in international form, digits
// only. Ecuador's numbers are written by people as 099 887 7665, 99 887 7665 or +593 99 887 7665.

/** A phone as WhatsApp wants it (593998877665), read the Ecuadorian way; null when it cannot be a number. */
export function whatsappNumber(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') || trimmed.startsWith('00')) digits = digits.replace(/^00/, '');
  // A national number: its trunk 0 gives way to the country code (a mobile 09…, a landline 02…–07…).
  else if (/^0[2-9]\d{7,8}$/.test(digits)) digits = `593${digits.slice(1)}`;
  // A mobile written without its 0 (9 digits starting with 9).
  else if (/^9\d{8}$/.test(digits)) digits = `593${digits}`;
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** A wa.me link to the number with a prefilled message; null when the phone cannot be read. */
export function whatsappUrl(phone: string, message: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null;
}

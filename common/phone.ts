// Phone numbers as people in Ecuador write them (issue 40, defect 4): a shopper or an owner types
// their mobile the national way, "099 887 7665", far more often than "+593 99 887 7665". The
// national form is read as Ecuador's (country code 593, the trunk 0 dropped) so that it can be
// stored and linked in the international form WhatsApp needs (wa.me takes digits with the country).

/** Spaces, dashes, dots and brackets people put between digits. */
const SEPARATORS = /[\s\-().]/g;

/**
 * The number in international form ("+593998877665"), from "+593 99 887 7665", "0998877665"
 * (a mobile, 09 and eight digits) or "02 600 0000" (a landline, 0[2-7] and seven digits); any other
 * text comes back without its separators, for the caller's check to judge.
 */
export function internationalPhone(typed: string): string {
  const compact = typed.trim().replace(SEPARATORS, '');
  const national = /^0(9\d{8}|[2-7]\d{7})$/.exec(compact);
  return national ? `+593${national[1]}` : compact;
}

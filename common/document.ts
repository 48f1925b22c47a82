// PRODUCT §5: a cédula has 10 digits, province 01–24 or 30, third digit below 6 and a
// modulo-10 check digit (coefficients 2,1,2,1,… with products over 9 reduced by 9).
export function isValidCedula(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const province = Number(value.slice(0, 2));
  if (!((province >= 1 && province <= 24) || province === 30)) return false;
  if (Number(value[2]) >= 6) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let product = Number(value[i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  const check = (10 - (sum % 10)) % 10;
  return check === Number(value[9]);
}

/** A passport number: 5 to 20 letters and digits (ICAO allows up to 9; some countries more). */
export function isValidPassport(value: string): boolean {
  return /^[A-Z0-9]{5,20}$/i.test(value);
}

// Test data: Ecuadorian cédulas. One account per cédula (decision 096), so every registration a
// test makes needs its own.

/** A valid Ecuadorian cédula: province 01–24, third digit below 6, modulo-10 check digit; random, so two are (almost surely) different. */
export function validCedula(): string {
  const province = String(1 + Math.floor(Math.random() * 24)).padStart(2, '0');
  const body = `${province}${Math.floor(Math.random() * 6)}${Array.from({ length: 6 }, () => Math.floor(Math.random() * 10)).join('')}`;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let product = Number(body[i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

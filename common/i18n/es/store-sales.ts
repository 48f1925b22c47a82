// A store's sales settings (issue 23 §1): what their validation says, beside each field.
export const storeSales = {
  moneyNegative: 'El valor no puede ser negativo',
  accountNumber: 'Usa solo dígitos y guiones',
  ruc: 'El RUC no es válido (13 dígitos con su dígito verificador)',
  seriesCode: 'Escribe tres dígitos, de 001 a 999',
  ivaRange: 'El IVA va de 0 a 100 %',
  paymentRequired: 'Activa al menos una forma de pago',
  bankRequired: 'Obligatorio para recibir transferencias',
};

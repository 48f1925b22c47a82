// A store's sales settings (issue 23 §1): what their validation says, beside each field.
export const storeSales = {
  moneyNegative: 'El valor no puede ser negativo',
  accountNumber: 'Usa solo dígitos y guiones',
  ruc: 'El RUC no es válido: son 13 dígitos, con la provincia y el tercer dígito de un RUC del SRI y su número de establecimiento',
  seriesCode: 'Escribe tres dígitos, de 001 a 999',
  paymentRequired: 'Activa al menos una forma de pago',
  bankRequired: 'Obligatorio para recibir transferencias',
  rucMain: 'Usa el RUC de tu matriz, el que termina en 001: es el que va en tus facturas',
  oneLine: 'Escríbelo en una sola línea, sin saltos de línea ni caracteres de control',
  withholdingAgent: 'Escribe solo el número de la resolución, de 1 a 8 dígitos (p. ej. 1 para NAC-DNCRASC20-00000001)',
};

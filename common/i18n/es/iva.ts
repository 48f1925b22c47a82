// IVA as SRI codes it (common/iva.ts, decision 087): the choices a product, a variant and shipping
// are sold at, and why another rate is refused.
export const iva = {
  codes: {
    c0: 'IVA 0 %',
    c5: 'IVA 5 %',
    c4: 'IVA 15 %',
    c7: 'Exento de IVA',
    c6: 'No objeto de IVA',
    c8: 'IVA diferenciado 8 %',
    c10: 'IVA 13 %',
    c3: 'IVA 14 %',
    c2: 'IVA 12 %',
  },
  notOffered: 'Elige una tarifa de IVA vigente: 15 %, 5 %, 0 %, exento o no objeto de IVA',
  taxBpReplaced: "taxBp ya no existe: envía ivaCode, el código de IVA del SRI ('4' 15 %, '5' 5 %, '0' 0 %, '7' exento, '6' no objeto)",
  productHint: '15 % es la tarifa general; 5 % para materiales de construcción',
  variantSame: 'La del producto',
  variantHint: 'Solo si esta variante paga un IVA distinto al del producto',
  shipping: 'IVA del envío',
  shippingHint: 'El envío se factura con esta tarifa; 15 % si no eliges otra.',
};

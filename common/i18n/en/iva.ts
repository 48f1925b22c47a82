import type { Messages } from '../messages.ts';

// IVA as SRI codes it (common/iva.ts, decision 087): the choices a product, a variant and shipping
// are sold at, and why another rate is refused.
export const iva: Messages['iva'] = {
  codes: {
    c0: 'VAT 0 %',
    c5: 'VAT 5 %',
    c4: 'VAT 15 %',
    c7: 'VAT exempt',
    c6: 'Not subject to VAT',
    c8: 'Differentiated VAT 8 %',
    c10: 'VAT 13 %',
    c3: 'VAT 14 %',
    c2: 'VAT 12 %',
  },
  notOffered: 'Choose a VAT rate in force: 15 %, 5 %, 0 %, exempt or not subject to VAT',
  taxBpReplaced: "taxBp is gone: send ivaCode, SRI’s IVA code ('4' 15 %, '5' 5 %, '0' 0 %, '7' exempt, '6' not subject)",
  productHint: '15 % is the general rate; 5 % for construction materials',
  variantSame: 'The product’s',
  variantHint: 'Only when this variant’s VAT differs from its product’s',
  shipping: 'Shipping VAT',
  shippingHint: 'Shipping is invoiced at this rate; 15 % unless you choose another.',
};

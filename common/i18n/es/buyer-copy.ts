// The buyer's copy of an SRI document (issue 37 §8): the e-mail that hands the buyer the authorized
// XML and the RIDE, in the order's language. Spanish source; en/buyer-copy.ts mirrors it.
export const buyerCopy = {
  greeting: 'Hola, {{name}}:',
  invoice: {
    subject: 'Tu factura {{number}} de {{store}}',
    body: 'Te enviamos tu factura electrónica {{number}} del pedido #{{order}}, por {{total}}. El SRI la autorizó el {{authorizedAt}} con el número {{authorization}}.',
  },
  creditNote: {
    subject: 'Tu nota de crédito {{number}} de {{store}}',
    body: 'Te enviamos la nota de crédito electrónica {{number}} de tu factura {{invoice}} (pedido #{{order}}), por {{total}}. El SRI la autorizó el {{authorizedAt}} con el número {{authorization}}.',
  },
  files: 'Van adjuntos el archivo XML, que es el comprobante electrónico con validez tributaria, y el PDF, su representación impresa (RIDE). Guárdalos: el SRI pide que el emisor te entregue ambos.',
  testEnvironment: 'Este comprobante se emitió en el ambiente de pruebas del SRI: no tiene validez tributaria.',
  // The shopper's order page offers the XML once authorized; the link asked before says why not (409).
  xmlNotAuthorized: 'El SRI aún no autoriza este documento: su XML estará disponible cuando lo haga.',
};

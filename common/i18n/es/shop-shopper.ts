// The shopper's own tools on the storefront (issue 40 §4): finding an order by its number and
// e-mail, the checkout's details remembered in this browser, the cart sent by WhatsApp.
// `{name}` marks a value.
export const shopShopper = {
  lookupLink: 'Buscar mi pedido',
  lookupTitle: 'Buscar mi pedido',
  lookupLead: 'Escribe el número de tu pedido y el correo con el que lo hiciste. El número está en el correo de confirmación, como «Pedido #1024».',
  lookupNumber: 'Número del pedido',
  lookupNumberHint: 'Solo el número, como 1024.',
  lookupEmail: 'Correo electrónico',
  lookupSubmit: 'Ver mi pedido',
  lookupErrors: 'Revisa los campos marcados.',
  lookupNumberInvalid: 'Escribe el número del pedido con cifras, como 1024',
  lookupEmailInvalid: 'Escribe un correo válido, como nombre@ejemplo.com',
  lookupRequired: 'Este campo es obligatorio',
  // One message for a number that does not exist and an e-mail that is not the order's: which one
  // was wrong is never said (an e-mail's orders are nobody else's business).
  lookupNotFound: 'No encontramos un pedido con ese número y ese correo. Revisa los dos datos: el correo debe ser el mismo que escribiste al comprar.',
  lookupTooMany: { one: 'Hiciste muchas búsquedas seguidas. Espera {count} minuto e inténtalo de nuevo.', other: 'Hiciste muchas búsquedas seguidas. Espera {count} minutos e inténtalo de nuevo.' },
  lookupHelp: '¿No encuentras tu pedido? Escríbele a la tienda: sus datos están al pie de la página.',
  lookupHelpWhatsapp: '¿No encuentras tu pedido? Escríbele a la tienda por WhatsApp: el enlace está al pie de la página.',
  lookupHelpNoContact: '¿No encuentras tu pedido? Su número está en el correo de confirmación que recibiste al hacerlo, con un enlace a su página.',
  remember: 'Recordar mis datos en este navegador',
  rememberHint: 'Guardamos tus datos de contacto y de entrega (no los del pago) en este navegador para tu próxima compra en esta tienda. No los marques en una computadora compartida.',
  remembered: 'Llenamos el formulario con los datos que guardaste en este navegador.',
  forget: 'Olvidar mis datos',
  forgetConfirm: '¿Borrar de este navegador tus datos guardados? El formulario quedará vacío.',
  forgetYes: 'Sí, olvidarlos',
  forgotten: 'Borramos tus datos de este navegador.',
  whatsappCart: 'Enviar mi carrito por WhatsApp',
  whatsappCartHint: 'Abre WhatsApp con la lista de tu carrito para la tienda.',
  whatsappCartGreeting: 'Hola, {store}. Quiero hacer este pedido:',
  whatsappCartLine: '- {quantity} × {name}',
  whatsappCartTotal: 'Total: {amount}',
} as const;

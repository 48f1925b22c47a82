// The abandoned cart's words on the storefront and in its e-mail (issue 40 §6, decision 094): read
// directly by the shop pages and the reminder (decision 047); `{name}` marks a value.
export const shopCartReminder = {
  consent: 'Avísame por correo si dejo mi carrito',
  consentHint: 'Te escribimos una sola vez, si en {hours} horas no terminas la compra, con un enlace que recupera tu carrito.',
  restored: 'Recuperamos tu carrito. Revisa los precios y la disponibilidad antes de pagar.',
  restoreInvalid: 'El enlace para recuperar tu carrito ya no sirve: venció, ya hiciste el pedido o no está completo.',
  mailSubject: 'Dejaste productos en tu carrito de {store}',
  mailIntro: 'Hola: dejaste estos productos en tu carrito de {store}. Con el botón lo recuperas tal como lo dejaste.',
  mailTotal: 'Precios sin IVA. Al pagar ves el total con IVA, envío y descuentos, y se confirman el precio y la disponibilidad.',
  mailExpiry: 'El enlace sirve durante {days} días.',
  mailWhy: 'Recibes este correo porque al pagar en {store} marcaste «Avísame por correo si dejo mi carrito». Es el único aviso sobre este carrito.',
  mailHeading: 'Tu carrito te espera',
  mailPreview: 'Tu carrito te espera: {amount} sin IVA',
  mailCart: 'Tu carrito',
  mailAction: 'Recuperar mi carrito',
};

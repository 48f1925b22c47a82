// The owner's side of abandoned carts (issue 40 §6, decision 094), on the Marketing page.
export const cartReminders = {
  title: 'Carritos abandonados',
  text: 'Si un comprador deja su correo al pagar y acepta el aviso, le escribimos una sola vez cuando su carrito queda 4 horas sin pedido, con un enlace que lo recupera.',
  on: 'Los avisos de carrito abandonado están activados.',
  off: 'Los avisos de carrito abandonado están desactivados.',
  turnOn: 'Activar avisos',
  turnOff: 'Desactivar avisos',
  turnOnTitle: '¿Activar los avisos de carrito abandonado?',
  turnOnMessage: 'La página de pago ofrecerá a los compradores un aviso por correo. Solo se escribe a quien lo acepte, una vez por carrito.',
  turnOffTitle: '¿Desactivar los avisos de carrito abandonado?',
  turnOffMessage: 'No se enviará ningún aviso más, tampoco de los carritos ya guardados.',
  reminded: 'Carritos avisados',
  recovered: 'Carritos recuperados',
  period: 'En los últimos {{days}} días. Un carrito cuenta como recuperado cuando, después del aviso, llega un pedido con el mismo correo.',
};

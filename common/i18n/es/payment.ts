// Messages of payments, receipts and refunds on the owner's screens (Spanish source; en/payment.ts mirrors it).
export const payment = {
  state: { pending: 'Pendiente', authorized: 'Autorizado', paid: 'Pagado', failed: 'Rechazado', expired: 'Expirado', partially_refunded: 'Reembolsado en parte', refunded: 'Reembolsado' },
  stateLabel: 'Estado del pago',
  methodLabel: 'Forma de pago',
  gatewayOnly: 'Este pedido se paga con {{method}}: lo confirma la pasarela, no se marca pagado a mano.',
  flagged: 'Atención: {{reason}}',
  gateway: { needsCredentials: 'Escribe las credenciales antes de activarla' },
};

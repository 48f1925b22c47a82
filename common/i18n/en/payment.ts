// Messages of payments, receipts and refunds on the owner's screens (English; es/payment.ts is the source).
export const payment = {
  state: { pending: 'Pending', authorized: 'Authorized', paid: 'Paid', failed: 'Declined', expired: 'Expired', partially_refunded: 'Partly refunded', refunded: 'Refunded' },
  stateLabel: 'Payment state',
  methodLabel: 'Payment method',
  gatewayOnly: 'This order is paid with {{method}}: the gateway confirms it; it is not marked paid by hand.',
  flagged: 'Attention: {{reason}}',
  gateway: { needsCredentials: 'Enter the credentials before switching it on' },
};

import { defineEnum } from './define-enum.ts';

export const ticketStatus = defineEnum('ticketStatus', ['open', 'answered', 'closed'], {
  labels: 'casillero.ticketStatus',
  colors: { open: 'yellow', answered: 'brand', closed: 'gray' },
});

export const ticketCategory = defineEnum('ticketCategory', ['shipment', 'package', 'billing', 'store', 'account', 'other'], {
  labels: 'ticket.categories',
});

export const TICKET_SORTS = ['updated', 'created', 'subject'] as const;
/** Back office: `waiting` puts open tickets first, the one waiting longest on top. */
export const ADMIN_TICKET_SORTS = ['waiting', 'updated', 'created', 'subject'] as const;

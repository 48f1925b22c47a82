import { SRI_STATUSES } from '../schemas/invoice.ts';
import { defineEnum } from './define-enum.ts';

/** Where an invoice stands with SRI (decision 063): unsigned until the store's certificate signs it. */
export const sriStatus = defineEnum('sriStatus', SRI_STATUSES, {
  labels: 'invoice.statuses',
  colors: { unsigned: 'gray', signed: 'blue', sent: 'indigo', authorized: 'green', rejected: 'red' },
});
